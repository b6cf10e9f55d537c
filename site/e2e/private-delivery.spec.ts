// A private project on a site counted by GA4 with consent and served
// through Netlify Image CDN (issue 48, docs/decisions/0080): a scratch site
// built with the real `portfolio build` and served by `portfolio serve`
// (which answers /.netlify/images as the host does) with the project's
// secret in its environment, on a port of its own. With the cookie, every
// address a private page names resolves (no /.netlify/images?url=/img/…
// for a file published only under the prefix: the video's poster and
// every <img src> were missing), and no private page loads, asks for or carries anything of the
// analytics: no page script, no setting, no consent bar, no request to
// Google, no referrer for the next page.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { buildAndServe, scratchContent, writeGallery, type ScratchSite } from './support/scratch-site';
import { expect, test } from './support/test';

const secret = 'lilacs-in-june-17';
const slug = 'lind-portraits';
const title = 'The Lind Portraits';
const prefix = `/private/${slug}`;
const files = ['IMG_0201.jpg', 'IMG_0202.jpg'];
const video = 'IMG_0203.mp4';

const siteYaml = `# yaml-language-server: $schema=../schema/site.schema.json
name: Mara Lindqvist
taglines: {role: Photographer, mission: People in the light they already have}
hero: Portraits across the archipelago.
description: Portfolio of Mara Lindqvist, a photographer.
url: https://maralindqvist.example
measurementId: G-7QX2M4K9PL
analytics: {provider: ga4, consent: required}
images: {delivery: netlify}
social:
  photoSharing: {label: Instagram, url: https://www.instagram.com/maralindqvist}
about:
  description: About Mara Lindqvist.
  intro: I photograph people.
  sections:
    - {title: Clients, items: [Families across Scandinavia.]}
contact: {title: Contact, description: Contact Mara., heading: Book a Shoot, intro: Tell me about the day.}
categories:
  - {slug: portraits, title: Portraits, description: Portraits by Mara., photoGalleries: true}
`;

const projectYaml = (p: { title: string; extra: string; texts: string; cover: string }) => `# yaml-language-server: $schema=../../../schema/project.schema.json
title: ${p.title}
subtitle: Portraits
description: ${p.title}, photographed over one day.
role: Photographer
skills: [Photography]
category: Portraits
page: portraits
${p.extra}cover: gallery/${p.cover}
body:
  - type: text
    text: The day, from first light.
  - type: gallery
    texts:
${p.texts}`;

let site: ScratchSite;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-private-cdn-', siteYaml);
  const { content, photos } = folder;
  for (const [p, names, extra] of [
    [slug, ['Blinds.jpg', 'Storm.jpg'], 'access: private\n'],
    ['public-portraits', ['Wood.jpg'], 'featured: true\n'],
  ] as const) {
    const photoFiles = names.map((f, i) => ({ from: path.join(photos, f), file: files[i]!, alt: `${f.replace('.jpg', '')} in the light` }));
    const texts = writeGallery(path.join(content, 'projects', p), p === slug ? [...photoFiles, { file: video, alt: 'The family walking' }] : photoFiles);
    writeFileSync(
      path.join(content, 'projects', p, 'project.yaml'),
      projectYaml({ title: p === slug ? title : 'Public Portraits', extra, texts, cover: files[0]! }),
    );
  }
  process.env.PORTFOLIO_PRIVATE_LIND_PORTRAITS = secret; // serve inherits it
  site = await buildAndServe(folder);
  delete process.env.PORTFOLIO_PRIVATE_LIND_PORTRAITS;
  origin = site.origin;
});

test.afterAll(() => site?.stop());

/** The cookie the secret gives, for requests made outside a browser page. */
async function cookie(request: APIRequestContext): Promise<string> {
  const res = await request.post(origin + prefix, { form: { secret }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  return res.headers()['set-cookie']!.split(';')[0]!;
}

/** Every same-site address a page names: src, srcset, poster, href, og:image. */
function addresses(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\s(src|poster|href|content|imagesrcset|srcset)="([^"]*)"/g)) {
    const [, attr, raw] = m;
    const value = raw!.replaceAll('&amp;', '&');
    const urls = attr!.endsWith('srcset') ? value.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value];
    for (const u of urls) {
      if (attr === 'content' && !/^(https:\/\/maralindqvist\.example)?\//.test(u)) continue;
      const local = u.replace(/^https:\/\/maralindqvist\.example/, '');
      if (local.startsWith('/') && !local.startsWith('//')) out.push(local.split('#')[0]!);
    }
  }
  return out;
}

test("every address on a private project's pages resolves, with the cookie, through the Image CDN", async ({ request }) => {
  const headers = { Cookie: await cookie(request) };
  const pages = [prefix, `${prefix}/photos/1`, `${prefix}/photos/2`, `${prefix}/photos/3`];
  const checked = new Map<string, number>();
  for (const page of pages) {
    const res = await request.get(origin + page, { headers });
    expect(res.status(), page).toBe(200);
    for (const address of addresses(await res.text())) {
      if (checked.has(address)) continue;
      const r = await request.get(origin + address, { headers, maxRedirects: 0 });
      checked.set(address, r.status());
    }
  }
  const broken = [...checked].filter(([, status]) => status >= 400);
  expect(broken, 'addresses that do not resolve').toEqual([]);
  // The private images are the originals under the prefix, never the CDN's
  // (it fetches its sources past the Edge Function, decision 0080).
  const names = [...checked.keys()];
  expect(names.filter((a) => a.startsWith(`${prefix}/img/`)).length).toBeGreaterThan(0);
  expect(names.filter((a) => a.startsWith('/.netlify/images') && a.includes(encodeURIComponent(prefix)))).toEqual([]);
  expect(names.filter((a) => a.startsWith('/.netlify/images') && !a.includes('%2Fimg%2F'))).toEqual([]);
  expect(checked.size).toBeGreaterThan(10);
});

test('no private page loads, asks for or carries anything of the analytics', async ({ page, thirdPartyRequests }) => {
  // The public home page counts (the bar asks first): the site is set up so.
  await page.goto(origin + '/');
  await expect(page.locator('script[data-provider="ga4"]')).toHaveCount(1);
  await expect(page.locator('#consent')).toHaveCount(1);

  await page.goto(origin + prefix);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const before = thirdPartyRequests.length;
  for (const route of [prefix, `${prefix}/photos/2`, `${prefix}/no-such-page`]) {
    await page.goto(origin + route);
    await page.waitForLoadState('load');
    // The tag would load when the browser is idle after load (at most 2 s).
    await page.waitForTimeout(2500);
    // An unknown address there gets the gate's own page, not the site's
    // 404.html (which loads the analytics).
    const html = await page.content();
    for (const trace of ['data-provider', 'googletagmanager', 'G-7QX2M4K9PL', 'id="consent"', 'data-consent', 'gtag']) {
      expect(html, `${route} carries ${trace}`).not.toContain(trace);
    }
    await expect(page.locator('#consent'), route).toBeHidden();
    expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag), route).toBe('undefined');
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer?.length ?? 0), route).toBe(0);
  }
  expect(
    thirdPartyRequests.slice(before).filter((u) => /google/.test(u)),
    'requests to Google from private pages',
  ).toEqual([]);
  // The next page, a public one, learns nothing of the private address.
  await page.goto(origin + prefix);
  await page.locator(`a[href="/"]`).first().click();
  await page.waitForURL(origin + '/');
  expect(await page.evaluate(() => document.referrer)).toBe('');
});
