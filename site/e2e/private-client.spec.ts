// Private work for one client (issue 40, docs/decisions/0080): a
// photographer's site with a public project and a private one (three
// photographs and a video from ffmpeg's test source, downloads: web), built
// with the real `portfolio build` in a scratch folder and served by
// `portfolio serve` with the project's secret in its environment (on a
// port of its own). Nothing of the private project is on a public page, in the
// sitemap or the JSON-LD; none of its pages or files is served without the
// secret; with it, the project works as a public one does, and the client's
// favourites arrive in data/messages.db and `portfolio messages`, with
// JavaScript and without. The site is in two languages (English, then
// Swedish, with no translation written: every text falls back), so the
// project's pages exist twice, its Swedish ones under its own prefix too
// (/private/<slug>/sv/…, decision 0116).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildAndServe, scratchContent, writeGallery, type ScratchSite } from './support/scratch-site';
import { expect, test, waitForHydration } from './support/test';

const secret = 'tulips-in-april-42';
const slug = 'smith-wedding';
const title = 'The Smith Wedding';
const prefix = `/private/${slug}`;
const files = ['IMG_0101.jpg', 'IMG_0102.jpg', 'IMG_0103.jpg'];
const video = 'IMG_0104.mp4';

const siteYaml = `# yaml-language-server: $schema=../schema/site.schema.json
languages: [en, sv]
name: Mara Lindqvist
taglines: {role: Photographer, mission: People in the light they already have}
hero: Portraits and weddings across the archipelago.
description: Portfolio of Mara Lindqvist, a photographer.
url: https://maralindqvist.example
analytics: {provider: none}
social:
  photoSharing: {label: Instagram, url: https://www.instagram.com/maralindqvist}
about:
  description: About Mara Lindqvist.
  intro: I photograph people.
  sections:
    - {title: Clients, items: [Couples across Scandinavia.]}
contact: {title: Contact, description: Contact Mara., heading: Book a Shoot, intro: Tell me about the day.}
categories:
  - {slug: weddings, title: Weddings, description: Weddings by Mara., photoGalleries: true}
`;

const projectYaml = (p: { title: string; extra: string; texts: string }) => `# yaml-language-server: $schema=../../../schema/project.schema.json
title: ${p.title}
subtitle: A wedding
description: ${p.title}, photographed over one day.
role: Photographer
skills: [Photography]
category: Weddings
page: weddings
${p.extra}cover: gallery/${files[0]}
body:
  - type: text
    text: The day, from first light.
  - type: gallery
    texts:
${p.texts}`;

let site: ScratchSite;
let origin = '';
let dist = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-private-', siteYaml);
  const { content, photos } = folder;
  for (const [p, names, extra] of [
    // Its secret page hides the title (secretPage, decision 0095): no
    // answer without the cookie names the project.
    [slug, ['Blinds.jpg', 'Storm.jpg', 'LadyBird.jpg'], 'access: private\ndownloads: web\nsecretPage: {title: false}\n'],
    ['public-wedding', ['Wood.jpg', 'Dune.jpg'], 'featured: true\n'],
  ] as const) {
    const photoFiles = names.map((f, i) => ({ from: path.join(photos, f), file: files[i]!, alt: `${f.replace('.jpg', '')} at the wedding` }));
    const texts = writeGallery(path.join(content, 'projects', p), p === slug ? [...photoFiles, { file: video, alt: 'The first dance' }] : photoFiles);
    writeFileSync(path.join(content, 'projects', p, 'project.yaml'), projectYaml({ title: p === slug ? title : 'A Public Wedding', extra, texts }));
  }
  process.env.PORTFOLIO_PRIVATE_SMITH_WEDDING = secret; // serve inherits it
  site = await buildAndServe(folder);
  delete process.env.PORTFOLIO_PRIVATE_SMITH_WEDDING;
  origin = site.origin;
  dist = path.join(site.work, 'site', 'dist');
});

test.afterAll(() => site?.stop());

/** Every file of the built site under dir, by URL path. */
function filesUnder(dir: string, base = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p, `${base}/${name}`) : [`${base}/${name}`];
  });
}

/**
 * Every file of the private project, by URL path: the keys of the deploy
 * store the build moved them into, beside site/ (.netlify/v1/blobs/deploy/<key>/blob,
 * docs/decisions/0089-private-files-in-deploy-blobs.md).
 */
function storedFiles(dir: string, base: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (!statSync(p).isDirectory()) return [];
    return existsSync(path.join(p, 'blob')) ? [`${base}/${name}`] : storedFiles(p, `${base}/${name}`);
  });
}

const store = () => path.join(site.work, '.netlify', 'v1', 'blobs', 'deploy');
const privateFiles = () => storedFiles(path.join(store(), 'private', slug), prefix);
/** The stored bytes of the file at a URL path under the prefix. */
const privateBytes = (file: string) => readFileSync(path.join(store(), file.slice(1), 'blob'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('the published folder holds no file of the private project, in either language', () => {
  expect(existsSync(path.join(dist, 'private'))).toBe(false);
  expect(existsSync(path.join(dist, 'sv', 'private'))).toBe(false);
  // The Swedish pages are the store's, under the project's prefix.
  expect(privateFiles()).toEqual(expect.arrayContaining([`${prefix}/sv/index.html`, `${prefix}/sv/photos/1/index.html`]));
  const stored = new Set(privateFiles().map((f) => sha256(privateBytes(f))));
  expect(stored.size).toBeGreaterThan(files.length + 2);
  const published = filesUnder(dist).filter((f) => stored.has(sha256(readFileSync(path.join(dist, f)))));
  expect(published, 'files of site/dist with the bytes of a private one').toEqual([]);
});

test('nothing of the private project is on a public page, in the sitemap, robots.txt or the JSON-LD', async ({ request }) => {
  const seen = new Set<string>();
  const queue = ['/', '/sitemap.xml', '/robots.txt'];
  while (queue.length > 0) {
    const route = queue.shift()!;
    if (seen.has(route)) continue;
    seen.add(route);
    const res = await request.get(origin + route);
    const body = await res.text();
    for (const leak of [title, slug, '/private/', 'IMG_0104', 'favourites']) expect(body, `${route} names ${leak}`).not.toContain(leak);
    for (const m of body.matchAll(/(?:href|src)="(\/[^"#?]*)/g)) {
      const next = m[1]!;
      if (!/\.(jpe?g|png|webp|avif|woff2|js|css|ico|svg|mp4|webm|pdf)$/.test(next)) queue.push(next);
    }
    for (const m of body.matchAll(/<loc>https:\/\/maralindqvist\.example([^<]*)<\/loc>/g)) queue.push(m[1]!);
  }
  expect(seen.size).toBeGreaterThan(5);
});

test('every page and file of the project, asked for directly without the secret, yields none of its bytes', async ({ request }) => {
  const list = privateFiles();
  expect(list.some((f) => f.endsWith('.mp4'))).toBe(true);
  expect(list.some((f) => f.endsWith('.zip'))).toBe(true);
  // The project's page and a page per photo and the video, in each of the two languages.
  expect(list.filter((f) => f.endsWith('index.html')).length).toBe(2 * (1 + files.length + 1));
  for (const file of list) {
    const bytes = privateBytes(file);
    const route = file.replace(/index\.html$/, '');
    for (const headers of [{}, { Range: 'bytes=0-1023' }]) {
      const res = await request.get(origin + route, { headers, maxRedirects: 0 });
      const body = await res.body();
      expect([401, 404], `${route}`).toContain(res.status());
      expect(res.headers()['content-range'], route).toBeUndefined();
      expect(body.includes(bytes.subarray(0, Math.min(bytes.length, 256))), `${route} leaks its bytes`).toBe(false);
      expect(body.toString(), route).not.toContain(title);
    }
  }
});

/** Enters the secret on the page the browser is at. */
async function enterSecret(page: Page, value = secret) {
  await page.getByLabel('Password').fill(value);
  await page.getByRole('button', { name: 'Open' }).click();
}

test('with the secret, the project works as a public one: its pages, the lightbox, the video, the download', async ({ page }) => {
  await page.goto(origin + prefix);
  await expect(page.getByRole('heading', { name: 'Private gallery' })).toBeVisible();
  await enterSecret(page, 'a wrong guess');
  await expect(page.getByRole('alert')).toContainText('not the password');
  await enterSecret(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Open image 1' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  const videoFile = privateFiles().find((f) => f.endsWith('.mp4'))!;
  const res = await page.request.get(origin + videoFile, { headers: { Range: 'bytes=0-99' } });
  expect(res.status()).toBe(206);
  expect((await res.body()).equals(privateBytes(videoFile).subarray(0, 100))).toBe(true);
  const zip = await page.request.get(`${origin}${prefix}/${slug}-web.zip`);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
});

function messages(): string {
  return execFileSync(site.bin, ['messages', '--data', path.join(site.work, 'data')], { cwd: site.work }).toString();
}

test("the client's favourites arrive in data/messages.db and `portfolio messages`", async ({ page }) => {
  await page.goto(origin + prefix);
  await enterSecret(page);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Favourites' });
  // The island's hearts, on the gallery's tiles (decision 0098).
  const first = page.getByRole('button', { name: `Favourite photo 1, ${files[0]}` });
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const third = page.getByRole('button', { name: `Favourite photo 3, ${files[2]}` });
  await third.focus();
  await page.keyboard.press('Space');
  await expect(third).toHaveAttribute('aria-pressed', 'true');
  await form.getByLabel('Your name').fill('Jo Smith');
  await form.getByLabel('Your email').fill('jo@example.com');
  await form.getByLabel('A note (optional)').fill('These two, large.');
  await form.getByRole('button', { name: 'Send to Mara Lindqvist' }).click();
  await expect(form.getByRole('status')).toHaveText('Sent: 2 favourites to Mara Lindqvist, who will answer at jo@example.com.');
  const listed = messages();
  expect(listed).toContain(`Favourites from “${title}” (2 photos):`);
  expect(listed).toContain(files[0]);
  expect(listed).toContain(files[2]);
  expect(listed).toContain('These two, large.');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the secret opens the project, and a photo's page adds it to the favourites", async ({ page }) => {
    await page.goto(`${origin}${prefix}/photos/2`);
    await enterSecret(page);
    await expect(page).toHaveURL(`${origin}${prefix}/photos/2`);
    const form = page.getByRole('form', { name: `Add ${files[1]} to favourites` });
    await form.getByLabel('Your name').fill('Jo Smith');
    await form.getByLabel('Your email').fill('jo@example.com');
    await form.getByRole('button', { name: 'Add to favourites' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! Your favourites were sent.' })).toBeVisible();
    expect(messages()).toContain(`Favourites from “${title}” (1 photo):\n    ${files[1]}`);
  });

  test('the gallery page sends checked photos natively', async ({ page }) => {
    await page.goto(origin + prefix);
    await enterSecret(page);
    const form = page.getByRole('form', { name: 'Favourites' });
    await form.getByRole('checkbox', { name: `Photo 2, ${files[1]}` }).check();
    await form.getByLabel('Your name').fill('Jo Smith');
    await form.getByLabel('Your email').fill('jo@example.com');
    await form.getByRole('button', { name: 'Send favourites' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! Your favourites were sent.' })).toBeVisible();
    expect(messages().match(/Favourites from/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
