// `portfolio serve`'s Image CDN (/.netlify/images, cli/internal/server)
// against Netlify's own TypeScript implementation of it, @netlify/images
// (what `netlify dev` runs: Netlify's parameters mapped onto IPX and
// sharp), request for request (issue 49, decision 0092, docs/image-cdn.md).
// A scratch site with `images: {delivery: netlify}` is built with the real
// `portfolio build` and served by `portfolio serve --no-build`; an HTTP
// server runs `new ImageHandler(...)` with that serve as its origin, so
// both read the same published originals. Every request of the table goes
// to both; each answer is summed up (status, media type, the decoded
// image's size as shown, whether the two show the same picture, and for
// the header cases Vary and Cache-Control), and every case whose two
// answers differ must be one of the documented differences below, with
// both answers as recorded: a new difference, a changed one or one that
// vanished fails the test. Each difference names its reason, and
// docs/image-cdn.md lists it.
import { readdirSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ImageHandler } from '@netlify/images';
import sharp from 'sharp';
import { buildAndServe, repo, scratchContent, type ScratchSite } from './support/scratch-site';
import { expect, test } from './support/test';

const slug = 'dunes';

const siteYaml = `# yaml-language-server: $schema=../schema/site.schema.json
name: Noor Haddad
taglines: {role: Photographer, mission: Sand and the light on it}
hero: Photographs of dunes.
description: Portfolio of Noor Haddad, a photographer.
url: https://noorhaddad.example
analytics: {provider: none}
images: {delivery: netlify}
about:
  description: About Noor Haddad.
  intro: I photograph dunes.
  sections:
    - {title: Clients, items: [Magazines.]}
contact: {title: Contact, description: Contact Noor., heading: Write to me, intro: Tell me about the place.}
categories:
  - {slug: landscapes, title: Landscapes, description: Landscapes by Noor., photoGalleries: true}
`;

const projectYaml = `# yaml-language-server: $schema=../../../schema/project.schema.json
title: Dunes
subtitle: Photographs by Noor Haddad
description: Dunes, a series of photographs.
role: Photographer
skills: [Photography]
category: Landscapes
page: landscapes
cover: gallery/01.jpg
body:
  - type: gallery
    texts:
      - {file: 01.jpg, alt: A dune at dusk}
      - {file: 02.jpg, alt: A test card turned by its EXIF orientation}
      - {file: 03.png, alt: A transparent test card}
`;

/** Chromium's Accept header for an image. */
const chromium = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** What a client that names no format sends: the parameters' cases use it, so that format negotiation (its own cases, below) does not hide them. */
const anyFormat = '*/*';

interface Case {
  name: string;
  /** The query after `/.netlify/images?`; `{photo}`, `{turned}` and `{png}` name the published originals. */
  query: string;
  method?: string;
  /** The path (/.netlify/images when left out). */
  path?: string;
  /** The Accept header (anyFormat when left out). */
  accept?: string;
  /** Compare Vary and Cache-Control too. */
  headers?: boolean;
  /** A case (asked before) whose image this one must be, byte for byte, on each side: a long name (quality) does what its short one (q) does. */
  like?: string;
}

const cases: Case[] = [
  // Parameters.
  { name: 'url alone', query: 'url={photo}' },
  { name: 'w', query: 'url={photo}&w=320' },
  { name: 'h', query: 'url={photo}&h=200' },
  { name: 'w and h, contain by default', query: 'url={photo}&w=300&h=300' },
  { name: 'fit=contain', query: 'url={photo}&w=300&h=300&fit=contain' },
  { name: 'fit=cover', query: 'url={photo}&w=300&h=300&fit=cover' },
  { name: 'fit=cover, position=left', query: 'url={photo}&w=300&h=300&fit=cover&position=left' },
  { name: 'fit=cover, position=top', query: 'url={photo}&w=300&h=100&fit=cover&position=top' },
  { name: 'fit=fill', query: 'url={photo}&w=300&h=300&fit=fill' },
  { name: 'fit=cover, w only', query: 'url={photo}&w=300&fit=cover' },
  { name: 'w above the source', query: 'url={photo}&w=2000' },
  { name: 'fm=avif', query: 'url={photo}&w=64&fm=avif' },
  { name: 'fm=webp', query: 'url={photo}&w=64&fm=webp' },
  { name: 'fm=jpg', query: 'url={photo}&w=64&fm=jpg' },
  { name: 'fm=png', query: 'url={photo}&w=64&fm=png' },
  { name: 'fm=gif', query: 'url={photo}&w=64&fm=gif' },
  { name: 'fm=auto', query: 'url={photo}&w=64&fm=auto' },
  { name: 'fm=blurhash', query: 'url={photo}&w=64&fm=blurhash' },
  { name: 'fm=jpeg', query: 'url={photo}&w=64&fm=jpeg' },
  { name: 'q', query: 'url={photo}&w=64&q=40&fm=jpg' },
  { name: 'width', query: 'url={photo}&width=320', like: 'w' },
  { name: 'height', query: 'url={photo}&height=200', like: 'h' },
  { name: 'width and height', query: 'url={photo}&width=300&height=300&fit=fill' },
  { name: 'quality', query: 'url={photo}&w=64&quality=40&fm=jpg', like: 'q' },
  { name: 'w and width', query: 'url={photo}&w=64&width=128' },
  { name: 'EXIF orientation 6', query: 'url={turned}&w=100' },
  { name: 'a PNG', query: 'url={png}&w=120', accept: 'image/png' },
  { name: 'a transparent PNG as JPEG', query: 'url={png}&w=120&fm=jpg' },
  { name: 'unknown parameter', query: 'url={photo}&w=64&dpr=2' },
  // Validation.
  { name: 'w=abc', query: 'url={photo}&w=abc' },
  { name: 'w=0', query: 'url={photo}&w=0' },
  { name: 'w negative', query: 'url={photo}&w=-32' },
  { name: 'w fraction', query: 'url={photo}&w=32.5' },
  { name: 'w huge', query: 'url={photo}&w=100000' },
  { name: 'w empty', query: 'url={photo}&w=' },
  { name: 'w twice', query: 'url={photo}&w=32&w=64' },
  { name: 'q=0', query: 'url={photo}&w=64&q=0&fm=jpg' },
  { name: 'q=500', query: 'url={photo}&w=64&q=500&fm=jpg' },
  { name: 'unknown fit', query: 'url={photo}&w=64&h=64&fit=crop' },
  { name: 'unknown position', query: 'url={photo}&w=64&h=64&fit=cover&position=middle' },
  { name: 'unknown fm', query: 'url={photo}&w=64&fm=bmp' },
  { name: 'no url', query: 'w=64' },
  { name: 'empty url', query: 'url=&w=64' },
  { name: 'missing image', query: 'url=/img/none.jpg&w=64' },
  { name: 'a page, not an image', query: 'url=/index.html' },
  { name: 'relative url', query: 'url=img/none.jpg' },
  { name: 'dot segments', query: 'url=/img/../img/none.jpg' },
  { name: 'remote url', query: 'url=https://example.com/a.jpg' },
  { name: 'protocol-relative url', query: 'url=//example.com/a.jpg' },
  { name: 'a private path', query: 'url=/private/someone/img/a.jpg' },
  { name: 'address with a slash', query: 'url={photo}&w=64', path: '/.netlify/images/' },
  { name: 'POST', query: 'url={photo}&w=64', method: 'POST' },
  { name: 'HEAD', query: 'url={photo}&w=64', method: 'HEAD' },
  // Format negotiation by Accept, and the headers.
  { name: 'Accept webp and avif, no fm', query: 'url={photo}&w=64', accept: chromium, headers: true },
  { name: 'Accept avif only, no fm', query: 'url={photo}&w=64', accept: 'image/avif', headers: true },
  { name: 'Accept anything, no fm', query: 'url={photo}&w=64', accept: '*/*', headers: true },
  { name: 'Accept webp, fm=png', query: 'url={photo}&w=64&fm=png', accept: chromium, headers: true },
  { name: 'Accept webp and avif, fm=auto', query: 'url={photo}&w=64&fm=auto', accept: chromium, headers: true },
  { name: 'Accept jpeg only, fm=auto', query: 'url={photo}&w=64&fm=auto', accept: 'image/jpeg', headers: true },
];

/** Why serve keeps its answer where it differs, by kind. */
const why = {
  invalid: 'Netlify documents a 404 for an invalid value; @netlify/images hands the value to IPX, whose sharp call throws: 500, a local artefact.',
  lenient:
    '@netlify/images takes the first of a repeated parameter, w before width, drops an empty value, and IPX ignores a format or fit it does not know and never enlarges; Netlify documents none of it and calls an invalid value a 404. serve refuses it (404, the reason as text), so a page that leans on it fails here, not on the host (decision 0076).',
  negotiate:
    'Netlify documents that without fm the CDN answers WebP if the Accept header names it, else AVIF, else the original format, even for a bare url (decision 0076); @netlify/images negotiates only for fm=auto (IPX), so it keeps the source format and sends no Vary.',
  headers:
    'serve sends Vary: Accept on every image, as the format may follow Accept, and the Cache-Control of the source (its _headers rule, /img/*: a year, immutable), as Netlify documents for transformed images; IPX turns the origin’s max-age into its own form and varies only for fm=auto.',
  blurhash: 'Netlify documents fm=blurhash as a text serve cannot make: 501, saying so. IPX knows no blurhash and keeps the source format.',
  auto: 'fm=auto is not a documented value (avif, jpg, png, webp, gif, blurhash): serve answers 404. @netlify/images passes it to IPX, which negotiates AVIF first.',
  coverOne: 'Netlify documents that cover needs both w and h: serve answers 404. @netlify/images sends IPX only a width, and the fit is ignored.',
  contain: 'Netlify documents contain as the default fit. @netlify/images sends no fit when none is given, so sharp’s default, cover, crops to 300×300.',
  enlarge: 'contain may enlarge (decision 0076); IPX resizes without enlargement and keeps 1680×1050.',
  shrink: 'The exact height is 320 px (1680 × 200/1050). sharp’s shrink-on-load rounds it to 321; serve keeps the exact size.',
  half: 'The exact height is 187.5 px. serve rounds half up, sharp rounds it down; Netlify does not say which it does.',
  orientation:
    'serve turns the image by its EXIF orientation, as a browser shows the original. IPX does not auto-orient and drops the tag, so the result is on its side.',
  flatten:
    'serve puts a transparent image on white for JPEG, as the build’s fallbacks do (decision 0035). sharp drops the alpha channel, showing the colour under transparent pixels (green here).',
  notImage: 'An HTML page is an invalid url value: serve answers 404, as documented for invalid values. IPX answers 400 (no image metadata).',
  privatePath:
    'serve’s Image CDN never reads a private source (decision 0080): 404. @netlify/images fetched the path from the origin and passed on the gate’s 401. On the host no private file is in the publish folder (issue 49), so none is found either.',
  head: 'HTTP answers HEAD wherever GET is answered (RFC 9110 §9.3.2); @netlify/images answers GET alone: 405.',
};

/**
 * The documented differences, by case: serve's answer, Netlify's local
 * answer (@netlify/images 2.0.1), and why serve keeps its own. A summary
 * is `status [media type] [width×height as shown] [vary=…] [cache=…]`.
 */
const differences: Record<string, { serve: string; netlify: string; reason: string }> = {
  h: { serve: '200 image/jpeg 320×200', netlify: '200 image/jpeg 321×200', reason: why.shrink },
  height: { serve: '200 image/jpeg 320×200 =h', netlify: '200 image/jpeg 321×200 =h', reason: why.shrink },
  'w and h, contain by default': { serve: '200 image/jpeg 300×188', netlify: '200 image/jpeg 300×300', reason: why.contain },
  'fit=contain': { serve: '200 image/jpeg 300×188', netlify: '200 image/jpeg 300×187', reason: why.half },
  'fit=cover, w only': { serve: '404', netlify: '200 image/jpeg 300×187', reason: why.coverOne },
  'w above the source': { serve: '200 image/jpeg 2000×1250', netlify: '200 image/jpeg 1680×1050', reason: why.enlarge },
  'fm=auto': { serve: '404', netlify: '200 image/jpeg 64×40', reason: why.auto },
  'fm=blurhash': { serve: '501', netlify: '200 image/jpeg 64×40', reason: why.blurhash },
  'fm=jpeg': { serve: '404', netlify: '200 image/jpeg 64×40', reason: why.lenient },
  'w and width': { serve: '404', netlify: '200 image/jpeg 64×40', reason: why.lenient },
  'EXIF orientation 6': { serve: '200 image/jpeg 100×150', netlify: '200 image/jpeg 100×67', reason: why.orientation },
  'a transparent PNG as JPEG': { serve: '200 image/jpeg 120×80 (another picture)', netlify: '200 image/jpeg 120×80', reason: why.flatten },
  'w=abc': { serve: '404', netlify: '500', reason: why.invalid },
  'w=0': { serve: '404', netlify: '500', reason: why.invalid },
  'w negative': { serve: '404', netlify: '500', reason: why.invalid },
  'w fraction': { serve: '404', netlify: '500', reason: why.invalid },
  'w huge': { serve: '404', netlify: '200 image/jpeg 1680×1050', reason: why.lenient },
  'w empty': { serve: '404', netlify: '200 image/jpeg 1680×1050', reason: why.lenient },
  'w twice': { serve: '404', netlify: '200 image/jpeg 32×20', reason: why.lenient },
  'q=0': { serve: '404', netlify: '500', reason: why.invalid },
  'q=500': { serve: '404', netlify: '500', reason: why.invalid },
  'unknown fit': { serve: '404', netlify: '500', reason: why.invalid },
  'unknown position': { serve: '404', netlify: '500', reason: why.invalid },
  'unknown fm': { serve: '404', netlify: '200 image/jpeg 64×40', reason: why.lenient },
  'a page, not an image': { serve: '404', netlify: '400', reason: why.notImage },
  'a private path': { serve: '404', netlify: '401', reason: why.privatePath },
  HEAD: { serve: '200 image/jpeg', netlify: '405', reason: why.head },
  'Accept webp and avif, no fm': {
    serve: '200 image/webp 64×40 vary=Accept cache=public, max-age=31536000, immutable',
    netlify: '200 image/jpeg 64×40 vary=- cache=max-age=31536000, public, s-maxage=31536000',
    reason: why.negotiate,
  },
  'Accept avif only, no fm': {
    serve: '200 image/avif 64×40 vary=Accept cache=public, max-age=31536000, immutable',
    netlify: '200 image/jpeg 64×40 vary=- cache=max-age=31536000, public, s-maxage=31536000',
    reason: why.negotiate,
  },
  'Accept anything, no fm': {
    serve: '200 image/jpeg 64×40 vary=Accept cache=public, max-age=31536000, immutable',
    netlify: '200 image/jpeg 64×40 vary=- cache=max-age=31536000, public, s-maxage=31536000',
    reason: why.headers,
  },
  'Accept webp, fm=png': {
    serve: '200 image/png 64×40 vary=Accept cache=public, max-age=31536000, immutable',
    netlify: '200 image/png 64×40 vary=- cache=max-age=31536000, public, s-maxage=31536000',
    reason: why.headers,
  },
  'Accept webp and avif, fm=auto': {
    serve: '404 vary=- cache=no-store',
    netlify: '200 image/avif 64×40 vary=Accept cache=max-age=31536000, public, s-maxage=31536000',
    reason: why.auto,
  },
  'Accept jpeg only, fm=auto': {
    serve: '404 vary=- cache=no-store',
    netlify: '200 image/jpeg 64×40 vary=Accept cache=max-age=31536000, public, s-maxage=31536000',
    reason: why.auto,
  },
};

interface Answer {
  status: number;
  type: string;
  vary: string;
  cache: string;
  body: Buffer;
}

/** One line for an answer: the status, and for an image its type and size (as shown: an EXIF orientation from 5 to 8 turns it). */
async function summary(a: Answer, headers: boolean): Promise<string> {
  const parts: string[] = [String(a.status)];
  if (a.status >= 200 && a.status < 300) {
    parts.push(a.type);
    if (a.body.length > 0 && a.type.startsWith('image/')) {
      const meta = await sharp(a.body).metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      parts.push(turned ? `${meta.height}×${meta.width}` : `${meta.width}×${meta.height}`);
    }
  }
  if (headers) parts.push(`vary=${a.vary || '-'}`, `cache=${a.cache || '-'}`);
  return parts.join(' ');
}

/**
 * How far apart two images of the same size look: the mean difference of
 * their 16×16 grey thumbnails, 0–255. A crop that kept another part of the
 * photograph (position) or a turned image is far above the encoders' own
 * differences (JPEG against WebP at the same size).
 */
async function apart(a: Buffer, b: Buffer): Promise<number> {
  const thumb = (x: Buffer) => sharp(x).autoOrient().resize(16, 16, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [ta, tb] = await Promise.all([thumb(a), thumb(b)]);
  return ta.reduce((sum, v, i) => sum + Math.abs(v - (tb[i] ?? 0)), 0) / ta.length;
}

/** The most two answers of the same size may look apart (apart) and still be the same image. */
const alike = 12;

async function ask(base: string, c: Case, query: string): Promise<Answer> {
  const init: RequestInit = {
    method: c.method ?? 'GET',
    headers: { accept: c.accept ?? anyFormat, 'content-type': 'application/x-www-form-urlencoded' },
  };
  // A form post: the address is the Image CDN's, not a form's.
  if (c.method === 'POST') init.body = 'form-name=contact&email=a%40b.example&message=hi';
  const res = await fetch(`${base}${c.path ?? '/.netlify/images'}?${query}`, init);
  return {
    status: res.status,
    type: (res.headers.get('content-type') ?? '').replace(/;.*/, '').trim(),
    vary: res.headers.get('vary') ?? '',
    cache: res.headers.get('cache-control') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** An HTTP server that answers /.netlify/images with @netlify/images' ImageHandler, fetching sources from origin. */
async function netlifyImages(origin: string): Promise<{ url: string; close(): void }> {
  const quiet = () => {};
  const handler = new ImageHandler({ logger: { log: quiet, warn: quiet, error: quiet } });
  const server = http.createServer((req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(`http://localhost${req.url ?? '/'}`, { method: req.method ?? 'GET', headers });
    const match = handler.match(request);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    match
      .handle(origin)
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(req.method === 'HEAD' ? undefined : body);
      })
      .catch((e: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`ImageHandler threw: ${String(e)}`);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

let site: ScratchSite;
let netlify: { url: string; close(): void };
const sources: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-image-cdn-parity-', siteYaml);
  const gallery = path.join(folder.content, 'projects', slug, 'gallery');
  mkdirSync(gallery, { recursive: true });
  writeFileSync(path.join(folder.content, 'projects', slug, 'project.yaml'), projectYaml);
  copyFileSync(path.join(folder.photos, 'Dune.jpg'), path.join(gallery, '01.jpg')); // 1680×1050
  // A test card stored 300×200 with EXIF orientation 6: shown 200×300.
  const card = { width: 300, height: 200, channels: 3 as const, background: { r: 200, g: 60, b: 40 } };
  writeFileSync(path.join(gallery, '02.jpg'), await sharp({ create: card }).jpeg().withMetadata({ orientation: 6 }).toBuffer());
  // A transparent PNG 240×160 with an opaque square in it.
  const square = await sharp({ create: { width: 80, height: 80, channels: 4, background: { r: 20, g: 40, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
  const clear = { width: 240, height: 160, channels: 4 as const, background: { r: 0, g: 255, b: 0, alpha: 0 } };
  writeFileSync(
    path.join(gallery, '03.png'),
    await sharp({ create: clear })
      .composite([{ input: square, left: 80, top: 40 }])
      .png()
      .toBuffer(),
  );
  site = await buildAndServe(folder);
  const published = readdirSync(path.join(folder.work, 'site', 'dist', 'img'));
  const find = (pattern: RegExp) => {
    const name = published.find((f) => pattern.test(f));
    if (!name) throw new Error(`no published original matches ${pattern}: ${published.join(' ')}`);
    return `/img/${name}`;
  };
  sources.photo = find(/-1680\.jpg$/);
  sources.turned = find(/-200\.jpg$/);
  sources.png = find(/-240\.png$/);
  netlify = await netlifyImages(site.origin);
});

test.afterAll(() => {
  netlify?.close();
  site?.stop();
});

test('serve answers every request as @netlify/images does, or as documented otherwise', async () => {
  test.setTimeout(300_000);
  const found: Record<string, { serve: string; netlify: string }> = {};
  const bodies = { serve: new Map<string, Buffer>(), netlify: new Map<string, Buffer>() };
  const same = (side: keyof typeof bodies, c: Case, a: Answer) => {
    bodies[side].set(c.name, a.body);
    const other = c.like ? bodies[side].get(c.like) : undefined;
    return !c.like ? '' : other && other.equals(a.body) ? ` =${c.like}` : ` ≠${c.like}`;
  };
  for (const c of cases) {
    const query = c.query.replace(/\{(photo|turned|png)\}/g, (_, k: string) => encodeURIComponent(sources[k] ?? ''));
    const [sa, na] = [await ask(site.origin, c, query), await ask(netlify.url, c, query)];
    let s = (await summary(sa, c.headers ?? false)) + same('serve', c, sa);
    const n = (await summary(na, c.headers ?? false)) + same('netlify', c, na);
    if (s === n && sa.status === 200 && sa.type.startsWith('image/') && sa.body.length > 0) {
      const d = await apart(sa.body, na.body);
      if (process.env.IMAGE_CDN_PARITY_PRINT) console.log(`${c.name}: apart ${d.toFixed(1)}`);
      if (d > alike) s += ' (another picture)';
    }
    if (s !== n) found[c.name] = { serve: s, netlify: n };
  }
  if (process.env.IMAGE_CDN_PARITY_PRINT) console.log(`${Object.keys(found).length} of ${cases.length} differ:`, JSON.stringify(found, null, 2));
  const documented = Object.fromEntries(Object.entries(differences).map(([k, d]) => [k, { serve: d.serve, netlify: d.netlify }]));
  expect(found).toEqual(documented);
});

test('every documented difference has its reason, here and in docs/image-cdn.md', () => {
  const doc = readFileSync(path.join(repo, 'docs', 'image-cdn.md'), 'utf8');
  for (const [name, d] of Object.entries(differences)) {
    expect(d.reason, name).not.toBe('');
    const c = cases.find((x) => x.name === name);
    expect(c, `${name} is a case`).toBeTruthy();
    expect(doc, `docs/image-cdn.md names "${name}"`).toContain(`| ${name} |`);
  }
});
