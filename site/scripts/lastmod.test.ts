import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastChange, lastChanges } from './lastmod.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lastmod-'));
  dirs.push(dir);
  return dir;
}

function write(dir: string, file: string, text: string, mtime: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
  const t = new Date(mtime);
  utimesSync(path.join(dir, file), t, t);
}

function commit(dir: string, date: string) {
  const env = {
    ...process.env,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  execFileSync('git', ['add', '-A'], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '-m', 'c'], { cwd: dir, env });
}

describe('lastChange', () => {
  it('a committed file: the date of its last commit, not its checkout time', async () => {
    const dir = folder();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    write(dir, 'content/site.yaml', 'a', '2020-01-01T00:00:00Z');
    write(dir, 'content/projects/a/project.yaml', 'a', '2020-01-01T00:00:00Z');
    commit(dir, '2021-05-06T07:08:09Z');
    write(dir, 'content/projects/b/project.yaml', 'b', '2020-01-01T00:00:00Z');
    commit(dir, '2022-01-02T03:04:05Z');
    // A fresh clone: every file has the clone's time.
    for (const f of ['content/site.yaml', 'content/projects/a/project.yaml', 'content/projects/b/project.yaml']) {
      const now = new Date();
      utimesSync(path.join(dir, f), now, now);
    }
    const cwd = path.join(dir, 'content');
    expect(await lastChange(['site.yaml', 'projects/a'], { cwd })).toBe('2021-05-06T07:08:09Z');
    expect(await lastChange(['site.yaml', 'projects/a', 'projects/b'], { cwd })).toBe('2022-01-02T03:04:05Z');

    // Changed since the last commit, or never committed: the file's own time.
    write(dir, 'content/projects/a/project.yaml', 'changed', '2023-03-03T03:03:03Z');
    expect(await lastChange(['site.yaml', 'projects/a'], { cwd })).toBe('2023-03-03T03:03:03Z');
    write(dir, 'content/projects/a/gallery/01.jpg', 'new', '2024-04-04T04:04:04Z');
    expect(await lastChange(['projects/a'], { cwd })).toBe('2024-04-04T04:04:04Z');
    write(dir, 'content/projects/c/project.yaml', 'new', '2019-09-09T09:09:09Z');
    expect(await lastChange(['projects/c'], { cwd })).toBe('2019-09-09T09:09:09Z');
  });

  it('outside a repository: the latest modification time under the paths', async () => {
    const dir = folder();
    write(dir, 'site.yaml', 'a', '2020-02-02T02:02:02Z');
    write(dir, 'projects/a/project.yaml', 'a', '2021-02-02T02:02:02Z');
    write(dir, 'projects/a/gallery/01.jpg', 'a', '2022-02-02T02:02:02Z');
    expect(await lastChange(['site.yaml'], { cwd: dir })).toBe('2020-02-02T02:02:02Z');
    expect(await lastChange(['site.yaml', 'projects/a'], { cwd: dir })).toBe('2022-02-02T02:02:02Z');
    expect(await lastChange(['missing'], { cwd: dir })).toBeUndefined();
  });
});

describe('lastChanges', () => {
  // A build asks for each page's date; the next build, given what the first
  // found, must answer as lastChange would, after any change.
  async function twoBuilds(cwd: string, paths: string[], change: () => void) {
    const first = await lastChanges({ cwd });
    await first.date(paths);
    change();
    const second = await lastChanges({ cwd, known: first.found });
    return { date: await second.date(paths), want: await lastChange(paths, { cwd }) };
  }

  it('keeps a date while nothing under its paths changed', async () => {
    const dir = folder();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    write(dir, 'content/site.yaml', 'a', '2020-01-01T00:00:00Z');
    write(dir, 'content/projects/a/project.yaml', 'a', '2020-01-01T00:00:00Z');
    commit(dir, '2021-05-06T07:08:09Z');
    const cwd = path.join(dir, 'content');
    const first = await lastChanges({ cwd });
    expect(await first.date(['site.yaml', 'projects/a'])).toBe('2021-05-06T07:08:09Z');
    // What an earlier build found is taken as it is: no git asked.
    const known = structuredClone(first.found);
    for (const k of Object.keys(known)) known[k]!.date = '1999-09-09T09:09:09Z';
    const second = await lastChanges({ cwd, known });
    expect(await second.date(['site.yaml', 'projects/a'])).toBe('1999-09-09T09:09:09Z');
    // Other paths are asked of git.
    expect(await second.date(['site.yaml'])).toBe('2021-05-06T07:08:09Z');
  });

  it('answers as lastChange after an edit, a new file, a commit, in git or not', async () => {
    const dir = folder();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    write(dir, 'content/site.yaml', 'a', '2020-01-01T00:00:00Z');
    write(dir, 'content/projects/a/project.yaml', 'a', '2020-01-01T00:00:00Z');
    commit(dir, '2021-05-06T07:08:09Z');
    const cwd = path.join(dir, 'content');
    const paths = ['site.yaml', 'projects/a'];
    const cases: [string, () => void][] = [
      ['an edit', () => write(dir, 'content/projects/a/project.yaml', 'b', '2023-03-03T03:03:03Z')],
      ['a new file', () => write(dir, 'content/projects/a/gallery/01.jpg', 'new', '2024-04-04T04:04:04Z')],
      ['a commit', () => commit(dir, '2025-05-05T05:05:05Z')],
      ['a file touched after the commit', () => write(dir, 'content/projects/a/gallery/01.jpg', 'new', '2026-06-06T06:06:06Z')],
    ];
    for (const [name, change] of cases) {
      const { date, want } = await twoBuilds(cwd, paths, change);
      expect(date, name).toBe(want);
    }
    expect(await lastChange(paths, { cwd })).toBe('2025-05-05T05:05:05Z');

    // Files git ignores (a scratch site inside another repository) are
    // dated by their times.
    write(dir, '.gitignore', 'scratch/\n', '2020-01-01T00:00:00Z');
    write(dir, 'scratch/projects/a/project.yaml', 'a', '2020-02-02T02:02:02Z');
    const scratch = path.join(dir, 'scratch');
    const { date, want } = await twoBuilds(scratch, ['projects/a'], () => write(dir, 'scratch/projects/a/project.yaml', 'b', '2022-02-02T02:02:02Z'));
    expect(want).toBe('2022-02-02T02:02:02Z');
    expect(date).toBe(want);

    // Outside a repository.
    const plain = folder();
    write(plain, 'projects/a/project.yaml', 'a', '2020-02-02T02:02:02Z');
    const outside = await twoBuilds(plain, ['projects/a'], () => write(plain, 'projects/a/project.yaml', 'b', '2021-02-02T02:02:02Z'));
    expect(outside.date).toBe('2021-02-02T02:02:02Z');
  });
});
