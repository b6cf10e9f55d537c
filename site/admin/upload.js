// The browser editor's strip (decision 0084): every image the editor saves
// reaches the repository without its GPS position, serial numbers and the
// rest the command line's import removes. Each image is stripped by
// metastrip.Upload, the Go code the command line runs, compiled to
// WebAssembly (cli/cmd/metastrip-wasm), so the two cannot differ; an image
// that carries something and cannot be read is not saved, and the editor
// is told why. The images reach the repository two ways, and both are
// watched here, below the editor:
//
// - Over the network (`stripping`, around fetch). Sveltia CMS commits to
//   GitHub with GraphQL's createCommitOnBranch, each file base64 in
//   `fileChanges.additions[].contents`; its GitLab backend (and Decap CMS,
//   which /admin ran before decision 0120) sends {"content": …,
//   "encoding": "base64"}. A refused image is answered 422 with the
//   reason, and never sent.
// - Into the owner's folder (`installWriteStrip`, around the File System
//   Access API). Sveltia's "Work with Local Repository" writes each file
//   itself with FileSystemFileHandle.createWritable, no server between;
//   what such a stream is given is held until it is whole, and an image is
//   stripped before a byte of it reaches the file. A refused image's write
//   rejects with the reason, and the file keeps what it held.
//
// Whichever way the file was chosen (button, drop, paste), the editor
// sends or writes it only these ways.

/** How deep in a request body an asset is looked for (Decap's are at most 3 deep, Sveltia's 5). */
const maxDepth = 6;

/**
 * The largest image stripped, in bytes (the local proxy's limit before
 * decision 0120). A larger one is refused before it is read: the strip
 * holds two or three copies of it in the page.
 */
export const maxImageBytes = 50 << 20;

/**
 * How many writes a file's stream may take while it holds an image: each
 * looks for the image's end over the writes before it. Sveltia writes a
 * file in one; a 50 MB photo streamed in the browser's 64 KiB chunks takes 800.
 */
export const maxImageWrites = 10_000;

const toBytes = (b64) => (Uint8Array.fromBase64 ? Uint8Array.fromBase64(b64) : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

function toBase64(bytes) {
  if (bytes.toBase64) return bytes.toBase64();
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Whether bytes start as a JPEG, PNG or WebP file does (its first 12 bytes). */
export function isImageHead(h) {
  const text = (from, to) => String.fromCharCode(...h.subarray(from, to));
  return (h[0] === 0xff && h[1] === 0xd8) || text(0, 8) === '\x89PNG\r\n\x1a\n' || (h.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP');
}

/** Whether base64 text starts as a JPEG, PNG or WebP file does (its first 12 bytes). */
export function isImage(b64) {
  let h;
  try {
    h = toBytes(b64.slice(0, 16));
  } catch {
    return false; // not base64: the server answers it
  }
  return isImageHead(h);
}

const megabytes = (n) => `${Math.ceil(n / (1 << 20))} MB`;

/**
 * bytes, an image, stripped: {data} (the bytes themselves when there was
 * nothing to remove), or {refused}, the sentence that says why it was not
 * `done` ("sent", "saved"). `load` resolves to the strip; it is called here
 * only, so a page that saves no image never fetches it.
 */
async function stripImage(load, bytes, name, done) {
  let strip;
  try {
    strip = await load();
  } catch (e) {
    return {
      refused: `The photo was not ${done}: the editor could not load the code that removes its location and serial numbers (${e.message}). Reload the page and try again.`,
    };
  }
  let got;
  try {
    got = strip(bytes);
  } catch (e) {
    return { refused: `${name} was not ${done}: the code that removes its location and serial numbers stopped (${e.message}). Reload the page and try again.` };
  }
  if (got.error) return { refused: `${name} was not ${done}: it ${got.error}.` };
  return { data: got.found.length > 0 ? got.data : bytes };
}

const tooLarge = (name, size, done) =>
  `${name} was not ${done}: at ${megabytes(size)} it is larger than the ${megabytes(maxImageBytes)} the editor can clean of its location and serial numbers. Export it smaller and try again.`;

/**
 * The image files of a request body, each as {owner, key, name}: an object
 * with base64 `content` (Decap's, GitLab's), or an addition of GraphQL's
 * createCommitOnBranch, {path, contents} in `fileChanges.additions`
 * (Sveltia's on GitHub), whose file is an image.
 */
function assets(value, depth = 0, found = [], key = '') {
  if (depth > maxDepth || value === null || typeof value !== 'object') return found;
  if (value.encoding === 'base64' && typeof value.content === 'string' && isImage(value.content))
    found.push({ owner: value, key: 'content', name: value.path });
  else if (key === 'additions' && typeof value.contents === 'string' && isImage(value.contents))
    found.push({ owner: value, key: 'contents', name: value.path });
  else if (Array.isArray(value)) for (const v of value) assets(v, depth + 1, found, key);
  else for (const [k, v] of Object.entries(value)) assets(v, depth + 1, found, k);
  return found;
}

/** A refusal as the backends' errors read: GitHub's `message`, GitLab's and Decap's `error`. */
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
    if (typeof body !== 'string' || !(body.includes('"base64"') || body.includes('"contents"'))) return send(input, init);
    let json;
    try {
      json = JSON.parse(body);
    } catch {
      return send(input, init);
    }
    const found = assets(json);
    if (found.length === 0) return send(input, init);
    let loaded;
    const once = () => (loaded ??= load());
    for (const { owner, key, name: path } of found) {
      const name = (path ?? 'The image').split('/').pop();
      // The size its base64 says, before it is decoded.
      const size = Math.floor((owner[key].length * 3) / 4);
      if (size > maxImageBytes) return refuse(tooLarge(name, size, 'sent'));
      const got = await stripImage(once, toBytes(owner[key]), name, 'sent');
      if (got.refused) return refuse(got.refused);
      owner[key] = toBase64(got.data);
    }
    const stripped = JSON.stringify(json);
    return request && init?.body === undefined ? send(new Request(request, { body: stripped }), init) : send(input, { ...init, body: stripped });
  };
}

/** An unsigned integer argument of a stream's write, as the File System standard takes it. */
function offset(n, what) {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`${what} must be a whole number of bytes, not ${String(n)}`);
  return n;
}

/**
 * What a file will hold once its stream closes, as the File System
 * standard's FileSystemWritableFileStream makes it: writes at a position
 * (the cursor's unless given; past the end, the gap is zeros), seek,
 * truncate (longer: zeros; the cursor kept inside). It keeps the writes
 * themselves (a Blob as it is, not copied; a buffer copied, as the standard
 * copies it; a string as its UTF-8), and the file's first 12 bytes, which
 * say whether it is an image; the rest is read only for an image. A Blob
 * is read through the browser's process, a millisecond or more a read, so
 * the bytes given as bytes are kept as bytes.
 */
export class PendingFile {
  /** @param {Blob | null} base what the file held, when the stream keeps it (keepExistingData) */
  constructor(base = null) {
    /** @type {({at: number, data: Blob | Uint8Array, base?: boolean} | {size: number})[]} */
    this.ops = [];
    this.length = 0;
    this.position = 0;
    this.head = new Uint8Array(12);
    /** How many writes, seeks and truncates it has taken: the version of what it holds. */
    this.changes = 0;
    this.base = base && base.size > 0 ? base : null;
  }

  /** Takes what the file held (the base), once, before the first change. */
  async start() {
    if (!this.base) return;
    const base = this.base;
    this.base = null;
    await this.write(base, 0);
    this.ops[0].base = true;
    this.position = 0;
    this.changes = 0;
  }

  /**
   * One argument of FileSystemWritableFileStream.write: the data, or {type,
   * data, position, size}. Returns whether it handed the file over whole: a
   * Blob (a File, as Sveltia writes one) that is all the file holds, from
   * its start.
   */
  async apply(chunk) {
    await this.start();
    let data = chunk;
    let at = this.position;
    if (chunk !== null && typeof chunk === 'object' && !(chunk instanceof Blob) && !ArrayBuffer.isView(chunk) && !(chunk instanceof ArrayBuffer)) {
      if (chunk.type === 'seek') {
        this.seek(offset(chunk.position, 'position'));
        return false;
      }
      if (chunk.type === 'truncate') {
        this.truncate(offset(chunk.size, 'size'));
        return false;
      }
      if (chunk.type !== 'write') throw new TypeError(`write: the type ${String(chunk.type)} is none of write, seek, truncate`);
      if (chunk.data === undefined || chunk.data === null) throw new TypeError('write: {type: "write"} needs data');
      data = chunk.data;
      if (chunk.position != null) at = offset(chunk.position, 'position');
    }
    const bytes = PendingFile.data(data);
    await this.write(bytes, at);
    return bytes instanceof Blob && at === 0 && bytes.size === this.length;
  }

  /** The bytes a write's data puts in the file: a Blob, or bytes of their own. */
  static data(data) {
    if (data instanceof Blob) return data;
    if (typeof data === 'string') return new TextEncoder().encode(data);
    if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    throw new TypeError('write takes a Blob, a BufferSource, a string, or {type, data, position, size}');
  }

  /** Bytes `from` to `to` of data, a Blob or bytes. */
  static async slice(data, from, to) {
    return data instanceof Blob ? new Uint8Array(await data.slice(from, to).arrayBuffer()) : data.subarray(from, to);
  }

  async write(data, at) {
    const size = data.size ?? data.length;
    const end = at + size;
    if (at < this.head.length && size > 0) this.head.set(await PendingFile.slice(data, 0, Math.min(size, this.head.length - at)), at);
    this.ops.push({ at, data });
    this.length = Math.max(this.length, end);
    this.position = end;
    this.changes++;
  }

  seek(position) {
    this.position = position;
    this.changes++;
  }

  truncate(size) {
    this.ops.push({ size });
    if (size < this.head.length) this.head.fill(0, size);
    this.length = size;
    this.position = Math.min(this.position, size);
    this.changes++;
  }

  /** Whether what it holds starts as a JPEG, PNG or WebP file does. */
  isImage() {
    return isImageHead(this.head.subarray(0, Math.min(this.length, this.head.length)));
  }

  /** Its bytes from `from` to `to` (within its length). */
  async range(from, to) {
    const out = new Uint8Array(to - from);
    for (const op of this.ops) {
      if ('size' in op) {
        if (op.size < to) out.fill(0, Math.max(0, op.size - from));
        continue;
      }
      const a = Math.max(from, op.at);
      const b = Math.min(to, op.at + (op.data.size ?? op.data.length));
      if (a < b) out.set(await PendingFile.slice(op.data, a - op.at, b - op.at), a - from);
    }
    return out;
  }

  bytes() {
    return this.range(0, this.length);
  }

  /**
   * Whether an image's end is there: a JPEG's segments whole up to its
   * image data, and its end marker last (an EXIF thumbnail's end marker
   * comes before the image data); a PNG's IEND chunk last; a WebP as long
   * as its RIFF header says. A file cut short may still be being written;
   * one that ends can be judged. The last bytes are read first: a write
   * that does not end the image costs a read of them alone.
   */
  async ended() {
    const h = this.head;
    if (h[0] === 0xff) return this.length >= 4 && (await this.range(this.length - 2, this.length)).join() === '255,217' && (await this.jpegHeadersWhole());
    if (h[0] === 0x89) return this.length >= 20 && (await this.range(this.length - 12, this.length)).join() === '0,0,0,0,73,69,78,68,174,66,96,130';
    return this.length >= 8 + new DataView(h.buffer).getUint32(4, true);
  }

  /** Whether a JPEG's segments before its image data (SOS) are all there; at most 1,000 read. */
  async jpegHeadersWhole() {
    // Its first 64 KiB read at once (a Blob is read through the browser's
    // process, a millisecond or more a read); a segment header beyond, alone.
    const start = await this.range(0, Math.min(this.length, 1 << 16));
    let at = 2;
    for (let i = 0; i < 1000; i++) {
      if (at + 4 > this.length) return false;
      const [ff, marker, hi, lo] = at + 4 <= start.length ? start.subarray(at, at + 4) : await this.range(at, at + 4);
      if (ff !== 0xff) return true; // not a JPEG's structure: the strip judges it
      if (marker === 0xff)
        at += 1; // fill
      else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7))
        at += 2; // no length
      else if (marker === 0xda) return true;
      else at += 2 + ((hi << 8) | lo);
    }
    return true;
  }

  /** Writes it into `real`, a FileSystemWritableFileStream that holds its base already, op by op. */
  async replay(real) {
    for (const op of this.ops) {
      if ('size' in op) await real.truncate(op.size);
      else if (!op.base) await real.write({ type: 'write', position: op.at, data: op.data });
    }
  }
}

/**
 * A FileSystemWritableFileStream as the editor sees it: a WritableStream
 * (getWriter, pipeTo, close, abort) with the stream's write, seek and truncate.
 */
class StrippingWritable extends WritableStream {
  async write(data) {
    const writer = this.getWriter();
    try {
      await writer.write(data);
    } finally {
      writer.releaseLock();
    }
  }

  seek(position) {
    return this.write({ type: 'seek', position });
  }

  truncate(size) {
    return this.write({ type: 'truncate', size });
  }
}

/**
 * `real`, a file's FileSystemWritableFileStream, behind one that holds what
 * it is given until it closes, and strips an image (load, as for
 * `stripping`) before any of it reaches `real`. An image is judged by the
 * write that makes it whole (a file handed over in one write, as Sveltia
 * writes it, or the piece that brings its end), so a refusal rejects that
 * write: Sveltia does not hear what its close says. One still cut short at
 * the close is judged there. A refusal aborts `real` (the file keeps what
 * it held) and calls `refused`.
 */
export function stripWrites(real, { name, base = null, load, refused = async () => {} }) {
  const file = new PendingFile(base);
  /** The stripped image, and the change of the file it is of. */
  let stripped = null;
  const refuseWith = async (message) => {
    const e = new Error(message);
    await real.abort(e).catch(() => {});
    await refused().catch(() => {});
    throw e;
  };
  const strip = async () => {
    if (stripped?.change === file.changes) return stripped.data;
    if (file.length > maxImageBytes) return refuseWith(tooLarge(name, file.length, 'saved'));
    const got = await stripImage(load, await file.bytes(), name, 'saved');
    if (got.refused) return refuseWith(got.refused);
    stripped = { change: file.changes, data: got.data };
    return got.data;
  };
  return new StrippingWritable({
    async write(chunk) {
      let whole;
      try {
        whole = await file.apply(chunk);
      } catch (e) {
        await real.abort(e).catch(() => {});
        throw e;
      }
      if (!file.isImage()) return;
      if (file.length > maxImageBytes) return refuseWith(tooLarge(name, file.length, 'saved'));
      if (file.ops.length > maxImageWrites)
        return refuseWith(
          `${name} was not saved: it came in more than ${maxImageWrites} pieces, more than the editor holds to clean an image of its location and serial numbers.`,
        );
      if (whole || (await file.ended())) await strip();
    },
    async close() {
      try {
        if (file.isImage()) {
          const data = await strip();
          await real.write({ type: 'write', position: 0, data });
          await real.truncate(data.length);
        } else await file.replay(real);
        await real.close();
      } catch (e) {
        await real.abort(e).catch(() => {});
        throw e;
      }
    },
    async abort(reason) {
      await real.abort(reason);
    },
  });
}

const installed = Symbol.for('portfolio.writeStrip');

/**
 * Wraps FileSystemFileHandle's createWritable (the File System Access API:
 * Sveltia CMS's local repository, a folder the owner chose) so that every
 * image written through it is stripped first (stripWrites). `load` resolves
 * to the strip, as for `stripping`. Sveltia writes a new file under a
 * temporary name (.sveltia-tmp-…) and renames it once written: a refused
 * image's temporary file, still empty, is removed, so nothing is left
 * behind. Returns whether it wrapped (not where the API is missing, or done).
 */
export function installWriteStrip(load, proto = globalThis.FileSystemFileHandle?.prototype) {
  if (typeof proto?.createWritable !== 'function' || proto.createWritable[installed]) return false;
  const create = proto.createWritable;
  async function createWritable(options) {
    const real = await create.call(this, options);
    const temporary = this.name.startsWith('.sveltia-tmp-');
    return stripWrites(real, {
      name: temporary ? 'The photo' : this.name,
      base: options?.keepExistingData ? await this.getFile() : null,
      load,
      refused: async () => {
        if (temporary && typeof this.remove === 'function' && (await this.getFile()).size === 0) await this.remove();
      },
    });
  }
  createWritable[installed] = true;
  proto.createWritable = createWritable;
  return true;
}
