// The editor's strip (upload.js, decision 0084), its parts that need no
// browser: which requests it opens (Decap's blobs, Sveltia's GraphQL
// commits), what it does when the strip cannot load or refuses, the bounds
// it keeps, and the file a stream's writes make (PendingFile), whole or not.
// The strip itself, WebAssembly compiled from metastrip, is run on
// requests by the Go test that ties the two (cli/cmd/metastrip-wasm,
// TestBrowserStrip); on real File System Access streams and a GraphQL body
// in Chromium by e2e/editor-strip.spec.ts. Here a stand-in strip marks what
// it was given.
import { describe, expect, it } from 'vitest';
import { PendingFile, isImage, maxImageBytes, stripping } from './upload.js';

const b64 = (...bytes) => btoa(String.fromCharCode(...bytes.flat()));
const ascii = (s) => [...s].map((c) => c.charCodeAt(0));
const jpeg = b64([0xff, 0xd8, 0xff, 0xe1, 0, 8], ascii('Exif\0\0'));
const png = b64(ascii('\x89PNG\r\n\x1a\n'), [0, 0, 0, 13]);
const webp = b64(ascii('RIFF'), [4, 0, 0, 0], ascii('WEBPVP8 '));

/** A fetch that records what would have left the browser. */
function recorder() {
  const sent = [];
  const send = async (url, init) => {
    sent.push(init?.body);
    return new Response('{}', { status: 201 });
  };
  return { sent, send };
}

describe('isImage', () => {
  it.each([
    ['a JPEG', jpeg, true],
    ['a PNG', png, true],
    ['a WebP', webp, true],
    ['text', b64(ascii('# Notes, a text file\n')), false],
    ['a RIFF that is no WebP', b64(ascii('RIFF'), [4, 0, 0, 0], ascii('WAVEfmt ')), false],
    ['nothing', '', false],
    ['not base64', '!!!*', false],
  ])('%s: %s', (_, content, want) => expect(isImage(content)).toBe(want));
});

describe('stripping', () => {
  it('passes a request without an image as it came, and loads no strip for it', async () => {
    const { sent, send } = recorder();
    let loads = 0;
    const f = stripping(send, async () => (loads++, () => ({ error: 'unused' })));
    for (const body of [
      undefined,
      'not json "base64"',
      JSON.stringify({ content: b64(ascii('hello')), encoding: 'base64' }),
      '{"query":"{ viewer { login } }"}',
    ]) {
      const res = await f('https://api.github.com/graphql', { method: 'POST', body });
      expect(res.status).toBe(201);
    }
    expect(sent.slice(1)).toEqual([
      'not json "base64"',
      JSON.stringify({ content: b64(ascii('hello')), encoding: 'base64' }),
      '{"query":"{ viewer { login } }"}',
    ]);
    expect(loads).toBe(0);
  });

  it('refuses to send an image when the strip cannot load, and says so', async () => {
    const { sent, send } = recorder();
    const f = stripping(send, async () => {
      throw new Error('/admin/metastrip.wasm: 404');
    });
    const res = await f('https://api.github.com/repos/o/r/git/blobs', { method: 'POST', body: JSON.stringify({ content: jpeg, encoding: 'base64' }) });
    expect(res.status).toBe(422);
    const { error, message } = await res.json();
    expect(error).toBe(message);
    expect(message).toMatch(/^The photo was not sent: .*\/admin\/metastrip\.wasm: 404.*Reload the page/);
    expect(sent).toEqual([]);
  });
});

describe('stripping, when the strip fails', () => {
  it('refuses the image rather than send it as it is', async () => {
    const { sent, send } = recorder();
    const f = stripping(send, async () => () => {
      throw new Error('Go program has already exited');
    });
    const body = JSON.stringify({ action: 'persistMedia', params: { asset: { path: 'content/p/gallery/IMG_0042.jpg', content: jpeg, encoding: 'base64' } } });
    const res = await f('/admin/api/v1', { method: 'POST', body });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/^IMG_0042\.jpg was not sent: .*\(Go program has already exited\)\. Reload the page/);
    expect(sent).toEqual([]);
  });
});

/** A strip that marks what it strips: the image's first two bytes, then "clean". */
function marking() {
  const calls = [];
  const strip = (bytes) => {
    calls.push(bytes.length);
    return { data: Uint8Array.from([...bytes.subarray(0, 2), ...ascii('clean')]), found: ['its GPS position'] };
  };
  return { calls, strip };
}

/** Sveltia's createCommitOnBranch request (its github/commits.js), the files as its additions. */
function commit(additions) {
  return JSON.stringify({
    query: 'mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid committedDate } } }',
    variables: {
      input: {
        branch: { repositoryNameWithOwner: 'owner/portfolio', branchName: 'main' },
        expectedHeadOid: '0'.repeat(40),
        fileChanges: { additions, deletions: [{ path: 'content/projects/p/gallery/old.jpg' }] },
        message: { headline: 'Update Projects “p”' },
      },
    },
  });
}

describe('stripping, on GitHub with Sveltia (GraphQL)', () => {
  const graphql = 'https://api.github.com/graphql';
  const yaml = b64(ascii('title: A photo\n'));

  it('strips each image of a commit, and leaves the rest of it as it came', async () => {
    const { sent, send } = recorder();
    const { calls, strip } = marking();
    let loads = 0;
    const f = stripping(send, async () => (loads++, strip));
    const additions = [
      { path: 'content/projects/p/gallery/IMG_0042.jpg', contents: jpeg },
      { path: 'content/projects/p/gallery/scan.png', contents: png },
      { path: 'content/projects/p/project.yaml', contents: yaml },
    ];
    const res = await f(graphql, { method: 'POST', body: commit(additions) });
    expect(res.status).toBe(201);
    const clean = (image) =>
      b64(
        [...atob(image).slice(0, 2)].map((c) => c.charCodeAt(0)),
        ascii('clean'),
      );
    expect(JSON.parse(sent[0])).toEqual(
      JSON.parse(
        commit([
          { path: 'content/projects/p/gallery/IMG_0042.jpg', contents: clean(jpeg) },
          { path: 'content/projects/p/gallery/scan.png', contents: clean(png) },
          { path: 'content/projects/p/project.yaml', contents: yaml },
        ]),
      ),
    );
    expect([loads, calls.length]).toEqual([1, 2]);
  });

  it('sends a commit without an image as it came, and loads no strip for it', async () => {
    const { sent, send } = recorder();
    let loads = 0;
    const f = stripping(send, async () => (loads++, () => ({ error: 'unused' })));
    const body = commit([{ path: 'content/projects/p/project.yaml', contents: yaml }]);
    await f(graphql, { method: 'POST', body });
    expect([sent, loads]).toEqual([[body], 0]);
  });

  it('refuses the commit when one of its images cannot be read, naming it, and sends nothing', async () => {
    const { sent, send } = recorder();
    const f = stripping(
      send,
      async () => (bytes) => (bytes[0] === 0xff ? { error: 'carries its GPS position and cannot be read (unexpected EOF)' } : marking().strip(bytes)),
    );
    const body = commit([
      { path: 'content/projects/p/gallery/scan.png', contents: png },
      { path: 'content/projects/p/gallery/IMG_0042.jpg', contents: jpeg },
    ]);
    const res = await f(graphql, { method: 'POST', body });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe('IMG_0042.jpg was not sent: it carries its GPS position and cannot be read (unexpected EOF).');
    expect(sent).toEqual([]);
  });

  it('refuses an image larger than it strips before reading it', async () => {
    const { sent, send } = recorder();
    let loads = 0;
    const f = stripping(send, async () => (loads++, marking().strip));
    // A JPEG's first bytes, then base64 for more than maxImageBytes.
    const huge = jpeg + 'A'.repeat(Math.ceil(((maxImageBytes + 1) * 4) / 3));
    const res = await f(graphql, { method: 'POST', body: commit([{ path: 'content/projects/p/gallery/huge.jpg', contents: huge }]) });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toMatch(/^huge\.jpg was not sent: at 51 MB it is larger than the 50 MB the editor can clean .*Export it smaller/);
    expect([sent, loads]).toEqual([[], 0]);
  });
});

const blob = (...bytes) => new Blob([Uint8Array.from(bytes.flat())]);
const read = async (file) => [...(await file.bytes())];

describe("PendingFile: what a stream's writes leave in the file", () => {
  it.each([
    ['one Blob', null, [blob(1, 2, 3)], [1, 2, 3]],
    ['a string, as UTF-8', null, ['å!'], [0xc3, 0xa5, 0x21]],
    ['buffers, one after another', null, [Uint8Array.of(1, 2), Uint8Array.of(3).buffer, new DataView(Uint8Array.of(4).buffer)], [1, 2, 3, 4]],
    ['a write past the end: zeros between', null, [{ type: 'write', position: 3, data: blob(9) }], [0, 0, 0, 9]],
    ['a write at a position, then at the cursor', null, [blob(1, 2, 3, 4), { type: 'write', position: 1, data: blob(7) }, blob(8)], [1, 7, 8, 4]],
    ['seek, then a write', null, [blob(1, 2, 3), { type: 'seek', position: 0 }, blob(5)], [5, 2, 3]],
    ['seek past the end, then a write', null, [blob(1), { type: 'seek', position: 2 }, blob(5)], [1, 0, 5]],
    ['truncate shorter: the cursor comes back', null, [blob(1, 2, 3, 4), { type: 'truncate', size: 2 }, blob(5)], [1, 2, 5]],
    ['truncate longer: zeros, also where a write was before', null, [blob(1, 2, 3), { type: 'truncate', size: 1 }, { type: 'truncate', size: 3 }], [1, 0, 0]],
    ['what the file held, kept and written over', blob(1, 2, 3), [{ type: 'write', position: 1, data: blob(7) }], [1, 7, 3]],
    ['what the file held, truncated', blob(1, 2, 3), [{ type: 'truncate', size: 0 }, blob(4)], [4]],
    ['nothing', null, [], []],
  ])('%s', async (_, base, writes, want) => {
    const file = new PendingFile(base);
    for (const w of writes) await file.apply(w);
    await file.start();
    expect(await read(file)).toEqual(want);
    expect(file.length).toBe(want.length);
  });

  it('keeps a buffer as it was given, not as it is changed after', async () => {
    const file = new PendingFile();
    const buffer = Uint8Array.of(1, 2, 3);
    await file.apply(buffer);
    buffer[0] = 9;
    expect(await read(file)).toEqual([1, 2, 3]);
  });

  it.each([
    ['no data', { type: 'write' }],
    ['a negative position', { type: 'write', position: -1, data: 'x' }],
    ['a position that is no number', { type: 'seek', position: '2' }],
    ['a fraction of a byte', { type: 'truncate', size: 1.5 }],
    ['no size', { type: 'truncate' }],
    ['a type it does not know', { type: 'append', data: 'x' }],
    ['a number', 42],
  ])('refuses a write with %s (TypeError)', async (_, chunk) => {
    await expect(new PendingFile().apply(chunk)).rejects.toThrow(TypeError);
  });

  it('says which write handed the file over whole: a Blob that is all of it, from its start', async () => {
    const file = new PendingFile();
    expect(await file.apply(blob(1, 2))).toBe(true);
    expect(await file.apply(blob(3))).toBe(false);
    expect(await file.apply({ type: 'write', position: 0, data: blob(1, 2, 3) })).toBe(true);
    expect(await new PendingFile().apply(Uint8Array.of(1, 2))).toBe(false);
    expect(await new PendingFile(blob(1, 2, 3)).apply(blob(4))).toBe(false);
  });
});

describe('PendingFile: whether it is an image, and whether the image has ended', () => {
  const jpegFile = (...rest) => [0xff, 0xd8, 0xff, 0xe1, 0, 6, 1, 2, 3, 4, 0xff, 0xda, 0, 2, 5, 6, ...rest];
  const iend = [0, 0, 0, 0, ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82];

  it('knows an image by its first bytes, however they were written', async () => {
    const file = new PendingFile();
    await file.apply(Uint8Array.of(0xff));
    expect(file.isImage()).toBe(false);
    await file.apply(Uint8Array.of(0xd8));
    expect(file.isImage()).toBe(true);
    await file.apply({ type: 'write', position: 0, data: '# notes' });
    expect(file.isImage()).toBe(false);
    await file.apply({ type: 'write', position: 0, data: blob(0xff, 0xd8) });
    await file.apply({ type: 'truncate', size: 1 });
    expect(file.isImage()).toBe(false);
    expect(new PendingFile(blob(0xff, 0xd8)).isImage()).toBe(false); // not until it starts
  });

  it.each([
    ['a JPEG with its end marker', jpegFile(7, 0xff, 0xd9), true],
    ['a JPEG cut in its image data', jpegFile(7, 8), false],
    ["a JPEG cut in its EXIF, after a thumbnail's end marker", [0xff, 0xd8, 0xff, 0xe1, 0, 40, 1, 0xff, 0xd8, 2, 0xff, 0xd9], false],
    ['a PNG with its IEND chunk', [...ascii('\x89PNG\r\n\x1a\n'), ...iend], true],
    ['a PNG cut short', [...ascii('\x89PNG\r\n\x1a\n'), 0, 0, 0, 13, ...ascii('IHDR')], false],
    ['a WebP as long as its RIFF header says', [...ascii('RIFF'), 8, 0, 0, 0, ...ascii('WEBPVP8 ')], true],
    ['a WebP shorter', [...ascii('RIFF'), 9, 0, 0, 0, ...ascii('WEBPVP8 ')], false],
  ])('%s: ended %s', async (_, bytes, want) => {
    const file = new PendingFile();
    await file.apply(Uint8Array.from(bytes));
    expect(file.isImage()).toBe(true);
    expect(await file.ended()).toBe(want);
  });

  it("finds a JPEG's end when it comes in pieces, and only then", async () => {
    const file = new PendingFile();
    const bytes = jpegFile(7, 0xff, 0xd9);
    const seen = [];
    for (let i = 0; i < bytes.length; i += 3) {
      await file.apply(Uint8Array.from(bytes.slice(i, i + 3)));
      seen.push(await file.ended());
    }
    expect(seen.indexOf(true)).toBe(seen.length - 1);
  });
});
