// The site as Netlify's own local runtime serves it, for the tests that
// hold the Edge Functions to `portfolio serve` (issue 49; decision 0090):
//
//   node netlify/dev/edge.mjs [--port N] [--root DIR] [--site DIR/site/dist] [--blobs DIR/.netlify/v1/blobs/deploy]
//
// DIR (the repository by default) is a build's folder: its
// netlify/edge-functions are run, importing what its build generated.
// - The functions in netlify/edge-functions/, and those the build wrote
//   into .netlify/v1/edge-functions/, run in Deno through
//   @netlify/edge-functions-dev (what `netlify dev` runs: Netlify's bundled
//   bootstrap, the routes each function's own `config` declares, Netlify.env,
//   context.next()). Deno is the npm `deno` of site/package.json.
// - context.next() reaches a static origin of the publish folder, as the
//   CDN would: a file, a folder's index.html, a page's .html, else 404.html.
// - getDeployStore() reads @netlify/blobs' BlobsServer, loaded from the
//   build's deploy store (.netlify/v1/blobs/deploy/<key>/blob and
//   blob.meta.json, the Frameworks API layout @netlify/build uploads);
//   getStore('favourites') writes to the same server.
// - /.netlify/images is answered by @netlify/images' ImageHandler against
//   the origin, as `netlify dev` answers it.
//
// The secrets are the PORTFOLIO_PRIVATE_* variables of the environment.
// It prints "edge: listening on http://127.0.0.1:<port>" when ready, and
// `GET /.harness/favourites` lists the favourites store (key → record), for
// tests; `GET /.harness/blobs` gives the Blobs server's API address, token
// and site ID ({api, token, siteID}), so a test reads the site's stores
// (the activity, decision 0097) through Netlify's API as
// `portfolio messages --netlify` does. A request reaches the runtime as Node's http server read it: its
// raw path goes through WHATWG URL parsing first, which resolves dot
// segments and turns a backslash into a slash before any function runs.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(fileURLToPath(import.meta.url), '../../..');
const modules = path.join(repo, 'site/node_modules');
const { EdgeFunctionsHandler } = await import(path.join(modules, '@netlify/edge-functions-dev/dist/node/main.js'));
const { BlobsServer } = await import(path.join(modules, '@netlify/blobs/dist/server.js'));
const { getDeployStore, getStore } = await import(path.join(modules, '@netlify/blobs/dist/main.js'));
const { ImageHandler } = await import(path.join(modules, '@netlify/images/dist/main.js'));

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    root: { type: 'string', default: repo },
    site: { type: 'string' },
    blobs: { type: 'string' },
  },
});
const root = path.resolve(args.root);
const site = path.resolve(args.site ?? path.join(root, 'site/dist'));
args.blobs = path.resolve(args.blobs ?? path.join(root, '.netlify/v1/blobs/deploy'));

// Each kind of file's Content-Type, as `portfolio serve` and the deploy
// store's metadata have it: the one table cli/internal/headers embeds.
const TYPES = JSON.parse(await readFile(path.join(repo, 'cli/internal/headers/contenttypes.json'), 'utf8')).types;

/** The publish folder's file for a URL path, as a static host resolves it; null when none. */
async function resolveStatic(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.join(site, decoded);
  if (file !== site && !file.startsWith(site + path.sep)) return null;
  for (const candidate of decoded.endsWith('/') ? [path.join(file, 'index.html')] : [file, path.join(file, 'index.html'), file + '.html']) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

// The CDN behind context.next(): the publish folder, nothing else.
const origin = http.createServer(async (req, res) => {
  const urlPath = new URL(req.url, 'http://origin').pathname;
  const file = await resolveStatic(urlPath);
  const [status, name] = file ? [200, file] : [404, path.join(site, '404.html')];
  const body = existsSync(name) ? await readFile(name) : Buffer.from('Not found\n');
  res.writeHead(status, { 'Content-Type': TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream', 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
});
await new Promise((ok) => origin.listen(0, '127.0.0.1', ok));
const originURL = `http://127.0.0.1:${origin.address().port}`;

// The deploy's Blobs store, loaded from the build's Frameworks API folder.
const blobsDir = await mkdtemp(path.join(tmpdir(), 'edge-blobs-'));
const token = randomUUID();
const blobs = new BlobsServer({ directory: blobsDir, token });
const { port: blobsPort } = await blobs.start();
const blobsURL = `http://127.0.0.1:${blobsPort}`;
const blobsContext = { deployID: '0', siteID: 'site', token, edgeURL: blobsURL, uncachedEdgeURL: blobsURL, primaryRegion: 'dev' };
process.env.NETLIFY_BLOBS_CONTEXT = btoa(JSON.stringify(blobsContext));

async function* blobFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* blobFiles(full);
    else if (entry.name === 'blob') yield full;
  }
}
const deployStore = getDeployStore();
let loaded = 0;
for await (const file of blobFiles(path.resolve(args.blobs))) {
  const key = path.relative(path.resolve(args.blobs), path.dirname(file)).split(path.sep).join('/');
  const metaFile = path.join(path.dirname(file), 'blob.meta.json');
  const metadata = existsSync(metaFile) ? JSON.parse(await readFile(metaFile, 'utf8')) : {};
  await deployStore.set(key, new Blob([await readFile(file)]), { metadata });
  loaded++;
}

// Deno runs from a folder of its own, with no package.json above it and
// node_modules resolved by hand: nothing of site/'s package.json decides
// how the functions' imports resolve (they import the Blobs client
// bundled by the build, netlify/private-gate/vendor/, as on Netlify).
const denoHome = await mkdtemp(path.join(tmpdir(), 'edge-deno-'));
await writeFile(path.join(denoHome, 'deno.json'), JSON.stringify({ nodeModulesDir: 'manual' }));
await mkdir(denoHome, { recursive: true });
process.chdir(denoHome);
process.env.PATH = `${path.join(modules, '.bin')}${path.delimiter}${process.env.PATH}`;

const env = { NETLIFY_BLOBS_CONTEXT: process.env.NETLIFY_BLOBS_CONTEXT };
for (const [k, v] of Object.entries(process.env)) if (k.startsWith('PORTFOLIO_PRIVATE_')) env[k] = v;
const logger = { log: (...a) => console.error(...a), warn: (...a) => console.error(...a), error: (...a) => console.error(...a) };
const edge = new EdgeFunctionsHandler({
  // The functions the build generates (.netlify/v1/edge-functions, the
  // Frameworks API's folder: aiTraining: block's, decision 0103) first, as
  // Netlify routes generated functions before the repository's own.
  directories: [path.join(root, '.netlify/v1/edge-functions'), path.join(root, 'netlify/edge-functions')],
  env,
  logger,
  geolocation: {},
  siteID: 'site',
  siteName: 'portfolio',
  configDeclarations: [],
});
const images = new ImageHandler({ logger, imagesConfig: { remote_images: [] } });

/** The favourites store, for tests: key → record. */
async function favourites() {
  const store = getStore('favourites');
  const out = {};
  for (const { key } of (await store.list()).blobs) out[key] = await store.get(key, { type: 'json' });
  return Response.json(out);
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);

const front = http.createServer(async (req, res) => {
  try {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    headers.set('x-nf-request-id', randomUUID());
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // redirect: 'manual': @netlify/edge-functions-dev hands this request to
    // fetch(), which would otherwise follow a function's 303 (the gate's
    // answer to the right secret) and send back the page it leads to.
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
      method: req.method,
      redirect: 'manual',
      headers,
      body: hasBody ? Readable.toWeb(req) : undefined,
      duplex: hasBody ? 'half' : undefined,
    });
    let response;
    const harness = new URL(request.url).pathname;
    if (harness === '/.harness/favourites') response = await favourites();
    else if (harness === '/.harness/blobs') response = Response.json({ api: blobsURL, token, siteID: blobsContext.siteID });
    else {
      const fn = await edge.match(request);
      if (fn) response = await fn.handle(request, originURL);
      else {
        const image = images.match(request);
        response = image ? await image.handle(originURL) : await fetch(originURL + req.url, { method: req.method, headers: { Accept: headers.get('Accept') ?? '*/*' } });
      }
    }
    const out = {};
    for (const [k, v] of response.headers) if (!HOP.has(k)) out[k] = k === 'set-cookie' ? response.headers.getSetCookie() : v;
    const body = req.method === 'HEAD' || !response.body ? null : new Uint8Array(await response.arrayBuffer());
    if (body) out['content-length'] = String(body.length);
    else if (response.headers.has('content-length')) out['content-length'] = response.headers.get('content-length');
    res.writeHead(response.status, out);
    res.end(body ?? undefined);
  } catch (err) {
    console.error('edge: ', err);
    res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end('edge harness error\n');
  }
});
await new Promise((ok) => front.listen(Number(args.port), '127.0.0.1', ok));

const stop = async () => {
  front.close();
  origin.close();
  await edge.stop().catch(() => {});
  await blobs.stop().catch(() => {});
  await rm(blobsDir, { recursive: true, force: true });
  await rm(denoHome, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
console.log(`edge: ${loaded} blobs loaded from ${args.blobs}`);
console.log(`edge: listening on http://127.0.0.1:${front.address().port}`);
