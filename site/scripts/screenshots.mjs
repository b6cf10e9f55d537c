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
/* global document, window -- the page.evaluate callbacks run in the browser */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const site = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repo = path.dirname(site);

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

/** A port nobody listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `portfolio serve --no-build` of site/dist on a free port; resolves once it listens. */
async function serve(work) {
  const bin = path.join(repo, '.cache', 'bin', 'portfolio');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: go build -o .cache/bin/portfolio ./cli/cmd/portfolio`);
  if (!existsSync(path.join(site, 'dist', 'index.html'))) throw new Error('site/dist is missing: npm run build');
  const port = await freePort();
  const child = spawn(bin, ['serve', '--no-build', '--addr', `127.0.0.1:${port}`, '--data', path.join(work, 'messages')], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portfolio serve did not start within 15 s: ${log.trim()}`)), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portfolio serve on port ${port} exited with code ${code}: ${log.trim()}`));
    });
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.removeAllListeners('exit');
  return { origin: `http://localhost:${port}`, stop: () => child.kill() };
}

async function animationsDone(page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Loads the page with every island mounted, every lazy image in, fonts ready and animations over. */
async function settle(page, url) {
  await page.goto(url);
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      [...document.querySelectorAll('[data-island]')].every((el) => el.dataset.hydrate === 'interaction' || el.hasAttribute('data-island-mounted')),
  );
  // Every image in, the lazy ones too (a quick scroll may pass some without
  // a frame to start them, and they would never load): then wait for them.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = [...document.images].filter((img) => !img.complete);
    const settled = pending.map(
      (img) =>
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    );
    for (const img of pending) img.loading = 'eager';
    await Promise.all(settled);
  });
  // Decoded, so a full-page capture does not paint a placeholder for one.
  await page.evaluate(() =>
    Promise.all([...document.images].map((img) => (img.complete && img.naturalWidth > 0 ? img.decode().catch(() => undefined) : undefined))),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsDone(page);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

const work = mkdtempSync(path.join(os.tmpdir(), 'screenshots-'));
let server;
let browser;
let failed = 0;
try {
  server = values.url ? { origin: values.url.replace(/\/$/, ''), stop() {} } : await serve(work);
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  mkdirSync(values.out, { recursive: true });
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: 800 },
      colorScheme: shot.colorScheme ?? 'light',
      baseURL: server.origin,
    });
    // No internet here: third-party requests (analytics, the gallery's
    // external image) fail as they would offline, and the page shows what it
    // shows then (an external image's alt text in its tile).
    await context.route(
      (url) => url.protocol.startsWith('http') && !['localhost', '127.0.0.1'].includes(url.hostname),
      (route) => route.abort('internetdisconnected'),
    );
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
