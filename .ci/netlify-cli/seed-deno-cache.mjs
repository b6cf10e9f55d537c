// Puts a file into a Deno 2 module cache (DENO_DIR) as if Deno had fetched
// it from a URL, so that Deno, run offline, imports it without asking the
// network. .ci/netlify-cli/run seeds the one module netlify-cli 27.10.2
// cannot do without offline: @netlify/edge-bundler's config extractor
// (deno/config.ts) starts with a type-only import of
// https://edge.netlify.com/bootstrap/globals/types.ts, which Deno still
// fetches; without it the extractor fails, and `netlify build --offline`
// routes the edge function nowhere (exit 0, "routes": []).
//
// Deno 2's cache entry: DENO_DIR/remote/<scheme>/<host>/<sha256 of path and
// query>, holding the body followed by a line
// `// denoCacheMetadata={"headers":…,"url":…,"time":…}`.
//
// Usage: node seed-deno-cache.mjs DENO_DIR URL=FILE…
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...pairs] = process.argv.slice(2);
if (!dir || pairs.length === 0) {
  console.error('usage: node seed-deno-cache.mjs DENO_DIR URL=FILE…');
  process.exit(2);
}
for (const pair of pairs) {
  const at = pair.indexOf('=');
  const url = new URL(pair.slice(0, at));
  const body = readFileSync(pair.slice(at + 1));
  const name = createHash('sha256').update(url.pathname + url.search).digest('hex');
  const out = path.join(dir, 'remote', url.protocol.replace(':', ''), url.host, name);
  mkdirSync(path.dirname(out), { recursive: true });
  const meta = { headers: { 'content-type': 'application/typescript' }, url: url.href, time: Math.floor(Date.now() / 1000) };
  writeFileSync(`${out}.tmp`, Buffer.concat([body, Buffer.from(`\n// denoCacheMetadata=${JSON.stringify(meta)}`)]));
  renameSync(`${out}.tmp`, out);
  console.log(`seeded ${url.href}`);
}
