// A private project's files as the Edge Function serves them: from the
// deploy's own Blobs store, never from the publish folder (decision 0089;
// the contract of issue 49 §2). `portfolio build` moves everything it wrote
// under site/dist/private/ into .netlify/v1/blobs/deploy/<key>/blob, with
// blob.meta.json beside it ({contentType, etag, size, headers}); Netlify
// uploads that folder as the deploy's store, which no static URL, Image CDN
// request or path trick reaches. `portfolio serve` reads the same layout
// from disk with the same rule (cli/internal/server). Web APIs only, so the
// edge (Deno) and the tests (Node, Deno) run the same code.

/**
 * The store keys a private path may name, first that exists wins: the
 * path's own file, then its folder's page, then its .html page (as
 * `portfolio serve` resolves public files). `path` is the canonical decoded
 * path, its first segment the prefix in any letter case.
 */
export function candidates(path) {
  if (path.indexOf('/', 1) < 0) return [];
  const rel = 'private' + path.slice(path.indexOf('/', 1));
  if (rel.endsWith('/')) return [rel + 'index.html'];
  return [rel, rel + '/index.html', rel + '.html'];
}

/**
 * The first key of `keys` the store holds, with its metadata and its bytes
 * as a stream (one request a key; the body is read only as it is sent);
 * null when none. Not getMetadata: @netlify/blobs 11.1.1's local
 * BlobsServer answers a HEAD for a key that is also a folder of other keys
 * (private/x for private/x/index.html) with 500, where a GET gets 404.
 */
async function lookup(store, keys) {
  for (const key of keys) {
    const found = await store.getWithMetadata(key, { type: 'stream' });
    if (found) return { key, meta: found.metadata ?? {}, stream: found.data };
  }
  return null;
}

/** The entity tags an If-None-Match header lists, or ['*']. */
function listedTags(header) {
  const tags = [];
  for (const m of header.matchAll(/\s*(\*|(?:W\/)?"[^"]*")\s*(?:,|$)/g)) tags.push(m[1]);
  return tags;
}

const opaque = (tag) => tag.replace(/^W\//, '');

/** If-None-Match: weak comparison, a list or `*` (RFC 9110 §13.1.2). */
function notModified(header, etag) {
  if (header === null) return false;
  return listedTags(header).some((t) => t === '*' || opaque(t) === opaque(etag));
}

/**
 * The one byte range a Range header asks of a file of `size` bytes:
 * {start, end} (inclusive), 'unsatisfiable', or null to send the whole
 * file: no header, another unit, more than one range, one that cannot be
 * read (RFC 9110 §14.1.2, `bytes` in any case, empty list elements and
 * blanks around them allowed), or an empty file. The same reading as
 * serve's (cli/internal/server/ranges.go).
 */
export function byteRange(header, size) {
  if (header === null) return null;
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).toLowerCase() !== 'bytes') return null;
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((spec) => spec.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter(Boolean);
  if (specs.length !== 1) return null;
  const m = /^(\d*)-(\d*)$/.exec(specs[0]);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] !== '' && m[2] !== '' && BigInt(m[2]) < BigInt(m[1])) return null;
  if (size === 0) return null;
  if (m[1] === '') {
    const n = BigInt(m[2]);
    if (n === 0n) return 'unsatisfiable';
    return { start: n >= BigInt(size) ? 0 : size - Number(n), end: size - 1 };
  }
  const start = BigInt(m[1]);
  if (start >= BigInt(size)) return 'unsatisfiable';
  const end = m[2] === '' || BigInt(m[2]) >= BigInt(size) ? size - 1 : Number(m[2]);
  return { start: Number(start), end };
}

/**
 * The bytes start..end (inclusive) of a stream, read as they arrive: the
 * bytes before are skipped, the stream is cancelled after the last one, so
 * a seek near the end of a long video holds no more than a chunk at once.
 */
export function slice(stream, start, end) {
  const reader = stream.getReader();
  let pos = 0;
  return new ReadableStream({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        const from = pos;
        pos += value.byteLength;
        if (pos <= start) continue;
        const a = Math.max(0, start - from);
        const b = Math.min(value.byteLength, end + 1 - from);
        if (b > a) controller.enqueue(value.subarray(a, b));
        if (pos > end) {
          controller.close();
          await reader.cancel();
        }
        return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Answers an admitted GET or HEAD for the private path `path` from the
 * deploy store: 200, 206, 304 or 416 with the file's headers (those the
 * site's _headers give its URL, then Content-Type, ETag, Accept-Ranges),
 * or null when the store holds no file there. `store` is a Netlify Blobs
 * store (getDeployStore()); `headers` are set over the file's own.
 */
export async function serveStored(request, store, path, headers = {}) {
  const found = await lookup(store, candidates(path));
  if (!found) return null;
  const { meta, stream } = found;
  const done = (response) => {
    stream.cancel().catch(() => {});
    return response;
  };
  const size = Number(meta.size);
  const etag = String(meta.etag ?? '');
  const out = new Headers(meta.headers ?? {});
  for (const [k, v] of Object.entries(headers)) out.set(k, v);
  out.set('Content-Type', meta.contentType || 'application/octet-stream');
  if (etag) out.set('ETag', etag);
  out.set('Accept-Ranges', 'bytes');

  if (etag && notModified(request.headers.get('If-None-Match'), etag)) return done(new Response(null, { status: 304, headers: out }));

  // Ranges are for GET; an If-Range other than the ETag (strong) asks for the whole file.
  const ifRange = request.headers.get('If-Range');
  const range = request.method !== 'GET' || (ifRange !== null && ifRange !== etag) ? null : byteRange(request.headers.get('Range'), size);
  if (range === 'unsatisfiable') {
    out.set('Content-Range', `bytes */${size}`);
    out.set('Content-Length', '0');
    return done(new Response(null, { status: 416, headers: out }));
  }
  const [status, start, end] = range ? [206, range.start, range.end] : [200, 0, size - 1];
  if (range) out.set('Content-Range', `bytes ${start}-${end}/${size}`);
  out.set('Content-Length', String(end - start + 1));
  if (request.method === 'HEAD') return done(new Response(null, { status, headers: out }));
  return new Response(range ? slice(stream, start, end) : stream, { status, headers: out });
}
