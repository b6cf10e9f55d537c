// Builds /admin, the browser editor (decisions 79, 0114, 0120), into
// public/admin/ beside the configuration `portfolio generate` writes there:
// Sveltia CMS's bundle as its package ships it (fetched by `npm pack`,
// checked against the integrity below, nothing installed), with the
// addresses of its three fonts rewritten to copies under /admin/fonts/
// (fetched the same way from their Fontsource packages: the editor's policy
// allows no other host, decision 0114), the page (admin/index.html),
// and admin.js, the save
// check (admin/), with the validators Ajv compiles from ../schema/*.json
// here, at build time (standalone code: no eval in the browser for them),
// and the strip it runs on each image it sends (decision 0084):
// cli/cmd/metastrip-wasm compiled to WebAssembly by the Go toolchain, with
// Go's wasm_exec.js beside it. Go's build cache decides whether that
// rebuilds (0.4 s when nothing changed; 32 s cold).
// The prerender links public/ into dist/ like every public file; no page of
// the site links to /admin, and the sitemap lists routes only.
//
// It does nothing when its inputs are as when it last ran (public/admin/.stamp).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { build } from 'vite';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(site, 'public', 'admin');
/**
 * The packages /admin serves files of: each one's version, the registry's
 * integrity of its tarball, and what is taken from it. A bump changes
 * spec and integrity together and re-runs .ci/bench/editor/run (0114).
 */
const sveltia = {
  spec: '@sveltia/cms@0.221.1',
  integrity: 'sha512-J+Qoik9kGMk2L7vNpOQrnDmFRi+NB6vwJ0f657YtsxWH0P8WYSYRRSRC2pQ/jGGbVlM//Pg/WIgmkpswqoo3gQ==',
  files: ['package/dist/sveltia-cms.js', 'package/LICENSE.txt'],
};
/**
 * Sveltia's fonts, each by the address its bundle loads it from (Fontsource's
 * CDN) and the same file of the same version in the package (OFL-1.1 all
 * three; docs/credits.md).
 */
const fonts = [
  {
    url: 'https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2',
    spec: '@fontsource-variable/source-sans-3@5.3.0',
    integrity: 'sha512-dpi0GZk7EQe2tYpg6Q0Fx0OmUgnuGu+0rHPgtXqtKhglYmJuP7jZ12Mu1uN+NfRaJRY1Emn8AQJEWzmoZ4wa9g==',
    files: ['package/files/source-sans-3-latin-wght-normal.woff2', 'package/LICENSE'],
  },
  {
    url: 'https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2',
    spec: '@fontsource/noto-mono@5.3.0',
    integrity: 'sha512-QZieY3OyKEImCXg3HRiF6p6/H0GXX94uEb53ayLyQgCTB20LdkvsyJIgigo6lAGmVw3WEs40DdG5KTqpxfwgGg==',
    files: ['package/files/noto-mono-latin-400-normal.woff2', 'package/LICENSE'],
  },
  {
    url: 'https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2',
    spec: '@fontsource-variable/material-symbols-outlined@5.3.7',
    integrity: 'sha512-d6kLamaMdad40AYoyJEBgCH63fRLklC7GW7bgb7WWbPh/UzuW483Dlyfmn3vxpiNsHLIMBOcYYkZDtOC9Y3MUA==',
    files: ['package/files/material-symbols-outlined-latin-wght-normal.woff2', 'package/LICENSE'],
  },
];
/**
 * Immutable.js, which Sveltia imports from unpkg.com when it runs an event
 * hook (admin.js's preSave): without it, the save check is skipped. Served
 * at /admin/vendor/ (decision 0120); the version is the one its bundle asks.
 */
const immutable = {
  spec: 'immutable@5.1.9',
  integrity: 'sha512-m8nVez3rwrgmWxtLMt1ZYXB2Lv7OKYn/disyxAlSDYAlKSlFoPPfIAmAM/M5xqL4m4C/wAPw7S2/CNaUii1Hxg==',
  files: ['package/dist/immutable.es.js', 'package/LICENSE'],
};
const cache = path.join(site, '..', '.cache', 'admin');

/** A package's files, unpacked once per version under .cache/admin; returns its folder there. */
function fetchPackage({ spec, integrity, files }) {
  const dir = path.join(cache, spec.replace('/', '+'));
  if (files.every((f) => existsSync(path.join(dir, f)))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', spec, '--json', '--pack-destination', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const tarball = path.join(dir, packed.filename);
  const got = 'sha512-' + createHash('sha512').update(readFileSync(tarball)).digest('base64');
  if (got !== integrity) throw new Error(`${spec}: the tarball's integrity is ${got}, not the ${integrity} scripts/admin.mjs expects`);
  execFileSync('tar', ['-xzf', tarball, '-C', dir, ...files], { stdio: 'inherit' });
  rmSync(tarball);
  return dir;
}
const sveltiaBundle = path.join(fetchPackage(sveltia), sveltia.files[0]);
const immutableFile = path.join(fetchPackage(immutable), immutable.files[0]);
const fontFiles = fonts.map((f) => ({ ...f, file: path.join(fetchPackage(f), f.files[0]), name: path.basename(f.files[0]) }));

/**
 * The strip as WebAssembly (metastrip.wasm) and Go's loader of it, in out.
 * A copy of the site without the Go sources beside it (a test's scratch
 * repository) keeps the one a build of the repository put there; with
 * neither, /admin is built without it and refuses every photo (upload.js
 * sends no image it could not strip), which the build says.
 */
function buildStrip() {
  const main = path.join(site, '..', 'cli', 'cmd', 'metastrip-wasm');
  const wasm = path.join(out, 'metastrip.wasm');
  if (!existsSync(main)) {
    if (existsSync(wasm) && existsSync(path.join(out, 'wasm_exec.js'))) return;
    console.warn(
      `admin: ${main} is missing, and so is ${wasm}: the editor at /admin will refuse photos, as it cannot strip them; build in the repository, whose cli/ holds the strip`,
    );
    return;
  }
  mkdirSync(out, { recursive: true });
  const env = { ...process.env, GOOS: 'js', GOARCH: 'wasm' };
  execFileSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', wasm + '.tmp', './cli/cmd/metastrip-wasm'], {
    cwd: path.join(site, '..'),
    env,
    stdio: 'inherit',
  });
  renameSync(wasm + '.tmp', wasm);
  const goroot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
  copyFileSync(path.join(goroot, 'lib', 'wasm', 'wasm_exec.js'), path.join(out, 'wasm_exec.js'));
}
buildStrip();

const schemaFiles = { project: path.join(site, '..', 'schema', 'project.schema.json'), site: path.join(site, '..', 'schema', 'site.schema.json') };
const sources = ['admin/index.html', 'admin/admin.js', 'admin/check.js', 'admin/upload.js', 'scripts/admin.mjs', 'package-lock.json'].map((f) =>
  path.join(site, f),
);

const hash = createHash('sha256');
for (const f of [...sources, ...Object.values(schemaFiles), sveltiaBundle, immutableFile, ...fontFiles.map((x) => x.file)])
  hash.update(f).update(readFileSync(f));
const stamp = hash.digest('hex');
const stampFile = path.join(out, '.stamp');
const outputs = [
  'index.html',
  'admin.js',
  'sveltia-cms.js',
  `vendor/${immutable.spec}/dist/immutable.es.js`,
  ...fontFiles.map((f) => path.join('fonts', f.name)),
].map((f) => path.join(out, f));
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && outputs.every((f) => existsSync(f))) process.exit(0);

mkdirSync(out, { recursive: true });
const schemas = Object.fromEntries(Object.entries(schemaFiles).map(([k, f]) => [k, JSON.parse(readFileSync(f, 'utf8'))]));

// The validators: the schemas as validate reads them (draft 2020-12, the
// schemas' own messages by ajv-errors, format uri), all errors at once.
const ajv = new Ajv2020({ allErrors: true, strict: true, code: { source: true, esm: true } });
addFormats(ajv);
addErrors(ajv);
ajv.addKeyword('x-moved');
// What a translation file may give (decision 0115); the check reads the default file.
ajv.addKeyword('x-translatable');
ajv.addKeyword('x-translation-key');
for (const [k, s] of Object.entries(schemas)) ajv.addSchema(s, k);
const validators = standaloneCode(ajv, { project: 'project', site: 'site' });

/** The schemas with what the check reads to name a field: structure and titles. */
const keep = new Set(['$defs', '$ref', 'properties', 'items', 'allOf', 'if', 'then', 'const', 'title']);
const slim = (v) =>
  Array.isArray(v)
    ? v.map(slim)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => keep.has(k) || (!keep.has(k) && typeof v[k] === 'object' && k !== 'examples' && k !== 'default' && k !== 'enum'))
            .map(([k, x]) => [k, slim(x)]),
        )
      : v;

const virtual = {
  'virtual:portfolio-validators': validators,
  'virtual:portfolio-schemas': `export default ${JSON.stringify(slim(schemas))};`,
};
const tmp = path.join(out, '.build');
await build({
  configFile: false,
  root: site,
  logLevel: 'warn',
  plugins: [
    {
      name: 'portfolio:admin-virtual',
      resolveId: (id) => (id in virtual ? '\0' + id : null),
      load: (id) => (id.startsWith('\0virtual:') ? virtual[id.slice(1)] : null),
    },
  ],
  build: {
    outDir: tmp,
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    lib: { entry: path.join(site, 'admin', 'admin.js'), formats: ['iife'], name: 'portfolioAdmin', fileName: () => 'admin.js' },
  },
});
renameSync(path.join(tmp, 'admin.js'), path.join(out, 'admin.js'));
rmSync(tmp, { recursive: true, force: true });
// Decap's files, from before the switch (decision 0120), go.
for (const f of readdirSync(out)) if (/^(\d+\.)?decap-cms\.js$|^[0-9a-f]{20}\.wasm$/.test(f)) rmSync(path.join(out, f));
let bundle = readFileSync(sveltiaBundle, 'utf8');
mkdirSync(path.join(out, 'fonts'), { recursive: true });
for (const f of fontFiles) {
  // Each address once in the bundle: another count means another version of
  // Sveltia loads other fonts, and the list above is out of date.
  const n = bundle.split(f.url).length - 1;
  if (n !== 1) throw new Error(`${sveltia.spec}: its bundle names ${f.url} ${n} times, not once: update the fonts in scripts/admin.mjs`);
  bundle = bundle.replace(f.url, `/admin/fonts/${f.name}`);
  copyFileSync(f.file, path.join(out, 'fonts', f.name));
}
const left = bundle.match(/https:\/\/cdn\.jsdelivr\.net\/fontsource\/[^)`'"]+/);
if (left) throw new Error(`${sveltia.spec}: its bundle loads ${left[0]}, which scripts/admin.mjs does not serve from /admin/fonts`);
// Its imports from unpkg.com: Immutable.js from /admin/vendor/, the rest
// (a map, HEIC and SVG tools, code highlighting: no widget of ours) stay
// blocked by the policy.
const unpkg = 'https://unpkg.com/${e}';
const version = immutable.spec.split('@')[1];
if (bundle.split(unpkg).length !== 2 || !bundle.includes(`immutable:\`^${version}\``))
  throw new Error(`${sveltia.spec}: its bundle does not import immutable@${version} through ${unpkg}: update immutable in scripts/admin.mjs`);
bundle = bundle.replace(unpkg, '${e==="immutable"?"/admin/vendor/"+e:"https://unpkg.com/"+e}');
const vendored = path.join(out, 'vendor', immutable.spec, immutable.files[0].replace(/^package\//, ''));
mkdirSync(path.dirname(vendored), { recursive: true });
copyFileSync(immutableFile, vendored);
writeFileSync(path.join(out, 'sveltia-cms.js'), bundle);
copyFileSync(path.join(site, 'admin', 'index.html'), path.join(out, 'index.html'));
writeFileSync(stampFile, stamp);
