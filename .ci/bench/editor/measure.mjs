// The two browser editors side by side, on this machine (decision 0114):
// Decap CMS, which /admin ships (decision 79), and Sveltia CMS. It asserts
// nothing and exits non-zero only when it cannot measure. Run it through
// .ci/bench/editor/run, which says what it needs.
//
// Each editor's package is fetched with `npm pack` at run time into
// .cache/bench-editor/ (nothing of theirs is committed) and served from a
// scratch folder by a server of this script's own, with /admin's
// Content-Security-Policy as the host sends it (headers.EditorCSP, read
// from cli/internal/headers/headers.go) and the config.yml `portfolio
// generate` wrote (site/public/admin/config.yml). It prints:
//   - the main bundle's bytes: raw, gzip -9 and brotli (quality 11);
//   - the config.yml checked against Sveltia's own schema of its
//     configuration (sveltia-cms.json in its package's schema folder), and the
//     widgets it uses;
//   - per editor and policy (the host's, and the same without
//     'unsafe-eval'): whether the first screen (the GitHub sign-in button)
//     came, the CSP violations (securitypolicyviolation events) and the
//     console errors;
//   - the time to that first screen: performance.now() when the button is
//     first in the DOM (a MutationObserver), first-contentful-paint, and
//     the bytes the page loaded by then (resource timings' decoded sizes),
//     median of N loads, the editors alternating;
//   - axe-core (the suite's tags, WCAG 2.0–2.2 A and AA; and the
//     best-practice rules apart) on that first screen;
//   - the local backend as `portfolio dev --editor` runs it: decap-server
//     (site's devDependency) behind /admin/api/v1, named by local_backend:
//     whether the editor asks it for anything and reaches the collections.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const site = path.join(repo, 'site');
const requireSite = createRequire(path.join(site, 'package.json'));

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    decap: { type: 'string', default: '3.16.3' },
    sveltia: { type: 'string', default: 'latest' },
    config: {
      type: 'string',
      default: path.join(site, 'public', 'admin', 'config.yml'),
    },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});

class CannotMeasure extends Error {}

function fail(msg) {
  throw new CannotMeasure(msg);
}

/** The editor's package unpacked under .cache/bench-editor/<name>@<version>/package. */
function fetchPackage(name, version) {
  if (version === 'latest')
    version = execFileSync('npm', ['view', name, 'version'], {
      encoding: 'utf8',
    }).trim();
  const dir = path.join(repo, '.cache', 'bench-editor', `${name.replace('/', '+')}@${version}`);
  const pkg = path.join(dir, 'package');
  if (!existsSync(path.join(pkg, 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
    );
    const tarball = path.join(dir, packed.filename);
    const got = 'sha512-' + createHash('sha512').update(readFileSync(tarball)).digest('base64');
    if (got !== packed.integrity) fail(`${name}@${version}: the tarball's integrity is ${got}, the registry says ${packed.integrity}`);
    execFileSync('tar', ['-xzf', tarball, '-C', dir], { stdio: 'inherit' });
    rmSync(tarball);
  }
  const meta = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  return { name, version, pkg, license: meta.license };
}

/** headers.EditorCSP: the Go constant's string literals, joined. */
function editorCSP() {
  const src = readFileSync(path.join(repo, 'cli', 'internal', 'headers', 'headers.go'), 'utf8');
  const m = /const EditorCSP = ([\s\S]*?)\n\n/.exec(src);
  if (!m) fail('cli/internal/headers/headers.go: no `const EditorCSP =` found');
  const parts = [...m[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => JSON.parse(`"${x[1]}"`));
  if (!parts.join('').includes('script-src')) fail('headers.EditorCSP: no script-src in what was read');
  return parts.join('');
}

function withoutEval(csp) {
  return csp.replace(/script-src([^;]*)/, (_, v) => 'script-src' + v.replace(/\s*'unsafe-eval'/, ''));
}

function sizes(file) {
  const raw = readFileSync(file);
  return {
    raw: raw.length,
    gzip: zlib.gzipSync(raw, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }).length,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.yml': 'text/yaml',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.map': 'application/json',
};

/**
 * Serves root at /admin/ with the policy of the moment (server.csp), and
 * sends /admin/api/v1 to the local backend when there is one, counting
 * those requests.
 */
function startServer(root, backendPort) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/admin/api/v1')) {
      server.apiRequests++;
      if (!backendPort) {
        res.writeHead(502).end();
        return;
      }
      const up = http.request(
        {
          host: '127.0.0.1',
          port: backendPort,
          method: req.method,
          path: url.pathname.replace(/^\/admin/, '') + url.search,
          headers: req.headers,
        },
        (r) => {
          res.writeHead(r.statusCode, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
      return;
    }
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith('/admin/')) {
      res.writeHead(404).end();
      return;
    }
    rel = rel.slice('/admin/'.length) || 'index.html';
    const file = path.join(root, server.editor, rel);
    if (!file.startsWith(path.join(root, server.editor)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': server.csp,
      'Cache-Control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  server.apiRequests = 0;
  return server;
}

/** The page each editor is served in: its bundle as a classic script, as /admin loads Decap's. */
function stage(root, editor, bundleDir, bundleName, config) {
  const dir = path.join(root, editor);
  mkdirSync(dir, { recursive: true });
  cpSync(bundleDir, dir, {
    recursive: true,
    filter: (f) => !f.endsWith('.map'),
  });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n    <meta name="robots" content="noindex" />\n    <title>Edit the site</title>\n  </head>\n  <body>\n    <script src="/admin/${bundleName}"></script>\n  </body>\n</html>\n`,
  );
  writeFileSync(path.join(dir, 'config.yml'), config);
}

// Runs in the page before its scripts: records CSP violations and the
// moment the first screen's sign-in button is in the DOM.
const probe = () => {
  window.__bench = { violations: [], firstScreen: null };
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__bench.violations.push(`${e.effectiveDirective} ${e.blockedURI || '(inline)'}${e.sample ? ' "' + e.sample.slice(0, 60) + '"' : ''}`);
  });
  const look = () => {
    if (window.__bench.firstScreen !== null) return;
    for (const b of document.querySelectorAll('button, a')) {
      // Sveltia wraps the name in isolation marks: Sign In with \u2068GitHub\u2069.
      if (/(log ?in|sign ?in) with github/i.test((b.textContent || '').replace(/[\u2066-\u2069]/g, ''))) {
        window.__bench.firstScreen = performance.now();
        return;
      }
    }
  };
  new MutationObserver(look).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
};

async function load(browser, base, editor, { timeout = 30000 } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text().slice(0, 200));
  });
  page.on('pageerror', (e) => consoleErrors.push('pageerror: ' + String(e.message).slice(0, 200)));
  page.on('response', (r) => r.status() >= 400 && consoleErrors.push(`HTTP ${r.status()} ${r.url()}`));
  const external = new Set();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin !== base && !u.protocol.startsWith('data') && !u.protocol.startsWith('blob'))
      external.add(u.origin + u.pathname.split('/').slice(0, 3).join('/'));
  });
  await page.addInitScript(probe);
  await page.goto(`${base}/admin/`);
  let reached = true;
  try {
    await page.waitForFunction(() => window.__bench.firstScreen !== null, null, { timeout });
  } catch {
    reached = false;
  }
  await page.waitForTimeout(500); // late violations and errors
  const got = await page.evaluate(() => ({
    ...window.__bench,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    bytes:
      performance.getEntriesByType('resource').reduce((n, r) => n + (r.decodedBodySize || 0), 0) +
      (performance.getEntriesByType('navigation')[0]?.decodedBodySize ?? 0),
    text: document.body.innerText
      .replace(/[\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 240),
  }));
  return {
    page,
    context,
    reached,
    consoleErrors,
    external: [...external],
    ...got,
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The widgets and the keys a config uses, walking its collections' fields. */
function widgets(config) {
  const seen = new Map();
  const walk = (fields) => {
    for (const f of fields ?? []) {
      seen.set(f.widget ?? 'string', (seen.get(f.widget ?? 'string') ?? 0) + 1);
      walk(f.fields);
      if (f.field) walk([f.field]);
      for (const t of f.types ?? []) walk(t.fields);
    }
  };
  for (const c of config.collections ?? []) {
    walk(c.fields);
    for (const f of c.files ?? []) walk(f.fields);
  }
  return Object.fromEntries([...seen].sort());
}

async function main() {
  const runs = Number(opts.runs);
  if (!existsSync(opts.config)) fail(`${opts.config} is missing: run \`go run ./cli/cmd/portfolio build\` (or generate) first`);
  if (!existsSync(opts.chromium)) fail(`${opts.chromium} is missing: apt-get install chromium`);
  const { chromium } = requireSite('playwright');
  const yaml = requireSite('js-yaml');
  const axeSource = readFileSync(requireSite.resolve('axe-core/axe.min.js'), 'utf8');
  const Ajv = requireSite('ajv').default;

  const decap = fetchPackage('decap-cms', opts.decap);
  const sveltia = fetchPackage('@sveltia/cms', opts.sveltia);
  const editors = [
    {
      key: 'decap',
      label: `Decap CMS ${decap.version}`,
      meta: decap,
      dist: path.join(decap.pkg, 'dist'),
      bundle: 'decap-cms.js',
    },
    {
      key: 'sveltia',
      label: `Sveltia CMS ${sveltia.version}`,
      meta: sveltia,
      dist: path.join(sveltia.pkg, 'dist'),
      bundle: 'sveltia-cms.js',
    },
  ];
  const csp = editorCSP();
  const policies = { host: csp, 'no-eval': withoutEval(csp) };
  const config = yaml.load(readFileSync(opts.config, 'utf8'));
  // A site with no repository in site.yaml (the sample) gets no backend.repo;
  // both editors refuse to start without one.
  const repoNote = config.backend?.repo ? '' : ' (backend.repo added: owner/portfolio)';
  if (config.backend && !config.backend.repo) config.backend.repo = 'owner/portfolio';
  const configText = yaml.dump(config);

  console.log(`# editors on ${os.hostname()}: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}, Node ${process.version}`);
  console.log(`\n## the main bundle (bytes)\n`);
  console.log('| editor | licence | file | raw | gzip -9 | brotli 11 | dist/ without maps |');
  console.log('|---|---|---|---|---|---|---|');
  for (const e of editors) {
    const s = sizes(path.join(e.dist, e.bundle));
    let all = 0;
    const walkSize = (d) => {
      for (const n of readdirSync(d, { withFileTypes: true })) {
        if (n.isDirectory()) walkSize(path.join(d, n.name));
        else if (!n.name.endsWith('.map')) all += statSync(path.join(d, n.name)).size;
      }
    };
    walkSize(e.dist);
    console.log(`| ${e.label} | ${e.meta.license} | dist/${e.bundle} | ${s.raw} | ${s.gzip} | ${s.brotli} | ${all} |`);
  }

  console.log(`\n## ${path.relative(repo, opts.config)}${repoNote} against Sveltia's schema of its configuration\n`);
  console.log(`widgets used: ${JSON.stringify(widgets(config))}`);
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
  const validate = ajv.compile(JSON.parse(readFileSync(path.join(sveltia.pkg, 'schema', 'sveltia-cms.json'), 'utf8')));
  if (validate(config)) console.log('valid: no error');
  else {
    const errs = validate.errors.filter((x) => !['anyOf', 'oneOf', 'if'].includes(x.keyword));
    console.log(`invalid: ${validate.errors.length} errors (${errs.length} leaf); the first leaf ones:`);
    for (const x of errs.slice(0, 12))
      console.log(`  ${x.instancePath || '/'}: ${x.message}${x.params?.additionalProperty ? ' (' + x.params.additionalProperty + ')' : ''}`);
  }

  const root = mkdtempSync(path.join(os.tmpdir(), 'bench-editor-'));
  const children = [];
  const browser = await chromium.launch({
    executablePath: opts.chromium,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log(`\nChromium ${browser.version()}, load ${os.loadavg()[0].toFixed(2)}`);
    for (const e of editors) stage(root, e.key, e.dist, e.bundle, configText);
    const port = await freePort();
    const server = startServer(root, null);
    await new Promise((r) => server.listen(port, '127.0.0.1', r));
    const base = `http://127.0.0.1:${port}`;

    console.log(`\n## the first screen under each policy\n`);
    console.log(`host policy: ${policies.host}\nno-eval: the same without 'unsafe-eval' in script-src\n`);
    for (const [name, policy] of Object.entries(policies)) {
      for (const e of editors) {
        server.csp = policy;
        server.editor = e.key;
        const r = await load(browser, base, e.key);
        console.log(`### ${e.label}, ${name}: first screen ${r.reached ? 'yes' : 'NO'}`);
        if (!r.reached) console.log(`  page text: ${r.text || '(empty)'}`);
        console.log(`  CSP violations (${r.violations.length}):${[...new Set(r.violations)].map((v) => '\n    ' + v).join('') || ' none'}`);
        console.log(`  console errors (${r.consoleErrors.length}):${[...new Set(r.consoleErrors)].map((v) => '\n    ' + v).join('') || ' none'}`);
        console.log(`  requests to other origins: ${r.external.join(', ') || 'none'}`);
        await r.context.close();
      }
    }

    console.log(`\n## time to the first screen, host policy, ${runs} loads each, alternating (ms; bytes decoded)\n`);
    server.csp = policies.host;
    const times = Object.fromEntries(editors.map((e) => [e.key, { first: [], fcp: [], bytes: [] }]));
    for (let i = 0; i < runs; i++) {
      for (const e of i % 2 ? [...editors].reverse() : editors) {
        server.editor = e.key;
        const r = await load(browser, base, e.key);
        if (r.reached) times[e.key].first.push(r.firstScreen);
        times[e.key].fcp.push(r.fcp ?? NaN);
        times[e.key].bytes.push(r.bytes);
        await r.context.close();
      }
    }
    console.log('| editor | first screen, median | min–max | FCP, median | bytes loaded by then |');
    console.log('|---|---|---|---|---|');
    for (const e of editors) {
      const t = times[e.key];
      console.log(
        `| ${e.label} | ${t.first.length ? Math.round(median(t.first)) : 'never'} (${t.first.length}/${runs}) | ${t.first.length ? Math.round(Math.min(...t.first)) + '–' + Math.round(Math.max(...t.first)) : '–'} | ${Math.round(median(t.fcp))} | ${median(t.bytes)} |`,
      );
    }

    console.log(`\n## axe-core on the first screen, host policy\n`);
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    for (const e of editors) {
      server.editor = e.key;
      const r = await load(browser, base, e.key);
      await r.page.waitForTimeout(1000);
      // Through the debugging protocol, as @axe-core/playwright does: the page's CSP does not apply.
      await r.page.evaluate(axeSource);
      const res = await r.page.evaluate(async (tags) => {
        const w = await window.axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        const b = await window.axe.run(document, {
          runOnly: { type: 'tag', values: ['best-practice'] },
          resultTypes: ['violations'],
        });
        const fmt = (v) => v.map((x) => `${x.id} (${x.impact}, ${x.nodes.length} node${x.nodes.length > 1 ? 's' : ''})`);
        return { wcag: fmt(w.violations), best: fmt(b.violations) };
      }, tags);
      console.log(
        `${e.label}: WCAG A/AA violations ${res.wcag.length}${res.wcag.length ? ': ' + res.wcag.join(', ') : ''}; best-practice ${res.best.length}${res.best.length ? ': ' + res.best.join(', ') : ''}`,
      );
      await r.context.close();
    }
    server.close();

    console.log(`\n## the local backend as \`portfolio dev --editor\` runs it (decap-server behind /admin/api/v1)\n`);
    const decapServer = path.join(site, 'node_modules', 'decap-server', 'dist', 'index.js');
    if (!existsSync(decapServer)) {
      console.log(`skipped: ${path.relative(repo, decapServer)} is missing (npm ci in site/ installs it)`);
    } else {
      const backendPort = await freePort();
      const backend = spawn(process.execPath, [decapServer], {
        env: {
          ...process.env,
          PORT: String(backendPort),
          BIND_HOST: '127.0.0.1',
          MODE: 'fs',
          GIT_REPO_DIRECTORY: repo,
          LOG_LEVEL: 'error',
        },
        stdio: 'ignore',
      });
      children.push(backend);
      await new Promise((r) => setTimeout(r, 1500));
      const port2 = await freePort();
      const server2 = startServer(root, backendPort);
      server2.csp = policies.host;
      await new Promise((r) => server2.listen(port2, '127.0.0.1', r));
      const base2 = `http://localhost:${port2}`;
      const local = {
        ...config,
        local_backend: { url: `${base2}/admin/api/v1` },
      };
      for (const e of editors) writeFileSync(path.join(root, e.key, 'config.yml'), yaml.dump(local));
      for (const e of editors) {
        server2.editor = e.key;
        server2.apiRequests = 0;
        const context = await browser.newContext();
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (x) => errors.push(String(x.message).slice(0, 160)));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text().slice(0, 160)));
        await page.goto(`${base2}/admin/`);
        await page.waitForTimeout(4000);
        const buttons = await page.evaluate(() =>
          [...document.querySelectorAll('button')]
            .map((b) => b.textContent.replace(/[\u2066-\u2069]/g, '').trim())
            .filter(Boolean)
            .slice(0, 6),
        );
        // Decap's proxy backend: a "Login" button, then the collections.
        const login = page.getByRole('button', { name: /^log ?in$/i });
        let collections = false;
        if (await login.count()) {
          await login.first().click();
          collections = await page
            .getByText(/projects/i)
            .first()
            .waitFor({ timeout: 15000 })
            .then(() => true)
            .catch(() => false);
        }
        console.log(
          `${e.label}: requests to /admin/api/v1 ${server2.apiRequests}; first screen's buttons ${JSON.stringify(buttons)}; reached the collections through it: ${collections ? 'yes' : 'no'}${errors.length ? '; errors: ' + [...new Set(errors)].slice(0, 3).join(' | ') : ''}`,
        );
        await context.close();
      }
      server2.close();
    }
  } finally {
    await browser.close();
    for (const c of children) c.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof CannotMeasure ? `bench/editor: cannot measure: ${e.message}` : e);
  process.exit(1);
});
