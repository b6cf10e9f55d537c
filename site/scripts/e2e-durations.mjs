// Where the end-to-end suite spends its time, from Playwright's JSON report:
// per spec file the tests, their summed duration and the median, then the
// slowest tests. Asserts nothing.
//
//   E2E_PORT=4173 npx playwright test --reporter=json > /tmp/e2e.json
//   node scripts/e2e-durations.mjs /tmp/e2e.json [slowest, default 15]
import { readFileSync } from 'node:fs';

const [file, slowestArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/e2e-durations.mjs REPORT.json [slowest]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));

/** Every test result: file, title path, duration, status. */
const results = [];
const walk = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        results.push({ file: spec.file, title: [...titles, spec.title].join(' › '), duration: result.duration, status: result.status });
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, suite.file === child.file && child.title !== child.file ? [...titles, child.title] : titles);
};
for (const suite of report.suites) walk(suite, []);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

const byFile = new Map();
for (const r of results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
const rows = [...byFile].map(([name, rs]) => ({
  name,
  count: rs.length,
  sum: rs.reduce((a, r) => a + r.duration, 0),
  median: median(rs.map((r) => r.duration)),
}));
rows.sort((a, b) => b.sum - a.sum);

const total = rows.reduce((a, r) => a + r.sum, 0);
console.log(`${'file'.padEnd(28)} tests  sum (s)  median (s)`);
for (const r of rows) console.log(`${r.name.padEnd(28)} ${String(r.count).padStart(5)} ${seconds(r.sum)} ${seconds(r.median)}`);
console.log(`${'all'.padEnd(28)} ${String(results.length).padStart(5)} ${seconds(total)} ${seconds(median(results.map((r) => r.duration)))}`);
const wall = report.stats?.duration;
if (wall) console.log(`wall ${(wall / 1000).toFixed(1)} s with ${report.config?.workers ?? '?'} workers`);
const failed = results.filter((r) => r.status !== 'passed' && r.status !== 'skipped');
if (failed.length) console.log(`not passed: ${failed.map((r) => `${r.file}: ${r.title} (${r.status})`).join('\n  ')}`);

const slowest = Number(slowestArg ?? 15);
console.log(`\nslowest ${slowest}:`);
for (const r of [...results].sort((a, b) => b.duration - a.duration).slice(0, slowest)) console.log(`${seconds(r.duration)}  ${r.file}: ${r.title}`);
