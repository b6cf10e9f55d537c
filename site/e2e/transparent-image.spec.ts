// A transparent image and its placeholder, in Chromium: the placeholder keeps
// the image's transparency while it loads, and nothing of it (nor of any
// backdrop) shows through the image once it has loaded, with no layout shift.
//
// The site's content has no transparent image, so this spec makes one: a PNG
// card with transparent corners (green under alpha 0, which shows if alpha is
// lost) and a translucent shadow band. It goes through the real pipeline
// (`portfolio images` and `generate` on a one-project content tree), is
// rendered by the real ResponsiveImage with the site's providers and emotion,
// and served by `portfolio serve` with the site's own headers (_headers.json, CSP).
import { execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { test, expect, type Page } from '@playwright/test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ResponsiveImage } from '../src/components/ResponsiveImage';
import type { ImageAsset } from '../src/generated/content';
import { AppProviders } from '../src/theme/AppProviders';
import { startServe } from './support/serve';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where `portfolio serve` answers, once beforeAll has started it. */
let origin = '';
// Behind the image: a colour no part of the image has.
const backdrop = 'rgb(20, 40, 200)';

/** A PNG file of RGBA pixels (straight alpha), 8 bits per channel. */
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * 600×400: an opaque card (orange to purple) inset 60 px with rounded corners,
 * in a 24-px translucent shadow band (alpha 80), on transparent pixels that
 * carry bright green.
 */
function cardPng(): Buffer {
  const w = 600;
  const h = 400;
  const px = new Uint8Array(w * h * 4);
  // Distance outside a rounded rectangle (negative inside).
  const outside = (x: number, y: number, inset: number, radius: number) => {
    const dx = Math.max(inset + radius - x, x - (w - inset - radius), 0);
    const dy = Math.max(inset + radius - y, y - (h - inset - radius), 0);
    return Math.hypot(dx, dy) - radius;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const d = outside(x + 0.5, y + 0.5, 60, 40);
      if (d <= 0) px.set([230 - (x * 100) / w, 120 - (x * 80) / w, 40 + (x * 160) / w, 255], i);
      else if (d <= 24) px.set([0, 0, 0, 80], i);
      else px.set([0, 255, 0, 0], i);
    }
  }
  return encodePng(w, h, px);
}

let server: ChildProcess | undefined;
let work = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-transparent-'));
  // PORTFOLIO_BIN (playwright.config.ts): a built command, else one built here.
  const bin = process.env.PORTFOLIO_BIN ?? path.join(work, 'portfolio');
  if (!process.env.PORTFOLIO_BIN) execFileSync('go', ['build', '-o', bin, './cli/cmd/portfolio'], { cwd: repo, stdio: 'inherit' });

  // One project whose cover is the card.
  const content = path.join(work, 'content');
  cpSync(path.join(repo, 'content', 'site.yaml'), path.join(content, 'site.yaml'));
  const project = path.join(content, 'projects', 'data-project-logos');
  cpSync(path.join(repo, 'content', 'projects', 'data-project-logos'), project, { recursive: true });
  const yaml = readFileSync(path.join(project, 'project.yaml'), 'utf8');
  if (!/^cover: cover\.jpg$/m.test(yaml)) throw new Error('data-project-logos/project.yaml no longer has `cover: cover.jpg`');
  writeFileSync(path.join(project, 'project.yaml'), yaml.replace(/^cover: cover\.jpg$/m, 'cover: logo.png'));
  writeFileSync(path.join(project, 'logo.png'), cardPng());

  const dist = path.join(work, 'site', 'dist');
  const run = (...args: string[]) => execFileSync(bin, ['--content', content, ...args], { cwd: work, stdio: 'pipe' });
  run('images', '--cache', path.join(work, 'cache'), '--out', path.join(dist, 'img'), '--manifest', path.join(work, 'images.json'), '--widths', '480,800');
  // Every output named here: run outside a repository of its own, generate
  // enters the one above (this checkout) and would publish into its site/.
  run(
    'generate',
    '--manifest',
    path.join(work, 'images.json'),
    '--out',
    path.join(work, 'generated', 'content.ts'),
    '--docs',
    path.join(work, 'docs'),
    '--videos',
    path.join(work, 'video'),
  );
  writeFileSync(path.join(work, 'generated', 'package.json'), '{"type": "module"}\n'); // the module is ESM
  const generated = (await import(path.join(work, 'generated', 'content.ts'))) as {
    projects: readonly { slug: string; cover: ImageAsset }[];
  };
  const cover = generated.projects.find((p) => p.slug === 'data-project-logos')?.cover;
  if (!cover?.placeholder || !cover.src.endsWith('.png')) throw new Error(`the card was not made a transparent image: ${JSON.stringify(cover)}`);

  // The real component, rendered as the prerender does.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    createElement(
      CacheProvider,
      { value: cache },
      createElement(AppProviders, null, createElement(ResponsiveImage, { image: cover, alt: 'Card', sizes: '300px', priority: true })),
    ),
  );
  const styles = Object.values(cache.inserted)
    .filter((rule) => typeof rule === 'string')
    .join('');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Transparent image</title><style>${styles}</style></head>` +
      `<body style="margin:0"><div id="backdrop" style="background:${backdrop};padding:40px;width:300px">` +
      `<div id="image">${html}</div></div></body></html>`,
  );
  cpSync(path.join(repo, 'site', 'dist', '_headers.json'), path.join(dist, '_headers.json'));

  ({ origin, server } = await startServe(bin, path.join(work, 'site'), path.join(work, 'data'), work));
});

test.afterAll(() => {
  server?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A screenshot of part of the page, in CSS pixels from the page's top left. */
const shot = (page: Page, x: number, y: number, width: number, height: number) => page.screenshot({ clip: { x, y, width, height } });

/** The image's box and a same-sized piece of plain backdrop beside it. */
async function boxes(page: Page) {
  const box = await page.locator('#image img').boundingBox();
  if (!box) throw new Error('the image has no box');
  return box;
}

test('while it loads, the placeholder keeps the transparent corners transparent and shows the opaque middle', async ({ page }) => {
  const held: (() => Promise<void>)[] = [];
  await page.route('**/img/**', (route) => {
    held.push(() => route.continue());
  });
  await page.goto(origin + '/', { waitUntil: 'domcontentloaded' });
  const box = await boxes(page);
  const plain = await shot(page, 5, 5, 12, 12); // backdrop only
  // The placeholder is painted (its SVG decodes asynchronously) in the middle...
  await expect(async () => {
    expect((await shot(page, box.x + box.width / 2 - 6, box.y + box.height / 2 - 6, 12, 12)).equals(plain)).toBe(false);
  }).toPass({ timeout: 10_000 });
  // ...and not in the transparent corners, nor in the translucent band.
  for (const [x, y] of [
    [box.x, box.y],
    [box.x + box.width - 12, box.y],
    [box.x, box.y + box.height - 12],
    [box.x + box.width - 12, box.y + box.height - 12],
    [box.x + box.width / 2 - 6, box.y + 24], // top edge: shadow band and card edge
  ] as const) {
    expect((await shot(page, x, y, 12, 12)).equals(plain), `at ${x - box.x},${y - box.y} of the image`).toBe(true);
  }
  expect(held.length).toBeGreaterThan(0);
  for (const release of held) await release();
});

test('once loaded, nothing of the placeholder or a backdrop shows through the image, and nothing moved', async ({ page }) => {
  await page.goto(origin + '/');
  const img = page.locator('#image img');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const box = await boxes(page);
  const plain = await shot(page, 5, 5, 12, 12);
  expect((await shot(page, box.x, box.y, 12, 12)).equals(plain), 'the transparent corner shows the backdrop').toBe(true);

  const style = await img.evaluate((el) => {
    const s = getComputedStyle(el);
    return { color: s.backgroundColor, image: s.backgroundImage };
  });
  expect(style.color, 'no backdrop colour behind a transparent image').toBe('rgba(0, 0, 0, 0)');
  // The placeholder stays as the background (no script removes it), clipped
  // to where the image is opaque: the image as drawn is the same as with no
  // background at all.
  expect(style.image).toContain('data:image/svg+xml');
  const drawn = await shot(page, box.x, box.y, box.width, box.height);
  await img.evaluate((el: HTMLElement) => el.style.setProperty('background-image', 'none'));
  const alone = await shot(page, box.x, box.y, box.width, box.height);
  expect(drawn.equals(alone), 'the placeholder shows through the loaded image').toBe(true);

  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 200);
      }),
  );
  expect(shift).toBe(0);
});
