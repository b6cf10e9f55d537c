// What aiTraining: block's Edge Function adds to a request (decision 0103),
// in Deno, the runtime Netlify runs it in: the function itself
// (netlify/ai-block/block.mjs, the tokens the build writes) beside its
// yardstick, a function that only passes the request on (context.next()).
// Each round times every row over the same requests, rows alternating
// which runs first; the table shows each row's median of the rounds, in
// microseconds per request, and its difference from the yardstick.
// context.next() answers at once, so the figure is the function's own
// work, not the network's. Asserts nothing.
//
//   site/node_modules/.bin/deno run --allow-read --allow-sys=loadavg .ci/bench/ai-block.mjs [rounds, default 5] [requests, default 100000]
import { block } from '../../netlify/ai-block/block.mjs';

const rounds = Number(Deno.args[0] ?? 5);
const n = Number(Deno.args[1] ?? 100_000);
const { tokens } = JSON.parse(await Deno.readTextFile(new URL('../../cli/internal/rights/testdata/user-agents.json', import.meta.url)));

const agents = {
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
};
const requests = (ua) => Array.from({ length: n }, (_, i) => new Request(`https://example.com/p/${i}`, { headers: { 'user-agent': ua } }));
const context = { next: () => new Response('page') };
const passThrough = (request, ctx) => ctx.next();
const rows = [
  ['pass-through (yardstick), a browser', passThrough, requests(agents.browser)],
  ['block, a browser (passed on)', (r, c) => block(r, c, tokens), requests(agents.browser)],
  ['block, Googlebot (passed on)', (r, c) => block(r, c, tokens), requests(agents.googlebot)],
  ['block, GPTBot (403)', (r, c) => block(r, c, tokens), requests(agents.gptbot)],
];

const times = rows.map(() => []);
for (let round = 0; round < rounds + 1; round++) {
  const order = rows.map((_, i) => (i + round) % rows.length);
  for (const i of order) {
    const [, fn, reqs] = rows[i];
    const start = performance.now();
    for (const r of reqs) await fn(r, context);
    if (round > 0) times[i].push(((performance.now() - start) * 1000) / n); // round 0 warms up
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times[0]);
console.log(`Deno ${Deno.version.deno}, ${rounds} rounds of ${n} requests, load average ${Deno.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('row'.padEnd(40), 'µs/request'.padStart(11), 'added'.padStart(9));
rows.forEach(([name], i) => {
  const m = median(times[i]);
  console.log(name.padEnd(40), m.toFixed(3).padStart(11), (i === 0 ? '' : `+${(m - base).toFixed(3)}`).padStart(9));
});
