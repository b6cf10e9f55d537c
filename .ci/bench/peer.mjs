// A photographer's pages beside the photo-gallery peer, hugo-theme-gallery,
// on the same photographs, in one run (issue 52, item 2). It asserts nothing
// and exits non-zero only when it cannot measure. Run it through
// .ci/bench/peer, which builds the three sites it measures.
//
// Rows, alternating in each round so the machine's load hits all alike:
//   - the peer's home (its featured album's cover first), its album and one
//     photo (the album with PhotoSwipe opened on it, the peer's address for
//     a photo: #<file name>);
//   - ours, in each delivery (build: the files `portfolio build` made;
//     netlify: the Image CDN, which `portfolio serve` emulates): home,
//     category, project and photo page, each followed by its no-JS twin
//     (its HTML without any <script> or modulepreload, the same assets).
// Every site is served gzipped by `portfolio serve --no-build`.
//
// Per row: Lighthouse's medians (mobile, its default emulation, simulated
// throttling unless --throttling says otherwise) of Performance, LCP, FCP,
// CLS, TBT and total bytes, then the image pixels per device pixel of the
// largest-contentful-paint image, from one load of the page in Chromium on
// Lighthouse's phone (412 × 823 CSS px at 1.75×) and on a 375 × 812 phone at
// 3×: the pixel width of the file the browser took over the width it is drawn
// at in device pixels (object-fit or background-size cover: the larger
// scale, contain: the smaller). Below 1 the browser enlarges the photo.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs, CannotMeasure, freePort, lighthouseCli, linkTree, loadAverage, median, noJsTwin, replaceFile, runLighthouse, serve } from './lighthouse.mjs';

const usage = `Usage: node .ci/bench/peer.mjs --build DIR --netlify DIR --peer DIR [options] [rounds]

Use .ci/bench/peer, which builds the sites and passes these.

  rounds          Lighthouse rounds, each over every row (default 5)
  --build DIR     our site (its project folder, dist/ inside) built with build delivery
  --netlify DIR   the same content built with netlify delivery
  --peer DIR      the peer's site folder (its built pages in dist/)
  --project SLUG  our project (default archipelago); its photo 1 is the photo row
  --category SLUG our category page (default landscapes)
  --album PATH    the peer's album page (default /archipelago/)
  --photo NAME    the peer's photo, its file name in the album (default 01.jpg)
  --port N        serve on N to N+4 (default: free ports)
  --rows KINDS    only these page kinds, comma-separated (default home,category,project,photo)
  --throttling M  simulate (default) or devtools
  -h, --help      this text`;

const kinds = ['home', 'category', 'project', 'photo'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function parseOptions() {
  const { values, positionals } = benchArgs(
    {
      build: { type: 'string' },
      netlify: { type: 'string' },
      peer: { type: 'string' },
      project: { type: 'string', default: 'archipelago' },
      category: { type: 'string', default: 'landscapes' },
      album: { type: 'string', default: '/archipelago/' },
      photo: { type: 'string', default: '01.jpg' },
      port: { type: 'string' },
      throttling: { type: 'string', default: 'simulate' },
      rows: { type: 'string', default: kinds.join(',') },
    },
    usage,
  );
  for (const key of ['build', 'netlify', 'peer']) {
    if (!values[key]) throw new CannotMeasure(`--${key} DIR is required\n\n${usage}`);
  }
  let rounds = 5;
  if (positionals.length) {
    if (positionals.length > 1 || !/^\d+$/.test(positionals[0]))
      throw new CannotMeasure(`the only argument is the number of rounds, not "${positionals.join(' ')}"\n\n${usage}`);
    rounds = Number(positionals[0]);
  }
  if (rounds < 1 || rounds > 50) throw new CannotMeasure(`rounds must be between 1 and 50, not ${rounds}`);
  let port;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 1024 || port > 65531) throw new CannotMeasure(`--port must be a number from 1024 to 65531, not "${values.port}"`);
  }
  if (!['simulate', 'devtools'].includes(values.throttling)) throw new CannotMeasure(`--throttling must be simulate or devtools, not "${values.throttling}"`);
  for (const key of ['project', 'category']) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(values[key])) throw new CannotMeasure(`--${key} must be a slug, not "${values[key]}"`);
  }
  if (!/^\/[A-Za-z0-9/_-]*$/.test(values.album)) throw new CannotMeasure(`--album must be a site path, not "${values.album}"`);
  const only = values.rows.split(',').map((k) => k.trim());
  for (const kind of only) {
    if (!kinds.includes(kind)) throw new CannotMeasure(`--rows takes page kinds of ${kinds.join(', ')}, not "${kind}"`);
  }
  return {
    rounds,
    kinds: kinds.filter((k) => only.includes(k)),
    port,
    throttling: values.throttling,
    build: path.resolve(values.build),
    netlify: path.resolve(values.netlify),
    peer: path.resolve(values.peer),
    pages: ['/', `/${values.category}`, `/projects/${values.project}`, `/projects/${values.project}/photos/1`],
    album: values.album,
    photo: values.photo,
  };
}

/** Our site folder with each measured page's no-JS twin in place of the page: a linked copy under work. */
function twinSite(site, pages, work, name) {
  const twin = path.join(work, name, 'site');
  linkTree(path.join(site, 'dist'), path.join(twin, 'dist'));
  for (const page of pages) {
    const file = path.join(page, 'index.html');
    const { html } = noJsTwin(readFileSync(path.join(site, 'dist', file), 'utf8'));
    replaceFile(path.join(twin, 'dist', file), html);
  }
  return twin;
}

/**
 * The largest-contentful-paint image of a page loaded on a phone, and its
 * image pixels per device pixel: the pixel width of the file the browser
 * took (fetched again and decoded: naturalWidth is in CSS pixels when a
 * srcset chose the file) over the width it is drawn at, in device pixels.
 */
async function lcpImage(browser, url, phone) {
  const context = await browser.newContext({ ...phone, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // The peer opens its lightbox with an animation; ours cross-fades nothing here.
    await page.waitForTimeout(1500);
    return await page.evaluate(async () => {
      const entries = await new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries());
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve([]), 2000);
      });
      const last = entries.at(-1);
      if (!last) return { what: 'no LCP entry' };
      const el = last.element;
      const tag = el ? el.tagName.toLowerCase() : '(removed)';
      if (!last.url) return { what: `text (${tag})` };
      const style = el ? getComputedStyle(el) : undefined;
      const box = el ? el.getBoundingClientRect() : { width: Number.NaN, height: Number.NaN };
      let bitmap;
      try {
        bitmap = await createImageBitmap(await (await fetch(last.url)).blob());
      } catch (error) {
        return { what: `${tag}, ${last.url}: cannot decode (${error.message})` };
      }
      const { width, height } = bitmap;
      const fit = tag === 'img' ? style.objectFit : style.backgroundSize;
      let scale;
      if (fit === 'cover') scale = Math.max(box.width / width, box.height / height);
      else if (fit === 'contain' || fit === 'scale-down') scale = Math.min(box.width / width, box.height / height);
      else scale = box.width / width;
      const drawn = width * scale;
      // The file's name; for the Image CDN, what it was asked for (the width and format).
      const address = new URL(last.url);
      const name = address.pathname.endsWith('/.netlify/images')
        ? `Image CDN ${[...address.searchParams]
            .filter(([k]) => k !== 'url')
            .map(([k, v]) => `${k}=${v}`)
            .join('&')}`
        : address.pathname.split('/').at(-1) || last.url;
      return {
        what: `${tag}${tag === 'img' ? '' : ' background'}, ${name} ${width} × ${height}, drawn ${Math.round(drawn)} CSS px wide (${fit})`,
        file: last.url,
        ratio: width / (drawn * devicePixelRatio),
      };
    });
  } finally {
    await context.close();
  }
}

const phones = [
  { name: '1.75×', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 },
  { name: '3×', viewport: { width: 375, height: 812 }, deviceScaleFactor: 3 },
];

async function main() {
  const options = parseOptions();
  for (const site of [options.build, options.netlify]) {
    for (const page of options.pages) {
      const file = path.join(site, 'dist', page, 'index.html');
      try {
        readFileSync(file);
      } catch {
        throw new CannotMeasure(`${file} is missing: build the site first (.ci/bench/peer does)`);
      }
    }
  }
  try {
    readFileSync(path.join(options.peer, 'dist', options.album, 'index.html'));
  } catch {
    throw new CannotMeasure(`the peer's album ${options.album} is not in ${path.join(options.peer, 'dist')}`);
  }

  console.log(`Ours: ${options.build} (build delivery), ${options.netlify} (netlify delivery); peer: ${options.peer}`);
  console.log(`${os.cpus().length} cores, load average at start: ${loadAverage()}`);

  const require = createRequire(path.join(root, 'site', 'package.json'));
  let chromium;
  let cli;
  try {
    ({ chromium } = require('@playwright/test'));
    cli = lighthouseCli();
  } catch (error) {
    throw new CannotMeasure(`${error.message.split('\n')[0]}: install the site's packages (npm ci --prefix site) and the bench's (npm ci --prefix .ci/bench)`);
  }

  const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-peer-serve-'));
  const servers = [];
  try {
    const ports = options.port ? [0, 1, 2, 3, 4].map((i) => options.port + i) : await Promise.all([0, 1, 2, 3, 4].map(() => freePort()));
    const peer = await serve('peer', options.peer, ports[0], work);
    servers.push(peer);
    const ours = [];
    for (const [i, delivery] of ['build', 'netlify'].entries()) {
      const site = await serve(delivery, options[delivery], ports[1 + 2 * i], work);
      servers.push(site);
      const twin = await serve(`${delivery}-twin`, twinSite(options[delivery], options.pages, work, `twin-${delivery}`), ports[2 + 2 * i], work);
      servers.push(twin);
      ours.push({ delivery, site, twin });
    }
    console.log(`Serving: ${servers.map((s) => `${s.name} ${s.origin}`).join(', ')}`);

    // The rows, page kind by page kind: the peer's, then ours in each delivery, each with its twin.
    const peerUrls = { home: '/', project: options.album, photo: `${options.album}#${options.photo}` };
    const rows = [];
    for (const [k, kind] of kinds.entries()) {
      if (!options.kinds.includes(kind)) continue;
      if (peerUrls[kind]) rows.push({ kind, who: 'peer', label: `peer ${kind} ${peerUrls[kind]}`, short: `peer-${kind}`, url: peer.origin + peerUrls[kind] });
      for (const { delivery, site, twin } of ours) {
        const page = options.pages[k];
        rows.push({ kind, who: 'ours', label: `ours ${delivery} ${kind} ${page}`, short: `${delivery}-${kind}`, url: site.origin + page });
        rows.push({ kind, who: 'twin', label: `  its no-JS twin`, short: 'twin', url: twin.origin + page });
      }
    }

    console.error(`\n==> the LCP image of each row, on ${phones.map((p) => `${p.viewport.width} × ${p.viewport.height} at ${p.name}`).join(' and ')}`);
    const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
    try {
      for (const row of rows) {
        row.lcp = {};
        for (const phone of phones)
          row.lcp[phone.name] = await lcpImage(browser, row.url, { viewport: phone.viewport, deviceScaleFactor: phone.deviceScaleFactor });
        console.error(
          `  ${row.label.trim()}: ${phones.map((p) => (Number.isFinite(row.lcp[p.name].ratio) ? row.lcp[p.name].ratio.toFixed(2) : row.lcp[p.name].what)).join(', ')}`,
        );
      }
    } finally {
      await browser.close();
    }

    console.error(`\n==> Lighthouse: ${options.rounds} round${options.rounds === 1 ? '' : 's'} of ${rows.length} runs (Performance of each run)`);
    const runs = new Map(rows.map((row) => [row, []]));
    const loads = [loadAverage()];
    let version = '';
    for (let round = 1; round <= options.rounds; round++) {
      process.stderr.write(`  round ${round}/${options.rounds}:`);
      for (const row of rows) {
        let result;
        for (let attempt = 1; attempt <= 2 && !result; attempt++) {
          try {
            result = await runLighthouse(cli, row.url, options.throttling);
          } catch (error) {
            process.stderr.write(`\n  ${row.label.trim()}: ${error.message}${attempt === 1 ? ' (trying again)' : ' (left out)'}\n `);
          }
        }
        if (result) {
          version = result.version;
          runs.get(row).push(result);
        }
        process.stderr.write(` ${row.short} ${result ? result.performance : '–'}`);
      }
      loads.push(loadAverage());
      process.stderr.write(`   (load ${loads.at(-1)})\n`);
    }

    print(rows, runs, { ...options, version, loads });
    if (rows.some((row) => runs.get(row).length === 0)) throw new CannotMeasure('every Lighthouse run of a row failed');
  } finally {
    for (const server of servers) server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function print(rows, runs, { rounds, throttling, version, loads }) {
  const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');
  const num = (n) => (Number.isFinite(n) ? String(Math.round(n)) : '–');
  const ratio = (r) => (Number.isFinite(r) ? r.toFixed(2) : '–');
  console.log(
    `\nLighthouse ${version}, mobile (its default emulation, ${throttling} throttling), medians of ${rounds} round${rounds === 1 ? '' : 's'}, rows alternating in each round; served gzipped by portfolio serve`,
  );
  console.log(`Load average (1, 5, 15 min) at the start and after each round: ${loads.join(' | ')}\n`);
  console.log(`| row | Perf | LCP | FCP | CLS | TBT | total bytes | image px per device px, ${phones.map((p) => p.name).join(' / ')} | Perf by round |`);
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const list = runs.get(row);
    const m = (key) => median(list.map((r) => r[key]));
    const cls = Number.isFinite(m('cls')) ? m('cls').toFixed(3) : '–';
    const bytes = Number.isFinite(m('bytes')) ? `${(m('bytes') / 1024).toFixed(0)} KiB` : '–';
    // Where the LCP is text, say so (the element's tag) instead of a ratio.
    const pixels = phones.map((p) => (Number.isFinite(row.lcp[p.name].ratio) ? ratio(row.lcp[p.name].ratio) : row.lcp[p.name].what)).join(' / ');
    const failed = rounds - list.length;
    console.log(
      `| ${row.label.trim()} | ${num(m('performance'))} | ${seconds(m('lcp'))} | ${seconds(m('fcp'))} | ${cls} | ${num(m('tbt'))} ms | ${bytes} | ${pixels} | ${list.map((r) => r.performance).join(' ')}${failed ? ` (${failed} failed)` : ''} |`,
    );
  }
  console.log('\nThe LCP element: in Chromium on each phone (file, pixels, drawn width), and in Lighthouse (its median-Performance run)');
  for (const row of rows) {
    console.log(`  ${row.label.trim()}`);
    for (const p of phones) console.log(`    ${p.name.padEnd(5)} ${row.lcp[p.name].what}`);
    const list = [...runs.get(row)].sort((a, b) => a.performance - b.performance);
    const run = list[(list.length - 1) >> 1];
    if (run?.lcpElement) {
      const { label, snippet } = run.lcpElement;
      console.log(`    Lighthouse: ${label ? `${label}: ` : ''}${snippet.length > 110 ? `${snippet.slice(0, 110)}…` : snippet}`);
    }
  }
  console.log(`\nload average at end: ${loadAverage()}`);
}

main().catch((error) => {
  console.error(`\npeer bench: cannot measure: ${error instanceof CannotMeasure ? error.message : error.stack}`);
  process.exit(1);
});
