// A site with images.delivery: netlify (issue 38): the build publishes each
// original once, and the pages ask Netlify Image CDN (/.netlify/images) for
// the widths the build would have made. `portfolio serve` answers those
// addresses as the host does, so in Chromium every image of the home page,
// a gallery, the lightbox and a photo page loads through /.netlify/images,
// with Vary: Accept, and is drawn (naturalWidth > 0). A photograph has an
// AVIF <source> of the same addresses with fm=avif, which Chromium takes
// (image/avif); a flat drawing has none, and gets the format negotiated
// from Chromium's Accept header: WebP, which the host prefers to AVIF
// (decision 0104). A scratch site of its own (e2e/support/scratch-site.ts),
// served on a port of its own; four of Debian's mate-backgrounds photographs and
// a drawing made by sharp.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { buildAndServe, scratchContent, type ScratchSite } from './support/scratch-site';
import { describeProblems, expect, test, waitForHydration } from './support/test';

const files = ['Aqua.jpg', 'Dune.jpg', 'Wood.jpg', 'Garden.jpg'];
const slug = 'shorelines';

const siteYaml = `# yaml-language-server: $schema=../schema/site.schema.json
name: Ines Okafor
taglines:
  role: Photographer
  mission: Coasts, light and weather
hero: Photographs of the coast in every weather.
description: Portfolio of Ines Okafor, a photographer.
url: https://inesokafor.example
analytics: {provider: none}
home:
  layout: photo
  photos: [${slug}/gallery/01.jpg]
about:
  description: About Ines Okafor, a photographer.
  intro: I photograph the coast.
  sections:
    - title: Clients
      items: [Magazines and galleries.]
contact:
  title: Contact
  description: Contact Ines Okafor.
  heading: Write to me
  intro: Tell me about the place.
categories:
  - {slug: landscapes, title: Landscapes, description: Landscapes by Ines Okafor., photoGalleries: true}
images:
  delivery: netlify
`;

const projectYaml = `# yaml-language-server: $schema=../../../schema/project.schema.json
title: Shorelines
subtitle: Photographs by Ines Okafor
description: Shorelines, a series of photographs.
role: Photographer
skills: [Photography]
category: Landscapes
page: landscapes
featured: true
cover: gallery/01.jpg
body:
  - type: gallery
`;

let site: ScratchSite;
let origin = '';
/** The published original of the gallery's fifth image, the flat drawing. */
let drawing = '';

/** A flat drawing, as a designer exports one: a few shapes of one colour each on a plain ground, as a JPEG. */
function drawingJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <rect width="1600" height="1000" fill="#f2efe6"/>
    <rect x="120" y="140" width="620" height="420" rx="24" fill="#1f4e79"/>
    <circle cx="1120" cy="360" r="220" fill="#e07a5f"/>
    <rect x="120" y="700" width="1360" height="60" fill="#3d405b"/>
    <rect x="120" y="820" width="900" height="40" fill="#81b29a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-netlify-images-', siteYaml);
  const { photos } = folder;
  const gallery = path.join(folder.content, 'projects', slug, 'gallery');
  mkdirSync(gallery, { recursive: true });
  writeFileSync(path.join(folder.content, 'projects', slug, 'project.yaml'), projectYaml);
  files.forEach((f, i) => copyFileSync(path.join(photos, f), path.join(gallery, `0${i + 1}.jpg`)));
  writeFileSync(path.join(gallery, `0${files.length + 1}.jpg`), await drawingJpeg());
  site = await buildAndServe(folder);
  origin = site.origin;
  const manifest = JSON.parse(readFileSync(path.join(site.work, 'site', 'src', 'generated', 'images.json'), 'utf8')) as {
    images: Record<string, { variants: { file: string }[] }>;
  };
  drawing = `/img/${manifest.images[`projects/${slug}/gallery/0${files.length + 1}.jpg`]!.variants[0]!.file}`;
});

test.afterAll(() => site?.stop());

/** What the page's image requests were answered with, by URL. */
function imageResponses(page: Page): Map<string, Response> {
  const seen = new Map<string, Response>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'image') seen.set(res.url(), res);
  });
  return seen;
}

/** Each <img> of the locator's elements: its current address, whether it is drawn, and the AVIF <source> of its <picture> (undefined outside one: the lightbox's slide). */
async function drawn(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc,
      width: img.naturalWidth,
      complete: img.complete,
      avifSource:
        img.parentElement?.tagName === 'PICTURE' ? (img.parentElement.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? null) : undefined,
    })),
  );
}

/**
 * Checks that every image was drawn from the Image CDN with Vary: Accept: a
 * photograph in AVIF, from its AVIF <source> (fm=avif) or, in the lightbox,
 * its AVIF candidates, the flat drawing in the negotiated format, WebP, with
 * no AVIF <source>.
 */
async function expectThroughImageCDN(page: Page, selector: string, responses: Map<string, Response>) {
  await expect.poll(async () => (await drawn(page, selector)).every((i) => i.complete && i.width > 0), `every ${selector} is drawn`).toBe(true);
  const images = await drawn(page, selector);
  expect(images.length, selector).toBeGreaterThan(0);
  for (const { src, avifSource } of images) {
    const url = new URL(src);
    expect(url.pathname, src).toBe('/.netlify/images');
    expect(url.searchParams.get('url'), src).toMatch(/^\/img\/[0-9a-f]{16}-\d+\.jpg$/);
    expect(Number(url.searchParams.get('w')), src).toBeGreaterThan(0);
    const photograph = url.searchParams.get('url') !== drawing;
    expect(url.searchParams.get('fm'), src).toBe(photograph ? 'avif' : null);
    if (avifSource !== undefined) {
      if (photograph) expect(avifSource, src).toContain('&fm=avif');
      else expect(avifSource, src).toBeNull();
    }
    const res = responses.get(src);
    expect(res, `the response to ${src}`).toBeDefined();
    expect(res!.status(), src).toBe(200);
    const headers = await res!.allHeaders();
    expect(headers['content-type'], src).toBe(photograph ? 'image/avif' : 'image/webp');
    expect(headers['vary'], src).toBe('Accept');
  }
}

test('the build published each original once, and no widths', () => {
  expect(site.buildOutput).toMatch(/5 images \(.*\) → 5 originals for Netlify Image CDN/);
  const published = readdirSync(path.join(site.work, 'site', 'dist', 'img')).filter((f) => /\.(jpg|png|webp)$/.test(f));
  expect(published).toHaveLength(files.length + 1);
  for (const f of published) expect(f).toMatch(/^[0-9a-f]{16}-\d+\.jpg$/);
});

test('the home page draws its photograph in AVIF from the Image CDN, preloaded as its AVIF source, fetched once', async ({ page, consoleProblems }) => {
  const responses = imageResponses(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(origin + '/');
  await waitForHydration(page);
  // The preload names the AVIF source's candidates and its type: a browser
  // that shows AVIF preloads the file its <picture> takes, one that does
  // not skips it, so no browser fetches the photograph in two formats.
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('type')).toBe('image/avif');
  const hero = page.locator('main picture').first();
  expect(await preload.getAttribute('imagesrcset')).toBe(await hero.locator('source[type="image/avif"]').getAttribute('srcset'));
  expect(await preload.getAttribute('imagesizes')).toBe(await hero.locator('source[type="image/avif"]').getAttribute('sizes'));
  await expect(page.locator('source[type="image/webp"]')).toHaveCount(0);
  await expectThroughImageCDN(page, 'main img', responses);
  const fetched = [...responses.keys()].filter((u) => u.includes('/.netlify/images'));
  expect(
    fetched.filter((u) => new URL(u).searchParams.get('fm') !== 'avif'),
    'images fetched in another format',
  ).toEqual([]);
  expect(consoleProblems, describeProblems(consoleProblems)).toEqual([]);
});

test('a gallery, its lightbox and a photo page draw every image from the Image CDN', async ({ page, consoleProblems }) => {
  const responses = imageResponses(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${origin}/projects/${slug}`);
  await waitForHydration(page);
  await expectThroughImageCDN(page, 'main li img', responses);

  await page.getByRole('link', { name: 'Open image 2' }).click();
  const slide = page.locator('.yarl__slide_current img.yarl__slide_image');
  // The Image CDN makes the slide's width on this first request: seconds on a loaded machine.
  await expect(slide).toBeVisible({ timeout: 30_000 });
  await expectThroughImageCDN(page, '.yarl__slide_current img.yarl__slide_image', responses);
  // Closing goes back to the project's address (the lightbox moved it to the photo's).
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${origin}/projects/${slug}`);

  await page.goto(`${origin}/projects/${slug}/photos/3`);
  await expectThroughImageCDN(page, 'main img', responses);
  expect(consoleProblems, describeProblems(consoleProblems)).toEqual([]);
});

test("on a phone, a photo page's photograph arrives as AVIF and the drawing's as WebP", async ({ page, consoleProblems }) => {
  const responses = imageResponses(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const n of [1, files.length + 1]) {
    await page.goto(`${origin}/projects/${slug}/photos/${n}`);
    await expectThroughImageCDN(page, 'main img', responses);
    // The photo itself, before the strip's tile of it.
    const shown = await page
      .getByRole('img', { name: `Shorelines ${n}` })
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(shown).searchParams.get('fm'), shown).toBe(n === 1 ? 'avif' : null);
  }
  expect(consoleProblems, describeProblems(consoleProblems)).toEqual([]);
});
