// Serves the built site (dist/) the way the host does: /about answers with
// about/index.html, unknown paths with 404.html and status 404, and a POST
// to / (the contact form) with 200. For local previews and end-to-end tests;
// `portfolio serve` replaces it for the owner.
//
//   node scripts/serve.mjs [--port 4173]
import { createReadStream } from 'node:fs';
import { createGzip } from 'node:zlib';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' } } });
const dist = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'dist');
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.webp': 'image/webp', '.jpg': 'image/jpeg', '.png': 'image/png', '.woff2': 'font/woff2', '.json': 'application/json',
};

async function file(p) {
  try {
    const s = await stat(p);
    return s.isFile() ? p : undefined;
  } catch {
    return undefined;
  }
}

async function resolve(urlPath) {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const base = path.join(dist, clean);
  if (!base.startsWith(dist)) return undefined;
  return (await file(base)) ?? (await file(path.join(base, 'index.html')));
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/') {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
      return;
    }
    const found = await resolve(url.pathname);
    const target = found ?? path.join(dist, '404.html');
    const immutable = url.pathname.startsWith('/assets/') || url.pathname.startsWith('/img/');
    const type = types[path.extname(target)] ?? 'application/octet-stream';
    // Text is compressed, as the host does; images and fonts already are.
    const gzip = /^(text\/|application\/json|image\/svg)/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(found ? 200 : 404, {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    // A file can vanish while the site is rebuilt: end the response, keep serving.
    const stream = createReadStream(target).on('error', () => res.destroy());
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  })
  .listen(Number(values.port), () => console.log(`serving site/dist on http://localhost:${values.port}`));
