// What a client does on a private project, as the Edge Function keeps it
// (decision 0097): the same events as `portfolio serve`
// (cli/internal/server activity_test.go), in a real Netlify Blobs store
// (@netlify/blobs' BlobsServer, what `netlify dev` runs).
//
//   node --test netlify/private-gate/
//   deno test --allow-read --allow-write --allow-net --allow-env --allow-sys --no-lock --node-modules-dir=manual netlify/private-gate/activity.test.mjs
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BlobsServer } from '../../site/node_modules/@netlify/blobs/dist/server.js';
import { getDeployStore, getStore } from '../../site/node_modules/@netlify/blobs/dist/main.js';
import { downloadName, event, STORE, TIMEOUT } from './activity.mjs';
import { clientSecret, handle, sign, signClient } from './gate.mjs';

const SECRET = 'correct horse battery staple';
const NOW = 1_800_000_000;
const HEADERS = { 'Cache-Control': 'private, max-age=0, must-revalidate' };
const meta = (contentType, etag, size) => ({ contentType, etag, size, headers: HEADERS });
const ZIP = 'PK-ALPHA-ZIP-BYTES';
const FILES = {
  'private/alpha/index.html': ['<h1>Alpha</h1>', meta('text/html; charset=utf-8', '"page"', 14)],
  'private/alpha/img/p-480.jpg': ['JPEG', meta('image/jpeg', '"p480"', 4)],
  'private/alpha/alpha-web.zip': [ZIP, meta('application/zip', '"zip"', ZIP.length)],
  'private/alpha/download/A_1.jpg': ['A1', meta('image/jpeg', '"a1"', 2)],
};
const GALLERY = { title: 'Secret Alpha', photos: ['A_1.jpg', 'A_2.jpg'] };

let server;
let dir;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'activity-blobs-'));
  server = new BlobsServer({ directory: dir, token: 'test' });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  globalThis.netlifyBlobsContext = btoa(
    JSON.stringify({ deployID: '1', siteID: 'site', token: 'test', edgeURL: url, uncachedEdgeURL: url, primaryRegion: 'dev' }),
  );
  for (const [key, [bytes, metadata]] of Object.entries(FILES)) await getDeployStore().set(key, new Blob([bytes]), { metadata });
});
after(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

test('counts as downloads the paths the Go code does', async () => {
  const { cases } = JSON.parse(await readFile(new URL('../../cli/internal/server/testdata/download-paths.json', import.meta.url), 'utf8'));
  assert.ok(cases.length >= 10);
  for (const c of cases) assert.equal(downloadName(c.path, c.slug), c.file, c.path);
});

test('an event keeps the project, the client, the kind, the file or count and the time: nothing of the request', () => {
  const date = new Date(NOW * 1000);
  assert.deepEqual(event({ slug: 'alpha', client: '', kind: 'opened', file: 'x', photos: 3, date }), {
    slug: 'alpha',
    client: '',
    kind: 'opened',
    at: '2027-01-15T08:00:00.000Z',
  });
  assert.deepEqual(event({ slug: 'alpha', client: 'Jo', kind: 'download', file: 'alpha-web.zip', date }), {
    slug: 'alpha',
    client: 'Jo',
    kind: 'download',
    file: 'alpha-web.zip',
    at: '2027-01-15T08:00:00.000Z',
  });
  assert.deepEqual(event({ slug: 'alpha', client: 'Jo', kind: 'favourites', photos: 2, date }), {
    slug: 'alpha',
    client: 'Jo',
    kind: 'favourites',
    photos: 2,
    at: '2027-01-15T08:00:00.000Z',
  });
});

/** The events the store holds, oldest first, as `kind file photos`. */
async function stored() {
  const store = getStore(STORE);
  const keys = (await store.list({ prefix: 'alpha/' })).blobs.map((b) => b.key).sort();
  const out = [];
  for (const key of keys) {
    assert.match(key, /^alpha\/2027-01-15T08-[0-9]{2}-[0-9]{2}-000Z-[0-9a-f]{12}\.json$/);
    const e = await store.get(key, { type: 'json' });
    assert.deepEqual(
      Object.keys(e).filter((k) => !['slug', 'client', 'kind', 'at', 'file', 'photos'].includes(k)),
      [],
      'nothing else is kept',
    );
    out.push(`${e.kind} ${e.file ?? ''} ${e.photos ?? ''} ${e.at}`.replace(/\s+/g, ' '));
  }
  return out;
}

test("the gate's admission, a stored list and a download from its first byte are kept once each", async () => {
  let now = NOW;
  const options = (extra = {}) => ({
    secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
    galleryFor: (slug) => (slug === 'alpha' ? GALLERY : undefined),
    deployStore: () => getDeployStore(),
    favouritesStore: () => getStore('favourites'),
    activityStore: () => getStore(STORE),
    next: async () => new Response('next'),
    now: () => now,
    ...extra,
  });
  const at = (path, init = {}) => new Request(`https://example.com${path}`, init);
  const form = (fields) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...fields.headers },
    body: new URLSearchParams(fields.body).toString(),
  });
  const cookie = `private_alpha=${await sign(SECRET, 'alpha', NOW + 3600)}`;
  const asClient = (path, init = {}) => handle(at(path, { ...init, headers: { Cookie: cookie, ...init.headers } }), options());

  // No cookie, a wrong secret: no one's activity.
  assert.equal((await handle(at('/private/alpha/alpha-web.zip'), options())).status, 401);
  assert.equal((await handle(at('/private/alpha/', form({ body: { secret: 'wrong' } })), options())).status, 401);
  now += 1;
  assert.equal((await handle(at('/private/alpha/', form({ body: { secret: SECRET } })), options())).status, 303);
  const steps = [
    ['/private/alpha/', {}, 200],
    ['/private/alpha/img/p-480.jpg', {}, 200],
    ['/private/alpha/alpha-web.zip', { method: 'HEAD' }, 200],
    ['/private/alpha/alpha-web.zip', {}, 200], // kept
    ['/private/alpha/alpha-web.zip', { headers: { 'If-None-Match': '"zip"' } }, 304],
    ['/private/alpha/alpha-web.zip', { headers: { Range: 'bytes=2-' } }, 206],
    ['/private/alpha/download/A_1.jpg', { headers: { Range: 'bytes=0-0' } }, 206], // kept
    ['/private/alpha/download/A_9.jpg', {}, 404],
    [
      '/private/alpha/photos/1',
      form({ body: { 'form-name': 'favourites', project: 'Secret Alpha', photos: 'A_1.jpg\nA_2.jpg', name: 'Jo', email: 'jo@example.com' } }),
      200,
    ], // kept
    [
      '/private/alpha/photos/1',
      form({ body: { 'form-name': 'favourites', project: 'Secret Alpha', photos: 'NOT_THERE.jpg', name: 'Jo', email: 'jo@example.com' } }),
      400,
    ],
  ];
  for (const [path, init, status] of steps) {
    now += 1;
    const res = await asClient(path, init);
    await res.arrayBuffer();
    assert.equal(res.status, status, `${init.method ?? 'GET'} ${path}`);
  }
  assert.deepEqual(await stored(), [
    'opened 2027-01-15T08:00:01.000Z',
    'download alpha-web.zip 2027-01-15T08:00:05.000Z',
    'download A_1.jpg 2027-01-15T08:00:08.000Z',
    'favourites 2 2027-01-15T08:00:10.000Z',
  ]);
});

test('a write that fails or hangs costs the client nothing but the wait', async () => {
  const broken = () => ({
    setJSON: async () => {
      throw new Error('store unavailable');
    },
  });
  const logged = [];
  const error = console.error;
  console.error = (line) => logged.push(String(line));
  try {
    const res = await handle(
      new Request('https://example.com/private/alpha/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `secret=${encodeURIComponent(SECRET)}`,
      }),
      {
        secretFor: () => SECRET,
        deployStore: () => getDeployStore(),
        activityStore: broken,
        next: async () => new Response('next'),
        now: () => NOW,
      },
    );
    assert.equal(res.status, 303);
    assert.match(res.headers.get('Set-Cookie'), /^private_alpha=/);
    // A store that never answers: the answer goes on after TIMEOUT.
    const hung = await handle(
      new Request('https://example.com/private/alpha/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `secret=${encodeURIComponent(SECRET)}`,
      }),
      {
        secretFor: () => SECRET,
        deployStore: () => getDeployStore(),
        activityStore: () => ({ setJSON: () => new Promise(() => {}) }),
        next: async () => new Response('next'),
        now: () => NOW,
      },
    );
    assert.equal(hung.status, 303);
  } finally {
    console.error = error;
  }
  assert.deepEqual(logged, [
    "activity: cannot keep alpha's opened event: Error: store unavailable",
    `activity: cannot keep alpha's opened event: no answer from the store in ${TIMEOUT} ms`,
  ]);
});

test("a named client's open, list and download are kept under the name the owner gave (decision 0096)", async () => {
  const ANNA = 'Anna Smith';
  const gallery = { ...GALLERY, clients: [ANNA] };
  const options = {
    secretFor: (slug) => (slug === 'alpha' ? SECRET : undefined),
    galleryFor: (slug) => (slug === 'alpha' ? gallery : undefined),
    deployStore: () => getDeployStore(),
    favouritesStore: () => getStore('favourites'),
    activityStore: () => getStore(STORE),
    next: async () => new Response('next'),
    now: () => NOW + 100,
  };
  const at = (path, init = {}) => new Request(`https://example.com${path}`, init);
  const post = (body, headers = {}) => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...headers }, body: new URLSearchParams(body).toString() });
  assert.equal((await handle(at('/private/alpha/', post({ secret: await clientSecret(SECRET, 'alpha', ANNA) })), options)).status, 303);
  const cookie = { Cookie: `private_alpha=${await signClient(SECRET, 'alpha', ANNA, NOW + 3600)}` };
  assert.equal((await handle(at('/private/alpha/alpha-web.zip', { headers: cookie }), options)).status, 200);
  const list = { 'form-name': 'favourites', project: 'Secret Alpha', photos: 'A_1.jpg', name: 'Anna', email: 'anna@example.com' };
  assert.equal((await handle(at('/private/alpha/photos/1', post(list, cookie)), options)).status, 200);
  const store = getStore(STORE);
  const kinds = [];
  for (const { key } of (await store.list({ prefix: 'alpha/' })).blobs) {
    const e = await store.get(key, { type: 'json' });
    if (e.client === ANNA) kinds.push(e.kind);
  }
  assert.deepEqual(kinds.sort(), ['download', 'favourites', 'opened']);
});
