// The README's pictures of the site: a few screens at a phone's and a
// desktop's width, light and dark, from the site as built. They are
// committed (docs/images/), so this script is how anyone remakes them after
// the site's look changes; screenshots.mjs takes the full set for review.
//
//   go build -o .cache/bin/portfolio ./cli/cmd/portfolio && .cache/bin/portfolio build
//   node site/scripts/readme-screenshots.mjs [--out DIR] [--url ORIGIN]
//
// Serves site/dist with `portfolio serve --no-build` on a free port, or uses
// a server already running at --url. Writes DIR (default docs/images) and
// prints each file with its size; exits 1 when a screen cannot be taken.
// One device pixel per CSS pixel and one screenful each, so the files stay
// small in the repository (about 320 KB for the three). Compressing
// Chromium's PNGs again at zlib's highest level saved 2%: not done.
/* global window -- the evaluate callback runs in the browser */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, offlineContext, repo, serveDist, settle } from './shots.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(repo, 'docs', 'images') },
    url: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('usage: node site/scripts/readme-screenshots.mjs [--out DIR] [--url ORIGIN]');
  process.exit(0);
}

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

/**
 * Each picture: a file, a page, a window, a colour scheme, and the heading
 * to scroll to the top of the window (else the page's top); what shows is
 * one screenful.
 */
const shots = [
  { file: 'work-desktop.png', path: '/web-design', viewport: desktop },
  { file: 'home-phone.png', path: '/', viewport: phone },
  { file: 'gallery-phone-dark.png', path: '/projects/college-sports', viewport: phone, colorScheme: 'dark', scrollTo: 'Gallery' },
];

const work = mkdtempSync(path.join(os.tmpdir(), 'readme-screenshots-'));
let server;
let browser;
let failed = 0;
try {
  server = await serveDist(work, values.url);
  browser = await launchBrowser();
  mkdirSync(values.out, { recursive: true });
  for (const shot of shots) {
    const context = await offlineContext(browser, server.origin, {
      viewport: shot.viewport,
      deviceScaleFactor: 1,
      colorScheme: shot.colorScheme ?? 'light',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const file = path.join(values.out, shot.file);
    try {
      // Twice: the fonts are `font-display: optional`, so a first visit may
      // paint the fallback for good; the second finds them in the cache.
      await settle(page, shot.path);
      await settle(page, shot.path);
      if (shot.scrollTo) {
        const heading = page.getByRole('heading', { name: shot.scrollTo, exact: true });
        await heading.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 88));
      }
      const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      writeFileSync(file, png);
      console.log(`${path.relative(process.cwd(), file)}  ${(png.length / 1024).toFixed(0)} KB`);
    } catch (error) {
      failed++;
      console.error(`${shot.file}: ${error instanceof Error ? error.message : error}`);
    } finally {
      await context.close();
    }
  }
} catch (error) {
  console.error(`readme-screenshots: ${error instanceof Error ? error.message : error}`);
  failed++;
} finally {
  await browser?.close();
  server?.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(`${shots.length - failed} of ${shots.length} screenshots in ${path.relative(process.cwd(), values.out) || '.'}`);
process.exit(failed ? 1 : 0);
