// The Edge Function's rule for `rights.aiTraining: block` (decision 0103)
// against the cases `portfolio serve`'s rule is held to
// (cli/internal/rights/testdata/user-agents.json), and the pattern of the
// function's config.header, which the build writes (rights.Prefilter), as
// Netlify's runtime reads it (a JavaScript RegExp): the function runs for
// every crawler it refuses and for no browser or search crawler.
//
//   node --test netlify/ai-block/
//   deno test --allow-read --no-lock netlify/ai-block/
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { blockedBy, refusal } from './block.mjs';

const data = JSON.parse(await readFile(new URL('../../cli/internal/rights/testdata/user-agents.json', import.meta.url), 'utf8'));

test('refuses each user agent as the Go rule does', () => {
  assert.ok(data.cases.length >= 30);
  for (const c of data.cases) assert.equal(blockedBy(c.userAgent, data.tokens), c.blocked, c.name);
  assert.equal(blockedBy(null, data.tokens), '', 'no User-Agent header');
});

test('runs the function only for a user agent that holds a token', () => {
  const prefilter = new RegExp(data.prefilter);
  for (const c of data.cases) {
    assert.equal(prefilter.test(c.userAgent), c.invokes, c.name);
    if (c.blocked) assert.ok(c.invokes, `${c.name}: refused, yet the function would not run`);
  }
});

test('answers 403 in plain text that no cache keeps, naming the crawler', async () => {
  const res = refusal('GPTBot');
  assert.equal(res.status, 403);
  assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.equal(res.headers.get('vary'), 'User-Agent');
  assert.match(await res.text(), /^403 Forbidden: .* GPTBot collects training data\. .*\n$/);
});
