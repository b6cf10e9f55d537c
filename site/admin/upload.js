// The hosted editor's strip (decision 0084): every image the editor sends
// leaves the browser without its GPS position, serial numbers and the rest
// the command line's import removes, as one saved through `portfolio dev
// --editor` does (its proxy, package uploadstrip, strips the same requests
// on the owner's machine). It wraps fetch, below Decap CMS: Decap sends a
// file's bytes as base64 in a JSON body, {"content": …, "encoding":
// "base64"}, whichever way it was chosen (button, drop, paste) — to
// GitHub's API as a blob (POST …/git/blobs), to the local backend as the
// asset of persistMedia or one of the assets of persistEntry. Each such
// image is stripped by metastrip.Upload, the Go code the command line runs,
// compiled to WebAssembly (cli/cmd/metastrip-wasm), so the two cannot
// differ. An image that carries something and cannot be read is not sent:
// the request is answered 422 with the reason, which the editor shows, as
// the local proxy answers it.

/** How deep in a request body an asset is looked for (Decap's are at most 3 deep). */
const maxDepth = 6;

const toBytes = (b64) => (Uint8Array.fromBase64 ? Uint8Array.fromBase64(b64) : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

function toBase64(bytes) {
  if (bytes.toBase64) return bytes.toBase64();
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Whether base64 text starts as a JPEG, PNG or WebP file does (its first 12 bytes). */
export function isImage(b64) {
  let h;
  try {
    h = toBytes(b64.slice(0, 16));
  } catch {
    return false; // not base64: the server answers it
  }
  const text = (from, to) => String.fromCharCode(...h.subarray(from, to));
  return (h[0] === 0xff && h[1] === 0xd8) || text(0, 8) === '\x89PNG\r\n\x1a\n' || (h.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP');
}

/** The image assets of a request body: each object with base64 content that is an image. */
function assets(value, depth = 0, found = []) {
  if (depth > maxDepth || value === null || typeof value !== 'object') return found;
  if (value.encoding === 'base64' && typeof value.content === 'string' && isImage(value.content)) found.push(value);
  else for (const v of Array.isArray(value) ? value : Object.values(value)) assets(v, depth + 1, found);
  return found;
}

/** A refusal as both backends' errors read: GitHub's `message`, decap-server's `error`. */
const refuse = (message) => new Response(JSON.stringify({ error: message, message }), { status: 422, headers: { 'Content-Type': 'application/json' } });

/**
 * fetch, with the images of each JSON request body stripped before it is
 * sent by `send` (the page's own fetch). `load` resolves to the strip,
 * (bytes) => {data, found} | {error}; it is called on the first image only.
 */
export function stripping(send, load) {
  return async function fetch(input, init) {
    let body = init?.body;
    const request = input instanceof Request ? input : null;
    if (body === undefined && request && request.method !== 'GET' && request.method !== 'HEAD') body = await request.clone().text();
    if (typeof body !== 'string' || !body.includes('"base64"')) return send(input, init);
    let json;
    try {
      json = JSON.parse(body);
    } catch {
      return send(input, init);
    }
    const found = assets(json);
    if (found.length === 0) return send(input, init);
    let strip;
    try {
      strip = await load();
    } catch (e) {
      return refuse(
        `The photo was not sent: the editor could not load the code that removes its location and serial numbers (${e.message}). Reload the page and try again.`,
      );
    }
    for (const asset of found) {
      const name = asset.path ?? 'The image';
      let got;
      try {
        got = strip(toBytes(asset.content));
      } catch (e) {
        return refuse(
          `${name.split('/').pop()} was not sent: the code that removes its location and serial numbers stopped (${e.message}). Reload the page and try again.`,
        );
      }
      if (got.error) return refuse(`${name.split('/').pop()} was not sent: it ${got.error}.`);
      if (got.found.length > 0) asset.content = toBase64(got.data);
    }
    const stripped = JSON.stringify(json);
    return request && init?.body === undefined ? send(new Request(request, { body: stripped }), init) : send(input, { ...init, body: stripped });
  };
}
