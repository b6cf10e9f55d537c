// The image variants the scratch sites' builds made, kept for the next
// scratch site's build (decision 0112). The specs' scratch sites show the
// same few of Debian's wallpaper photos (Blinds, Storm, Dune, Wood…), and
// each build encoded them again: AVIF and WebP at every width, most of a
// scratch build's CPU time. The image cache is the build's own, keyed by the
// source's bytes and the settings that shape the variants (cli/internal/images,
// cache.go): a build given the records and files of another reuses those
// whose key is its own, checks each file's recorded size, and makes the rest,
// exactly as a second build of the repository does. What the pages and
// headers say is the same either way; only "N made, M reused" differs.
//
// The pool is per built command (its bytes name the folder), so a changed
// encoder never meets another's outputs; CI's clone starts without one.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** The pool of the command `bin`, under the repository's .cache/e2e. */
export function imagePool(repo: string, bin: string): string {
  const root = path.join(repo, '.cache', 'e2e');
  const name = `images-${createHash('sha256').update(readFileSync(bin)).digest('hex').slice(0, 12)}`;
  const pool = path.join(root, name);
  if (!existsSync(pool)) {
    mkdirSync(path.join(pool, 'records'), { recursive: true });
    mkdirSync(path.join(pool, 'img'), { recursive: true });
    // An older command's pool is of no use to this one.
    for (const old of readdirSync(root)) if (old.startsWith('images-') && old !== name) rmSync(path.join(root, old), { recursive: true, force: true });
  }
  return pool;
}

/** An image cache record: <key>.json (cache.go's entryName). */
const record = /^[0-9a-f]{16}\.json$/;

/** Hard-links each file of `from` not yet in `to` (a build writes each file whole under a new name, never into one). */
function linkFiles(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = path.join(from, name);
    if (!statSync(src).isFile() || existsSync(path.join(to, name))) continue;
    try {
      linkSync(src, path.join(to, name));
    } catch (e) {
      // The other worker linked the same file (same name, same bytes) first.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** Gives the scratch repository `work` the pool's variants (site/public/img) and their records (.cache/images), before its build. */
export function seedImages(pool: string, work: string) {
  linkFiles(path.join(pool, 'img'), path.join(work, 'site', 'public', 'img'));
  const cache = path.join(work, '.cache', 'images');
  mkdirSync(cache, { recursive: true });
  for (const name of readdirSync(path.join(pool, 'records'))) if (record.test(name)) copyFileSync(path.join(pool, 'records', name), path.join(cache, name));
}

/** Adds what the build of `work` made to the pool: the variant files first, then their records (a record in the pool has its files there). */
export function keepImages(pool: string, work: string) {
  const img = path.join(work, 'site', 'public', 'img');
  const cache = path.join(work, '.cache', 'images');
  if (!existsSync(img) || !existsSync(cache)) return;
  linkFiles(img, path.join(pool, 'img'));
  for (const name of readdirSync(cache)) {
    if (!record.test(name) || existsSync(path.join(pool, 'records', name))) continue;
    const tmp = path.join(pool, 'records', `.${name}.${process.pid}`);
    copyFileSync(path.join(cache, name), tmp);
    renameSync(tmp, path.join(pool, 'records', name));
  }
}
