// The prerender's memory between builds (scripts/prerender.mjs): each
// page's HTML under the hash of everything it was made from, so that a
// build renders again only the pages whose inputs changed. `portfolio
// build` names the folder (PORTFOLIO_PRERENDER_CACHE, under .cache/build);
// without it every page is rendered, as `npm run build` by hand does.
//
// A page is made from the site's code and settings (its sources, the
// packages installed, the build's template and script names, the
// environment, the year its footer shows), the generated module except the
// project pages' bodies, and the bodies it shows: a project's page and its
// photos' pages read their project's (src/generated/projects/<slug>.ts);
// every other page is taken to read all of them. So a photograph changed in
// one gallery renders that project's pages and the few pages that list
// projects; a title (in the generated module itself) renders every page.
// images.json is left out: `portfolio generate` reads it, the site does not
// (page-cache.test.ts checks that); what the pages show of it is in the
// module.
//
// Files are named by that hash and the index written last (temporary name,
// then rename), so a prerender stopped half-way leaves at worst pages no
// index names.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const indexVersion = 1;

/** The SHA-256 of the parts, in hex, each part delimited. */
export function hash(...parts) {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${p.length}:`).update(p);
  return h.digest('hex');
}

/** Every regular file under dir (relative names, '/'-separated, sorted); names in `skip` (relative) are left out with what is under them. */
async function filesUnder(dir, skip, prefix = '') {
  let entries;
  try {
    entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (e) {
    if (e.code === 'ENOENT') return [];
    throw e;
  }
  const files = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (skip.has(rel)) continue;
    if (e.isDirectory()) files.push(...(await filesUnder(dir, skip, rel)));
    else if (e.isFile()) files.push(rel);
  }
  return files;
}

/** The hash of the files under dir: their names and bytes. */
async function hashFiles(dir, names) {
  const parts = [];
  for (const name of names) parts.push(name, await readFile(path.join(dir, name)));
  return hash(...parts);
}

/**
 * What every page is made from, hashed: the site's sources (src/, the
 * generated module but the project bodies and images.json), its scripts,
 * its settings and lock files, the packages installed, the template and
 * site facts the prerender computed (`shared`: script names, fonts, icons),
 * the environment Vite and the prerender read, Node's version and the year.
 */
export async function sharedInputs(siteRoot, shared) {
  // private-gate.json: the favourites' check at the host, read by no page.
  const generatedOwn = new Set(['generated/projects', 'generated/images.json', 'generated/private-gate.json']);
  const src = await filesUnder(path.join(siteRoot, 'src'), generatedOwn);
  const scripts = await filesUnder(path.join(siteRoot, 'scripts'), new Set());
  const top = (await readdir(siteRoot, { withFileTypes: true }))
    .filter((e) => e.isFile() && /^(index\.html|.*\.(json|ts|mjs|js)|\.env(\..*)?)$/.test(e.name))
    .map((e) => e.name)
    .sort();
  const installed = await readFile(path.join(siteRoot, 'node_modules', '.package-lock.json')).catch(() => Buffer.from('none'));
  const env = Object.entries(process.env)
    .filter(([k]) => k.startsWith('VITE_') || k === 'NODE_ENV')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return hash(
    await hashFiles(path.join(siteRoot, 'src'), src),
    await hashFiles(path.join(siteRoot, 'scripts'), scripts),
    await hashFiles(siteRoot, top),
    installed,
    JSON.stringify(shared),
    JSON.stringify(env),
    process.version,
    String(new Date().getFullYear()),
  );
}

/** The hash of each project's body module (src/generated/projects/<slug>.ts), by slug. */
export async function bodyInputs(siteRoot) {
  const dir = path.join(siteRoot, 'src', 'generated', 'projects');
  const bodies = new Map();
  for (const name of await filesUnder(dir, new Set())) {
    if (name.endsWith('.ts')) bodies.set(name.slice(0, -3), hash(await readFile(path.join(dir, name))));
  }
  return bodies;
}

/**
 * The key of each page: the shared inputs, and the body of the project
 * whose page or photo page it is (`projectOf(route)`), or every body.
 */
export function pageKeys(shared, bodies, projectOf) {
  const all = hash(...[...bodies].sort(([a], [b]) => (a < b ? -1 : 1)).flat());
  return (route) => {
    const slug = projectOf(route);
    return hash(shared, route, slug === undefined ? all : `${slug} ${bodies.get(slug) ?? 'none'}`);
  };
}

/**
 * The cache in dir, or one that remembers nothing when dir is undefined.
 * `page(route, key)` is what a page of that key left (its facts and style
 * rules), if its HTML is there; `keep` adds a page made now, or kept;
 * `save` writes the index of the pages kept (and the sitemap's dates) and
 * removes the others' files.
 */
export async function openPageCache(dir) {
  let index = { version: indexVersion, used: [], rules: {}, pages: {}, dates: {} };
  if (dir) {
    try {
      const read = JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8'));
      if (read.version === indexVersion) index = read;
    } catch {
      // none yet, or unreadable: every page is rendered
    }
  }
  const pagesDir = dir && path.join(dir, 'pages');
  const htmlFile = (key) => path.join(pagesDir, `${key}.html`);
  const have = new Set(dir ? await readdir(pagesDir).catch(() => []) : []);
  const next = { version: indexVersion, used: [], rules: {}, pages: {}, dates: {} };
  return {
    /** The theme variables some page read when the index was written. */
    used: index.used,
    /** The sitemap's dates found then (lastmod.mjs, lastChanges). */
    dates: index.dates ?? {},
    page(route, key) {
      const p = index.pages[route];
      if (!dir || !p || p.key !== key || !have.has(`${key}.html`)) return undefined;
      return { ...p, rules: p.rules.map((id) => ({ id, css: index.rules[id] })) };
    },
    /** Copies a kept page's HTML to file. */
    async copyTo(key, file) {
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(htmlFile(key), file);
    },
    /** Remembers a page: its facts, its style rules (by emotion's id, which hashes the rule) and its HTML. */
    async keep(route, key, facts, rules, html) {
      if (!dir) return;
      for (const r of rules) next.rules[r.id] = r.css;
      next.pages[route] = { ...facts, key, rules: rules.map((r) => r.id) };
      if (html !== undefined) {
        await mkdir(pagesDir, { recursive: true });
        await writeFile(`${htmlFile(key)}.tmp`, html);
        await rename(`${htmlFile(key)}.tmp`, htmlFile(key));
        have.add(`${key}.html`);
      }
    },
    async save(used, dates) {
      if (!dir) return;
      next.used = used;
      next.dates = dates;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'index.json.tmp'), JSON.stringify(next));
      await rename(path.join(dir, 'index.json.tmp'), path.join(dir, 'index.json'));
      const kept = new Set(Object.values(next.pages).map((p) => `${p.key}.html`));
      for (const name of await readdir(pagesDir).catch(() => [])) {
        if (!kept.has(name)) await rm(path.join(pagesDir, name), { force: true });
      }
    },
  };
}
