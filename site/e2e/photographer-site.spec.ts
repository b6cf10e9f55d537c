// A photographer's site (issue 37): not the sample designer's, built from
// its own content with the options the sample leaves off. Mara Lindqvist,
// Stockholm: three categories (Weddings still empty and kept), eleven real
// photographs (Debian's mate-backgrounds, copied at test time) and a video
// made by ffmpeg, Plausible, a photograph on the home page, the system font, one column of
// gallery tiles on a phone, cards without role or skills, About sections of
// her own, photo facts on one gallery and date order on another, a caption
// on each gallery's first photo.
//
// At 375 and 1280 px, light and dark: axe clean, no horizontal overflow, and
// no text of the sample anywhere. Screenshots of the home page, a category,
// a gallery on a phone and a photo page with its facts go to
// test-results/screenshots/photographer-*.png for a look.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { scan } from './support/axe';
import { buildAndServe, repo, scratchContent, testClip, type ScratchSite } from './support/scratch-site';
import { animationsDone, columnCount, expect, test, waitForHydration } from './support/test';

const owner = 'Mara Lindqvist';
const siteUrl = 'https://maralindqvist.example';

/** Her projects: each photo is a mate-backgrounds file, in gallery order by file name. */
const portraits = {
  slug: 'north-light',
  title: 'North Light',
  // Blinds, Storm and Dune carry their camera's EXIF (Canon EOS 350D, 400D, Rebel).
  files: ['Blinds.jpg', 'Storm.jpg', 'LadyBird.jpg', 'YellowFlower.jpg', 'RainDrops.jpg'],
};
const landscapes = {
  slug: 'archipelago',
  title: 'Archipelago',
  // Wood was taken on 2008-04-19 and Dune on 2007-08-06; the others have no date.
  files: ['Wood.jpg', 'Dune.jpg', 'Aqua.jpg', 'Garden.jpg', 'GreenMeadow.jpg', 'TwoWings.jpg'],
};

const yaml = (lines: string) => lines.replace(/^\n/, '');

const siteYaml = yaml(`
# yaml-language-server: $schema=../schema/site.schema.json
name: ${owner}
taglines:
  role: Photographer · Stockholm
  mission: People and places in the light they already have
hero: >-
  Portraits, landscapes and weddings across the Stockholm archipelago,
  made slowly and printed large.
description: Portfolio of ${owner}, a photographer in Stockholm.
url: ${siteUrl}
analytics: {provider: plausible}
# Her work first: Aqua, full-bleed, crossfading to Garden; link previews are photographs.
home:
  layout: photo
  photos: [${landscapes.slug}/gallery/03.jpg, ${landscapes.slug}/gallery/04.jpg]
previews: photos
fonts: system
social:
  photoSharing: {label: Instagram, url: https://www.instagram.com/maralindqvist}
about:
  description: About ${owner}, a photographer in Stockholm.
  intro: >-
    I grew up on an island with one ferry a day, and learned to wait for
    light before I learned to focus a lens.
  sections:
    - title: Clients
      items:
        - Magazines, galleries and couples across Scandinavia.
    - title: Exhibitions
      width: half
      items:
        - Ljus och vatten, Fotografiska Stockholm, 2025.
    - title: Awards
      width: half
      items:
        - Swedish Landscape Photographer of the Year, shortlisted 2024.
contact:
  title: Contact
  description: Contact ${owner} about a portrait, a wedding or a print.
  heading: Book a Shoot
  intro: Tell me about the day, the place and the people.
categories:
  - slug: portraits
    title: Portraits
    description: Portraits by ${owner}.
    card: {role: false, skills: false}
    photoGalleries: true
  - slug: landscapes
    title: Landscapes
    description: Landscapes of the Stockholm archipelago by ${owner}.
    card: {role: false, skills: false}
    photoGalleries: true
  - slug: weddings
    title: Weddings
    description: Weddings photographed by ${owner}.
    keepWhenEmpty: true
gallery:
  columns: {xs: 1, sm: 2, md: 3}
`);

function projectYaml(p: { slug: string; title: string; files: string[] }, page: string, category: string, gallery: string, video = false) {
  // The first photo of each gallery has a caption too (under it, with the facts where they are shown).
  const caption = (i: number) => (i === 0 ? `, caption: "${firstCaption}"` : '');
  const texts = p.files
    .map((f, i) => `      - {file: ${String(i + 1).padStart(2, '0')}.jpg, alt: ${f.replace('.jpg', '')} in natural light${caption(i)}}`)
    .join('\n');
  return yaml(`
# yaml-language-server: $schema=../../../schema/project.schema.json
title: ${p.title}
subtitle: Photographs by ${owner}
description: ${p.title}, a series of photographs.
role: Photographer
skills: [Photography]
category: ${category}
page: ${page}
featured: true
active: true
cover: gallery/01.jpg
body:
  - type: text
    text: Made over one year, mostly in the first hour of the day.
  - type: gallery
${gallery}    texts:
${texts}${video ? `\n      - {file: ${String(p.files.length + 1).padStart(2, '0')}.mp4, alt: Waves against the rocks}` : ''}
`);
}

/** The caption of each gallery's first photo: two lines or more in the viewer's caption area. */
const firstCaption = 'Slatted morning light on the studio wall, an hour after sunrise, before the first sitter arrived for her portrait';

/** Texts of the sample that must not appear on her site. */
const sampleTexts = ['Avery Morgan', 'averymorgan', 'UX/UI', 'Fun Facts', 'Role:', 'Frontend Developer', 'Crafting intuitive'];

let site: ScratchSite;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-photographer-', siteYaml);
  const { content, photos } = folder;
  for (const [p, page, category, gallery, video] of [
    // Photo facts on one gallery, date order on the other.
    [portraits, 'portraits', 'Portraits', '    exif: show\n', false],
    [landscapes, 'landscapes', 'Landscapes', '    order: taken\n', true],
  ] as const) {
    const dir = path.join(content, 'projects', p.slug, 'gallery');
    mkdirSync(dir, { recursive: true });
    p.files.forEach((f, i) => copyFileSync(path.join(photos, f), path.join(dir, `${String(i + 1).padStart(2, '0')}.jpg`)));
    if (video) {
      // A short clip and its poster, from ffmpeg's test source.
      testClip(path.join(dir, `${String(p.files.length + 1).padStart(2, '0')}.mp4`));
    }
    writeFileSync(path.join(content, 'projects', p.slug, 'project.yaml'), projectYaml(p, page, category, gallery, video));
  }
  site = await buildAndServe(folder);
  origin = site.origin;
});

test.afterAll(() => site?.stop());

/** The page's HTML as served. */
async function html(request: APIRequestContext, route: string, status = 200) {
  const res = await request.get(origin + route);
  expect(res.status(), route).toBe(status);
  return res.text();
}

/** Every page of the sitemap, by path. */
async function sitemapPages(request: APIRequestContext) {
  const sitemap = await html(request, '/sitemap.xml');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

test('her pages carry no text of the sample, and the navigation is her categories', async ({ page, request }) => {
  const listed = await sitemapPages(request);
  expect(listed).toEqual(
    expect.arrayContaining([
      '/',
      '/about',
      '/contact',
      '/portraits',
      '/landscapes',
      '/weddings',
      `/projects/${portraits.slug}`,
      `/projects/${landscapes.slug}`,
    ]),
  );
  // Photo pages are noindex, out of the sitemap: each of them too.
  const photoPages = [portraits, landscapes].flatMap((p) => p.files.map((_, i) => `/projects/${p.slug}/photos/${i + 1}`));
  const pages = [...listed, ...photoPages];
  for (const route of [...pages, '/404.html']) {
    const doc = await html(request, route);
    for (const text of sampleTexts) expect(doc.includes(text), `${route} holds "${text}"`).toBe(false);
  }
  // Nor in the scripts and styles the pages load.
  const assets = path.join(site.work, 'site', 'dist', 'assets');
  for (const file of readdirSync(assets)) {
    const body = readFileSync(path.join(assets, file), 'latin1');
    for (const text of ['Avery Morgan', 'averymorgan', 'googletagmanager']) expect(body.includes(text), `${file} holds "${text}"`).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(origin + '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const names = (await nav.getByRole('link').filter({ visible: true }).allInnerTexts()).map((n) => n.trim());
  expect(names).toEqual([owner, 'About', 'Contact', 'Portraits', 'Landscapes', 'Weddings']);
});

// Decision 0124: her pages are set in the system font (fonts: system, as
// `init --kind photographer` writes): no font file preloaded, in the HTML
// or the Link header, none requested, text and headings in system-ui.
test('her pages are set in the system font and fetch no font file', async ({ page, request }) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font' || /\.woff2?$/.test(new URL(r.url()).pathname)) fonts.push(r.url());
  });
  for (const route of ['/', '/landscapes', `/projects/${landscapes.slug}`, `/projects/${landscapes.slug}/photos/1`]) {
    const res = await request.get(origin + route);
    expect(res.headers()['link'] ?? '', `${route}: its Link header`).not.toContain('as=font');
    expect(await res.text(), `${route}: its HTML`).not.toMatch(/<link rel="preload"[^>]*as="font"/);
    await page.goto(origin + route);
    const families = await page.evaluate(() => [document.body, document.querySelector('h1')!].map((e) => getComputedStyle(e).fontFamily));
    for (const family of families) expect(family, route).toMatch(/^system-ui,/);
  }
  expect(fonts).toEqual([]);
});

test('her home page opens with her photograph: prerendered, preloaded, the LCP element, her link preview', async ({ browser, request }) => {
  const doc = await html(request, '/');
  // The photograph's <img> and its preload, in the served HTML.
  const preload = /<link rel="preload" as="image"[^>]*>/.exec(doc)?.[0];
  expect(preload, 'a preload of the home photograph').toBeDefined();
  expect(preload).toContain('fetchpriority="high"');
  const og = /<meta property="og:image" content="([^"]+)"/.exec(doc)![1]!;
  // The preview is a variant of the photograph, not the text card of the sample's home.
  const card = await request.get(origin + new URL(og).pathname);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/jpeg');
  expect(og).not.toMatch(/\/cards?\//);
  // …and of the very photograph the page opens with: the preload names its variants.
  const key = /\/img\/([0-9a-f]+)-\d+\.jpg$/.exec(og)?.[1];
  expect(key, og).toBeDefined();
  expect(preload).toContain(`/img/${key}-`);
  // A category's preview is its first project's cover.
  const categoryOg = /<meta property="og:image" content="([^"]+)"/.exec(await html(request, '/landscapes'))![1]!;
  expect(categoryOg).not.toMatch(/\/cards?\//);

  for (const [width, javaScriptEnabled] of [
    [375, true],
    [1280, true],
    [375, false],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
    const page = await context.newPage();
    if (javaScriptEnabled) {
      await page.addInitScript(() => {
        const w = window as unknown as { lcp?: string };
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          w.lcp = last?.element?.getAttribute('alt') ?? last?.element?.tagName ?? '';
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
    }
    await page.goto(origin + '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(owner);
    const photo = page.getByRole('img', { name: /^Archipelago \d+: Aqua in natural light$/ });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `${width} px, JS ${javaScriptEnabled}`).toBe(true);
    if (javaScriptEnabled) {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { lcp?: string }).lcp), { message: `the LCP element at ${width} px` })
        .toMatch(/Aqua in natural light$/);
    }
    await context.close();
  }
});

test('her cards show cover, badge, title and description: no role, no skills', async ({ page }) => {
  for (const route of ['/', '/portraits', '/landscapes']) {
    await page.goto(origin + route);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading')).toBeVisible();
      await expect(card.getByText('Role:')).toHaveCount(0);
      await expect(card.getByRole('list', { name: 'Skills' })).toHaveCount(0);
      await expect(card.getByText(/a series of photographs\.$/)).toBeVisible();
    }
  }
});

test('About has her sections, in her order, and no skill tags', async ({ page }) => {
  await page.goto(origin + '/about');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Clients', 'Exhibitions', 'Awards']);
  for (const name of ['Clients', 'Exhibitions', 'Awards']) await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Skills' })).toHaveCount(0);
});

test('Weddings, declared and kept while empty, says work is on its way', async ({ page }) => {
  await page.goto(origin + '/weddings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weddings');
  await expect(page.getByRole('region', { name: 'Work on its way' })).toContainText('There are no Weddings projects to show yet.');
});

test('on a phone a gallery is one column of tiles, two from 600 px, three from 900 px', async ({ page }) => {
  const tiles = page.getByRole('link', { name: /^Open image \d+/ });
  for (const [width, columns] of [
    [375, 1],
    [700, 2],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${origin}/projects/${portraits.slug}`);
    await expect(tiles).toHaveCount(portraits.files.length);
    expect(await columnCount(tiles), `${width} px`).toBe(columns);
  }
});

test("a photo page of the gallery with exif: show gives the camera's facts, on the page and in its JSON-LD", async ({ browser, request }) => {
  const route = `/projects/${portraits.slug}/photos/1`;
  // Without JavaScript: the prerendered page itself.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(origin + route);
  const facts = page.getByRole('main').locator('dl');
  await expect(facts.locator('dt')).toContainText(['Camera', 'Taken']);
  await expect(facts).toContainText('Canon EOS 350D');
  await look(page, 'photo-facts-1280-light', false);
  await context.close();
  const doc = await html(request, route);
  const ld = JSON.stringify(JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(doc)![1]!));
  expect(ld).toContain('"exifData"');
  expect(ld).toContain('Canon EOS 350D');
  expect(ld).toMatch(/"dateCreated":"\d{4}-\d{2}-\d{2}/);
  // Nor the GPS position nor a serial number, on any photo page of hers.
  for (const p of [portraits, landscapes]) {
    for (let n = 1; n <= p.files.length; n++) expect(await html(request, `/projects/${p.slug}/photos/${n}`)).not.toMatch(/GPS|[Ss]erial/);
  }
  // The gallery without exif: show has no facts.
  expect(await html(request, `/projects/${landscapes.slug}/photos/1`)).not.toContain('Canon');
});

for (const dpr of [2, 3]) {
  test(`on a 375 × 812 phone at ${dpr}× her home photographs give at least one image pixel per device pixel`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: dpr });
    const page = await context.newPage();
    await page.goto(origin + '/');
    // Both photos of the crossfade, each drawn across the frame (object-fit: cover).
    const photos = page.getByRole('region', { name: owner }).locator('picture img');
    await expect(photos).toHaveCount(2);
    for (const photo of await photos.all()) {
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const seen = await photo.evaluate(async (img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        // Cover draws the picture at the larger of the two scales: wider than the frame on a phone.
        const drawn = img.naturalWidth * Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
        // The widths of the candidates the file was chosen from (its <source>'s, or the img's).
        const candidates = (el: Element) => (el.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(/\s+/));
        const from = [...(img.parentElement?.querySelectorAll('source') ?? []), img].find((el) =>
          candidates(el).some(([src]) => src && new URL(src, location.href).href === img.currentSrc),
        );
        const widths = from ? candidates(from).map(([, w]) => Number.parseInt(w ?? '', 10)) : [];
        // The file's own pixels (naturalWidth is in CSS pixels: the file's width over its srcset density).
        const pixels = (await createImageBitmap(await (await fetch(img.currentSrc)).blob())).width;
        return { file: img.currentSrc, pixels, drawn, largest: Math.max(...widths) };
      });
      // One image pixel per device pixel: the frame is never taller than its photos fill (heroPhoneSteps), so even the largest file is enough.
      expect(seen.pixels, `${seen.file}, drawn ${seen.drawn.toFixed(0)} px wide at ${dpr}×, largest file ${seen.largest} px`).toBeGreaterThanOrEqual(
        Math.floor(seen.drawn * dpr),
      );
    }
    await look(page, `home-375-${dpr}x`);
    await context.close();
  });
}

/** Whether two boxes share any area. */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/** The part of an <img>'s box its picture is painted in: all of it, less the bars object-fit: contain (or scale-down) leaves at its sides. */
async function paintedBox(img: Locator): Promise<Box> {
  return img.evaluate((el: HTMLImageElement) => {
    const box = el.getBoundingClientRect();
    const fit = getComputedStyle(el).objectFit;
    if (fit !== 'contain' && fit !== 'scale-down') return { x: box.x, y: box.y, width: box.width, height: box.height };
    let scale = Math.min(box.width / el.naturalWidth, box.height / el.naturalHeight);
    if (fit === 'scale-down') scale = Math.min(scale, 1);
    const [width, height] = [el.naturalWidth * scale, el.naturalHeight * scale];
    // object-position: 50% 50%, the default the viewer keeps.
    return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  for (const javaScriptEnabled of [false, true]) {
    test(`at ${viewport.width} × ${viewport.height}, ${javaScriptEnabled ? 'in the viewer' : 'without JavaScript'}, a photo's caption and facts never cover it`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${origin}/projects/${portraits.slug}/photos/1`);
      let img: Locator;
      let blocks: [string, Locator][];
      if (javaScriptEnabled) {
        // A click on the page's photo opens the viewer on it (decision 0118); the photo grows into it.
        await page.getByRole('button', { name: 'Open in viewer' }).click();
        const dialog = page.getByRole('dialog');
        img = dialog.locator('.yarl__slide_current img.yarl__slide_image:not(.yarl__slide_image_loading)');
        await expect(img).toHaveCount(1);
        await expect.poll(() => img.evaluate((el) => el.getAnimations().length)).toBe(0);
        const caption = dialog.locator('.yarl__slide_current .yarl__slide_description_container');
        blocks = [
          ['the caption area', caption],
          ['the facts', caption.locator('dl')],
        ];
      } else {
        img = page.getByRole('main').locator('figure img');
        blocks = [
          ['the caption', page.getByRole('main').locator('figcaption')],
          ['the facts', page.getByRole('main').locator('figure dl')],
        ];
      }
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const photo = await paintedBox(img);
      for (const [name, block] of blocks) {
        await expect(block).toBeVisible();
        await expect(block).toContainText(name === 'the facts' ? 'Canon EOS 350D' : firstCaption);
        const box = (await block.boundingBox())!;
        expect(overlap(box, photo), `${name} ${JSON.stringify(box)} over the photo ${JSON.stringify(photo)}`).toBe(false);
      }
      await context.close();
    });
  }
}

test('the gallery with order: taken shows its dated photos oldest first, then the undated in file order', async ({ page }) => {
  await page.goto(`${origin}/projects/${landscapes.slug}`);
  const tiles = page.getByRole('link', { name: /^Open image \d+/ });
  await expect(tiles).toHaveCount(landscapes.files.length);
  // Dune (2007) before Wood (2008), though Wood is 01.jpg; then 03.jpg… by name, the video last.
  const alts = await page
    .getByRole('main')
    .locator('a[href*="/photos/"] img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));
  expect(alts.slice(0, 6).map((a) => a.replace(/^Archipelago \d+: /, '').replace(' in natural light', ''))).toEqual([
    'Dune',
    'Wood',
    'Aqua',
    'Garden',
    'GreenMeadow',
    'TwoWings',
  ]);
});

async function look(page: Page, name: string, scripted = true) {
  // A page without JavaScript has nothing to wait for.
  if (scripted) {
    await waitForHydration(page);
    await animationsDone(page);
  }
  await page.screenshot({ path: path.join(repo, 'site', 'test-results', 'screenshots', `photographer-${name}.png`), fullPage: true });
}

/** Her pages of each kind, scanned in each theme at each width. */
const scanned = ['/', '/about', '/portraits', '/weddings', `/projects/${landscapes.slug}`, `/projects/${portraits.slug}/photos/1`];

for (const width of [375, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe clean and no horizontal overflow at ${width} px, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      for (const route of scanned) {
        await test.step(route, async () => {
          await page.goto(origin + route);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} overflows`).toBe(width);
          await scan(page);
        });
      }
      if (scheme === 'light' || width === 375) {
        await page.goto(origin + '/');
        await look(page, `home-${width}-${scheme}`);
        await page.goto(`${origin}/projects/${portraits.slug}`);
        await look(page, `gallery-${width}-${scheme}`);
        await page.goto(origin + '/landscapes');
        await look(page, `category-${width}-${scheme}`);
        await page.goto(`${origin}/projects/${portraits.slug}/photos/1`);
        await look(page, `photo-${width}-${scheme}`);
      }
    });
  }
}
