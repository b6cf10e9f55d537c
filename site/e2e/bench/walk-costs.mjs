// What one step of an end-to-end walk costs, part by part, so that a change
// to the walks is chosen by measurement (docs/testing.md). Asserts nothing.
// Every candidate runs on every page in each round, in turn, so the
// machine's load hits all alike; it prints the sum over the pages of each
// candidate's median (ms).
//
//   (cd .. && .cache/bin/portfolio serve --no-build --addr 127.0.0.1:4362 --data /tmp/walk-costs) &
//   node e2e/bench/walk-costs.mjs http://127.0.0.1:4362 [rounds]
/* global window, document */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';

const [origin = 'http://127.0.0.1:4362', roundsArg = '3'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const projects = paths.filter((p) => p.startsWith('/projects/'));

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const viewport = { width: 1280, height: 720 };
const baseURL = origin;
const jsOn = await browser.newContext({ viewport, baseURL });
const jsOff = await browser.newContext({ viewport, baseURL, javaScriptEnabled: false });
const on = await jsOn.newPage();
// As the suite's fixture (e2e/support/test.ts): third-party requests answered here.
const jsOnRouted = await browser.newContext({ viewport, baseURL });
await jsOnRouted.route(
  (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
  (route) => route.fulfill({ status: 204, body: '' }),
);
const routed = await jsOnRouted.newPage();
const off = await jsOff.newPage();

const hydrated = (page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((el) => el.dataset.hydrate === 'interaction' || el.hasAttribute('data-island-mounted')),
  );

const builder = async (page, options) => {
  const { AxeBuilder } = await import('@axe-core/playwright');
  let b = new AxeBuilder({ page }).withTags(tags).setLegacyMode(true);
  if (options) b = b.options(options);
  return b.analyze();
};

/** Candidates: name → what is timed on one page (after `setup`, untimed). */
const candidates = {
  'new page + close': { run: async () => (await jsOn.newPage()).close() },
  'JS on: goto (load)': { run: (p) => on.goto(p) },
  'JS on, context.route as the fixture: goto (load)': { run: (p) => routed.goto(p) },
  'JS on: goto (domcontentloaded)': { run: (p) => on.goto(p, { waitUntil: 'domcontentloaded' }) },
  'JS on: goto (load) + islands live': { run: async (p) => (await on.goto(p), hydrated(on)) },
  'JS on: goto (load) + networkidle': { run: async (p) => (await on.goto(p), on.waitForLoadState('networkidle')) },
  'JS off: goto (load)': { run: (p) => off.goto(p) },
  'JS off: goto (domcontentloaded)': { run: (p) => off.goto(p, { waitUntil: 'domcontentloaded' }) },
  'axe: AxeBuilder legacy (as now)': { setup: (p) => on.goto(p), run: () => builder(on) },
  'axe: AxeBuilder legacy, resultTypes violations': { setup: (p) => on.goto(p), run: () => builder(on, { resultTypes: ['violations'] }) },
  'axe: inject once, axe.run, resultTypes violations': {
    setup: (p) => on.goto(p),
    run: async () => {
      await on.evaluate(axeSource);
      return on.evaluate((t) => window.axe.run(document, { runOnly: { type: 'tag', values: t }, resultTypes: ['violations'], iframes: false }), tags);
    },
  },
};

const samples = new Map(Object.keys(candidates).map((k) => [k, new Map()]));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`load average at start: ${load()}; ${projects.length} project pages, ${rounds} rounds`);
for (let round = 0; round < rounds; round++) {
  for (const path of projects) {
    for (const [name, { setup, run }] of Object.entries(candidates)) {
      if (setup) await setup(path);
      const start = performance.now();
      await run(path);
      const bySample = samples.get(name);
      bySample.set(path, [...(bySample.get(path) ?? []), performance.now() - start]);
    }
  }
}
console.log(`${'candidate'.padEnd(52)} sum of medians over the project pages (ms)`);
for (const [name, byPath] of samples) {
  const sum = [...byPath.values()].reduce((a, xs) => a + median(xs), 0);
  console.log(`${name.padEnd(52)} ${sum.toFixed(0).padStart(8)}`);
}
console.log(`load average at end: ${load()}`);
await browser.close();
