// Issue 50's Done-when, for the client's side (decision 0098): a private
// photographer's gallery built with the real `portfolio build` and served by
// `portfolio serve` with the project's secret in its environment (on a
// port of its own). As a client, with JavaScript at 375 and 1280 px in light
// and dark: the secret page, the secret, the gallery, a heart on three
// photos (one of them in the lightbox), a reload that keeps them, the
// favourites sent to the owner, the ZIP downloaded; without JavaScript, the
// checkbox form with three boxes and the same download. Each time the
// owner's `portfolio messages --favourites` lists exactly those three. The
// client with JavaScript holds a named client's secret, as `portfolio share
// --client` prints it (decision 0096): the owner reads the list under her
// name, and `portfolio messages --activity` shows when she opened the
// gallery, her list and her download (decision 0097).
// UPDATE_SCREENSHOTS=1 writes docs/images/client-gallery-*.png and
// client-favourites-*.png (never in CI).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { scan } from './support/axe';
import { buildAndServe, repo, scratchFolder, writeGallery, type ScratchSite } from './support/scratch-site';
import { expect, test, waitForHydration } from './support/test';

const secret = 'peonies-in-june-7';
const slug = 'lund-wedding';
const title = 'The Lund Wedding';
const owner = 'Mara Lindqvist';
const prefix = `/private/${slug}`;
/** The client with JavaScript: a named client of the project, with a secret of her own. */
const client = 'Elin Lund';
let clientSecret = '';
/**
 * The gallery: pictures made here with ffmpeg's gradients (no third-party
 * photograph is committed, and these end up in the screenshots), among them
 * a near-white and a near-black one, where a heart must still be seen.
 */
const photos = [
  { alt: 'Dusk over the bay', size: '1600x1067', colors: ['1d3557', 'e76f51', 'f4a261'], type: 'linear' },
  { alt: 'Snow on the jetty', size: '1600x1067', colors: ['ffffff', 'f1f5f9', 'dbe4ee'], type: 'radial' },
  { alt: 'The first dance at night', size: '1067x1600', colors: ['020617', '0f172a', '1e293b'], type: 'linear' },
  { alt: 'The meadow behind the church', size: '1600x1067', colors: ['2d6a4f', '95d5b2', 'd8f3dc'], type: 'radial' },
  { alt: 'The sea at noon', size: '1600x1200', colors: ['023e8a', '0096c7', 'caf0f8'], type: 'linear' },
  { alt: 'Sand and shells', size: '1600x1067', colors: ['7f5539', 'ddb892', 'ede0d4'], type: 'radial' },
];
const files = photos.map((_, i) => `IMG_${String(201 + i).padStart(4, '0')}.jpg`);

/** Makes photo i of `photos` as a JPEG at `to`. */
function makePhoto(i: number, to: string) {
  const { size, colors, type } = photos[i]!;
  const c = colors.map((color, k) => `c${k}=0x${color}`).join(':');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `gradients=s=${size}:${c}:nb_colors=${colors.length}:seed=${i + 1}:type=${type}`,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    to,
  ]);
}
const screenshots = Boolean(process.env.UPDATE_SCREENSHOTS) && !process.env.CI;

const siteYaml = `# yaml-language-server: $schema=../schema/site.schema.json
name: ${owner}
taglines: {role: Photographer, mission: People in the light they already have}
hero: Portraits and weddings across the archipelago.
description: Portfolio of ${owner}, a photographer.
url: https://maralindqvist.example
analytics: {provider: none}
about:
  description: About ${owner}.
  intro: I photograph people.
  sections:
    - {title: Clients, items: [Couples across Scandinavia.]}
contact: {title: Contact, description: Contact Mara., heading: Book a Shoot, intro: Tell me about the day.}
categories:
  - {slug: weddings, title: Weddings, description: Weddings by Mara., photoGalleries: true}
`;

const projectYaml = (texts: string) => `# yaml-language-server: $schema=../../../schema/project.schema.json
title: ${title}
subtitle: A wedding by the sea
description: ${title}, photographed over one day.
role: Photographer
skills: [Photography]
category: Weddings
page: weddings
access: private
downloads: web
cover: gallery/${files[0]}
body:
  - type: gallery
    columns: {xs: 2, md: 3, lg: 3}
    texts:
${texts}`;

let site: ScratchSite;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchFolder('portfolio-client-');
  const project = path.join(folder.content, 'projects', slug);
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(folder.content, 'site.yaml'), siteYaml);
  const made = photos.map((_, i) => {
    const to = path.join(folder.work, `made-${i}.jpg`);
    makePhoto(i, to);
    return to;
  });
  const texts = writeGallery(
    project,
    photos.map((p, i) => ({ from: made[i]!, file: files[i]!, alt: p.alt })),
  );
  writeFileSync(path.join(project, 'project.yaml'), projectYaml(texts));
  process.env.PORTFOLIO_PRIVATE_LUND_WEDDING = secret; // serve inherits it
  // The owner adds Elin as a client and sends her the line share prints.
  const shared = execFileSync(folder.bin, ['share', slug, '--client', client, '--yes', '--content', folder.content], { cwd: folder.work }).toString();
  clientSecret = /^Send Elin Lund: Open \S+ and enter the password (\S+)$/m.exec(shared)?.[1] ?? '';
  expect(clientSecret, shared).toMatch(/^[A-Za-z0-9_-]{22}$/);
  site = await buildAndServe(folder);
  delete process.env.PORTFOLIO_PRIVATE_LUND_WEDDING;
  origin = site.origin;
});

test.afterAll(() => site?.stop());

/** The newest list the owner reads for the project from `email`: its photos, as `portfolio messages --favourites` prints them for Lightroom. */
function listFrom(email: string): string[] {
  const out = execFileSync(site.bin, ['messages', '--favourites', slug, '--data', path.join(site.work, 'data')], { cwd: site.work }).toString();
  const lines = out.split('\n');
  const at = lines.findIndex((l) => l.includes(`<${email}>`));
  expect(at, out).toBeGreaterThan(0);
  return lines[at + 1]!.split(', ');
}

/** The line `portfolio messages --favourites` heads the newest list from `email` with: when, whose, how many. */
function sender(email: string): string {
  const out = execFileSync(site.bin, ['messages', '--favourites', slug, '--data', path.join(site.work, 'data')], { cwd: site.work }).toString();
  return out.split('\n').find((l) => l.includes(`<${email}>`)) ?? out;
}

/** The secret page: the password entered, the project's page opened. */
async function openWithSecret(page: Page, password = secret) {
  await page.goto(origin + prefix);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /open/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The ZIP behind "Download all", downloaded: its first bytes are a ZIP's. */
async function downloadAll(page: Page) {
  const link = page.getByRole('link', { name: /Download all photos/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${slug}-web.zip`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
}

const heart = (scope: Page | Locator, n: number) => scope.getByRole('button', { name: `Favourite photo ${n}, ${files[n - 1]}` });
const name = (file: string) => file.replace(/\.jpg$/, '');

async function fillClient(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Favourites' });
  await form.getByLabel('Your name').fill('Elin Lund');
  await form.getByLabel('Your email').fill(email);
  await form.getByLabel('A note (optional)').fill('These three, printed large.');
  return form;
}

async function shoot(target: Page | Locator, file: string, clip?: { x: number; y: number; width: number; height: number }) {
  if (!screenshots) return;
  // The site's header stays at the top of the window: not over the part shot.
  const style = 'header { visibility: hidden !important; }';
  await target.screenshot({ path: path.join(repo, 'docs', 'images', file), animations: 'disabled', caret: 'hide', style, ...(clip ? { clip } : {}) });
}

// Every width in both schemes; two of them send (serve takes five messages
// from one address at a time: four lists here, two without JavaScript).
const combos = [
  { width: 375, height: 740, scheme: 'light', device: 'phone', send: true },
  { width: 375, height: 740, scheme: 'dark', device: 'phone', send: false },
  { width: 1280, height: 800, scheme: 'light', device: 'desktop', send: false },
  { width: 1280, height: 800, scheme: 'dark', device: 'desktop', send: true },
] as const;

for (const { width, height, scheme, device, send } of combos) {
  test.describe(`with JavaScript, ${width} px, ${scheme}`, () => {
    test.use({ viewport: { width, height }, colorScheme: scheme });

    test(`a client hearts three photos, one in the lightbox, reloads${send ? ', sends them and downloads the ZIP' : ''}`, async ({ page }) => {
      const email = `elin-${device}-${scheme}@example.com`;
      await openWithSecret(page, clientSecret);
      await waitForHydration(page);
      // Browse: the gallery, then two hearts on tiles, by pointer and by keyboard.
      await heart(page, 1).scrollIntoViewIfNeeded();
      await expect(heart(page, 1)).toHaveAttribute('aria-pressed', 'false');
      await heart(page, 1).click();
      await expect(heart(page, 1)).toHaveAttribute('aria-pressed', 'true');
      await heart(page, 4).focus();
      await page.keyboard.press('Enter');
      await expect(heart(page, 4)).toHaveAttribute('aria-pressed', 'true');
      // The third in the lightbox, whose heart is its tile's.
      // Its top left corner: the heart is at the top right.
      await page.getByRole('link', { name: 'Open image 5' }).click({ position: { x: 8, y: 8 } });
      const dialog = page.getByRole('dialog', { name: `${title} gallery` });
      await expect(dialog).toBeVisible();
      await expect(heart(dialog, 5)).toHaveAttribute('aria-pressed', 'false');
      await heart(dialog, 5).click();
      await expect(heart(dialog, 5)).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(heart(page, 5)).toHaveAttribute('aria-pressed', 'true');

      // A reload keeps them.
      await page.reload();
      await waitForHydration(page);
      for (const n of [1, 4, 5]) await expect(heart(page, n)).toHaveAttribute('aria-pressed', 'true');
      for (const n of [2, 3, 6]) await expect(heart(page, n)).toHaveAttribute('aria-pressed', 'false');
      if (device === 'phone') await shoot(page, `client-gallery-${device}-${scheme}.png`);
      else {
        // The gallery: its heading and its tiles.
        await page.getByRole('heading', { name: 'Gallery' }).evaluate((h) => scrollBy(0, h.getBoundingClientRect().top - 72));
        const gallery = (await page.getByRole('heading', { name: 'Gallery' }).boundingBox())!;
        await shoot(page, `client-gallery-${device}-${scheme}.png`, { x: gallery.x - 24, y: gallery.y - 16, width: 852 + 48, height: 700 });
      }

      const panel = page.getByRole('list', { name: '3 favourites' });
      await expect(panel.getByRole('listitem')).toHaveText([`Photo 1, ${files[0]}×`, `Photo 4, ${files[3]}×`, `Photo 5, ${files[4]}×`]);
      // The page with its hearts and panel: WCAG 2.2 AA by axe.
      await scan(page);
      const form = await fillClient(page, email);
      if (scheme === 'light') {
        await form.scrollIntoViewIfNeeded();
        await shoot(page.locator('section[aria-labelledby="favourites-heading"]'), `client-favourites-${device}.png`);
      }
      if (!send) return;
      await form.getByRole('button', { name: `Send to ${owner}` }).click();
      await expect(form.getByRole('status')).toHaveText(`Sent: 3 favourites to ${owner}, who will answer at ${email}.`);
      await expect(heart(page, 1)).toHaveAttribute('aria-pressed', 'false');
      expect(listFrom(email)).toEqual([1, 4, 5].map((n) => name(files[n - 1]!)));
      expect(sender(email)).toContain(`client ${client}, sent by Elin Lund <${email}>`);

      await downloadAll(page);
      // The owner's record of what Elin did: the gallery opened, this list
      // of three, the ZIP.
      const activity = JSON.parse(
        execFileSync(site.bin, ['messages', '--activity', slug, '--json', '--data', path.join(site.work, 'data')], { cwd: site.work }).toString(),
      ) as {
        client: string;
        firstOpened: string | null;
        favourites: { photos: number }[];
        downloads: { file: string }[];
      }[];
      const hers = activity.find((a) => a.client === client);
      expect(hers?.firstOpened, JSON.stringify(activity)).toBeTruthy();
      expect(hers!.favourites.map((f) => f.photos)).toContain(3);
      expect(hers!.downloads.map((d) => d.file)).toContain(`${slug}-web.zip`);
    });
  });
}

for (const { width, height, scheme } of [combos[1], combos[2]]) {
  test.describe(`without JavaScript, ${width} px, ${scheme}`, () => {
    test.use({ javaScriptEnabled: false, viewport: { width, height }, colorScheme: scheme });

    test('a client ticks three photos, sends them and downloads the ZIP', async ({ page }) => {
      const email = `elin-nojs-${width}-${scheme}@example.com`;
      await openWithSecret(page);
      await expect(page.getByRole('button', { name: /^Favourite/ })).toHaveCount(0);
      const form = page.getByRole('form', { name: 'Favourites' });
      for (const n of [2, 3, 6]) await form.getByRole('checkbox', { name: `Photo ${n}, ${files[n - 1]}` }).check();
      await fillClient(page, email);
      await form.getByRole('button', { name: 'Send favourites' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you! Your favourites were sent.' })).toBeVisible();
      expect(listFrom(email)).toEqual([2, 3, 6].map((n) => name(files[n - 1]!)));
      await page.goto(origin + prefix);
      await downloadAll(page);
    });
  });
}
