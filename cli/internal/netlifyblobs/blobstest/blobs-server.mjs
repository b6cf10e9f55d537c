// A real Netlify Blobs server for the Go tests: @netlify/blobs'
// BlobsServer (what `netlify dev` runs) on a loopback port, its site
// stores filled through Netlify's API as @netlify/blobs' own client writes
// them in API mode. Prints {"api": "http://127.0.0.1:<port>"} once ready.
//
//   node blobs-server.mjs SITE_NODE_MODULES TOKEN SITE_ID < {"store": {"key": "text"}}
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, token, siteID] = process.argv.slice(2);
const { BlobsServer } = await import(pathToFileURL(join(modules, '@netlify/blobs/dist/server.js')).href);
const { getStore } = await import(pathToFileURL(join(modules, '@netlify/blobs/dist/main.js')).href);

let input = '';
for await (const chunk of process.stdin) input += chunk;
const seed = JSON.parse(input || '{}');

const server = new BlobsServer({ directory: await mkdtemp(join(tmpdir(), 'go-blobs-')), token });
const { port } = await server.start();
const api = `http://127.0.0.1:${port}`;
for (const [name, blobs] of Object.entries(seed)) {
  const store = getStore({ name, siteID, token, apiURL: api });
  for (const [key, text] of Object.entries(blobs)) await store.set(key, text);
}
console.log(JSON.stringify({ api }));
process.on('SIGTERM', async () => {
  await server.stop();
  process.exit(0);
});
