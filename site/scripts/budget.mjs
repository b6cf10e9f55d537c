// Measures the built site against its performance budgets and prints the
// figures; it asserts nothing (exit 0) and fails only when it cannot measure.
//
//   (a) first-load JavaScript of /, /projects/unc-greensboro and
//       /projects/admin-portal: every same-origin .js file the browser asks
//       for while loading the page (up to network idle), gzip -9; / against
//       110 kB; on project pages, whether the lightbox's chunk is among them
//       (it must not be: it loads when a visitor reaches for a tile);
//   (b) Lighthouse (mobile, its default emulation) on /, /photography,
//       /contact and the two project pages: the four category scores and
//       CLS, LCP, TBT against the targets;
//   (c) bytes of images a 375 px phone (3x pixel ratio) loads before the
//       first scroll, on the two project pages, against 400 kB.
//
// It builds nothing: build first, with analytics off for measurement:
//
//   VITE_ANALYTICS=off npm run build && node scripts/budget.mjs [--runs 3] [--no-lighthouse] [--pages /,/contact]
//
// Pages are served by `portfolio serve`, as the host serves them (headers, gzip).
//
// kB here is 1000 bytes, as in Vite's build report.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'no-lighthouse': { type: 'boolean', default: false },
    pages: { type: 'string' },
  },
});

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const jsBudget = 110_000;
const projectPages = ['/projects/unc-greensboro', '/projects/admin-portal'];
const jsPages = ['/', ...projectPages];
const lighthousePages = options.pages?.split(',') ?? ['/', '/photography', '/contact', ...projectPages];
const imageBudget = 400_000;
const targets = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

class CannotMeasure extends Error {}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const mark = (ok) => (ok ? 'ok ' : 'MISS');

/** A port nobody listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `portfolio serve` (dist/ as it is) on a free port; resolves once it listens. */
async function startServer() {
  const port = await freePort();
  const work = mkdtempSync(path.join(tmpdir(), 'portfolio-budget-'));
  const bin = path.join(work, 'portfolio');
  execFileSync('go', ['build', '-o', bin, './cli/cmd/portfolio'], { cwd: path.dirname(root), stdio: 'inherit' });
  const child = spawn(bin, ['serve', '--no-build', '--addr', `127.0.0.1:${port}`, '--data', path.join(work, 'data')], {
    cwd: path.dirname(root),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new CannotMeasure('portfolio serve did not start within 10 s')), 10_000);
    child.once('exit', (code) => reject(new CannotMeasure(`portfolio serve exited with code ${code}`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { origin: `http://localhost:${port}`, stop: () => child.kill() };
}

/** Whether the bundle loads the analytics tag (a build without VITE_ANALYTICS=off). */
async function analyticsBuiltIn() {
  const assets = path.join(dist, 'assets');
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js') && (await readFile(path.join(assets, name), 'utf8')).includes('googletagmanager')) return true;
  }
  return false;
}

function launch() {
  return chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** (a) The JavaScript a page loads, per file and in total, gzip -9. */
async function firstLoadJs(browser, origin, pagePath) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    // Third-party requests (the analytics tag) are not ours to count.
    await context.route((url) => url.origin !== origin, (route) => route.abort());
    const page = await context.newPage();
    const requested = new Map();
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && url.pathname.endsWith('.js') && !requested.has(url.pathname)) {
        requested.set(url.pathname, loaded ? 'after load' : 'before load');
      }
    });
    const response = await page.goto(origin + pagePath, { waitUntil: 'load' });
    if (!response?.ok()) throw new CannotMeasure(`GET ${pagePath} answered ${response?.status()}`);
    await page.waitForLoadState('networkidle');

    const files = [];
    for (const [pathname, when] of requested) {
      const file = path.join(dist, pathname);
      if (!existsSync(file)) throw new CannotMeasure(`${pathname} was requested but is not in dist/`);
      const source = await readFile(file);
      files.push({ pathname, when, raw: source.length, gzip: gzipSync(source, { level: 9 }).length });
    }
    if (files.length === 0) throw new CannotMeasure(`loading ${pagePath} requested no JavaScript`);

    // What the HTML itself announces, to show anything loaded on top of it.
    const html = await readFile(path.join(dist, pagePath, 'index.html'), 'utf8');
    const announced = new Set(
      [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((m) => m[1]),
    );
    return { page: pagePath, files, announced };
  } finally {
    await context.close();
  }
}

function printFirstLoadJs({ page, files, announced }) {
  console.log(`\n  ${page}`);
  const width = Math.max(...files.map((f) => f.pathname.length));
  for (const f of files) {
    const source = announced.has(f.pathname) ? 'in HTML' : 'imported';
    console.log(`    ${f.pathname.padEnd(width)}  ${kB(f.gzip).padStart(9)}  (${kB(f.raw)} raw, ${source}, ${f.when})`);
  }
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const beforeLoad = files.filter((f) => f.when === 'before load').reduce((sum, f) => sum + f.gzip, 0);
  if (page === '/') {
    console.log(`    ${'total'.padEnd(width)}  ${kB(total).padStart(9)}  target ≤ ${kB(jsBudget)}  ${mark(total <= jsBudget)}`);
  } else {
    const lightbox = files.some((f) => f.pathname.includes('GalleryLightbox'));
    console.log(`    ${'total'.padEnd(width)}  ${kB(total).padStart(9)}  lightbox chunk loaded: ${lightbox ? 'yes  MISS' : 'no   ok'}`);
  }
  if (beforeLoad !== total) console.log(`    (of which before the load event: ${kB(beforeLoad)})`);
}

/** (c) Image bytes a 375 px phone loads before the first scroll: every image response up to network idle. */
async function imageBytesBeforeScroll(browser, origin, pagePath) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await context.route((url) => url.origin !== origin, (route) => route.abort());
    const page = await context.newPage();
    const images = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'image' || request.url().startsWith('data:')) return;
      const sizes = await request.sizes();
      images.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
    });
    await page.goto(origin + pagePath, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const scrolled = await page.evaluate(() => window.scrollY);
    if (scrolled !== 0) throw new CannotMeasure(`${pagePath} scrolled by itself to ${scrolled}`);
    return { page: pagePath, images };
  } finally {
    await context.close();
  }
}

function printImageBytes({ page, images }) {
  const total = images.reduce((sum, i) => sum + i.bytes, 0);
  const largest = [...images].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((i) => `${path.basename(i.url)} ${kB(i.bytes)}`);
  console.log(
    `  ${page.padEnd(28)} ${String(images.length).padStart(3)} images  ${kB(total).padStart(9)}  target ≤ ${kB(imageBudget)}  ${mark(total <= imageBudget)}` +
      (largest.length ? `   (largest: ${largest.join(', ')})` : ''),
  );
}

/** The Lighthouse CLI of the installed package. */
function lighthouseCli() {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('lighthouse/package.json');
  const { bin } = require(pkgPath);
  return path.join(path.dirname(pkgPath), typeof bin === 'string' ? bin : bin.lighthouse);
}

/** One Lighthouse run (mobile, the default), as its JSON result. */
function runLighthouse(url) {
  const args = [
    lighthouseCli(),
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${Object.keys(targets).join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      try {
        const lhr = JSON.parse(out);
        if (lhr.runtimeError) return reject(new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`));
        resolve(lhr);
      } catch {
        reject(new Error(`lighthouse exited with code ${code}: ${err.trim().split('\n').slice(-5).join('\n')}`));
      }
    });
  });
}

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const audit = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** (b) Lighthouse on each page; the median run by performance score when --runs > 1. */
async function lighthouseScores(origin, runs) {
  const results = [];
  for (const page of lighthousePages) {
    const lhrs = [];
    for (let i = 0; i < runs; i++) lhrs.push(await runLighthouse(origin + page));
    lhrs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    results.push({ page, lhr: lhrs[Math.floor(lhrs.length / 2)], all: lhrs.map((l) => score(l, 'performance')) });
  }
  return results;
}

function printLighthouse(results, runs) {
  console.log(`\n(b) Lighthouse ${results[0]?.lhr.lighthouseVersion ?? ''}, mobile${runs > 1 ? `, median of ${runs} runs` : ''}\n`);
  console.log('  page           Perf  A11y  BP    SEO   CLS     LCP      TBT');
  console.log('  target         ≥98   100   100   100   0       -        -');
  for (const { page, lhr, all } of results) {
    const cells = Object.entries(targets).map(([id, target]) => {
      const s = score(lhr, id);
      return `${String(s).padEnd(3)}${s >= target ? ' ' : '!'} `;
    });
    const cls = audit(lhr, 'cumulative-layout-shift');
    const lcp = audit(lhr, 'largest-contentful-paint');
    const tbt = audit(lhr, 'total-blocking-time');
    console.log(
      `  ${page.padEnd(14)} ${cells.join(' ')} ${cls.toFixed(3).padEnd(5)}${cls === 0 ? ' ' : '!'}  ${`${(lcp / 1000).toFixed(2)} s`.padEnd(8)} ${Math.round(tbt)} ms` +
        (all.length > 1 ? `   (perf runs: ${all.join(', ')})` : ''),
    );
  }
  console.log('  (! = misses its target)');

  // What keeps a category below its target, so the figures say where to look.
  for (const { page, lhr } of results) {
    const notes = [];
    for (const [id, target] of Object.entries(targets)) {
      const category = lhr.categories[id];
      if (!category || score(lhr, id) >= target) continue;
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0 || id !== 'performance')
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      notes.push(`    ${id}: ${failing.join(', ') || 'no single failing audit'}`);
    }
    if (notes.length) console.log(`\n  ${page} below target:\n${notes.join('\n')}`);
  }
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new CannotMeasure('dist/index.html not found: build first with `VITE_ANALYTICS=off npm run build`');
  }
  if (await analyticsBuiltIn()) {
    console.log(
      'Note: dist/ was built with analytics on (the bundle loads googletagmanager). For measurement,\n' +
        'build with analytics off:  VITE_ANALYTICS=off npm run build',
    );
  }
  const server = await startServer();
  try {
    const browser = await launch();
    try {
      console.log('\n(a) First-load JavaScript (gzip -9, same-origin .js requested up to network idle)');
      for (const page of jsPages) printFirstLoadJs(await firstLoadJs(browser, server.origin, page));
      console.log('\n(c) Images before the first scroll, 375 x 812 px phone at 3x (bytes as served)\n');
      for (const page of projectPages) printImageBytes(await imageBytesBeforeScroll(browser, server.origin, page));
    } finally {
      await browser.close();
    }
    if (!options['no-lighthouse']) {
      const runs = Math.max(1, Number.parseInt(options.runs, 10) || 1);
      console.log('\nLighthouse against portfolio serve (headers and compression as the host serves)');
      printLighthouse(await lighthouseScores(server.origin, runs), runs);
    }
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(`\nbudget: cannot measure: ${error.message}`);
  process.exit(1);
});
