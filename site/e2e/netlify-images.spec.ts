// A site with images.delivery: netlify (issue 38): the build publishes each
// original once, and the pages ask Netlify Image CDN (/.netlify/images) for
// the widths the build would have made. `portfolio serve` answers those
// addresses as the host does, so in Chromium every image of the home page,
// a gallery, the lightbox and a photo page loads through /.netlify/images,
// in the format negotiated from Chromium's Accept header (WebP: the host
// prefers it to AVIF), with Vary: Accept, and is drawn (naturalWidth > 0).
// A scratch site of its own (e2e/support/scratch-site.ts), served on
// E2E_PORT + 4; four of Debian's mate-backgrounds photographs.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { buildAndServe, scratchContent, type ScratchSite } from './support/scratch-site';
import { describeProblems, expect, test, waitForHydration } from './support/test';

const port = Number(process.env.E2E_PORT ?? 4173) + 4;
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

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-netlify-images-', siteYaml);
  const { photos } = folder;
  const gallery = path.join(folder.content, 'projects', slug, 'gallery');
  mkdirSync(gallery, { recursive: true });
  writeFileSync(path.join(folder.content, 'projects', slug, 'project.yaml'), projectYaml);
  files.forEach((f, i) => copyFileSync(path.join(photos, f), path.join(gallery, `0${i + 1}.jpg`)));
  site = await buildAndServe(folder, port);
  origin = site.origin;
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

/** Each <img> of the locator's elements: its current address and whether it is drawn. */
async function drawn(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => ({ src: img.currentSrc, width: img.naturalWidth, complete: img.complete })));
}

/** Checks that every image was drawn from the Image CDN, answered in WebP with Vary: Accept. */
async function expectThroughImageCDN(page: Page, selector: string, responses: Map<string, Response>) {
  await expect.poll(async () => (await drawn(page, selector)).every((i) => i.complete && i.width > 0), `every ${selector} is drawn`).toBe(true);
  const images = await drawn(page, selector);
  expect(images.length, selector).toBeGreaterThan(0);
  for (const { src } of images) {
    const url = new URL(src);
    expect(url.pathname, src).toBe('/.netlify/images');
    expect(url.searchParams.get('url'), src).toMatch(/^\/img\/[0-9a-f]{16}-\d+\.jpg$/);
    expect(Number(url.searchParams.get('w')), src).toBeGreaterThan(0);
    const res = responses.get(src);
    expect(res, `the response to ${src}`).toBeDefined();
    expect(res!.status(), src).toBe(200);
    const headers = await res!.allHeaders();
    expect(headers['content-type'], src).toBe('image/webp');
    expect(headers['vary'], src).toBe('Accept');
  }
}

test('the build published each original once, and no widths', () => {
  expect(site.buildOutput).toMatch(/4 images \(.*\) → 4 originals for Netlify Image CDN/);
  const published = readdirSync(path.join(site.work, 'site', 'dist', 'img')).filter((f) => /\.(jpg|png|webp)$/.test(f));
  expect(published).toHaveLength(files.length);
  for (const f of published) expect(f).toMatch(/^[0-9a-f]{16}-\d+\.jpg$/);
});

test('the home page draws its photograph from the Image CDN, preloaded without a type', async ({ page, consoleProblems }) => {
  const responses = imageResponses(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(origin + '/');
  await waitForHydration(page);
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('type')).toBeNull();
  expect(await preload.getAttribute('imagesrcset')).toContain('/.netlify/images?url=%2Fimg%2F');
  await expect(page.locator('source[type="image/webp"]')).toHaveCount(0);
  await expectThroughImageCDN(page, 'main img', responses);
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
  await expect(slide).toBeVisible();
  await expectThroughImageCDN(page, '.yarl__slide_current img.yarl__slide_image', responses);
  // Closing goes back to the project's address (the lightbox moved it to the photo's).
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${origin}/projects/${slug}`);

  await page.goto(`${origin}/projects/${slug}/photos/3`);
  await expectThroughImageCDN(page, 'main img', responses);
  expect(consoleProblems, describeProblems(consoleProblems)).toEqual([]);
});
