// The hosted editor's strip around fetch (upload.js, decision 0084): which
// requests it opens, and what it does when the strip cannot load. The strip
// itself, WebAssembly compiled from metastrip, is run on Decap's requests by
// the Go test that ties the two (cli/internal/uploadstrip, TestBrowserStrip).
import { describe, expect, it } from 'vitest';
import { isImage, stripping } from './upload.js';

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
