// What the encryption design of private work (docs/decisions/0080) would
// cost a client's browser: a photograph encrypted with AES-256-GCM at build
// time, fetched, decrypted with Web Crypto and decoded, against the same
// photograph decoded as it is. Prints medians in milliseconds.
//
//   node .ci/bench/private-decrypt.mjs PHOTO.jpg [rounds, default 15]
//
// Runs Debian's Chromium (/usr/bin/chromium) through the site's
// playwright-core (cd site && npm ci first). The page gets the bytes from
// a local route, so the figures are the browser's work, not the network's.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../site/package.json'));
const { chromium } = require('playwright-core');

const [photoPath, roundsArg] = process.argv.slice(2);
if (!photoPath) {
  console.error('usage: node .ci/bench/private-decrypt.mjs PHOTO.jpg [rounds]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 15);
const photo = await readFile(photoPath);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.route('https://bench.test/**', (route) => {
  const url = new URL(route.request().url());
  if (url.pathname === '/photo.jpg') return route.fulfill({ body: photo, contentType: 'image/jpeg' });
  return route.fulfill({ body: '<!doctype html><title>bench</title>', contentType: 'text/html' });
});
await page.goto('https://bench.test/');
const result = await page.evaluate(async (rounds) => {
  const plain = new Uint8Array(await (await fetch('/photo.jpg')).arrayBuffer());
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const raw = await crypto.subtle.exportKey('raw', key);
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows = { importKey: [], decrypt: [], decodeDecrypted: [], decodePlain: [], totalEncrypted: [] };
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const k = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    rows.importKey.push(performance.now() - t);
    t = performance.now();
    const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, k, sealed);
    rows.decrypt.push(performance.now() - t);
    const t2 = performance.now();
    const bmp = await createImageBitmap(new Blob([opened], { type: 'image/jpeg' }));
    bmp.close();
    rows.decodeDecrypted.push(performance.now() - t2);
    rows.totalEncrypted.push(performance.now() - t);
    t = performance.now();
    const plainBmp = await createImageBitmap(new Blob([plain], { type: 'image/jpeg' }));
    plainBmp.close();
    rows.decodePlain.push(performance.now() - t);
  }
  return { bytes: plain.length, sealed: sealed.length, medians: Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, median(v)])) };
}, rounds);
await browser.close();
console.log(`photo ${photoPath}: ${result.bytes} bytes, ${result.sealed} encrypted; ${rounds} rounds, medians:`);
for (const [k, v] of Object.entries(result.medians)) console.log(`  ${k.padEnd(16)} ${v.toFixed(1)} ms`);
