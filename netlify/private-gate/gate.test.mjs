// The Edge Function's rule against the vectors `portfolio serve`'s rule is
// held to (cli/internal/privateaccess/testdata/vectors.json), then its
// answers: nothing of a private project without the cookie.
//
//   node --test netlify/private-gate/
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { test } from 'node:test';
import { checkFavourites, classify, cookieName, envName, handle, LIFETIME, PREFIX, secretMatches, sign, valid } from './gate.mjs';

// The Edge Function's module imports what `portfolio build` writes
// (site/src/generated/private-gate.json), which a clean checkout lacks:
// this test reads only its config, so that import is answered with an
// empty list of private galleries.
register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  if (specifier.endsWith('/generated/private-gate.json')) return { url: 'data:application/json,{"projects":{}}', importAttributes: context.importAttributes, shortCircuit: true };
  return next(specifier, context);
}`),
);
const { config } = await import('../edge-functions/private.js');

const vectors = JSON.parse(await readFile(new URL('../../cli/internal/privateaccess/testdata/vectors.json', import.meta.url), 'utf8'));
// What `portfolio serve` sends with the secret page (go test ./cli/internal/server -run SecretPageHeaders -update).
const served = JSON.parse(await readFile(new URL('../../cli/internal/server/testdata/secret-page-headers.json', import.meta.url), 'utf8'));

test('signs each cookie as the Go code does', async () => {
  for (const c of vectors.cookies) assert.equal(await sign(c.secret, c.slug, c.expires), c.cookie, `${c.slug} ${c.secret}`);
});

test('accepts and refuses each cookie as the Go code does', async () => {
  for (const c of vectors.checks) assert.equal(await valid(c.secret, c.slug, c.cookie, c.now), c.valid, c.name);
});

test('matches secrets as the Go code does', async () => {
  for (const c of vectors.secrets) assert.equal(await secretMatches(c.secret, c.given), c.match, `${c.secret} / ${c.given}`);
});

test("guards the prefix the Go code spells once, and the Edge Function's patterns route it every spelling the rule does not call public", () => {
  assert.equal(PREFIX, vectors.prefix);
  const patterns = [config.pattern].flat().map((p) => new RegExp(p));
  for (const c of vectors.paths) {
    // A path HTTP cannot carry (no leading slash) never reaches a route.
    if (!c.path.startsWith('/')) continue;
    const routed = patterns.some((p) => p.test(c.path));
    if (c.kind !== 'public') assert.ok(routed, `${c.kind} ${c.path} is not routed to the function`);
    // A plain public path costs no invocation.
    else if (!/[%;]/.test(c.path)) assert.ok(!routed, `public ${c.path} is routed to the function`);
  }
});

test('reads every spelling of a path as the Go code does, with no exception', () => {
  assert.ok(vectors.paths.length >= 40);
  for (const c of vectors.paths) assert.deepEqual(classify(c.path), { kind: c.kind, decoded: c.decoded, slug: c.slug }, c.path);
  for (const c of vectors.env) assert.equal(envName(c.slug), c.name);
});

const SECRET = 'correct horse battery staple';
const NOW = 1_800_000_000;
const FILE = 'ALPHA-PRIVATE-BYTES';

function gate(request) {
  let called = 0;
  const answer = handle(request, {
    secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
    next: async () => {
      called++;
      return new Response(FILE, { status: 200, headers: { 'Content-Type': 'image/jpeg' } });
    },
    now: () => NOW,
  });
  return answer.then(async (res) => ({ res, body: await res.text(), called }));
}

const at = (path, init = {}) => new Request(`https://example.com${path}`, init);

test('refuses a path that hides the prefix, cookie or not, and never calls next()', async () => {
  const cookie = `${cookieName('alpha')}=${await sign(SECRET, 'alpha', NOW + 3600)}`;
  for (const target of ['/%70rivate/alpha/img/p.jpg', '/private%2Falpha/img/p.jpg', '/private/alpha//img/p.jpg', '/img/..%2Fprivate/alpha/']) {
    const { res, body, called } = await gate(at(target, { headers: { Cookie: cookie } }));
    assert.equal(res.status, 400, target);
    assert.equal(called, 0, target);
    assert.ok(!body.includes(FILE), target);
  }
});

test('without the cookie: the secret page, never the file, for any method and range', async () => {
  for (const path of ['/private/alpha/', '/private/alpha/img/p-480.jpg', '/private/alpha/video/v.mp4', '/PRIVATE/alpha/', '/private/beta/', '/private/']) {
    for (const init of [{}, { headers: { Range: 'bytes=0-99' } }, { method: 'HEAD' }, { headers: { Cookie: `${cookieName('alpha')}=forged.x` } }]) {
      const { res, body, called } = await gate(at(path, init));
      assert.equal(called, 0, `${path}: the file was asked for`);
      assert.ok(res.status === 401 || res.status === 404, `${path}: status ${res.status}`);
      assert.ok(!body.includes(FILE));
      assert.equal(res.headers.get('Content-Range'), null);
      assert.equal(res.headers.get('Cross-Origin-Opener-Policy'), 'same-origin');
    }
  }
});

test("the secret page sends every header serve sends with it, with serve's values", async () => {
  const { res } = await gate(at(served.path));
  assert.equal(res.status, served.status);
  for (const [name, value] of Object.entries(served.headers)) {
    if (name in served.own) assert.ok(res.headers.get(name), `${name}: missing (${served.own[name]})`);
    else assert.equal(res.headers.get(name), value, name);
  }
});

test('a wrong secret is refused; the right one sets the cookie and redirects back', async () => {
  const post = (secret) =>
    at('/private/alpha/photos/2', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ secret }).toString() });
  const wrong = await gate(post('a guess'));
  assert.equal(wrong.res.status, 401);
  assert.equal(wrong.res.headers.get('Set-Cookie'), null);
  const right = await gate(post(SECRET));
  assert.equal(right.res.status, 303);
  assert.equal(right.res.headers.get('Location'), '/private/alpha/photos/2');
  const cookie = right.res.headers.get('Set-Cookie');
  assert.match(cookie, /^private_alpha=\d+\.[\w-]+; Path=\/private\/alpha; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax$/);
  const value = cookie.split(';')[0].split('=')[1];
  assert.equal(value, await sign(SECRET, 'alpha', NOW + LIFETIME));

  const opened = await gate(at('/private/alpha/img/p-480.jpg', { headers: { Cookie: `other=1; private_alpha=${value}` } }));
  assert.equal(opened.called, 1);
  assert.equal(opened.body, FILE);
  assert.equal(opened.res.headers.get('X-Robots-Tag'), 'noindex');
  // alpha's cookie does not open another project.
  const other = await gate(at('/private/beta/', { headers: { Cookie: `private_beta=${value}` } }));
  assert.equal(other.called, 0);
});

test('public paths pass through untouched', async () => {
  for (const path of ['/', '/projects/alpha', '/privateer/x', '/img/private/x.webp']) {
    const { called } = await gate(at(path));
    assert.equal(called, 1, path);
  }
});

test('cost: one cookie check', async () => {
  const cookie = await sign(SECRET, 'alpha', NOW + 3600);
  const runs = 2000;
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await valid(SECRET, 'alpha', cookie, NOW);
  const { user, system } = process.cpuUsage(start);
  const each = (user + system) / runs;
  console.log(`# one cookie check: ${each.toFixed(1)} µs of CPU (Netlify allows 50 ms per request)`);
  assert.ok(each < 50_000);
});

test('checks favourites as the Go code does', () => {
  const { gallery, cases } = vectors.favourites;
  assert.ok(cases.length >= 5);
  for (const c of cases) {
    const fault = checkFavourites(gallery, c.project, c.photos);
    assert.deepEqual(fault, c.field ? { field: c.field, problem: c.problem } : null, c.name);
  }
});

// Issue 48: alpha's cookie filed a list under another project's title,
// naming photos of no gallery. The host's form handling stores what it is
// given: the function lets through only the admitted project's list.
test("a favourites post past the gate: only the admitted project's, only its photos", async () => {
  const cookie = `private_alpha=${await sign(SECRET, 'alpha', NOW + 3600)}`;
  const galleries = { alpha: { title: 'Secret Alpha', photos: ['A_1.jpg', 'A_2.jpg'] }, beta: { title: 'Secret Beta', photos: ['B_1.jpg'] } };
  const post = async (fields, { type = 'application/x-www-form-urlencoded', galleryFor = (slug) => galleries[slug] } = {}) => {
    const form = new URLSearchParams([['form-name', 'favourites'], ['name', 'Jo'], ['email', 'jo@example.com'], ...fields]);
    let body = form.toString();
    let contentType = type;
    if (type === 'multipart') {
      const data = new FormData();
      for (const [k, v] of form) data.append(k, v);
      const encoded = new Response(data);
      contentType = encoded.headers.get('Content-Type');
      body = await encoded.text();
    }
    const request = at('/private/alpha/photos/1', { method: 'POST', headers: { Cookie: cookie, 'Content-Type': contentType }, body });
    let forwarded = '';
    const res = await handle(request, {
      secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
      galleryFor,
      next: async () => {
        forwarded = await request.text(); // what the host's form handling reads
        return new Response('stored', { status: 200 });
      },
      now: () => NOW,
    });
    return { res, body: await res.text(), forwarded, sent: body };
  };
  const ok = await post([['project', 'Secret Alpha'], ['photos', 'A_1.jpg\nA_2.jpg']]);
  assert.equal(ok.res.status, 200);
  assert.equal(ok.forwarded, ok.sent, 'the post reaches the form handling whole');
  for (const type of [undefined, 'multipart']) {
    const other = await post([['project', 'Secret Beta'], ['photos', 'B_1.jpg']], { type });
    assert.equal(other.res.status, 400, `another project's title (${type ?? 'urlencoded'})`);
    assert.equal(other.forwarded, '');
    assert.match(other.body, /another project&#39;s page/);
    const unknown = await post([['project', 'Secret Alpha'], ['photos', 'A_1.jpg'], ['photos', 'IMG_9999.jpg']], { type });
    assert.equal(unknown.res.status, 400, `an unknown photo (${type ?? 'urlencoded'})`);
    assert.equal(unknown.forwarded, '');
    assert.match(unknown.body, /Not in this project&#39;s gallery: IMG_9999\.jpg/);
  }
  const unlisted = await post([['project', 'Secret Alpha'], ['photos', 'A_1.jpg']], { galleryFor: () => undefined });
  assert.equal(unlisted.res.status, 503, 'no gallery list: refused, never stored unchecked');
  assert.equal(unlisted.forwarded, '');
  const unreadable = await post([], { type: 'application/json' });
  assert.equal(unreadable.res.status, 400);
});

// Issue 48: past the gate, an unknown address got the site's 404.html,
// which loads the analytics with the private address in it.
test("an unknown address past the gate gets the function's own page, not the site's 404.html", async () => {
  const cookie = `private_alpha=${await sign(SECRET, 'alpha', NOW + 3600)}`;
  const res = await handle(at('/private/alpha/no-such-page', { headers: { Cookie: cookie } }), {
    secretFor: () => SECRET,
    next: async () => new Response('<script data-provider="ga4" data-id="G-1"></script>', { status: 404, headers: { 'Content-Type': 'text/html' } }),
    now: () => NOW,
  });
  assert.equal(res.status, 404);
  const body = await res.text();
  assert.doesNotMatch(body, /data-provider|script/);
  assert.match(body, /No page here/);
  assert.equal(res.headers.get('X-Robots-Tag'), 'noindex');
});
