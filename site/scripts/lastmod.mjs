// The date of the last change of a page's content, for the sitemap's
// <lastmod>. A file's modification time says when it was checked out, not
// when it changed (every file of a fresh clone, as on the host's build, has
// the clone's time), so the date of the last commit that touched the files
// comes first; a file changed since (uncommitted, or untracked) counts with
// its modification time, and without git (or outside a repository) the
// modification times are all there is.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function git(cwd, args) {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 1 << 20 });
    return stdout;
  } catch {
    return undefined;
  }
}

/** The latest modification time of a file, or of the files under a folder. */
async function latestMtime(file) {
  let info;
  try {
    info = await stat(file);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const e of await readdir(file)) latest = Math.max(latest, await latestMtime(path.join(file, e)));
  return latest;
}

/**
 * When the files or folders `paths` (relative to `cwd`) last changed, as an
 * ISO 8601 date-time (UTC), or undefined when none exists.
 */
export async function lastChange(paths, { cwd }) {
  const committed = await git(cwd, ['log', '-1', '--format=%cI', '--', ...paths]);
  // Lines of files changed since the last commit or not tracked at all.
  const status = await git(cwd, ['status', '--porcelain', '--untracked-files=all', '--no-renames', '-z', '--', ...paths]);
  let latest = 0;
  if (committed?.trim()) {
    latest = Date.parse(committed.trim());
    const top = (await git(cwd, ['rev-parse', '--show-toplevel']))?.trim();
    for (const entry of (status ?? '').split('\0').filter(Boolean)) {
      if (!top) break;
      latest = Math.max(latest, await latestMtime(path.join(top, entry.slice(3))));
    }
  } else {
    // Not in a repository, or never committed: the files' own times.
    for (const p of paths) latest = Math.max(latest, await latestMtime(path.join(cwd, p)));
  }
  return latest ? new Date(latest).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
}

/** Whether the '/'-separated path `file` is `dir` or under it. */
const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);

/**
 * lastChange for the many pages of one build, where most pages share their
 * paths (every photo's page, say): each set of paths is asked once, and a
 * date an earlier build found (`known`, what `found` held then) is kept
 * while git's HEAD is the same, and so are the files under the paths that
 * differ from it (what `git status` lists) and the latest modification
 * time under the paths (files never committed, or ignored, are dated by
 * it). Outside a repository the files' own times are read every time, as
 * lastChange does.
 */
export async function lastChanges({ cwd, known = {} }) {
  const head = (await git(cwd, ['rev-parse', '--quiet', '--verify', 'HEAD']))?.trim();
  const found = {};
  let dirty = [];
  if (head) {
    const top = (await git(cwd, ['rev-parse', '--show-toplevel']))?.trim() ?? cwd;
    const prefix = (await git(cwd, ['rev-parse', '--show-prefix']))?.trim() ?? '';
    const status = await git(cwd, ['status', '--porcelain', '--untracked-files=all', '--no-renames', '-z', '--', '.']);
    dirty = await Promise.all(
      (status ?? '')
        .split('\0')
        .filter(Boolean)
        .map(async (entry) => {
          const file = entry.slice(3);
          const mtime = await stat(path.join(top, file)).then(
            (i) => i.mtimeMs,
            () => 0,
          );
          return { file: file.startsWith(prefix) ? file.slice(prefix.length) : `../${file}`, line: entry, mtime };
        }),
    );
  }
  return {
    found,
    /** When the files or folders `paths` last changed, as lastChange says. */
    async date(paths) {
      const id = JSON.stringify(paths);
      if (id in found) return found[id].date;
      if (!head) {
        found[id] = { date: await lastChange(paths, { cwd }) };
        return found[id].date;
      }
      const changed = dirty.filter((d) => paths.some((p) => under(d.file, p)));
      let latest = 0;
      for (const p of paths) latest = Math.max(latest, await latestMtime(path.join(cwd, p)));
      const key = createHash('sha256')
        .update(JSON.stringify([head, changed, latest]))
        .digest('hex');
      const date = known[id]?.key === key ? known[id].date : await lastChange(paths, { cwd });
      found[id] = { key, date };
      return date;
    },
  };
}
