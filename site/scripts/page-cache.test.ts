import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyInputs, openPageCache, pageKeys, sharedInputs } from './page-cache.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
  dirs.push(dir);
  return dir;
}

function write(dir: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** A site folder as the prerender sees it after `portfolio generate`. */
function site() {
  const dir = folder();
  write(dir, 'index.html', '<!--head-->');
  write(dir, 'package-lock.json', '{}');
  write(dir, 'src/app/App.tsx', 'export const App = 1;');
  write(dir, 'src/generated/content.ts', 'export const site = {};');
  write(dir, 'src/generated/images.json', '{}');
  write(dir, 'src/generated/projects/a.ts', 'export default [1];');
  write(dir, 'src/generated/projects/b.ts', 'export default [2];');
  write(dir, 'scripts/prerender.mjs', '');
  return dir;
}

const projectOf = (route: string) => /^\/projects\/([^/]+)/.exec(route)?.[1];

/** The key of every page of the test site. */
async function keys(dir: string) {
  const keyOf = pageKeys(await sharedInputs(dir, { template: 't' }), await bodyInputs(dir), projectOf);
  return Object.fromEntries(['/', '/about', '/projects/a', '/projects/a/photos/1', '/projects/b'].map((r) => [r, keyOf(r)]));
}

describe('page keys', () => {
  it('follow what each page is made from', async () => {
    const dir = site();
    const before = await keys(dir);
    expect(new Set(Object.values(before)).size).toBe(5);
    const changed = async (edit: () => void) => {
      const was = await keys(dir);
      edit();
      const now = await keys(dir);
      return Object.keys(now).filter((r) => now[r] !== was[r]);
    };
    // A photograph of project a: its body changes, and images.json.
    expect(
      await changed(() => {
        write(dir, 'src/generated/projects/a.ts', 'export default [3];');
        write(dir, 'src/generated/images.json', '{"x": 1}');
      }),
    ).toEqual(['/', '/about', '/projects/a', '/projects/a/photos/1']);
    // A title (the generated module), the code, the settings, the scripts, the environment: every page.
    const every = ['/', '/about', '/projects/a', '/projects/a/photos/1', '/projects/b'];
    expect(await changed(() => write(dir, 'src/generated/content.ts', 'export const site = { t: 1 };'))).toEqual(every);
    expect(await changed(() => write(dir, 'src/app/App.tsx', 'export const App = 2;'))).toEqual(every);
    expect(await changed(() => write(dir, 'package-lock.json', '{"v": 2}'))).toEqual(every);
    expect(await changed(() => write(dir, 'scripts/page-html.mjs', ''))).toEqual(every);
    expect(await changed(() => write(dir, '.env.production', 'VITE_ANALYTICS=off'))).toEqual(every);
    expect(await changed(() => write(dir, 'node_modules/.package-lock.json', '{}'))).toEqual(every);
    try {
      expect(await changed(() => (process.env.VITE_TEST_PAGE_CACHE = '1'))).toEqual(every);
    } finally {
      delete process.env.VITE_TEST_PAGE_CACHE;
    }
    // A project removed: its pages go; the others that show every project change.
    expect(await changed(() => rmSync(path.join(dir, 'src/generated/projects/b.ts')))).toEqual(['/', '/about', '/projects/b']);
  });

  it("follow the template and the scripts' names, which the prerender passes as shared", async () => {
    const dir = site();
    const bodies = await bodyInputs(dir);
    const a = pageKeys(await sharedInputs(dir, { template: 't', entries: { islands: '/assets/islands-1.js' } }), bodies, projectOf);
    const b = pageKeys(await sharedInputs(dir, { template: 't', entries: { islands: '/assets/islands-2.js' } }), bodies, projectOf);
    expect(a('/projects/a')).not.toBe(b('/projects/a'));
  });

  // The keys leave images.json out because the site never reads it: the
  // data the pages show from it is in the generated module.
  it('holds because no source of the site reads images.json', () => {
    const src = path.join(import.meta.dirname, '..', 'src');
    const readers = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.(ts|tsx|css)$/.test(f) && !f.startsWith('generated'))
      .filter((f) => readFileSync(path.join(src, f), 'utf8').includes('generated/images.json'));
    expect(readers).toEqual([]);
  });
});

describe('page cache', () => {
  const facts = { canonical: 'https://example.com/', noindex: false, status: 200, start: 'none' };
  const rules = [{ id: 'x1', css: '.css-x1{color:var(--mui-a)}' }];

  it('gives back a page kept under the same key, and forgets the rest', async () => {
    const dir = path.join(folder(), 'cache');
    const first = await openPageCache(dir);
    expect(first.page('/', 'k1')).toBeUndefined();
    await first.keep('/', 'k1', facts, rules, '<h1>home');
    await first.keep('/about', 'k2', facts, rules, '<h1>about');
    await first.save(['--mui-a'], { '["site.yaml"]': { key: 'd', date: '2020-01-01T00:00:00Z' } });

    const second = await openPageCache(dir);
    expect(second.used).toEqual(['--mui-a']);
    expect(second.dates['["site.yaml"]']?.date).toBe('2020-01-01T00:00:00Z');
    expect(second.page('/', 'k1')).toEqual({ ...facts, key: 'k1', rules });
    expect(second.page('/', 'other')).toBeUndefined();
    const out = path.join(folder(), 'dist', 'index.html');
    await second.copyTo('k1', out);
    expect(readFileSync(out, 'utf8')).toBe('<h1>home');
    // Only / is kept this time: /about's HTML goes with the index.
    await second.keep('/', 'k1', facts, rules);
    await second.save(['--mui-a'], {});
    expect(readdirSync(path.join(dir, 'pages'))).toEqual(['k1.html']);
    expect((await openPageCache(dir)).page('/about', 'k2')).toBeUndefined();
  });

  it('remembers nothing whose HTML is gone, or without a folder', async () => {
    const dir = path.join(folder(), 'cache');
    const first = await openPageCache(dir);
    await first.keep('/', 'k1', facts, rules, '<h1>home');
    await first.save([], {});
    rmSync(path.join(dir, 'pages', 'k1.html'));
    expect((await openPageCache(dir)).page('/', 'k1')).toBeUndefined();
    write(dir, 'index.json', '{"version": 1, "pages": ');
    expect((await openPageCache(dir)).page('/', 'k1')).toBeUndefined();

    const none = await openPageCache(undefined);
    await none.keep('/', 'k1', facts, rules, '<h1>home');
    await none.save([], {});
    expect(none.page('/', 'k1')).toBeUndefined();
  });
});
