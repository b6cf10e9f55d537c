// Measures the built site against two yardsticks and prints the figures; it
// asserts nothing and exits non-zero only when it cannot measure. Run it
// through .ci/bench/lighthouse, which checks what it needs first.
//
// Yardsticks, served side by side with the site by `portfolio serve` (the
// host's headers and compression):
//   - the anchor: Astro Nano's built home page (../shared/anchors/astro-nano),
//     a content site that ships no framework JavaScript;
//   - each page's no-JS twin: its own HTML with every <script> element and
//     every modulepreload link removed, with the same assets and _headers.
//     It is the limit for that page's HTML and CSS.
// With --against, a second build of the site (the same pages without a
// change) is served too and measured in the same rounds, row after row.
//
// For each page it prints, in this order:
//   - the JavaScript requested before any interaction (Chromium through
//     Playwright, no input, up to network idle): same-origin .js gzip -9,
//     file by file; analytics hosts counted apart; plus the HTML's size;
//   - the image bytes loaded before the first scroll on a 375 × 812 px phone
//     at 3× pixel density;
//   - main-thread CPU time from a Chromium trace (a fresh browser per load,
//     Lighthouse's phone: 412 × 823 px at 1.75×; no throttling), alternating
//     like Lighthouse: thread time, not wall time, so a busy machine slows it
//     far less than it slows Lighthouse, whose TBT is wall time × 4;
//   - Lighthouse (mobile, its default emulation), alternating anchor, page,
//     twin, next page, twin… in each round, then per row the medians of the
//     four category scores, LCP, TBT, CLS, FCP, Lighthouse's main-thread
//     work and (with --trace) the longest style and layout task up to the
//     first contentful paint, and the ratios of Performance, LCP and TBT to
//     the twin and to the anchor.
// The load average is printed at the start and at the end: figures from a
// busy machine are not comparable with a quiet one's.
//
// kB here is 1000 bytes, as in Vite's build report.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const usage = `Usage: .ci/bench/lighthouse [options] [rounds] [page…]

Measures the site as built in <site>/dist: it builds nothing unless --build
is given. Build it for measurement with analytics off:
  VITE_ANALYTICS=off .cache/bin/portfolio build

  rounds          Lighthouse rounds, each over every row (default 5)
  page…           site paths (default: / /photography /projects/unc-greensboro /contact)

Options:
  --build         run \`VITE_ANALYTICS=off portfolio build --site <site>\` first
  --site DIR      the site's project folder whose dist/ is measured (default: site)
  --anchor DIR    the anchor's built site (default: ../shared/anchors/astro-nano);
                  when it is missing, the anchor's row and ratios are left out
  --against DIR   a second build of the same site to compare with (a project
                  folder whose dist/ holds it, e.g. the site built without a
                  change): served beside it, measured as a row after each
                  page's in every round, with the ratios of the page to it
  --no-twins      leave out the no-JS twins (fewer runs, e.g. beside --against)
  --port N        serve the anchor, the site and the twins on N, N+1 and N+2
                  (and --against's build on N+3; default: free ports)
  --no-lighthouse only the JavaScript, HTML, image and main-thread figures
  --throttling M  Lighthouse's throttling method: simulate (its default: a
                  fast load, then Lantern's model of a phone on 4G) or devtools
                  (the load itself slowed: CPU 4×, 150 ms RTT, 1.6 Mbit/s)
  --trace DIR     keep each Lighthouse run's trace and artifacts in DIR, and
                  print, for the run with the median Performance of each row,
                  where its time goes: every main-thread task of 10 ms or
                  more with the events that took it, the LCP element and its
                  phases, and Lighthouse's main-thread breakdown
  -h, --help      this text`;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const defaultPages = ['/', '/photography', '/projects/unc-greensboro', '/contact'];
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const analyticsHosts = /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)$/;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

export class CannotMeasure extends Error {}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const gzip = (buffer) => gzipSync(buffer, { level: 9 }).length;
export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * A bench's command line read with node:util's parseArgs (positionals
 * allowed, -h/--help added): a mistake is a CannotMeasure with the usage;
 * --help prints the usage and exits.
 */
export function benchArgs(options, usage) {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (error) {
    throw new CannotMeasure(`${error.message}\n\n${usage}`);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

function parseOptions() {
  const { values, positionals } = benchArgs(
    {
      build: { type: 'boolean', default: false },
      site: { type: 'string', default: 'site' },
      anchor: { type: 'string', default: path.join('..', 'shared', 'anchors', 'astro-nano') },
      against: { type: 'string' },
      'no-twins': { type: 'boolean', default: false },
      port: { type: 'string' },
      'no-lighthouse': { type: 'boolean', default: false },
      throttling: { type: 'string', default: 'simulate' },
      trace: { type: 'string' },
    },
    usage,
  );
  let rounds = 5;
  if (positionals.length && /^\d+$/.test(positionals[0])) rounds = Number(positionals.shift());
  if (rounds < 1 || rounds > 50) throw new CannotMeasure(`rounds must be between 1 and 50, not ${rounds}`);
  const pages = positionals.length ? positionals : defaultPages;
  for (const page of pages) {
    if (!/^\/[A-Za-z0-9/_-]*$/.test(page) || page.includes('//')) {
      throw new CannotMeasure(`"${page}" is not a site path: give paths such as / or /projects/unc-greensboro\n\n${usage}`);
    }
  }
  let port;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 1024 || port > 65532) throw new CannotMeasure(`--port must be a number from 1024 to 65532, not "${values.port}"`);
  }
  if (!['simulate', 'devtools'].includes(values.throttling)) throw new CannotMeasure(`--throttling must be simulate or devtools, not "${values.throttling}"`);
  const site = path.resolve(root, values.site);
  const trace = values.trace === undefined ? undefined : path.resolve(values.trace);
  if (trace && values['no-lighthouse']) throw new CannotMeasure('--trace keeps Lighthouse traces: it cannot go with --no-lighthouse');
  const against = values.against === undefined ? undefined : path.resolve(root, values.against);
  return {
    trace,
    throttling: values.throttling,
    rounds,
    pages,
    site,
    dist: path.join(site, 'dist'),
    anchor: path.resolve(root, values.anchor),
    against,
    twins: !values['no-twins'],
    port,
    build: values.build,
    lighthouse: !values['no-lighthouse'],
  };
}

/** The HTML file a path is served from. */
const htmlFile = (dist, page) => path.join(dist, page, 'index.html');

/** A module of the site's own node_modules (playwright). */
function siteRequire(site) {
  return createRequire(path.join(site, 'package.json'));
}

/** A copy of a folder made of hard links (a real copy across file systems). */
export function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** Writes a file in a linked tree without changing the file it is linked to. */
export function replaceFile(file, data) {
  if (existsSync(file)) unlinkSync(file);
  writeFileSync(file, data);
}

/** The page without JavaScript: every <script> element and modulepreload link removed. */
export function noJsTwin(html) {
  let scripts = 0;
  let preloads = 0;
  const out = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, () => {
      scripts++;
      return '';
    })
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, () => {
      preloads++;
      return '';
    });
  return { html: out, scripts, preloads };
}

/** A port nobody listens on right now. */
export function freePort() {
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

/** `portfolio serve --no-build` of <siteFolder>/dist; resolves once it listens. */
export async function serve(name, siteFolder, port, work) {
  const bin = path.join(root, '.cache', 'bin', 'portfolio');
  if (!existsSync(bin)) throw new CannotMeasure(`${bin} is missing: run .ci/bench/lighthouse (it builds it), or go build -o .cache/bin/portfolio ./cli/cmd/portfolio`);
  const child = spawn(bin, ['serve', '--no-build', '--site', siteFolder, '--addr', `127.0.0.1:${port}`, '--data', path.join(work, `data-${name}`)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new CannotMeasure(`portfolio serve (${name}) did not start within 15 s: ${log.trim()}`)), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new CannotMeasure(`portfolio serve (${name}) on port ${port} exited with code ${code}: ${log.trim()}`));
    });
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.removeAllListeners('exit');
  return { name, origin: `http://localhost:${port}`, stop: () => child.kill() };
}

/**
 * One load of a page on a phone (375 × 812 CSS px, 3×), no input, up to
 * network idle: the JavaScript and the images it requested. Other origins are
 * refused (the machine is offline; their bytes are not ours to count), but
 * requests to analytics hosts are listed.
 */
async function firstLoad(browser, origin, dist, page) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const analytics = [];
    let otherHosts = 0;
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        const url = new URL(route.request().url());
        if (analyticsHosts.test(url.hostname)) analytics.push(`${url.hostname}${url.pathname}`);
        else otherHosts++;
        return route.abort();
      },
    );
    const tab = await context.newPage();
    const scripts = new Map();
    const images = [];
    let loaded = false;
    tab.on('load', () => (loaded = true));
    tab.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && url.pathname.endsWith('.js') && !scripts.has(url.pathname)) scripts.set(url.pathname, loaded ? 'after load' : 'before load');
    });
    tab.on('requestfinished', async (request) => {
      const url = new URL(request.url());
      if (request.resourceType() !== 'image' || url.origin !== origin) return;
      const sizes = await request.sizes();
      images.push({ name: path.basename(url.pathname), bytes: sizes.responseBodySize });
    });
    const response = await tab.goto(origin + page, { waitUntil: 'load' });
    if (!response?.ok()) throw new CannotMeasure(`GET ${page} answered ${response?.status()}`);
    await tab.waitForLoadState('networkidle');
    const scrolled = await tab.evaluate(() => window.scrollY);
    if (scrolled !== 0) throw new CannotMeasure(`${page} scrolled by itself to ${scrolled} px`);

    const html = readFileSync(htmlFile(dist, page));
    const announced = new Set(
      [...String(html).matchAll(/<(?:script\b[^>]*\bsrc|link\b[^>]*\brel="?modulepreload"?[^>]*\bhref)="([^"]+)"/g)].map((m) => m[1]),
    );
    const files = [];
    for (const [pathname, when] of scripts) {
      const file = path.join(dist, decodeURIComponent(pathname));
      if (!existsSync(file)) throw new CannotMeasure(`${page} requested ${pathname}, which is not in ${dist}`);
      const source = readFileSync(file);
      files.push({ pathname, when, raw: source.length, gzip: gzip(source), from: announced.has(pathname) ? 'in HTML' : 'imported' });
    }
    const inlineCss = [...String(html).matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
    // Style sheets the HTML links (same origin), which the first paint waits for.
    const sheets = [...String(html).matchAll(/<link\b[^>]*\brel="?stylesheet"?[^>]*>/gi)]
      .map((m) => /\bhref="(\/[^"]+)"/.exec(m[0])?.[1])
      .filter((href) => href && existsSync(path.join(dist, href)))
      .map((href) => readFileSync(path.join(dist, href)));
    const css = { files: sheets.length, raw: sheets.reduce((sum, b) => sum + b.length, 0), gzip: sheets.reduce((sum, b) => sum + gzip(b), 0) };
    return { page, files, analytics, otherHosts, images, html: { raw: html.length, gzip: gzip(html), inlineCss }, css };
  } finally {
    await context.close();
  }
}

function printFirstLoad({ page, files, analytics, otherHosts, images, html, css }) {
  const sheets = css.files ? `; ${css.files} linked style sheet${css.files === 1 ? '' : 's'} ${kB(css.raw)} (gzip ${kB(css.gzip)})` : '';
  console.log(`\n  ${page}   HTML ${kB(html.raw)} (gzip ${kB(html.gzip)}; inline CSS ${kB(html.inlineCss)})${sheets}`);
  if (files.length === 0) console.log('    JavaScript: none');
  const width = Math.max(0, ...files.map((f) => f.pathname.length));
  for (const f of files) {
    console.log(`    ${f.pathname.padEnd(width)}  ${kB(f.gzip).padStart(9)}  (${kB(f.raw)} raw, ${f.from}, ${f.when})`);
  }
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  if (files.length) console.log(`    ${'app code'.padEnd(width)}  ${kB(total).padStart(9)}  in ${files.length} file${files.length === 1 ? '' : 's'}`);
  console.log(`    analytics hosts: ${analytics.length ? `${analytics.length} request${analytics.length === 1 ? '' : 's'} (${[...new Set(analytics)].join(', ')})` : 'none'}`);
  const imageBytes = images.reduce((total, i) => total + i.bytes, 0);
  const largest = [...images].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((i) => `${i.name} ${kB(i.bytes)}`);
  console.log(`    images before the first scroll: ${images.length}, ${kB(imageBytes)}${largest.length ? ` (largest: ${largest.join(', ')})` : ''}`);
  if (otherHosts) console.log(`    (${otherHosts} request${otherHosts === 1 ? '' : 's'} to other hosts refused, not counted)`);
}

/**
 * The Lighthouse CLI of the bench's own node_modules (.ci/bench/package.json):
 * it is a measuring tool, so the site's packages, which every first build
 * installs, do not carry it (97 packages, 160 MB).
 */
export function lighthouseCli() {
  const require = createRequire(path.join(root, '.ci/bench/package.json'));
  const pkgPath = require.resolve('lighthouse/package.json');
  const { bin } = require(pkgPath);
  return path.join(path.dirname(pkgPath), typeof bin === 'string' ? bin : bin.lighthouse);
}

/** One Lighthouse run (mobile, the default), reduced to the figures printed. */
export function runLighthouse(cli, url, throttling, artifacts) {
  const args = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${categories.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    `--throttling-method=${throttling}`,
  ];
  // Gather and audit in one run, keeping the artifacts (the trace among them).
  if (artifacts) args.push(`-GA=${artifacts}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill(), 180_000);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      clearTimeout(timer);
      let lhr;
      try {
        lhr = JSON.parse(out);
      } catch {
        return reject(new Error(`lighthouse exited with code ${code}: ${err.trim().split('\n').slice(-3).join(' / ')}`));
      }
      if (lhr.runtimeError) return reject(new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`));
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scores = Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)]));
      // What keeps Accessibility, Best Practices or SEO below 100.
      const failing = categories
        .filter((id) => id !== 'performance' && scores[id] < 100)
        .flatMap((id) =>
          lhr.categories[id].auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter((a) => a && a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
            .map((a) => `${id}: ${a.id}`),
        );
      resolve({
        version: lhr.lighthouseVersion,
        ...scores,
        failing,
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
        bytes: audit('total-byte-weight'),
        artifacts,
        lcpElement: lcpElement(lhr),
        breakdown: (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => ({ label: i.groupLabel ?? i.group, ms: i.duration })),
        mainThread: lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
        ...traceFigures(artifacts),
      });
    });
  });
}

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Lighthouse over every row, alternating within each round; a failed run is retried once, then left out. */
async function lighthouseRounds(cli, rows, rounds, throttling, traceDir) {
  const runs = new Map(rows.map((row) => [row, []]));
  let version = '';
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`  round ${round}/${rounds}:`);
    for (const row of rows) {
      let result;
      for (let attempt = 1; attempt <= 2 && !result; attempt++) {
        try {
          const artifacts = traceDir && path.join(traceDir, `${row.short.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${rows.indexOf(row)}-round${round}`);
          result = await runLighthouse(cli, row.url, throttling, artifacts);
        } catch (error) {
          process.stderr.write(`\n  ${row.label}: ${error.message}${attempt === 1 ? ' (trying again)' : ' (left out)'}\n `);
        }
      }
      if (result) {
        version = result.version;
        runs.get(row).push(result);
      }
      process.stderr.write(` ${row.short} ${result ? result.performance : '–'}`);
    }
    process.stderr.write(`   (load ${loadAverage()})\n`);
  }
  return { runs, version };
}

function printLighthouse(rows, { runs, version }, rounds, throttling) {
  const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');
  const millis = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '–');
  const num = (n) => (Number.isFinite(n) ? String(Math.round(n)) : '–');
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? (a / b).toFixed(2) : '–');
  const medians = new Map();
  for (const row of rows) {
    const list = runs.get(row);
    const m = Object.fromEntries([...categories, 'lcp', 'tbt', 'cls', 'fcp', 'mainThread', 'layoutTask', 'layoutTaskCpu'].map((key) => [key, median(list.map((r) => r[key]))]));
    medians.set(row, { ...m, n: list.length, perfRuns: list.map((r) => r.performance) });
  }
  console.log(`\nLighthouse ${version}, mobile (default emulation, ${throttling} throttling), medians of ${rounds} round${rounds === 1 ? '' : 's'}, rows alternating in each round\n`);
  const labelWidth = Math.max(...rows.map((row) => row.label.length));
  const header = `  ${'row'.padEnd(labelWidth)} ${'Perf'.padStart(4)} ${'A11y'.padStart(4)} ${'BP'.padStart(4)} ${'SEO'.padStart(4)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'FCP'.padStart(8)} ${'main'.padStart(8)} ${'layout'.padStart(9)}   Perf by round`;
  console.log(header);
  const traced = rows.some((row) => runs.get(row).some((r) => Number.isFinite(r.layoutTask)));
  console.log(
    `  (main: Lighthouse's main-thread work, simulated; layout: the task up to the first contentful paint that spent the most in style and layout, ms of trace time, wall/CPU${traced ? '' : ', with --trace only'})`,
  );
  for (const row of rows) {
    const m = medians.get(row);
    const cls = Number.isFinite(m.cls) ? m.cls.toFixed(3) : '–';
    console.log(
      `  ${row.label.padEnd(labelWidth)} ${num(m.performance).padStart(4)} ${num(m.accessibility).padStart(4)} ${num(m['best-practices']).padStart(4)} ${num(m.seo).padStart(4)} ` +
        `${seconds(m.lcp).padStart(8)} ${millis(m.tbt).padStart(7)} ${cls.padStart(6)} ${seconds(m.fcp).padStart(8)} ${millis(m.mainThread).padStart(8)} ${`${num(m.layoutTask)}/${num(m.layoutTaskCpu)}`.padStart(9)}   ${m.perfRuns.join(' ')}${m.n < rounds ? `  (${rounds - m.n} failed)` : ''}`,
    );
  }
  const anchor = rows.find((row) => row.kind === 'anchor');
  const pages = rows.filter((row) => row.kind === 'page');
  if (rows.some((row) => row.kind === 'against')) {
    console.log('\n  Ratios of the page to the same page of --against\'s build (Performance: higher is better; LCP, TBT and FCP: lower is better)\n');
    const width = Math.max(4, ...pages.map((row) => row.page.length));
    console.log(`  ${'page'.padEnd(width)} ${'Perf'.padStart(9)} ${'LCP'.padStart(9)} ${'TBT'.padStart(9)} ${'FCP'.padStart(9)}`);
    for (const row of pages) {
      const p = medians.get(row);
      const o = medians.get(rows.find((r) => r.kind === 'against' && r.page === row.page));
      console.log(
        `  ${row.page.padEnd(width)} ${ratio(p.performance, o.performance).padStart(9)} ${ratio(p.lcp, o.lcp).padStart(9)} ${ratio(p.tbt, o.tbt).padStart(9)} ${ratio(p.fcp, o.fcp).padStart(9)}`,
      );
    }
  }
  console.log('\n  Ratios of the page to its no-JS twin and to the anchor (Performance: higher is better; LCP and TBT: lower is better)\n');
  const pageWidth = Math.max(4, ...pages.map((row) => row.page.length));
  console.log(`  ${'page'.padEnd(pageWidth)} ${'Perf/twin'.padStart(9)} ${'LCP/twin'.padStart(9)} ${'TBT/twin'.padStart(9)}   ${'Perf/anchor'.padStart(11)} ${'LCP/anchor'.padStart(10)} ${'TBT/anchor'.padStart(10)}`);
  for (const row of pages) {
    const p = medians.get(row);
    const t = medians.get(rows.find((r) => r.kind === 'twin' && r.page === row.page)) ?? {};
    const a = anchor ? medians.get(anchor) : {};
    console.log(
      `  ${row.page.padEnd(pageWidth)} ${ratio(p.performance, t.performance).padStart(9)} ${ratio(p.lcp, t.lcp).padStart(9)} ${ratio(p.tbt, t.tbt).padStart(9)}   ` +
        `${ratio(p.performance, a.performance).padStart(11)} ${ratio(p.lcp, a.lcp).padStart(10)} ${ratio(p.tbt, a.tbt).padStart(10)}`,
    );
  }
  console.log('  (– where a figure is missing or the divisor is 0, e.g. a TBT of 0 ms)');

  const below = rows
    .map((row) => ({ row, audits: [...new Set(runs.get(row).flatMap((r) => r.failing))] }))
    .filter(({ audits }) => audits.length);
  if (below.length) {
    console.log('\n  Audits that kept Accessibility, Best Practices or SEO below 100 in some run:');
    for (const { row, audits } of below) console.log(`    ${row.label.trim()}: ${audits.join(', ')}`);
  }
}

/** The LCP element (its label and HTML) and its phases, from Lighthouse's audit or insight. */
function lcpElement(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details ?? lhr.audits['lcp-breakdown-insight']?.details;
  const tables = details?.type === 'list' ? details.items : details ? [details] : [];
  let node;
  const phases = [];
  for (const table of tables) {
    // Lighthouse 13's insight lists the element as an item of its own.
    if (table.type === 'node') node ??= table;
    for (const item of table.items ?? []) {
      if (item.node) node ??= item.node;
      const label = item.phase ?? item.label ?? item.subpart;
      if (label && Number.isFinite(item.timing ?? item.duration)) phases.push({ label, ms: item.timing ?? item.duration });
    }
  }
  return node ? { label: node.nodeLabel ?? '', snippet: node.snippet ?? '', phases } : undefined;
}

/** The page's main thread in a trace: the thread with the most style, layout, paint and parse. */
function mainThreadOf(traceEvents) {
  const work = new Map();
  for (const e of traceEvents) if (workEvents[e.name] && e.ph === 'X') work.set(`${e.pid}:${e.tid}`, (work.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  return [...work].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * All of the main thread's tasks in a trace: their wall time, which
 * Lighthouse's main-thread work multiplies, and the thread's CPU time in
 * them. The difference is time the thread waited for a core: on a machine
 * with fewer cores than the browser has busy threads (the raster and image
 * decode threads, the compositor), wall time counts other threads' work.
 */
export function mainThreadTime(traceEvents) {
  const main = mainThreadOf(traceEvents);
  const tasks = traceEvents.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.name === 'RunTask');
  return { wallMs: tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000, cpuMs: tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000 };
}

/**
 * The main-thread tasks of 10 ms or more in a trace, each with the three
 * events inside it that took the most time of their own (their duration less
 * that of the events nested in them), in trace time (unthrottled: Lighthouse's
 * simulation multiplies it), and the thread's CPU time in the task.
 */
export function longTasks(traceEvents, minMs = 10) {
  const main = mainThreadOf(traceEvents);
  if (!main) return [];
  const start = Math.min(...traceEvents.filter((e) => e.name === 'navigationStart' && e.ts > 0).map((e) => e.ts), Infinity);
  const events = traceEvents.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let task;
  const stack = [];
  for (const e of events) {
    if (e.name === 'RunTask') {
      task = e.dur >= minMs * 1000 ? { at: e.ts, ms: e.dur / 1000, cpuMs: (e.tdur ?? Number.NaN) / 1000, end: e.ts + e.dur, self: new Map() } : undefined;
      if (task) tasks.push(task);
      stack.length = 0;
      continue;
    }
    if (!task || e.ts >= task.end) continue;
    while (stack.length && e.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    const parent = stack.at(-1);
    task.self.set(e.name, (task.self.get(e.name) ?? 0) + e.dur);
    if (parent) task.self.set(parent.name, (task.self.get(parent.name) ?? 0) - e.dur);
    stack.push(e);
  }
  const origin = Number.isFinite(start) ? start : (events[0]?.ts ?? 0);
  return tasks.map((t) => ({
    atMs: (t.at - origin) / 1000,
    ms: t.ms,
    cpuMs: t.cpuMs,
    top: [...t.self].filter(([, us]) => us > 0).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, us]) => ({ name, ms: us / 1000 })),
  }));
}

/**
 * In a trace's events: the main-thread task up to
 * the first contentful paint that spent the most in style and layout (the
 * first frame's, unless the parser yields), its whole duration in ms of
 * wall time, which Lighthouse simulates from, and of the thread's CPU time,
 * which a busy machine inflates far less. NaN without a trace.
 */
export function firstLayoutTask(events) {
  const none = { layoutTask: Number.NaN, layoutTaskCpu: Number.NaN };
  if (!events) return none;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return none;
  const main = `${fcp.pid}:${fcp.tid}`;
  const own = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined && e.ts <= fcp.ts);
  let best = { styleLayout: 0, task: undefined };
  for (const task of own.filter((e) => e.name === 'RunTask')) {
    const styleLayout = own
      .filter((e) => (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && e.ts >= task.ts && e.ts < task.ts + task.dur)
      .reduce((sum, e) => sum + e.dur, 0);
    if (styleLayout > best.styleLayout) best = { styleLayout, task };
  }
  return best.task ? { layoutTask: best.task.dur / 1000, layoutTaskCpu: (best.task.tdur ?? Number.NaN) / 1000 } : none;
}

/** What a run's trace says, read once: its first layout task and its main-thread wall and CPU time. */
function traceFigures(artifacts) {
  const events = traceOf(artifacts);
  const { wallMs, cpuMs } = events ? mainThreadTime(events) : { wallMs: Number.NaN, cpuMs: Number.NaN };
  return { ...firstLayoutTask(events), mainWallMs: wallMs, mainCpuMs: cpuMs };
}

/** The trace events Lighthouse saved in a run's artifacts folder, or undefined. */
function traceOf(artifacts) {
  const file = artifacts && existsSync(artifacts) ? readdirSync(artifacts).find((f) => f.endsWith('trace.json')) : undefined;
  if (!file) return undefined;
  const trace = JSON.parse(readFileSync(path.join(artifacts, file), 'utf8'));
  return trace.traceEvents ?? trace;
}

/** Where each row's time goes, from the run with its median Performance. */
function printWhereTimeGoes(rows, { runs }) {
  console.log('\nWhere the time goes: per row, the run with the median Performance (trace time, before Lighthouse’s simulation)');
  for (const row of rows) {
    const list = [...runs.get(row)].sort((a, b) => a.performance - b.performance);
    const run = list[(list.length - 1) >> 1];
    if (!run) continue;
    console.log(`\n  ${row.label.trim()} (Performance ${run.performance}, LCP ${(run.lcp / 1000).toFixed(2)} s; artifacts ${path.relative(process.cwd(), run.artifacts)})`);
    const events = traceOf(run.artifacts);
    if (!events) {
      console.log('    no trace in the artifacts');
    } else {
      console.log(`    main-thread tasks: ${Math.round(run.mainWallMs)} ms of wall time, ${Math.round(run.mainCpuMs)} ms of the thread's CPU (${Math.round(run.mainWallMs - run.mainCpuMs)} ms waiting for a core)`);
      if (list.length > 1) {
        console.log(`      median of the row's ${list.length} runs: ${Math.round(median(list.map((r) => r.mainWallMs)))} ms wall, ${Math.round(median(list.map((r) => r.mainCpuMs)))} ms CPU`);
      }
      const tasks = longTasks(events);
      console.log(`    main-thread tasks of 10 ms or more (wall, CPU): ${tasks.length}`);
      for (const t of tasks) {
        console.log(
          `      at ${t.atMs.toFixed(0).padStart(5)} ms  ${t.ms.toFixed(1).padStart(6)} ms ${`(${t.cpuMs.toFixed(1)})`.padStart(7)}   ${t.top.map((e) => `${e.name} ${e.ms.toFixed(1)}`).join(', ') || '(no event recorded inside)'}`,
        );
      }
    }
    if (run.lcpElement) {
      const { label, snippet, phases } = run.lcpElement;
      console.log(`    LCP element: ${label ? `${label} ` : ''}${snippet.length > 100 ? `${snippet.slice(0, 100)}…` : snippet}`);
      if (phases.length) console.log(`      phases (simulated): ${phases.map((p) => `${p.label} ${Math.round(p.ms)} ms`).join(', ')}`);
    }
    if (run.breakdown.length) {
      const total = run.breakdown.reduce((sum, b) => sum + b.ms, 0);
      console.log(`    main-thread breakdown (simulated) ${Math.round(total)} ms: ${[...run.breakdown].sort((a, b) => b.ms - a.ms).map((b) => `${b.label} ${Math.round(b.ms)}`).join(', ')}`);
    }
  }
}

// The trace events that make up a page's main-thread work, by name.
const workEvents = { UpdateLayoutTree: 'style', Layout: 'layout', Paint: 'paint', PrePaint: 'paint', ParseHTML: 'parse', ParseAuthorStyleSheet: 'parse' };

/**
 * One load of url in a fresh browser, traced: the renderer main thread's CPU
 * time (ms) in all, in its longest task, in style, layout, paint and parse,
 * and how many tasks took over 12.5 ms (Lighthouse's 4× slowdown makes them
 * long tasks), from navigation to 2 s after `load`.
 */
async function mainThreadLoad(chromium, url) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    // The page's main thread: the one that did its style, layout and paint.
    const work = new Map();
    for (const e of events) if (workEvents[e.name] && e.tdur) work.set(`${e.pid}:${e.tid}`, (work.get(`${e.pid}:${e.tid}`) ?? 0) + e.tdur);
    const main = [...work].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (!main) throw new CannotMeasure(`no main-thread work in the trace of ${url}`);
    const figures = { total: 0, longest: 0, over: 0, style: 0, layout: 0, paint: 0, parse: 0 };
    for (const e of events) {
      if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X' || e.tdur === undefined) continue;
      const ms = e.tdur / 1000;
      if (e.name === 'RunTask') {
        figures.total += ms;
        figures.longest = Math.max(figures.longest, ms);
        if (ms > 12.5) figures.over += 1;
      } else if (workEvents[e.name]) figures[workEvents[e.name]] += ms;
    }
    return figures;
  } finally {
    await browser.close();
  }
}

async function mainThreadRounds(chromium, rows, rounds) {
  const runs = new Map(rows.map((row) => [row, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const row of rows) runs.get(row).push(await mainThreadLoad(chromium, row.url));
    console.error(`    main-thread round ${round}/${rounds} done`);
  }
  const width = Math.max(...rows.map((row) => row.label.length));
  console.log(`
Main-thread CPU time (ms; trace thread time, fresh browser, 412 × 823 at 1.75×, no throttling), medians of ${rounds}`);
  const keys = ['total', 'longest', 'over', 'style', 'layout', 'paint', 'parse'];
  const heads = { total: 'total', longest: 'longest', over: 'tasks>12.5', style: 'style', layout: 'layout', paint: 'paint', parse: 'parse' };
  console.log(`  ${'row'.padEnd(width)} ${keys.map((k) => heads[k].padStart(11)).join('')}`);
  for (const row of rows) {
    const values = keys.map((k) => median(runs.get(row).map((r) => r[k])));
    console.log(`  ${row.label.padEnd(width)} ${values.map((v) => v.toFixed(0).padStart(11)).join('')}`);
  }
}

async function main() {
  const options = parseOptions();
  const { dist, site, pages } = options;
  if (options.build) {
    console.error(`==> VITE_ANALYTICS=off portfolio build --site ${site}`);
    execFileSync(path.join(root, '.cache', 'bin', 'portfolio'), ['build', '--site', site], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, VITE_ANALYTICS: 'off' } });
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new CannotMeasure(`${path.join(dist, 'index.html')} is missing: build first (VITE_ANALYTICS=off .cache/bin/portfolio build), or pass --build`);
  }
  const againstDist = options.against && path.join(options.against, 'dist');
  for (const page of pages) {
    if (!existsSync(htmlFile(dist, page))) throw new CannotMeasure(`${page}: ${htmlFile(dist, page)} is missing: is it a route of the site?`);
    if (againstDist && !existsSync(htmlFile(againstDist, page))) throw new CannotMeasure(`${page}: ${htmlFile(againstDist, page)} is missing: build --against's site first`);
  }
  const anchorHome = path.join(options.anchor, 'index.html');
  const withAnchor = existsSync(anchorHome);

  console.log(`Measuring ${dist}${againstDist ? ` against ${againstDist}` : ''}`);
  console.log(`${os.cpus().length} cores, load average at start: ${loadAverage()}`);
  if (!withAnchor) console.log(`Note: no anchor at ${options.anchor} (pass --anchor DIR): its row and ratios are left out.`);

  const require = siteRequire(site);
  let chromium;
  let cli;
  try {
    ({ chromium } = require('@playwright/test'));
    if (options.lighthouse) cli = lighthouseCli();
  } catch (error) {
    throw new CannotMeasure(`${error.message.split('\n')[0]}: install the site's packages (npm ci --prefix site)`);
  }

  const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-lighthouse-'));
  const servers = [];
  try {
    // The twins: the site's own files (hard links), each measured page without its scripts.
    const twinSite = path.join(work, 'twin', 'site');
    linkTree(dist, path.join(twinSite, 'dist'));
    const twinNotes = [];
    for (const page of pages) {
      const twin = noJsTwin(readFileSync(htmlFile(dist, page), 'utf8'));
      replaceFile(htmlFile(path.join(twinSite, 'dist'), page), twin.html);
      twinNotes.push(`${page} (${twin.scripts} script${twin.scripts === 1 ? '' : 's'}, ${twin.preloads} modulepreload${twin.preloads === 1 ? '' : 's'})`);
    }
    console.log(`No-JS twins, with the site's own _headers: ${twinNotes.join(', ')}`);

    const ports = options.port ? [options.port, options.port + 1, options.port + 2, options.port + 3] : [await freePort(), await freePort(), await freePort(), await freePort()];
    const siteServer = await serve('site', site, ports[1], work);
    servers.push(siteServer);
    const twinServer = await serve('twin', twinSite, ports[2], work);
    servers.push(twinServer);
    let anchorServer;
    if (withAnchor) {
      const anchorSite = path.join(work, 'anchor', 'site');
      linkTree(options.anchor, path.join(anchorSite, 'dist'));
      replaceFile(path.join(anchorSite, 'dist', '_headers.json'), JSON.stringify([{ path: '/*', headers: [{ name: 'X-Content-Type-Options', value: 'nosniff' }] }]));
      anchorServer = await serve('anchor', anchorSite, ports[0], work);
      servers.push(anchorServer);
    }
    let againstServer;
    if (options.against) {
      againstServer = await serve('against', options.against, ports[3], work);
      servers.push(againstServer);
    }
    console.log(`Serving: ${servers.map((s) => `${s.name} ${s.origin}`).join(', ')}`);

    const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
    try {
      console.log('\nBefore any interaction, on a 375 × 812 px phone at 3× (Chromium, no input, up to network idle):');
      console.log('JavaScript requested (same origin, gzip -9) and image bytes before the first scroll');
      let analytics = false;
      for (const page of pages) {
        const load = await firstLoad(browser, siteServer.origin, dist, page);
        printFirstLoad(load);
        analytics ||= load.analytics.length > 0;
      }
      if (againstServer) {
        console.log(`\n--against's build (${againstDist}):`);
        for (const page of pages) printFirstLoad(await firstLoad(browser, againstServer.origin, againstDist, page));
      }
      if (analytics) console.log('\nNote: this build loads the analytics tag; for measurement build with VITE_ANALYTICS=off.');
    } finally {
      await browser.close();
    }

    const rows = [];
    if (anchorServer) rows.push({ kind: 'anchor', label: 'anchor (Astro Nano /)', short: 'anchor', url: `${anchorServer.origin}/` });
    for (const page of pages) {
      rows.push({ kind: 'page', page, label: page, short: page, url: siteServer.origin + page });
      if (againstServer) rows.push({ kind: 'against', page, label: `  against: ${page}`, short: 'against', url: againstServer.origin + page });
      if (options.twins) rows.push({ kind: 'twin', page, label: `  no-JS twin of ${page}`, short: 'twin', url: twinServer.origin + page });
    }
    console.error(`\n==> main-thread CPU: ${options.rounds} round${options.rounds === 1 ? '' : 's'} of ${rows.length} loads`);
    await mainThreadRounds(chromium, rows, options.rounds);

    if (options.lighthouse) {
      console.error(`\n==> Lighthouse: ${options.rounds} round${options.rounds === 1 ? '' : 's'} of ${rows.length} runs (Performance of each run)`);
      const result = await lighthouseRounds(cli, rows, options.rounds, options.throttling, options.trace);
      if (rows.some((row) => result.runs.get(row).length === 0)) {
        printLighthouse(rows, result, options.rounds, options.throttling);
        throw new CannotMeasure('every Lighthouse run of a row failed');
      }
      printLighthouse(rows, result, options.rounds, options.throttling);
      if (options.trace) printWhereTimeGoes(rows, result);
    }
    console.log(`\nload average at end: ${loadAverage()}`);
  } finally {
    for (const server of servers) server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

// Run as a program, not when .ci/bench/peer.mjs imports its parts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`\nlighthouse bench: cannot measure: ${error instanceof CannotMeasure ? error.message : error.stack}`);
    process.exit(1);
  });
}
