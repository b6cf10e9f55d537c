// Full-page screenshots of the main screens at a phone and a desktop width, in
// light and dark, with the menu open, the contact form's errors and the
// lightbox open: pictures for a person to look at. Nothing is compared (the
// end-to-end suite checks these screens: a11y.spec.ts scans the same states),
// so this is a script, not a test.
//
//   npm run build && node scripts/screenshots.mjs [--out DIR] [--url ORIGIN]
//
// Serves site/dist with `portfolio serve --no-build` on a free port (build the
// command first: go build -o .cache/bin/portfolio ./cli/cmd/portfolio), or
// uses a server already running at --url. Writes DIR (default
// test-results/screenshots) and prints each file; exits 1 when a screen cannot
// be taken. Chromium: CHROME_PATH, else /usr/bin/chromium.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { animationsDone, launchBrowser, offlineContext, serveDist, settle, site } from './shots.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(site, 'test-results', 'screenshots') },
    url: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('usage: node scripts/screenshots.mjs [--out DIR] [--url ORIGIN]');
  process.exit(0);
}

const screens = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'contact', path: '/contact' },
  { name: 'photography', path: '/photography' },
  { name: 'web-design', path: '/web-design' },
  { name: 'project-admin-portal', path: '/projects/admin-portal' },
  { name: 'project-drone-photography', path: '/projects/drone-photography' },
  { name: 'project-unc-greensboro', path: '/projects/unc-greensboro' },
  { name: 'not-found', path: '/this-page-does-not-exist' },
];
const darkScreens = new Set(['home', 'contact', 'project-admin-portal']);

/** Every shot: a name, the page's settings, and what to do before the picture. */
const shots = [];
for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark']) {
    for (const screen of screens) {
      if (colorScheme === 'dark' && !darkScreens.has(screen.name)) continue;
      shots.push({
        file: `${screen.name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`,
        path: screen.path,
        width,
        colorScheme,
        fullPage: true,
      });
    }
  }
}
shots.push({
  file: 'menu-open-375.png',
  path: '/about',
  width: 375,
  fullPage: false,
  before: async (page) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
  },
});
shots.push({
  file: 'contact-errors-375.png',
  path: '/contact',
  width: 375,
  fullPage: true,
  before: async (page) => {
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name is required').waitFor();
  },
});
for (const width of [375, 1280]) {
  shots.push({
    file: `lightbox-open-${width}.png`,
    path: '/projects/unc-greensboro',
    width,
    fullPage: false,
    before: async (page) => {
      await page.getByRole('link', { name: 'Open image 5', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('5 / 18').waitFor();
      const image = dialog.getByRole('group', { name: '5 of 18' }).getByRole('img', { name: 'UNC Greensboro 5' });
      await image.waitFor();
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await image.elementHandle());
      await animationsDone(page);
    },
  });
}

const work = mkdtempSync(path.join(os.tmpdir(), 'screenshots-'));
let server;
let browser;
let failed = 0;
try {
  server = await serveDist(work, values.url);
  browser = await launchBrowser();
  mkdirSync(values.out, { recursive: true });
  for (const shot of shots) {
    const context = await offlineContext(browser, server.origin, {
      viewport: { width: shot.width, height: 800 },
      colorScheme: shot.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    const file = path.join(values.out, shot.file);
    try {
      await settle(page, shot.path);
      if (shot.before) await shot.before(page);
      await page.screenshot({ path: file, fullPage: shot.fullPage, animations: 'disabled' });
      console.log(path.relative(process.cwd(), file));
    } catch (error) {
      failed++;
      console.error(`${shot.file}: ${error instanceof Error ? error.message : error}`);
    } finally {
      await context.close();
    }
  }
} catch (error) {
  console.error(`screenshots: ${error instanceof Error ? error.message : error}`);
  failed++;
} finally {
  await browser?.close();
  server?.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(`${shots.length - failed} of ${shots.length} screenshots in ${path.relative(process.cwd(), values.out) || '.'}`);
process.exit(failed ? 1 : 0);
