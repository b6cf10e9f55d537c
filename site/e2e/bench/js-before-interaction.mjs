// How much JavaScript a page runs before any interaction: its inline scripts
// and every script it fetches from load until the network is idle, with no
// pointer, focus or click, at 375 and 1280 px. Asserts nothing (islands.spec.ts
// checks which scripts load); it prints the bytes, decoded and on the wire,
// for a change to quote before and after.
//
//   (cd .. && .cache/bin/portfolio serve --no-build --addr 127.0.0.1:4611 --data /tmp/js-before) &
//   node e2e/bench/js-before-interaction.mjs http://127.0.0.1:4611 /projects/unc-greensboro …
/* global document */
import { chromium } from '@playwright/test';

const [origin = 'http://127.0.0.1:4611', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [width, height] of [
  [375, 740],
  [1280, 800],
]) {
  for (const path of paths.length > 0 ? paths : ['/projects/unc-greensboro']) {
    const page = await browser.newPage({ viewport: { width, height } });
    const pending = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      pending.push(
        Promise.all([
          r.body().catch(() => Buffer.alloc(0)),
          r
            .request()
            .sizes()
            .catch(() => ({ responseBodySize: 0 })),
        ]).then(([body, sizes]) => ({
          url: new URL(r.url()).pathname,
          decoded: body.length,
          wire: sizes.responseBodySize,
        })),
      );
    });
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const inline = await page.evaluate(() =>
      [...document.scripts]
        .filter((s) => !s.src && (!s.type || s.type === 'module'))
        .reduce((n, s) => n + new TextEncoder().encode(s.textContent ?? '').length, 0),
    );
    const scripts = await Promise.all(pending);
    const sum = (key) => scripts.reduce((n, s) => n + s[key], 0);
    console.log(
      `${width} px ${path}: inline ${inline} B; ${scripts.length} fetched, ${sum('decoded')} B decoded, ${sum('wire')} B on the wire` +
        (scripts.length > 0 ? ` (${scripts.map((s) => `${s.url} ${s.decoded}/${s.wire}`).join(', ')})` : ''),
    );
    await page.close();
  }
}
await browser.close();
