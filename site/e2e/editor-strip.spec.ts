// The editor's strip (site/admin/upload.js, decision 0084) in Chromium, on
// the two ways Sveltia CMS saves a photo that Decap's requests did not
// cover: into the owner's folder with the File System Access API (its local
// repository: FileSystemFileHandle.createWritable), and to GitHub with
// GraphQL's createCommitOnBranch. The page is the built /admin (its admin.js
// and the strip's WebAssembly, under the policy the host sends with it),
// without the editor's own bundle: what is judged is what admin.js puts
// between the editor and the files. The folder is the browser's
// origin-private file system, whose handles and streams are the same
// classes as a chosen folder's. The photo is a camera's (Debian's
// mate-backgrounds) given a GPS position and serial numbers by exiftool,
// which reads what is left.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = path.join(repo, '.cache', 'e2e', 'editor-strip');
const camera = '/usr/share/backgrounds/mate/nature/Storm.jpg';
const serial = '9XK12345';
const hasExiftool = (() => {
  try {
    execFileSync('exiftool', ['-ver']);
    return true;
  } catch {
    return false;
  }
})();

test.skip(!hasExiftool || !existsSync(camera), `needs exiftool and ${camera} (apt-get install libimage-exiftool-perl mate-backgrounds)`);
test.describe.configure({ mode: 'serial' });

let located: Buffer;
let cut: Buffer;
let reads = 0;

/**
 * What exiftool reads in an image that says where it was taken or with
 * which camera: GPS, serial numbers, the owner's name, maker notes (the
 * tags metastrip.Upload removes; metatest.Private's rule but thumbnails).
 */
function privateTags(image: Buffer): string[] {
  const file = path.join(work, `read-${reads++}.jpg`);
  writeFileSync(file, image);
  const [tags] = JSON.parse(execFileSync('exiftool', ['-j', '-a', '-G0', '-s', '-n', file], { encoding: 'utf8' })) as Record<string, unknown>[];
  return Object.keys(tags ?? {}).filter((k) => {
    const [group, name = ''] = k.split(':');
    return group === 'MakerNotes' || name.startsWith('GPS') || name.includes('SerialNumber') || name === 'OwnerName';
  });
}

/** The compressed image data: from the last start of scan to the end (entropy-coded data holds no 0xFFDA). */
const imageData = (jpeg: Buffer) => jpeg.subarray(jpeg.lastIndexOf(Buffer.from([0xff, 0xda])));

test.beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const file = path.join(work, 'located.jpg');
  writeFileSync(file, readFileSync(camera));
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    '-m',
    '-GPSLatitude=59.42',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=18.07',
    '-GPSLongitudeRef=E',
    `-ExifIFD:SerialNumber=${serial}`,
    '-ExifIFD:LensSerialNumber=LS-4711',
    `-XMP-aux:SerialNumber=${serial}`,
    '-XMP-exif:GPSLatitude=59.42',
    '-XMP-exif:GPSLongitude=18.07',
    file,
  ]);
  located = readFileSync(file);
  // Its metadata whole, cut in the tables before its image data: a photo the strip cannot read.
  cut = located.subarray(0, located.lastIndexOf(Buffer.from([0xff, 0xda])) - 10);
  expect(privateTags(located), 'exiftool wrote a GPS position and serial numbers: the test proves something').toEqual(
    expect.arrayContaining(['EXIF:GPSLatitude', 'EXIF:SerialNumber', 'XMP:SerialNumber', 'MakerNotes:SerialNumber']),
  );
});

/** /admin as the host serves it, without the editor's bundle; the photos at /admin/strip-fixture/. */
async function openAdmin(page: Page) {
  await page.route(/\/admin\/[^/]*\.js$/, async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    if (name === 'admin.js' || name === 'wasm_exec.js') return route.fallback();
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.route('**/admin/strip-fixture/*', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    return route.fulfill({ contentType: 'image/jpeg', body: name === 'cut.jpg' ? cut : located });
  });
  const res = await page.goto('/admin/');
  expect(res?.headers()['content-security-policy'], "the editor's policy").toContain("default-src 'self'");
  await page.waitForFunction(() => document.readyState === 'complete');
}

interface Written {
  /** The file's bytes after the write, base64. */
  file: string;
  /** The write's or the close's refusal, if any. */
  error?: string;
  /** The time from createWritable to the close, in ms. */
  ms: number;
}

test('a photo written into the folder reaches the file without its GPS position or serial numbers', async ({ page }) => {
  test.setTimeout(120_000);
  await openAdmin(page);
  const written = await page.evaluate(async (): Promise<Record<string, Written>> => {
    const photo = await (await fetch('/admin/strip-fixture/located.jpg')).blob();
    const root = await navigator.storage.getDirectory();
    const read = async (h: FileSystemFileHandle) => {
      const bytes = new Uint8Array(await (await h.getFile()).arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    // As Sveltia writes a file (its fs/shared/files.js writeFile): one write, then close.
    const once = async (w: FileSystemWritableFileStream) => {
      await w.write(photo);
      await w.close();
    };
    const ways: Record<string, (w: FileSystemWritableFileStream) => Promise<void>> = {
      // The first loads the strip.
      'one write': once,
      'one write, the strip loaded': once,
      // The photo streamed in the browser's chunks.
      piped: (w) => photo.stream().pipeTo(w),
      // In pieces, last first, at their positions; a seek and a truncate between.
      'pieces at positions': async (w) => {
        const half = Math.floor(photo.size / 2);
        await w.write({ type: 'write', position: half, data: photo.slice(half) });
        await w.write({ type: 'write', position: 0, data: new Uint8Array(await photo.slice(0, half).arrayBuffer()) });
        await w.seek(3);
        await w.write({ type: 'write', data: photo.slice(3, 10) });
        await w.seek(photo.size);
        await w.write('left over');
        await w.truncate(photo.size);
        await w.close();
      },
    };
    const out: Record<string, Written> = {};
    for (const [way, write] of Object.entries(ways)) {
      const h = await root.getFileHandle(`${way.replaceAll(' ', '-')}.jpg`, { create: true });
      const t = performance.now();
      await write(await h.createWritable());
      out[way] = { ms: performance.now() - t, file: await read(h) };
    }
    return out;
  });
  const files = Object.values(written).map(({ file }) => file);
  expect(new Set(files).size, 'every way wrote the same file').toBe(1);
  for (const [way, { file, ms }] of Object.entries(written)) {
    const bytes = Buffer.from(file, 'base64');
    expect(bytes.length, `${way}: the photo was written`).toBeGreaterThan(100_000);
    expect(privateTags(bytes), `${way}: what exiftool reads`).toEqual([]);
    expect(bytes.includes(serial), `${way}: the serial number`).toBe(false);
    expect(imageData(bytes).equals(imageData(located)), `${way}: the image data, byte for byte`).toBe(true);
    console.log(`${way}: ${located.length} bytes → ${bytes.length}, ${Math.round(ms)} ms from createWritable to close`);
  }
});

test('a photo that cannot be read is not written, and the write says why', async ({ page }) => {
  test.setTimeout(120_000);
  await openAdmin(page);
  const result = await page.evaluate(async () => {
    const photo = await (await fetch('/admin/strip-fixture/cut.jpg')).blob();
    const root = await navigator.storage.getDirectory();
    const held = new TextEncoder().encode('what the file held');
    const text = async (h: FileSystemFileHandle) => (await h.getFile()).text();
    /** Sveltia's writeFile: one write; the close in `finally`, its error swallowed. */
    const sveltiaWrite = async (h: FileSystemFileHandle) => {
      const w = await h.createWritable();
      try {
        await w.write(photo);
        return '';
      } catch (e) {
        return (e as Error).message;
      } finally {
        try {
          await w.close();
        } catch {
          // as Sveltia
        }
      }
    };
    // Over a file that exists.
    const existing = await root.getFileHandle('IMG_0042.jpg', { create: true });
    const w = await existing.createWritable();
    await w.write(held);
    await w.close();
    const over = await sveltiaWrite(existing);
    // A new file, as Sveltia makes one: a temporary name, renamed once written.
    const temp = await root.getFileHandle('.sveltia-tmp-0f1e2d3c', { create: true });
    const fresh = await sveltiaWrite(temp);
    const names: string[] = [];
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    // Streamed: the close is what refuses it.
    const piped = await photo
      .stream()
      .pipeTo(await existing.createWritable())
      .then(
        () => '',
        (e: Error) => e.message,
      );
    // Bounds, before anything is read: an image larger than the strip takes, one in too many pieces.
    const bounded = async (write: (w: FileSystemWritableFileStream) => Promise<void>) => {
      const w = await existing.createWritable();
      return write(w).then(
        () => '',
        (e: Error) => e.message,
      );
    };
    const large = await bounded(async (w) => {
      await w.write(new Uint8Array([0xff, 0xd8]));
      await w.write({ type: 'write', position: 50 * 2 ** 20, data: 'x' });
    });
    const pieces = await bounded(async (w) => {
      const writer = w.getWriter();
      const one = new Uint8Array([0]);
      await writer.write(new Uint8Array([0xff, 0xd8]));
      for (let i = 0; i < 10_000; i++) void writer.write(one).catch(() => {});
      await writer.write(one);
    });
    return { over, fresh, piped, large, pieces, after: await text(existing), names };
  });
  expect(result.over).toMatch(/^IMG_0042\.jpg was not saved: it carries its GPS position.*: export it again without location and camera details\.$/s);
  expect(result.fresh).toMatch(/^The photo was not saved: it carries its GPS position/);
  expect(result.piped).toMatch(/^IMG_0042\.jpg was not saved: it carries its GPS position/);
  expect(result.large).toBe(
    'IMG_0042.jpg was not saved: at 51 MB it is larger than the 50 MB the editor can clean of its location and serial numbers. Export it smaller and try again.',
  );
  expect(result.pieces).toMatch(/^IMG_0042\.jpg was not saved: it came in more than 10000 pieces/);
  expect(result.after, 'the file keeps what it held').toBe('what the file held');
  expect(result.names, 'the refused temporary file is gone').not.toContain('.sveltia-tmp-0f1e2d3c');
});

test('a GraphQL commit to GitHub carries its photo without its GPS position or serial numbers', async ({ page }) => {
  test.setTimeout(120_000);
  const cors = { 'access-control-allow-origin': '*' };
  const commits: { additions: { path: string; contents: string }[] }[] = [];
  await page.route('https://api.github.com/graphql', async (route) => {
    if (route.request().method() === 'OPTIONS')
      return route.fulfill({ headers: { ...cors, 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' } });
    const { variables } = route.request().postDataJSON() as { variables: { input: { fileChanges: { additions: { path: string; contents: string }[] } } } };
    commits.push(variables.input.fileChanges);
    return route.fulfill({
      headers: cors,
      json: { data: { createCommitOnBranch: { commit: { oid: 'a'.repeat(40), committedDate: '2026-11-30T00:00:00Z' } } } },
    });
  });
  await openAdmin(page);
  const yaml = 'title: A photo from the harbour\n';
  const answers = await page.evaluate(async (yaml) => {
    const base64 = async (b: Blob) => {
      const bytes = new Uint8Array(await b.arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    // Sveltia's request (its github/commits.js, shared/api.js): the mutation, the files base64.
    const commit = async (photo: string) =>
      fetch('https://api.github.com/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'token gho_test' },
        body: JSON.stringify({
          query: 'mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid committedDate } } }',
          variables: {
            input: {
              branch: { repositoryNameWithOwner: 'owner/portfolio', branchName: 'main' },
              expectedHeadOid: '0'.repeat(40),
              fileChanges: {
                additions: [
                  { path: `content/projects/harbour/gallery/${photo}`, contents: await base64(await (await fetch(`/admin/strip-fixture/${photo}`)).blob()) },
                  { path: 'content/projects/harbour/project.yaml', contents: btoa(yaml) },
                ],
                deletions: [],
              },
              message: { headline: 'Update Projects “harbour”' },
            },
          },
        }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } }));
    return { located: await commit('located.jpg'), cut: await commit('cut.jpg') };
  }, yaml);
  expect(answers.located.status).toBe(200);
  expect(answers.cut.status).toBe(422);
  expect(answers.cut.body.message).toMatch(/^cut\.jpg was not sent: it carries its GPS position/);
  expect(commits, 'one commit left the browser, the one it could strip').toHaveLength(1);
  const [photo, entry] = commits[0]?.additions ?? [];
  const bytes = Buffer.from(photo?.contents ?? '', 'base64');
  expect(photo?.path).toBe('content/projects/harbour/gallery/located.jpg');
  expect(privateTags(bytes)).toEqual([]);
  expect(bytes.includes(serial)).toBe(false);
  expect(imageData(bytes).equals(imageData(located)), 'the image data, byte for byte').toBe(true);
  expect(Buffer.from(entry?.contents ?? '', 'base64').toString()).toBe(yaml);
});
