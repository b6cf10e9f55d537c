// What the screenshot scripts share (screenshots.mjs, readme-screenshots.mjs):
// site/dist served by `portfolio serve --no-build` on a free port, Chromium,
// a browser context with no internet, and a page loaded until nothing on it
// moves any more.
/* global document, window -- the page.evaluate callbacks run in the browser */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

export const site = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const repo = path.dirname(site);

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

/**
 * `portfolio serve --no-build` of site/dist on a free port, its messages in
 * work/messages; resolves once it listens. With `url`, uses the server
 * already running there instead.
 */
export async function serveDist(work, url) {
  if (url) return { origin: url.replace(/\/$/, ''), stop() {} };
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

/** Chromium: CHROME_PATH, else /usr/bin/chromium. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A browser context on the served site with no internet: third-party
 * requests (analytics, the gallery's external image) fail as they would
 * offline, and the page shows what it shows then (an external image's alt
 * text in its tile).
 */
export async function offlineContext(browser, origin, options) {
  const context = await browser.newContext({ ...options, baseURL: origin });
  await context.route(
    (url) => url.protocol.startsWith('http') && !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => route.abort('internetdisconnected'),
  );
  return context;
}

export async function animationsDone(page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Loads the page with every island mounted, every lazy image in, fonts ready and animations over. */
export async function settle(page, url) {
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
