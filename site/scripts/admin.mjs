// Builds /admin, the browser editor (decision 79), into public/admin/ beside
// the configuration `portfolio generate` writes there: Decap CMS's bundle as
// its package ships it (fetched by `npm pack`, checked against the
// integrity below: installing the package would add 556 packages, 391 MB
// and peer conflicts with the site's React), the page (admin/index.html),
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
/** The editor's package: its version and the registry's integrity of its tarball. */
const decap = { spec: 'decap-cms@3.16.3', integrity: 'sha512-hf+dPlCh7TJmWl8+6VRzHYOWhri5xgUknrZbDewaWe4s9B7xJ8PQugp2QHeSldMUKzav6+z0oIpwUYhUJDYtYw==' };
const vendor = path.join(site, '..', '.cache', 'admin', decap.spec);
const decapDist = path.join(vendor, 'package', 'dist');

/** Decap's dist/ (its bundle, lazy chunks and wasm), unpacked once per version under .cache/admin. */
function fetchDecap() {
  if (existsSync(path.join(decapDist, 'decap-cms.js'))) return;
  rmSync(vendor, { recursive: true, force: true });
  mkdirSync(vendor, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', decap.spec, '--json', '--pack-destination', vendor], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const tarball = path.join(vendor, packed.filename);
  const got = 'sha512-' + createHash('sha512').update(readFileSync(tarball)).digest('base64');
  if (got !== decap.integrity) throw new Error(`${decap.spec}: the tarball's integrity is ${got}, not the ${decap.integrity} scripts/admin.mjs expects`);
  execFileSync('tar', ['-xzf', tarball, '-C', vendor, 'package/dist'], { stdio: 'inherit' });
  rmSync(tarball);
}
fetchDecap();
const decapBundle = path.join(decapDist, 'decap-cms.js');

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
for (const f of [...sources, ...Object.values(schemaFiles), decapBundle]) hash.update(f).update(readFileSync(f));
const stamp = hash.digest('hex');
const stampFile = path.join(out, '.stamp');
const outputs = ['index.html', 'admin.js', 'decap-cms.js'].map((f) => path.join(out, f));
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
for (const f of readdirSync(decapDist)) if (/^(\d+\.)?decap-cms\.js$|\.wasm$/.test(f)) copyFileSync(path.join(decapDist, f), path.join(out, f));
copyFileSync(path.join(site, 'admin', 'index.html'), path.join(out, 'index.html'));
writeFileSync(stampFile, stamp);
