// Writes every route of the built site as static HTML: the client build's
// index.html is the template; the server build renders each route's markup,
// critical CSS and head tags into it. Unknown paths get 404.html. With
// PORTFOLIO_PRERENDER_CACHE (`portfolio build` sets it), a page whose
// inputs are those of the last build is copied from the cache instead of
// rendered again (scripts/page-cache.mjs).
//
//   vite build && vite build --ssr src/entry-server.tsx --outDir .ssr && node scripts/prerender.mjs
//
// main() at the bottom reads as the list of steps; each step is a function
// named for what it does, above it.
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lastChanges } from './lastmod.mjs';
import { bodyInputs, openPageCache, pageKeys, sharedInputs } from './page-cache.mjs';
import { escape, fillTemplate, iconTags, islandsStart, pageRules } from './page-html.mjs';
import { pageScripts } from './page-scripts.mjs';

// The server build leaves packages external, so they load here under Node.
// Render them as the browser bundle runs them, in production mode: MUI adds
// debug labels to class names otherwise, and the client would not recognise
// the prerendered styles, inserting every rule again while hydrating.
process.env.NODE_ENV = 'production';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
// The content folder, for the sitemap's dates (PORTFOLIO_CONTENT, else ../content).
const contentRoot = path.resolve(root, process.env.PORTFOLIO_CONTENT ?? path.join('..', 'content'));

const sha256 = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

async function writeHtml(file, html) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  await writeFile(tmp, html);
  await rename(tmp, file);
}

// --- public/ --------------------------------------------------------------------

// The files of public/ (the image variants, cards and icons, documents,
// videos) go into dist as they are. Vite would copy them (vite.config.ts
// turns that off); a photographer's site has thousands of variants and
// hundreds of megabytes, so each is hard-linked instead: no byte copied.
// Nothing writes a file of public/ in place (each is written whole under
// another name and renamed; a new variant is a new name), so a link never
// sees a change; what the client build wrote itself is kept. Where a link
// cannot be made (another file system), the file is copied.
async function publishPublic(dir = path.join(root, 'public'), to = dist, moved = new Map()) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if (e.code === 'ENOENT') return;
    throw e;
  }
  await mkdir(to, { recursive: true });
  for (const e of entries) {
    const [from, file] = [path.join(dir, e.name), path.join(to, e.name)];
    if (e.isDirectory()) await publishPublic(from, file, moved);
    else if (e.isFile()) {
      const rel = path.relative(path.join(root, 'public'), from).split(path.sep).join('/');
      const under = moved.get(rel);
      for (const target of under ? under.targets : [file]) await linkOrCopy(from, target);
    }
  }
}

async function linkOrCopy(from, file) {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await link(from, file);
  } catch (err) {
    if (err.code === 'EEXIST') return;
    if (err.code !== 'EXDEV' && err.code !== 'EPERM' && err.code !== 'ENOTSUP') throw err;
    await copyFile(from, file);
  }
}

// A private project's files (src/generated/private.json, written by
// `portfolio generate` when the content has one) are published under its
// prefix, /private/<slug>/, which the host guards, and not at their public
// address unless a public page names them too
// (docs/decisions/0080-private-client-work.md). Returns, by path in
// public/, where each goes.
async function privateFiles() {
  let projects;
  try {
    ({ projects } = JSON.parse(await readFile(path.join(root, 'src', 'generated', 'private.json'), 'utf8')));
  } catch (e) {
    if (e.code === 'ENOENT') return { moved: new Map() };
    throw e;
  }
  const moved = new Map();
  for (const p of projects) {
    for (const f of p.files) {
      const entry = moved.get(f) ?? { targets: [] };
      entry.targets.push(path.join(dist, p.prefix, f));
      if (p.public.includes(f)) entry.targets.push(path.join(dist, f));
      moved.set(f, entry);
    }
  }
  // A file two private projects name goes under both; public under neither unless named so.
  return { moved };
}

// --- The template and the scripts --------------------------------------------

// The built style sheet is only the @font-face and document rules (component
// styles come from emotion): inlined, it costs the page no request.
async function readTemplate() {
  let html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, href] of links) {
    const css = await readFile(path.join(dist, href), 'utf8');
    html = html.replace(tag, () => `<style>${css.trim()}</style>`);
  }
  for (const slot of ['<!--head-->', '<!--app-->', '<!--scripts-->']) {
    if (!html.includes(slot)) throw new Error(`dist/index.html has no ${slot} slot`);
  }
  return html;
}

// The two scripts a page may load before any interaction, from the client
// build's manifest: the islands loader (on pages with an island; it fetches
// each island's chunk when the island is needed) and the plain page script
// of the site's analytics provider (scripts/page-scripts.mjs, the same
// choice vite.config.ts built: the provider's own, or the not-found page's
// log alone), and the consent bar's only when GA4
// asks for consent, loaded by GA4's page script. No other script is in any
// page. The loader is a file, cached for the whole visit, with no CSP hash
// (docs/decisions/0002-islands-loader-stays-a-file.md).
async function readEntryScripts(analytics) {
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entryFile = (src) => {
    const entry = manifest[src];
    if (!entry?.isEntry) throw new Error(`the client build has no entry ${src} (vite.config.ts build.rollupOptions.input, scripts/page-scripts.mjs)`);
    return `/${entry.file}`;
  };
  const scripts = pageScripts(analytics);
  return {
    islands: entryFile('src/islands/client.ts'),
    page: entryFile(scripts.page),
    ...(scripts.consent ? { consent: entryFile(scripts.consent) } : {}),
  };
}

// A page whose islands all wait for the visitor (a project's gallery,
// `interaction`; a photo's page, `intent`) loads no script before its
// first paint: a starter of a few hundred bytes, inline (the CSP allows it
// by its hash), waits for the first pointer, touch or focus inside an
// island, then imports the loader and wakes the island with the same kind
// of event. A plain click that comes first, or while the loader is on its
// way, is held (its default prevented) and handed to the loader once it
// runs, which holds it until the island acts on it (the lightbox opens at
// the tile clicked); if the loader cannot arrive, the click's link is
// followed, as without JavaScript
// (docs/decisions/0003-interaction-only-pages-get-an-inline-starter.md).
// On a page with an `intent` island (decision 0118) only a click on an
// opener (`[data-opener]`) is held, and Enter or Space on one; ← or → on
// the page (a key no one else has taken) is handed to the loader as it
// was pressed, which decides, as it does for its own keys, whether it
// opens the viewer (the starter never holds an arrow: its default, in a
// field or anywhere, is kept). There the loader is imported once the
// page has loaded and the browser has reported its first contentful paint
// (a frame after the load is not enough: under load Chromium presents the
// first paint later; without that report, 3 s after the load), so that
// the openers become buttons, or at
// once when the tab's history entry is the island's own (a reload of a
// photo a tile opened, which reopens its viewer): never before the first
// paint of a page that is only looked at (decision 0122).
function islandsStarter(islandsScript) {
  const starterCode =
    `{const s=${JSON.stringify(islandsScript)},t=["pointerover","touchstart","focusin"],d=document.querySelector('[data-hydrate~="intent"]');let p=0,c=null,w=null;` +
    `const i=e=>e.target instanceof Element&&e.target.closest("[data-island]"),` +
    `m=e=>e.metaKey||e.ctrlKey||e.shiftKey||e.altKey,` +
    `o=()=>{removeEventListener("click",k,!0);removeEventListener("keydown",y)},` +
    `g=()=>{p||(p=1,import(s).then(()=>{o();c?c.target.dispatchEvent(new c.constructor(c.type,c)):w&&w.dispatchEvent(new Event("pointerover",{bubbles:!0}))},()=>{o();const a=c&&c.target.closest("a[href]");p=0;a&&location.assign(a.href)}))},` +
    `h=e=>{i(e)&&(w=e.target,g())},` +
    `k=e=>{const l=i(e);!l||e.button||m(e)||l.matches('[data-hydrate~="intent"]')&&!e.target.closest("[data-opener]")||(e.preventDefault(),c=e,g())},` +
    `y=e=>{e.defaultPrevented||m(e)||(e.key==="ArrowLeft"||e.key==="ArrowRight"?(c=e,g()):(e.key==="Enter"||e.key===" ")&&i(e)&&e.target.closest("[data-opener]")&&(e.preventDefault(),c=e,g()))};` +
    `for(const x of t)addEventListener(x,h,{capture:!0,passive:!0});addEventListener("click",k,!0);` +
    `d&&(addEventListener("keydown",y),history.state!=null?g():addEventListener("load",()=>{const f=()=>setTimeout(g,0),n=()=>performance.getEntriesByName("first-contentful-paint").length;` +
    `n()?f():(setTimeout(g,3e3),new PerformanceObserver((l,o)=>{n()&&(o.disconnect(),f())}).observe({type:"paint"}))},{once:!0}))}`;
  if (/<\/script/i.test(starterCode)) throw new Error('the islands starter contains </script');
  return { code: starterCode, hash: sha256(starterCode) };
}

// Same-site links load the next page ahead, prerendered once the visitor
// shows intent: pointer-down or touch on the link ("conservative"). Not
// "moderate": on a desktop it waits for a hover, but on Android (Chrome 138
// on) it prerenders the link its viewport heuristics guess at, a second
// document built in the visitor's phone while the first one is still being
// read; and never "eager", which fetches every link at once
// (docs/decisions/0063-prerender-on-intent-only.md).
// Images, videos, the form's landing page and the photos' pages are left
// out: a gallery tile links to its photo's page (a video's tile to the
// file, megabytes to fetch), but with JavaScript a click opens the viewer
// instead, so loading it ahead would be wasted. Inline,
// allowed by the CSP's 'inline-speculation-rules' (a rule set is JSON, never
// run as script).
// Chromium ignores 'inline-speculation-rules' once script-src names a hash
// (as it ignores 'unsafe-inline'), and the gallery pages' starter needs one:
// the rules are allowed by their own hash as well.
// A private project's pages are in no rule: no public page links to them
// (so none is loaded ahead from one), and a rule naming the prefix would
// tell every visitor that the site has private work.
// On a site in several languages, each language's landing page and
// photos' pages are left out alike (decision 0116).
function speculationRules(sitePaths, langs, localize) {
  const each = (path) => langs.map((lang) => ({ not: { href_matches: localize(path, lang) } }));
  const where = {
    and: [{ href_matches: '/*' }, { not: { href_matches: '/(img|assets|video)/*' } }, ...each(sitePaths.contactSent), ...each(sitePaths.photo('*', '*'))],
  };
  const json = JSON.stringify({ prerender: [{ where, eagerness: 'conservative' }] });
  return { json, hash: sha256(json) };
}

// --- Fonts and icons ------------------------------------------------------------

// The addresses of the two web fonts, requested with the page's first bytes
// (see src/theme/fonts.css).
async function findFonts() {
  const fonts = (await readdir(path.join(dist, 'assets'))).filter((f) => /^(inter|fraunces)-[\w-]+\.woff2$/.test(f));
  if (fonts.length !== 2) throw new Error(`expected the two latin font files in dist/assets, found ${fonts.join(', ') || 'none'}`);
  return fonts.map((f) => `/assets/${f}`);
}

// The site's icons, drawn by `portfolio images` (src/generated/icons.json):
// /favicon.ico for browsers that ask for it by name, the touch icon for
// phones' home screens and the web app manifest's icons. Returns the head
// tags every page carries for them.
async function writeIconsAndWebManifest(info, lang) {
  const icons = JSON.parse(await readFile(path.join(root, 'src', 'generated', 'icons.json'), 'utf8'));
  await copyFile(path.join(dist, icons.favicon), path.join(dist, 'favicon.ico'));
  const webManifest = {
    name: info.name,
    short_name: info.shortName,
    description: info.description,
    lang,
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: info.colors.light.background,
    theme_color: info.colors.light.theme,
    icons: [
      ...icons.any.map((i) => ({ src: i.file, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: 'any' })),
      { src: icons.maskable.file, sizes: `${icons.maskable.size}x${icons.maskable.size}`, type: 'image/png', purpose: 'maskable' },
    ],
  };
  await writeFile(path.join(dist, 'manifest.webmanifest'), `${JSON.stringify(webManifest, null, 2)}\n`);
  return iconTags(icons, info);
}

// --- Styles -----------------------------------------------------------------
// Each page carries exactly the emotion rules it rendered, inline: no style
// sheet to wait for before the first paint, and no rule of another page to
// match against its elements. A shared sheet (rules two pages or more use)
// cost the first paint a request and made every page match the whole site's
// rules, 66 kB of them (docs/decisions/0062-each-page-inlines-its-own-rules.md).
// MUI writes a CSS variable for every value of the theme; only those some
// rule reads (directly or through another variable) are kept.

const varDecl = /(--mui-[\w-]+)\s*:\s*([^;{}]*);?/g;
const varRef = /var\(\s*(--mui-[\w-]+)/g;

/** The names of the theme variables that `css` (every rule the site can show) reads. */
function usedVariables(css) {
  const values = new Map();
  for (const [, name, value] of css.matchAll(varDecl)) values.set(name, [...(values.get(name) ?? []), value]);
  const used = new Set();
  const queue = [...css.replace(varDecl, '').matchAll(varRef)].map((m) => m[1]);
  while (queue.length) {
    const name = queue.pop();
    if (used.has(name)) continue;
    used.add(name);
    for (const value of values.get(name) ?? []) for (const [, ref] of value.matchAll(varRef)) queue.push(ref);
  }
  return used;
}

const pruneVariables = (css, used) => css.replace(varDecl, (decl, name) => (used.has(name) ? decl : '')).replace(/;}/g, '}');

/** The theme variables read by the template and the rules of every page (each page's whole list, as rendered). */
function siteVariables(template, pages) {
  const rules = new Map();
  for (const p of pages) for (const r of p.rendered?.styles ?? p.cached.rules) rules.set(r.id, r.css);
  return [...usedVariables([template, ...rules.values()].join('\n'))].sort();
}

// --- Pages --------------------------------------------------------------------

/**
 * Every route in each of the site's languages (the default's at its path,
 * the others' at localize(route, lang): /en/about, /private/x/en; decision
 * 0116), then the not-found page in each language (404.html, and
 * <lang>/404.html, which the host answers a missing /<lang>/… with: the
 * _redirects the build writes, decision 0123), with the address and the
 * file each goes to.
 */
function pageList(routes, sitePaths, langs, localize) {
  const page = (route, lang) => {
    const at = localize(route, lang);
    return { route, lang, path: at, file: at === '/' ? path.join(dist, 'index.html') : path.join(dist, at, 'index.html') };
  };
  const notFound = (lang) => {
    const at = localize(sitePaths.notFound, lang);
    return { route: sitePaths.notFound, lang, path: at, file: path.join(dist, `${at}.html`), notFound: true };
  };
  return [...routes.flatMap((route) => langs.map((lang) => page(route, lang))), ...langs.map(notFound)];
}

async function renderPage({ render, paths: sitePaths }, { route, lang, path: at }) {
  const rendered = await render(route, lang);
  if (route !== sitePaths.notFound && rendered.status !== 200) throw new Error(`${at} rendered the not-found page`);
  return rendered;
}

/**
 * Renders each page the cache does not hold under its key (keyOf); the
 * others keep what the cache remembers of them. When the theme variables
 * the site reads are not those the kept pages' styles were cut to, it
 * renders those too.
 */
async function renderPages(server, list, cache, keyOf, template) {
  const pages = [];
  for (const entry of list) {
    const key = keyOf(entry.path);
    const cached = cache.page(entry.path, key);
    pages.push(cached ? { ...entry, key, cached } : { ...entry, key, rendered: await renderPage(server, entry) });
  }
  let used = siteVariables(template, pages);
  if (pages.some((p) => p.cached) && used.join() !== cache.used.join()) {
    for (const p of pages) if (p.cached) [p.rendered, p.cached] = [await renderPage(server, p), undefined];
    used = siteVariables(template, pages);
  }
  return { pages, used: new Set(used) };
}

/** What the sitemap and the headers need to know of a page. */
const pageFacts = (rendered) => ({
  canonical: rendered.meta.canonical,
  noindex: Boolean(rendered.meta.noindex),
  status: rendered.status,
  start: islandsStart(rendered.html),
  // Its versions in the site's languages (hreflang → URL), for the sitemap.
  ...(rendered.meta.languages ? { alternates: rendered.meta.languages.alternates } : {}),
});

/**
 * Each page's style rules (page-html.mjs, pageRules), with the theme's
 * variables pruned to those some page of the site reads, not this page
 * alone: an island (the lightbox) draws MUI components in the browser whose
 * rules read them. Fills the template for each page rendered and writes it
 * (and keeps it in the cache); copies each page the cache holds. Returns
 * each page's facts.
 */
async function writePages(pages, used, template, site, cache, server) {
  for (const p of pages) {
    if (p.rendered) {
      // Each page's own analytics: none on a private project's pages,
      // which name no referrer either (a public page's analytics would
      // report the private address it was reached from).
      const own = { analytics: server.analyticsTag(p.path), private: server.isPrivatePath(p.path) };
      const html = fillTemplate(template, p.rendered, pruneVariables(pageRules(p.rendered), used), { ...site, ...own });
      await writeHtml(p.file, html);
      p.facts = pageFacts(p.rendered);
      await cache.keep(p.path, p.key, p.facts, p.rendered.styles, html);
    } else {
      await cache.copyTo(p.key, p.file);
      const { canonical, noindex, status, start, alternates, rules } = p.cached;
      p.facts = { canonical, noindex, status, start, ...(alternates ? { alternates } : {}) };
      await cache.keep(p.path, p.key, p.facts, rules);
    }
  }
}

/** The canonical pages with the date of the last change of the content each shows, and their versions in the site's languages. */
async function canonicalPages(pages, site, dates) {
  const canonical = [];
  for (const { route, lang, facts } of pages) {
    if (facts.status !== 200 || facts.noindex) continue;
    const lastmod = await dates.date(site.info.sources(route, lang));
    canonical.push({ url: facts.canonical, lastmod, ...(facts.alternates ? { alternates: facts.alternates } : {}) });
  }
  return canonical;
}

// For crawlers: every page's canonical address with the date of the last
// change of the content it shows (scripts/lastmod.mjs), and where to find
// them. On a site in several languages each version is listed, with every
// version (its own included) and x-default as xhtml:link alternates, as
// search engines read them (decision 0116).
async function writeSitemapAndRobots(canonical) {
  const xhtml = canonical.some((c) => c.alternates) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  const alternates = (list = []) => list.map((a) => `<xhtml:link rel="alternate" hreflang="${escape(a.hreflang)}" href="${escape(a.href)}"/>`).join('');
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>
${canonical.map(({ url, lastmod, alternates: list }) => `  <url><loc>${escape(url)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates(list)}</url>`).join('\n')}
</urlset>
`;
  await writeFile(path.join(dist, 'sitemap.xml'), sitemap);
  const origin = new URL(canonical[0].url).origin;
  await writeFile(path.join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
}

// What only this script knows, for the headers `portfolio build` writes
// (Go package headers): whether the pages load the analytics tag, the
// hashes of their inline scripts, the pages, and what every page's first
// paint needs from the server: the two fonts
// every page preloads. The host sends those as Link headers with each page,
// so that the browser asks for them before it has read the page's head.
async function writeHeaderFacts(pages, rendered, { analytics, rules, starter, fonts }, privatePrefix) {
  const starterUsed = pages.some((p) => p.facts.start === 'starter');
  await writeFile(
    path.join(dist, '.vite', 'prerender.json'),
    `${JSON.stringify({
      analytics: Boolean(analytics),
      scriptHashes: [rules.hash, starterUsed && starter.hash].filter(Boolean),
      // A private project's pages are left out: the facts sit in dist
      // (.vite/), and their Link headers would name them in _headers.
      pages: pages.filter((p) => !p.notFound && !p.path.startsWith(privatePrefix)).map((p) => p.path),
      preload: fonts.map((href) => ({ href, as: 'font', type: 'font/woff2', crossorigin: true })),
      rendered,
    })}\n`,
  );
}

async function main() {
  const { moved } = await privateFiles();
  await publishPublic(undefined, undefined, moved);
  const server = await import(pathToFileURL(path.join(root, '.ssr', 'entry-server.js')).href);
  const template = await readTemplate();
  const entries = await readEntryScripts(server.analyticsSetting());
  const info = server.siteInfo();
  const site = {
    info,
    entries,
    starter: islandsStarter(entries.islands),
    rules: speculationRules(server.paths, server.siteLanguages, server.localize),
    // A site of system fonts preloads none (decision 0124).
    fonts: info.fonts === 'system' ? [] : await findFonts(),
    siteTags: await writeIconsAndWebManifest(info, server.siteLanguages[0]),
    // The site's setting, for the page cache's key; each page's own is
    // server.analyticsTag(route) (writePages).
    analytics: server.analyticsTag(server.paths.home),
  };
  const routes = await server.routePaths();
  const cache = await openPageCache(process.env.PORTFOLIO_PRERENDER_CACHE);
  const keyOf = pageKeys(await sharedInputs(root, { template, ...site }), await bodyInputs(root), (at) => {
    const { path: route } = server.unlocalize(at);
    return server.photoOf(route)?.slug ?? server.projectSlug(route);
  });
  const { pages, used } = await renderPages(server, pageList(routes, server.paths, server.siteLanguages, server.localize), cache, keyOf, template);
  await writePages(pages, used, template, site, cache, server);
  const dates = await lastChanges({ cwd: contentRoot, known: cache.dates });
  await writeSitemapAndRobots(await canonicalPages(pages, site, dates));
  const rendered = pages.filter((p) => p.rendered).length;
  await writeHeaderFacts(pages, rendered, site, server.paths.privateProject(''));
  // The strings the host writes itself, in each of the site's languages, for
  // `portfolio build` and `portfolio serve` (decision 0123).
  await writeFile(path.join(dist, '.vite', 'messages.json'), `${JSON.stringify(server.hostMessages(), null, 2)}\n`);
  await cache.save([...used].sort(), dates.found);
  // How long the prerender took since node started, for the build's timings (Go's
  // pipeline.readPrerenderTime): only when `portfolio build` runs it.
  if (process.env.PORTFOLIO_PRERENDER_CACHE) {
    await writeFile(path.join(process.env.PORTFOLIO_PRERENDER_CACHE, 'timing.json'), JSON.stringify({ prerenderMs: Math.round(performance.now()) }));
  }
  const notFound = pages.filter((p) => p.notFound).map((p) => path.relative(dist, p.file).split(path.sep).join('/'));
  console.log(
    `prerendered ${pages.length - notFound.length} routes (${rendered} rendered, ${pages.length - rendered} unchanged), ${notFound.join(', ')}, sitemap.xml, robots.txt, manifest.webmanifest and favicon.ico`,
  );
}

await main();
