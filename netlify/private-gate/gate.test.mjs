// The Edge Function's rule against the vectors `portfolio serve`'s rule is
// held to (cli/internal/privateaccess/testdata/vectors.json), then its
// answers: nothing of a private project without the cookie.
//
// The private files come from a real Netlify Blobs store: the BlobsServer
// of @netlify/blobs (what `netlify dev` runs), in a temporary folder.
//
//   node --test netlify/private-gate/
//   deno test --allow-read --allow-write --allow-net --allow-env --no-lock --node-modules-dir=manual netlify/private-gate/
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BlobsServer } from '../../site/node_modules/@netlify/blobs/dist/server.js';
import { KINDS, STORE as ACTIVITY_STORE } from './activity.mjs';
import { FAVOURITES, LIMITS, MAX_BODY, STORE } from './favourites.mjs';
import {
  checkFavourites,
  classify,
  clientSecret,
  CONTACT_PATH,
  cookieName,
  cookiePath,
  ended,
  ENV_PREFIX,
  envName,
  handle,
  LIFETIME,
  MAX_CLIENT_NAME,
  MAX_SECRET_POST,
  PREFIX,
  PRIVATE_HEADERS,
  SECRET_FIELD,
  secretClient,
  secretMatches,
  sign,
  signClient,
  valid,
  validClient,
} from './gate.mjs';
import { COVER_URI, ENGLISH_GATE, FONT_PATH } from './pages.mjs';

// The Edge Functions import what `portfolio build` writes, which a clean
// checkout lacks: site/src/generated/private-gate.json (this test reads
// only private.js's config, so that import is answered with an empty list
// of private galleries), and the Netlify Blobs client bundled into
// ./vendor/netlify-blobs.js (site/scripts/edge-vendor.mjs; answered with
// the same package from site/node_modules, unbundled).
// (Deno answers the imports itself, after a build; Node's loader hook is
// Node's own.)
const blobsPackage = new URL('../../site/node_modules/@netlify/blobs/dist/main.js', import.meta.url).href;
register?.(
  'data:text/javascript,' +
    encodeURIComponent(`import { existsSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  if (specifier.endsWith('/generated/private-gate.json')) return { url: 'data:application/json,{"projects":{}}', importAttributes: context.importAttributes, shortCircuit: true };
  if (specifier.endsWith('/vendor/netlify-blobs.js') && !existsSync(new URL(specifier, context.parentURL))) return { url: ${JSON.stringify(blobsPackage)}, shortCircuit: true };
  return next(specifier, context);
}`),
);
const { getDeployStore, getStore } = await import('./blobs.mjs');
const { config } = await import('../edge-functions/private.js');
const forms = await import('../edge-functions/forms.js');

const vectors = JSON.parse(await readFile(new URL('../../cli/internal/privateaccess/testdata/vectors.json', import.meta.url), 'utf8'));
// What `portfolio serve` sends with the secret page (go test ./cli/internal/server -run SecretPageHeaders -update).
const served = JSON.parse(await readFile(new URL('../../cli/internal/server/testdata/secret-page-headers.json', import.meta.url), 'utf8'));
// The page serve sends once a project's access has ended (go test ./cli/internal/server -run ClosedPage -update).
const secretPages = JSON.parse(await readFile(new URL('../../cli/internal/server/testdata/secret-pages.json', import.meta.url), 'utf8'));
const closedPages = {
  en: await readFile(new URL('../../cli/internal/server/testdata/closed-page.html', import.meta.url), 'utf8'),
  sv: await readFile(new URL('../../cli/internal/server/testdata/closed-page-sv.html', import.meta.url), 'utf8'),
};

// Each value the Go code spells once and these modules spell again
// (issue 53): a change on either side fails here until both agree.
test('holds every constant the Go code spells once (vectors.constants)', () => {
  const c = vectors.constants;
  assert.equal(ENV_PREFIX, c.envPrefix);
  assert.equal(LIFETIME, c.lifetime);
  assert.equal(SECRET_FIELD, c.secretField);
  assert.equal(MAX_SECRET_POST, c.maxSecretPost);
  assert.equal(cookieName(c.cookie.slug), c.cookie.name);
  assert.equal(cookiePath(c.cookie.slug), c.cookie.path);
  assert.equal(MAX_CLIENT_NAME, c.maxClientName);
  assert.equal(CONTACT_PATH, c.contactPath);
  // The secret page's words when the build wrote none (decision 0123).
  assert.deepEqual(ENGLISH_GATE, c.englishGate);
  // Go's pattern read as JavaScript's (which spells / as \/).
  assert.equal(FONT_PATH.source, new RegExp(c.fontPath).source);
  assert.equal(COVER_URI.source, new RegExp(c.coverURI).source);
  assert.deepEqual(Object.entries(PRIVATE_HEADERS), c.privateHeaders);
  assert.deepEqual(FAVOURITES, c.favourites.fields);
  assert.deepEqual(LIMITS, c.favourites.limits);
  assert.equal(MAX_BODY, c.favourites.maxPost);
  assert.deepEqual({ favourites: STORE, activity: ACTIVITY_STORE }, c.stores);
  assert.deepEqual(KINDS, c.events);
});

test('signs each cookie as the Go code does', async () => {
  for (const c of vectors.cookies) assert.equal(await sign(c.secret, c.slug, c.expires), c.cookie, `${c.slug} ${c.secret}`);
});

test('accepts and refuses each cookie as the Go code does', async () => {
  for (const c of vectors.checks) assert.equal(await valid(c.secret, c.slug, c.cookie, c.now), c.valid, c.name);
});

test("ends a project's access as the Go code does (decision 0094)", () => {
  assert.ok(vectors.expiry.length >= 10);
  for (const c of vectors.expiry) assert.equal(ended({ title: 'T', photos: [], expires: c.expires || undefined }, c.now), c.ended, c.name);
  assert.equal(ended(undefined, NOW), false, 'no gallery known: no expiry known');
});

test("derives each client's secret and signs its cookie as the Go code does (decision 0096)", async () => {
  assert.ok(vectors.clients.secrets.length >= 5);
  for (const c of vectors.clients.secrets) {
    assert.equal(await clientSecret(c.secret, c.slug, c.name), c.clientSecret, `${c.slug} ${c.name}`);
    if (c.cookie) assert.equal(await signClient(c.secret, c.slug, c.name, c.expires), c.cookie, `${c.slug} ${c.name}`);
  }
});

test("admits and refuses each client's cookie and secret as the Go code does: revoked, another project's, altered", async () => {
  assert.ok(vectors.clients.checks.length >= 15);
  for (const c of vectors.clients.checks) assert.deepEqual(await validClient(c.secret, c.slug, c.cookie, c.clients, c.now), c.valid ? { client: c.client } : null, c.case);
  for (const c of vectors.checks) assert.deepEqual(await validClient(c.secret, c.slug, c.cookie, undefined, c.now), c.valid ? { client: '' } : null, c.name);
  for (const c of vectors.clients.given) assert.deepEqual(await secretClient(c.secret, c.slug, c.given, c.clients), c.ok ? { client: c.client } : null, c.case);
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
// A file larger than a stream's chunks, so a range is cut across them.
const VIDEO = Uint8Array.from({ length: 3 << 20 }, (_, i) => (i * 7919) % 251);
const HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, max-age=0, must-revalidate', 'X-Frame-Options': 'DENY' };
const meta = (contentType, etag, size) => ({ contentType, etag, size, headers: HEADERS });
const FILES = {
  'private/alpha/index.html': ['<h1>Alpha</h1>', meta('text/html; charset=utf-8', '"page"', 14)],
  'private/alpha/photos/2/index.html': ['<h1>Photo 2</h1>', meta('text/html; charset=utf-8', '"photo2"', 16)],
  'private/alpha/about.html': ['<h1>About</h1>', meta('text/html; charset=utf-8', '"about"', 14)],
  'private/alpha/img/p-480.jpg': [FILE, meta('image/jpeg', '"p480"', FILE.length)],
  'private/alpha/video/v.mp4': [VIDEO, meta('video/mp4', '"video"', VIDEO.length)],
  'private/alpha/empty.txt': ['', meta('text/plain; charset=utf-8', '"empty"', 0)],
};

let server;
let dir;
let storeRequests = 0;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gate-blobs-'));
  server = new BlobsServer({ directory: dir, token: 'test', onRequest: () => storeRequests++ });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  globalThis.netlifyBlobsContext = btoa(JSON.stringify({ deployID: '1', siteID: 'site', token: 'test', edgeURL: url, uncachedEdgeURL: url, primaryRegion: 'dev' }));
  for (const [key, [bytes, metadata]] of Object.entries(FILES)) await getDeployStore().set(key, new Blob([bytes]), { metadata });
});
after(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

async function gate(request) {
  const before = storeRequests;
  let forwarded = 0;
  const res = await handle(request, {
    secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
    deployStore: () => getDeployStore(),
    favouritesStore: () => getStore(STORE),
    next: async () => {
      forwarded++;
      return new Response('PUBLIC', { status: 200 });
    },
    now: () => NOW,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, body: new TextDecoder().decode(bytes), called: storeRequests - before, forwarded };
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
      const { res, body, called, forwarded } = await gate(at(path, init));
      assert.equal(called + forwarded, 0, `${path}: the file was asked for`);
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
  // Its own policy lets in the site's fonts and a data: cover, nothing wider (decision 0095).
  assert.equal(
    res.headers.get('Content-Security-Policy'),
    "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
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
  assert.equal(opened.res.status, 200);
  assert.equal(opened.body, FILE);
  assert.equal(opened.res.headers.get('X-Robots-Tag'), 'noindex');
  // alpha's cookie does not open another project.
  const other = await gate(at('/private/beta/', { headers: { Cookie: `private_beta=${value}` } }));
  assert.equal(other.res.status, 401);
  assert.equal(other.called, 0);
});

test('public paths pass through untouched', async () => {
  for (const path of ['/', '/projects/alpha', '/privateer/x', '/img/private/x.webp']) {
    const { called, forwarded } = await gate(at(path));
    assert.deepEqual([called, forwarded], [0, 1], path);
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

const alphaCookie = async () => `private_alpha=${await sign(SECRET, 'alpha', NOW + 3600)}`;
const admitted = async (path, init = {}) => gate(at(path, { ...init, headers: { Cookie: await alphaCookie(), ...init.headers } }));

test('past the gate, a file comes from the deploy store with its headers, never from the site', async () => {
  for (const [path, key] of [
    ['/private/alpha/', 'private/alpha/index.html'],
    ['/private/alpha', 'private/alpha/index.html'],
    ['/PRIVATE/alpha/photos/2', 'private/alpha/photos/2/index.html'],
    ['/private/alpha/photos/2/', 'private/alpha/photos/2/index.html'],
    ['/private/alpha/about', 'private/alpha/about.html'],
    ['/private/alpha/img/p-480.jpg', 'private/alpha/img/p-480.jpg'],
  ]) {
    const [bytes, m] = FILES[key];
    const { res, body, forwarded } = await admitted(path);
    assert.equal(res.status, 200, path);
    assert.equal(forwarded, 0, `${path}: asked the site`);
    assert.equal(body, bytes, path);
    assert.equal(res.headers.get('Content-Type'), m.contentType, path);
    assert.equal(res.headers.get('ETag'), m.etag, path);
    assert.equal(res.headers.get('Content-Length'), String(m.size), path);
    assert.equal(res.headers.get('Accept-Ranges'), 'bytes', path);
    for (const [k, v] of Object.entries(HEADERS)) assert.equal(res.headers.get(k), v, `${path} ${k}`);
  }
  const head = await admitted('/private/alpha/img/p-480.jpg', { method: 'HEAD' });
  assert.equal(head.res.status, 200);
  assert.equal(head.res.headers.get('Content-Length'), String(FILE.length));
  assert.equal(head.bytes.length, 0);
});

test('past the gate, conditional requests and ranges as the contract says', async () => {
  const video = '/private/alpha/video/v.mp4';
  const size = VIDEO.length;
  for (const inm of ['"video"', 'W/"video"', '"x", "video"', '*']) {
    const { res, bytes } = await admitted(video, { headers: { 'If-None-Match': inm } });
    assert.equal(res.status, 304, inm);
    assert.equal(bytes.length, 0);
    assert.equal(res.headers.get('ETag'), '"video"');
    assert.equal(res.headers.get('Content-Length'), null);
  }
  assert.equal((await admitted(video, { headers: { 'If-None-Match': '"other"' } })).res.status, 200);
  const cases = [
    ['bytes=0-99', 0, 99],
    ['bytes=1000-', 1000, size - 1],
    ['bytes=-500', size - 500, size - 1],
    ['bytes=-99999999', 0, size - 1],
    ['bytes=3000000-3145727', 3000000, size - 1],
    ['bytes=1048570-2097160', 1048570, 2097160],
    ['bytes=5-999999999', 5, size - 1],
    ['bytes=5-99999999999999999999999', 5, size - 1],
    ['BYTES= 7-8 ,', 7, 8],
    ['bytes=, -1', size - 1, size - 1],
  ];
  for (const [range, start, end] of cases) {
    const { res, bytes } = await admitted(video, { headers: { Range: range } });
    assert.equal(res.status, 206, range);
    assert.equal(res.headers.get('Content-Range'), `bytes ${start}-${end}/${size}`, range);
    assert.equal(res.headers.get('Content-Length'), String(end - start + 1), range);
    assert.deepEqual(bytes, VIDEO.subarray(start, end + 1), range);
  }
  for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
    const { res, bytes } = await admitted(video, { headers: { Range: range } });
    assert.equal(res.status, 416, range);
    assert.equal(res.headers.get('Content-Range'), `bytes */${size}`, range);
    assert.equal(bytes.length, 0);
  }
  // An empty file has no range to give: the whole (empty) file, as serve answers.
  assert.equal((await admitted('/private/alpha/empty.txt', { headers: { Range: 'bytes=0-' } })).res.status, 200);
  // One range only; anything else is the whole file.
  for (const headers of [{ Range: 'bytes=0-1,5-6' }, { Range: 'bytes=9-2' }, { Range: 'items=0-1' }, { Range: 'bytes=a-b' }, { Range: 'bytes=-' }, { Range: 'bytes =0-1' }, { Range: 'bytes=0-1', 'If-Range': '"old"' }, { Range: 'bytes=0-1', 'If-Range': 'W/"video"' }]) {
    const { res, bytes } = await admitted(video, { headers });
    assert.equal(res.status, 200, JSON.stringify(headers));
    assert.equal(bytes.length, size, JSON.stringify(headers));
  }
  const ifRange = await admitted(video, { headers: { Range: 'bytes=0-1', 'If-Range': '"video"' } });
  assert.equal(ifRange.res.status, 206);
  // Ranges are for GET: HEAD tells the whole file.
  const headRange = await admitted(video, { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
  assert.equal(headRange.res.status, 200);
  assert.equal(headRange.res.headers.get('Content-Length'), String(size));
  assert.equal(headRange.bytes.length, 0);
});

// Issue 48: past the gate, an unknown address got the site's 404.html,
// which loads the analytics with the private address in it.
test("past the gate, an address the store lacks gets the function's own page; other methods are refused", async () => {
  for (const path of ['/private/alpha/no-such-page', '/private/alpha/img/']) {
    const { res, body, forwarded } = await admitted(path, { headers: { Accept: 'text/html' } });
    assert.equal(res.status, 404, path);
    assert.equal(forwarded, 0);
    assert.doesNotMatch(body, /data-provider|script/);
    assert.match(body, /No page here/);
    assert.equal(res.headers.get('X-Robots-Tag'), 'noindex');
  }
  const text = await admitted('/private/alpha/nothing');
  assert.equal(text.body, '404 There is no page at this address.\n');
  for (const method of ['PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
    const { res, forwarded } = await admitted('/private/alpha/img/p-480.jpg', { method });
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.get('Allow'), 'GET, HEAD, POST');
    assert.equal(forwarded, 0);
  }
});

const GALLERIES = { alpha: { title: 'Secret Alpha', photos: ['A_1.jpg', 'A_2.jpg'] }, beta: { title: 'Secret Beta', photos: ['B_1.jpg'] } };

/** Posts the favourites form to `path` with `cookie`; what was answered, forwarded and stored. */
async function postFavourites(path, fields, { cookie, type = 'application/x-www-form-urlencoded', accept = 'application/json', galleryFor = (slug) => GALLERIES[slug], viaForms = false } = {}) {
  const form = new URLSearchParams([['form-name', 'favourites'], ...fields]);
  let body = form.toString();
  let contentType = type;
  if (type === 'multipart') {
    const data = new FormData();
    for (const [k, v] of form) data.append(k, v);
    const encoded = new Response(data);
    contentType = encoded.headers.get('Content-Type');
    body = await encoded.text();
  }
  const headers = { 'Content-Type': contentType, Accept: accept };
  if (cookie) headers.Cookie = cookie;
  const request = at(path, { method: 'POST', headers, body });
  const store = getStore(STORE);
  const listed = async () => (await store.list()).blobs.map((b) => b.key);
  const before = new Set(await listed());
  let forwarded = 0;
  const next = async () => {
    forwarded++;
    return new Response('forms', { status: 200 });
  };
  const res = viaForms
    ? await forms.default(request, { next })
    : await handle(request, { secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined), galleryFor, deployStore: () => getDeployStore(), favouritesStore: () => store, next, now: () => NOW });
  const added = (await listed()).filter((k) => !before.has(k));
  const stored = await Promise.all(added.map((k) => store.get(k, { type: 'json' })));
  return { res, body: await res.text(), forwarded, added, stored };
}

const PICK = [
  ['name', 'Jo'],
  ['email', 'jo@example.com'],
  ['message', ' Prints, please '],
  ['project', 'Secret Alpha'],
  ['photos', 'A_1.jpg\nA_2.jpg'],
];

test("favourites past the gate: the admitted project's, checked, stored in the favourites store", async () => {
  const cookie = await alphaCookie();
  const ok = await postFavourites('/private/alpha/photos/1', PICK, { cookie });
  assert.equal(ok.res.status, 200);
  assert.equal(ok.body, '{"ok":true}\n');
  assert.equal(ok.forwarded, 0, 'never handed to Netlify Forms');
  assert.equal(ok.added.length, 1);
  assert.match(ok.added[0], /^alpha\/2027-01-15T08-00-00-000Z-[0-9a-f]{12}\.json$/);
  assert.deepEqual(ok.stored[0], {
    form: 'favourites',
    slug: 'alpha',
    project: 'Secret Alpha',
    client: '',
    name: 'Jo',
    email: 'jo@example.com',
    note: 'Prints, please',
    photos: ['A_1.jpg', 'A_2.jpg'],
    received: '2027-01-15T08:00:00.000Z',
    message: 'Favourites from “Secret Alpha” (2 photos):\nA_1.jpg\nA_2.jpg\n\nPrints, please\n',
  });
  const page = await postFavourites('/private/alpha/photos/1', PICK, { cookie, accept: 'text/html,*/*;q=0.8' });
  assert.equal(page.res.status, 200);
  assert.match(page.body, /<title>Thank you! Your favourites were sent.<\/title>/);
  assert.match(page.body, /href="\/private\/alpha\/photos\/1">Go back/);

  const refused = [
    ['another project', [['project', 'Secret Beta'], ['photos', 'B_1.jpg']], 400, { project: "This list was made on another project's page; send it from this project's page" }],
    ['an unknown photo', [['photos', 'A_1.jpg\nIMG_9999.jpg']], 400, { photos: "Not in this project's gallery: IMG_9999.jpg; choose the photos on this project's page" }],
    ['no name', [['name', ' ']], 400, { name: 'Name is required' }],
    ['a long name', [['name', 'x'.repeat(101)]], 400, { name: 'Name must be less than 100 characters' }],
    ['a bad email', [['email', 'jo@example']], 400, { email: 'Invalid email address' }],
    ['a long note', [['message', 'é'.repeat(1001)]], 400, { message: 'Message must be less than 1000 characters' }],
    ['no photos', [['photos', '\n \n']], 400, { photos: 'Choose at least one photo' }],
    ['too many photos', [['photos', Array.from({ length: 501 }, (_, i) => `A_${i}.jpg`).join('\n')]], 400, { photos: 'Choose at most 500 photos' }],
    ['an unreadable name', [['photos', 'A_1.jpg\u200b']], 400, { photos: "A photo's name cannot be read; send the list from the page" }],
  ];
  for (const [name, change, status, errors] of refused) {
    const fields = PICK.filter(([k]) => !change.some(([c]) => c === k)).concat(change);
    const r = await postFavourites('/private/alpha/photos/1', fields, { cookie });
    assert.equal(r.res.status, status, name);
    assert.deepEqual(JSON.parse(r.body), { ok: false, errors }, name);
    assert.deepEqual([r.added, r.forwarded], [[], 0], `${name}: stored or forwarded`);
  }
  const html = await postFavourites('/private/alpha/photos/1', [...PICK.slice(0, 3), ['project', 'Secret Beta'], ['photos', 'B_1.jpg']], { cookie, accept: 'text/html' });
  assert.match(html.body, /<p>This list was made on another project&#39;s page; send it from this project&#39;s page\. Go back: your choice is still on the page\.<\/p>/);

  const bot = await postFavourites('/private/alpha/photos/1', [...PICK, ['bot-field', 'x']], { cookie });
  assert.deepEqual([bot.res.status, bot.added], [200, []], 'a filled honeypot is thanked and dropped');
  const unlisted = await postFavourites('/private/alpha/photos/1', PICK, { cookie, galleryFor: () => undefined });
  assert.deepEqual([unlisted.res.status, unlisted.added], [503, []], 'no gallery list: refused, never stored unchecked');
  const multipart = await postFavourites('/private/alpha/photos/1', PICK, { cookie, type: 'multipart' });
  assert.deepEqual([multipart.res.status, multipart.added, multipart.forwarded], [415, [], 0]);
});

test("favourites without the project's cookie, or outside a private project, are refused and never stored", async () => {
  const betaCookie = `private_beta=${await sign(SECRET, 'beta', NOW + 3600)}`;
  const alphaForBeta = `private_beta=${(await alphaCookie()).split('=')[1]}`;
  for (const [path, cookie] of [
    ['/private/alpha/photos/1', undefined],
    ['/private/alpha/photos/1', betaCookie],
    ['/private/beta/', alphaForBeta],
    ['/private/beta/', await alphaCookie()],
  ]) {
    const r = await postFavourites(path, PICK, { cookie });
    assert.equal(r.res.status, 401, `${path} ${cookie}`);
    assert.deepEqual([r.added, r.forwarded], [[], 0]);
  }
  for (const path of ['/', '/projects/alpha', '/privateer/x']) {
    for (const type of [undefined, 'multipart']) {
      const r = await postFavourites(path, PICK, { cookie: await alphaCookie(), viaForms: true, type });
      assert.equal(r.res.status, type ? 415 : 404, path);
      assert.deepEqual([r.added, r.forwarded], [[], 0], `${path}: went on to Netlify Forms`);
    }
  }
  assert.equal(JSON.parse((await postFavourites('/', PICK, { viaForms: true })).body).error, 'There is no form named "favourites".');
});

test('the forms function lets the contact form and private paths through, on POST only', async () => {
  assert.deepEqual(forms.config.method, ['POST']);
  assert.equal(forms.config.path, '/*');
  const contact = new URLSearchParams({ 'form-name': 'contact', name: 'Jo', email: 'jo@example.com', message: 'Hi' }).toString();
  for (const [path, body] of [
    ['/', contact],
    ['/contact', contact],
    ['/private/alpha/photos/1', new URLSearchParams({ 'form-name': 'favourites' }).toString()],
  ]) {
    let forwarded = 0;
    const res = await forms.default(at(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body }), {
      next: async () => {
        forwarded++;
        return new Response('next');
      },
    });
    assert.equal(await res.text(), 'next', path);
    assert.equal(forwarded, 1, path);
  }
});

test("the secret's page posts back to the path as serve spells it, whatever spelling came in", async () => {
  for (const [path, action] of [
    ['/private/alpha/%69mg/p-480.jpg', '/private/alpha/img/p-480.jpg'],
    ['/private/alpha/photos/%32', '/private/alpha/photos/2'],
    ['/private/alpha/caf%C3%A9 menu', '/private/alpha/caf%C3%A9%20menu'],
    ["/private/alpha/a'b", '/private/alpha/a%27b'],
  ]) {
    const { res, body } = await gate(at(path));
    assert.equal(res.status, 401, path);
    assert.ok(body.includes(`<form method="post" action="${action}">`), `${path}: ${body.match(/<form[^>]*>/)?.[0]}`);
  }
});

test('after its last day the gate refuses the secret and the cookie alike, politely, with the contact page (decision 0094)', async () => {
  const lastDay = '2027-01-14'; // NOW is 2027-01-15T08:00:00Z
  const galleries = { alpha: { title: 'The Alpha Wedding', photos: ['p.jpg'], expires: lastDay, owner: 'Avery Morgan' } };
  const run = async (request, now, gallery = galleries.alpha) => {
    const before = storeRequests;
    const res = await handle(request, {
      secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
      galleryFor: (slug) => (slug === 'alpha' ? gallery : undefined),
      deployStore: () => getDeployStore(),
      favouritesStore: () => getStore(STORE),
      next: async () => new Response('PUBLIC'),
      now: () => now,
    });
    return { res, body: await res.text(), called: storeRequests - before };
  };
  const post = (secret) => at('/private/alpha/', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ secret }).toString() });
  const cookie = { headers: { Cookie: `private_alpha=${await sign(SECRET, 'alpha', NOW + 3600)}` } };

  // The right secret: no cookie, the closed page.
  const closed = await run(post(SECRET), NOW);
  assert.equal(closed.res.status, 403);
  assert.equal(closed.res.headers.get('Set-Cookie'), null);
  assert.equal(closed.res.headers.get('Cache-Control'), 'no-store');
  assert.equal(closed.res.headers.get('X-Robots-Tag'), 'noindex');
  assert.match(closed.body, /<h1>This private page is closed<\/h1>/);
  assert.match(closed.body, /<a href="\/contact">Write to Avery Morgan<\/a>/);
  assert.ok(!closed.body.includes('Alpha') && !closed.body.includes(lastDay) && !closed.body.includes('p.jpg'), 'nothing of the project');
  // A cookie signed before the end no longer opens a page or a file.
  for (const path of ['/private/alpha/', '/private/alpha/img/p-480.jpg']) {
    const { res, body, called } = await run(at(path, cookie), NOW);
    assert.equal(res.status, 403, path);
    assert.equal(called, 0, path);
    assert.ok(!body.includes(FILE));
  }
  // Neither is a favourites list taken.
  const fav = await run(at('/private/alpha/', { method: 'POST', headers: { ...cookie.headers, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body: 'form-name=favourites&name=A&email=a%40example.com&project=The+Alpha+Wedding&photos=p.jpg' }), NOW);
  assert.equal(fav.res.status, 403);
  // A wrong secret or no cookie: the secret's page as for any project, which says nothing of the end.
  assert.equal((await run(post('a guess'), NOW)).res.status, 401);
  assert.equal((await run(at('/private/alpha/'), NOW)).res.status, 401);
  // The day before the end, on the last day and with no expiry: admitted.
  for (const [now, gallery] of [[NOW - 86400, galleries.alpha], [Date.UTC(2027, 0, 14, 23, 59, 59) / 1000, galleries.alpha], [NOW, { ...galleries.alpha, expires: undefined }]]) {
    assert.equal((await run(post(SECRET), now, gallery)).res.status, 303, String(now));
    const { res, body } = await run(at('/private/alpha/img/p-480.jpg', cookie), Math.min(now, NOW), gallery);
    assert.equal(res.status, 200);
    assert.equal(body, FILE);
  }
});

test("the closed page is serve's, byte for byte, in the language of its address", async () => {
  // The English site and path, and a Swedish address of secret-pages.json's site in two languages (decision 0123, amended).
  for (const [lang, path, site] of [
    ['en', '/private/alpha/', { name: "Avery & Jo O'Neil <studio>", text: '/assets/inter-DWCdPg6A.woff2', display: '/assets/fraunces-BpEfuOmu.woff2' }],
    ['sv', '/private/alpha/sv/', secretPages.find((c) => c.site?.languages?.includes('sv')).site],
  ]) {
    const res = await handle(
      at(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ secret: SECRET }).toString() }),
      {
        secretFor: () => SECRET,
        galleryFor: () => ({ title: 'Secret Alpha', photos: [], expires: '2027-01-14', owner: "Avery & Jo O'Neil <studio>" }),
        site,
        deployStore: () => getDeployStore(),
        favouritesStore: () => getStore(STORE),
        next: async () => new Response('PUBLIC'),
        now: () => NOW,
      },
    );
    assert.equal(res.status, 403, lang);
    assert.equal(await res.text(), closedPages[lang], lang);
  }
});

test("a named client: its secret and cookie open the project and name it on the favourites; once revoked, neither opens anything (decision 0096)", async () => {
  const ANNA = 'Anna Smith';
  const listed = { title: 'Secret Alpha', photos: ['A_1.jpg', 'A_2.jpg'], clients: [ANNA, 'Zoë'] };
  const revoked = { title: 'Secret Alpha', photos: ['A_1.jpg', 'A_2.jpg'], clients: ['Zoë'] };
  const store = getStore(STORE);
  const run = async (request, gallery) => {
    const before = storeRequests;
    const res = await handle(request, {
      secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
      galleryFor: (slug) => (slug === 'alpha' ? gallery : undefined),
      deployStore: () => getDeployStore(),
      favouritesStore: () => store,
      next: async () => new Response('PUBLIC'),
      now: () => NOW,
    });
    return { res, body: await res.text(), called: storeRequests - before };
  };
  const post = (secret) => at('/private/alpha/', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ secret }).toString() });
  const annaSecret = await clientSecret(SECRET, 'alpha', ANNA);

  const entered = await run(post(annaSecret), listed);
  assert.equal(entered.res.status, 303);
  const value = entered.res.headers.get('Set-Cookie').split(';')[0].split('=')[1];
  assert.equal(value, await signClient(SECRET, 'alpha', ANNA, NOW + LIFETIME));
  const cookie = { Cookie: `private_alpha=${value}` };
  const opened = await run(at('/private/alpha/img/p-480.jpg', { headers: cookie }), listed);
  assert.deepEqual([opened.res.status, opened.body], [200, FILE]);

  const keys = async () => new Set((await store.list()).blobs.map((b) => b.key));
  const before = await keys();
  const sent = await run(
    at('/private/alpha/photos/1', { method: 'POST', headers: { ...cookie, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body: new URLSearchParams([['form-name', 'favourites'], ...PICK]).toString() }),
    listed,
  );
  assert.equal(sent.res.status, 200);
  const added = [...(await keys())].filter((k) => !before.has(k));
  assert.equal(added.length, 1);
  const rec = await store.get(added[0], { type: 'json' });
  assert.equal(rec.client, ANNA, 'the client as the owner named it');
  assert.equal(rec.name, 'Jo', 'the name the form gave, kept');

  // Revoked (the next deploy lists the name no more): the secret page, for the secret and the cookie alike.
  const again = await run(post(annaSecret), revoked);
  assert.equal(again.res.status, 401);
  assert.equal(again.res.headers.get('Set-Cookie'), null);
  for (const path of ['/private/alpha/', '/private/alpha/img/p-480.jpg']) {
    const shut = await run(at(path, { headers: cookie }), revoked);
    assert.equal(shut.res.status, 401, path);
    assert.equal(shut.called, 0, `${path}: the store was asked`);
    assert.ok(!shut.body.includes(FILE));
  }
  // The other clients and the project's secret still open it.
  assert.equal((await run(post(await clientSecret(SECRET, 'alpha', 'Zoë')), revoked)).res.status, 303);
  assert.equal((await run(post(SECRET), revoked)).res.status, 303);
  // No list from the build: no named client is admitted.
  assert.equal((await run(at('/private/alpha/', { headers: cookie }), undefined)).res.status, 401);
});

test("each secret's page, notice and favourites answer is serve's, byte for byte, with only what the owner allowed (decision 0095)", async () => {
  assert.ok(secretPages.length >= 16);
  for (const c of secretPages) {
    const headers = {};
    let body;
    if (c.secret) body = new URLSearchParams({ secret: c.secret }).toString();
    if (c.form === 'multipart') {
      headers['Content-Type'] = 'multipart/form-data; boundary=x';
      body = '--x\r\nContent-Disposition: form-data; name="form-name"\r\n\r\nfavourites\r\n--x--\r\n';
    } else if (c.form === 'too large') {
      // A byte over the limit (contact.MaxPost).
      body = new URLSearchParams([['form-name', 'favourites'], ['name', 'Jo'], ['email', 'jo@example.com'], ['message', 'Prints, please'], ['project', 'Secret Alpha'], ['photos', 'IMG_0012.jpg']]).toString() + '&x=';
      body += 'x'.repeat(MAX_BODY + 1 - body.length);
    } else if (c.form) body = c.form;
    if (body !== undefined) headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
    if (c.accept) headers.Accept = c.accept;
    if (c.cookie) headers.Cookie = await alphaCookie();
    const method = c.method ?? (body === undefined ? 'GET' : 'POST');
    const res = await handle(at(c.path, { method, headers, body }), {
      secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
      galleryFor: (slug) => (slug === 'alpha' && !c.unlisted ? { title: 'Secret Alpha', photos: ['IMG_0012.jpg'], page: c.page } : undefined),
      site: c.site,
      deployStore: () => getDeployStore(),
      // As a full disk would: storing fails.
      favouritesStore: () => (c.storeFails ? { setJSON: async () => Promise.reject(new Error('disk full')) } : getStore(STORE)),
      next: async () => new Response('PUBLIC'),
      now: () => NOW,
    });
    assert.equal(res.status, c.status, c.name);
    for (const [name, value] of Object.entries(c.headers)) assert.equal(res.headers.get(name), value, `${c.name}: ${name}`);
    assert.equal(await res.text(), c.body, c.name);
  }
});
