// Writes every route of the built site as static HTML: the client build's
// index.html is the template; the server build renders each route's markup,
// critical CSS and head tags into it. Unknown paths get 404.html.
//
//   vite build && vite build --ssr src/entry-server.tsx --outDir .ssr && node scripts/prerender.mjs
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lastChange } from './lastmod.mjs';

// The server build leaves packages external, so they load here under Node.
// Render them as the browser bundle runs them, in production mode: MUI adds
// debug labels to class names otherwise, and the client would not recognise
// the prerendered styles, inserting every rule again while hydrating.
process.env.NODE_ENV = 'production';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
// The content folder, for the sitemap's dates (PORTFOLIO_CONTENT, else ../content).
const contentRoot = path.resolve(root, process.env.PORTFOLIO_CONTENT ?? path.join('..', 'content'));
const { render, routePaths, paths: sitePaths, analyticsTag, siteInfo } = await import(pathToFileURL(path.join(root, '.ssr', 'entry-server.js')).href);

// The built style sheet is only the @font-face and document rules (component
// styles come from emotion): inlined, it costs the page no request.
const template = await inlineStyleSheets(await readFile(path.join(dist, 'index.html'), 'utf8'));
for (const slot of ['<!--head-->', '<!--app-->', '<!--scripts-->']) {
  if (!template.includes(slot)) throw new Error(`dist/index.html has no ${slot} slot`);
}

async function inlineStyleSheets(html) {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, href] of links) {
    const css = await readFile(path.join(dist, href), 'utf8');
    html = html.replace(tag, () => `<style>${css.trim()}</style>`);
  }
  return html;
}

// The two scripts a page may load before any interaction, from the client
// build's manifest: the islands loader (on pages with an island; it fetches
// each island's chunk when the island is needed) and the plain page script
// (analytics, the 404 log): GA4's, or the cookieless providers' count.ts,
// and the consent bar's only when GA4 asks for consent, loaded by GA4's
// page script. No other script is in any page.
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryFile = (src) => {
  const entry = manifest[src];
  if (!entry?.isEntry) throw new Error(`the client build has no entry ${src} (vite.config.ts build.rollupOptions.input)`);
  return `/${entry.file}`;
};
const islandsScript = entryFile('src/islands/client.ts');
const pageScript = entryFile('src/page-script/page-script.ts');
const countScript = entryFile('src/page-script/count.ts');
const consentScript = entryFile('src/page-script/consent.ts');

// The loader is a file (cached for the whole visit, no CSP hash); for
// measuring the other way, ISLANDS_LOADER=inline writes it into each page
// with islands as an inline module, allowed by its hash in the CSP (measured,
// the file kept: docs/decisions/0002-islands-loader-stays-a-file.md).
const inlineLoader = process.env.ISLANDS_LOADER === 'inline';
let loaderCode = '';
let loaderHash = '';
if (inlineLoader) {
  // Its dynamic imports are relative to its own file: inline, they resolve against the page.
  loaderCode = (await readFile(path.join(dist, islandsScript), 'utf8')).trim().replace(/import\(`\.\//g, 'import(`/assets/');
  if (/<\/script/i.test(loaderCode)) throw new Error('the islands loader contains </script');
  loaderHash = `sha256-${createHash('sha256').update(loaderCode).digest('base64')}`;
}

// A page whose islands all wait for an interaction (a project's gallery)
// loads no script before it: a starter of a few hundred bytes, inline (the
// CSP allows it by its hash), waits for the first pointer, touch or focus
// inside an island, then imports the loader and wakes the island with the
// same kind of event. A plain click that comes first, or while the loader is
// on its way, is held (its default prevented) and handed to the loader once
// it runs, which holds it until the island acts on it (the lightbox opens at
// the tile clicked); if the loader cannot arrive, the click's link is
// followed, as without JavaScript
// (docs/decisions/0003-interaction-only-pages-get-an-inline-starter.md).
const starterCode =
  `{const s=${JSON.stringify(islandsScript)},t=["pointerover","touchstart","focusin"];let p=0,c=null,w=null;` +
  `const i=e=>e.target instanceof Element&&e.target.closest("[data-island]"),` +
  `o=()=>removeEventListener("click",k,!0),` +
  `g=()=>{p||(p=1,import(s).then(()=>{o();c?c.target.dispatchEvent(new MouseEvent("click",c)):w&&w.dispatchEvent(new Event("pointerover",{bubbles:!0}))},()=>{o();const a=c&&c.target.closest("a[href]");p=0;a&&location.assign(a.href)}))},` +
  `h=e=>{i(e)&&(w=e.target,g())},` +
  `k=e=>{!i(e)||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||(e.preventDefault(),c=e,g())};` +
  `for(const x of t)addEventListener(x,h,{capture:!0,passive:!0});addEventListener("click",k,!0)}`;
if (/<\/script/i.test(starterCode)) throw new Error('the islands starter contains </script');
const starterHash = `sha256-${createHash('sha256').update(starterCode).digest('base64')}`;

/** Whether every island in the page's HTML waits for an interaction. */
const onlyInteractionIslands = (html) => {
  const whens = [...html.matchAll(/data-hydrate="([^"]*)"/g)].map((m) => m[1]);
  return whens.length > 0 && whens.every((when) => when === 'interaction');
};
let starterUsed = false;

const escape = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// The two web fonts, requested with the page's first bytes (see src/theme/fonts.css).
const fonts = (await readdir(path.join(dist, 'assets'))).filter((f) => /^(inter|fraunces)-[\w-]+\.woff2$/.test(f));
if (fonts.length !== 2) throw new Error(`expected the two latin font files in dist/assets, found ${fonts.join(', ') || 'none'}`);
const preloads = fonts.map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin />`);

// Structured data in a <script> element: nothing in it may close the
// element or open a comment (`</script`, `<!--`), so every `<` is written
// as its JSON escape. A data block is never run: the CSP does not apply.
const jsonScript = (data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

// The site's icons, drawn by `portfolio images` (src/generated/icons.json):
// /favicon.ico for browsers that ask for it by name, the touch icon for
// phones' home screens and the web app manifest's icons.
const icons = JSON.parse(await readFile(path.join(root, 'src', 'generated', 'icons.json'), 'utf8'));
const info = siteInfo();
await copyFile(path.join(dist, icons.favicon), path.join(dist, 'favicon.ico'));
const webManifest = {
  name: info.name,
  short_name: info.shortName,
  description: info.description,
  lang: 'en',
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
const siteTags = [
  `<link rel="icon" href="/favicon.ico" sizes="32x32" />`,
  `<link rel="apple-touch-icon" href="${icons.appleTouch}" />`,
  `<link rel="manifest" href="/manifest.webmanifest" />`,
  `<meta name="theme-color" content="${info.colors.light.theme}" media="(prefers-color-scheme: light)" />`,
  `<meta name="theme-color" content="${info.colors.dark.theme}" media="(prefers-color-scheme: dark)" />`,
];

function head({ meta, jsonLd }, styles) {
  const tags = [...preloads, `<title>${escape(meta.title)}</title>`, `<meta name="description" content="${escape(meta.description)}" />`, ...siteTags];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (meta.canonical) {
    tags.push(`<link rel="canonical" href="${escape(meta.canonical)}" />`, `<meta property="og:url" content="${escape(meta.canonical)}" />`);
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  const image = meta.image;
  tags.push(
    `<meta property="og:site_name" content="${escape(info.name)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:image" content="${escape(image.url)}" />`,
    `<meta property="og:image:type" content="image/jpeg" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
    `<meta property="og:image:alt" content="${escape(image.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escape(meta.title)}" />`,
    `<meta name="twitter:description" content="${escape(meta.description)}" />`,
    `<meta name="twitter:image" content="${escape(image.url)}" />`,
    `<meta name="twitter:image:alt" content="${escape(image.alt)}" />`,
  );
  if (jsonLd) tags.push(jsonScript(jsonLd));
  return [...tags, styles].join('\n    ');
}

// Same-site links load the next page ahead: prerendered on hover
// ("moderate", desktop), prefetched on touch or pointer-down ("conservative",
// where there is no hover). Not "eager": prefetching every link of a page at
// once would spend a phone's bandwidth (and the first images' share of it)
// on pages the visitor may never open.
// Images (gallery tiles link to them) and the form's landing page are left
// out. Inline, allowed by the CSP's 'inline-speculation-rules' (a rule set
// is JSON, never run as script).
const speculationRules = JSON.stringify({
  prefetch: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/(img|assets)/*' } }, { not: { href_matches: sitePaths.contactSent } }] },
      eagerness: 'conservative',
    },
  ],
  prerender: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/(img|assets)/*' } }, { not: { href_matches: sitePaths.contactSent } }] },
      eagerness: 'moderate',
    },
  ],
});

// Chromium ignores 'inline-speculation-rules' once script-src names a hash
// (as it ignores 'unsafe-inline'), and the gallery pages' starter needs one:
// the rules are allowed by their own hash as well.
const rulesHash = `sha256-${createHash('sha256').update(speculationRules).digest('base64')}`;

// The page script's tag, with the analytics setting on it (none with
// VITE_ANALYTICS=off or provider none).
// GA4's pages load page-script.ts (and, when it asks for consent, the
// consent script it names), the cookieless providers' count.ts; pages
// without analytics none but the 404 page's.
const analytics = analyticsTag();
const analyticsScript = analytics && analytics.provider !== 'ga4' ? countScript : pageScript;
const analyticsData = analytics
  ? Object.entries({ ...analytics, ...(analytics.consent ? { consent: consentScript } : {}) })
      .map(([k, v]) => ` data-${k}="${escape(v)}"`)
      .join('')
  : '';

function scripts(rendered) {
  const tags = [`<script type="speculationrules">${speculationRules}</script>`];
  if (rendered.html.includes('data-island=')) {
    if (inlineLoader) tags.push(`<script type="module">${loaderCode}</script>`);
    else if (onlyInteractionIslands(rendered.html)) {
      starterUsed = true;
      tags.push(`<script>${starterCode}</script>`);
    } else tags.push(`<script type="module" src="${islandsScript}"></script>`);
  }
  if (analytics) tags.push(`<script type="module" src="${analyticsScript}"${analyticsData}></script>`);
  else if (rendered.status === 404) tags.push(`<script type="module" src="${pageScript}"></script>`);
  return tags.join('\n    ');
}

// --- Styles -----------------------------------------------------------------
// Every page's emotion rules are split: the rules pages share go to one
// hashed, immutable style sheet (cached once for the whole visit), the rest
// stay inline in the page. MUI writes a CSS variable for every value of the
// theme; only those some rule reads (directly or through another variable)
// are kept.

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

async function writeHtml(file, html) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  await writeFile(tmp, html);
  await rename(tmp, file);
}

const paths = routePaths();
const pages = [];
for (const route of paths) {
  const rendered = await render(route);
  if (rendered.status !== 200) throw new Error(`${route} rendered the not-found page`);
  const file = route === '/' ? path.join(dist, 'index.html') : path.join(dist, route, 'index.html');
  pages.push({ route, file, rendered });
}
pages.push({ route: sitePaths.notFound, file: path.join(dist, '404.html'), rendered: await render(sitePaths.notFound) });

const allCss = [template, ...pages.flatMap((p) => p.rendered.styles.map((r) => r.css))].join('\n');
const used = usedVariables(allCss);
// A rule two pages or more use is shared; the order of first use is kept.
const uses = new Map();
for (const p of pages) for (const r of p.rendered.styles) uses.set(r.id, { rule: r, count: (uses.get(r.id)?.count ?? 0) + 1 });
const shared = [...uses.values()].filter((u) => u.count >= 2).map((u) => u.rule);
const sharedIds = new Set(shared.map((r) => r.id));
const sharedCss = pruneVariables(shared.map((r) => r.css).join(''), used);
const sheet = `/assets/site-${createHash('sha256').update(sharedCss).digest('hex').slice(0, 10)}.css`;
await writeHtml(path.join(dist, sheet), sharedCss);

const canonical = [];
for (const { route, file, rendered } of pages) {
  const own = pruneVariables(
    rendered.styles
      .filter((r) => !sharedIds.has(r.id))
      .map((r) => r.css)
      .join(''),
    used,
  );
  const styles = `<link rel="stylesheet" href="${sheet}" />${own ? `<style>${own}</style>` : ''}`;
  const html = template
    .replace('<!--head-->', () => head(rendered, styles))
    .replace('<!--app-->', () => rendered.html)
    .replace('<!--scripts-->', () => scripts(rendered));
  await writeHtml(file, html);
  if (rendered.status === 200 && !rendered.meta.noindex) {
    canonical.push({ url: rendered.meta.canonical, lastmod: await lastChange(info.sources(route), { cwd: contentRoot }) });
  }
}

// For crawlers: every page's canonical address with the date of the last
// change of the content it shows (scripts/lastmod.mjs), and where to find them.
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${canonical.map(({ url, lastmod }) => `  <url><loc>${escape(url)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
await writeFile(path.join(dist, 'sitemap.xml'), sitemap);
const origin = new URL(canonical[0].url).origin;
await writeFile(path.join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
// What only this script knows, for the headers `portfolio build` writes
// (Go package headers): whether the pages load the analytics tag, the
// hashes of their inline scripts, the pages, and what every page's first
// paint needs from the server: the shared style sheet and the two fonts
// every page preloads. The host sends those as Link headers with each page,
// so that the browser asks for them before it has read the page's head.
await writeFile(
  path.join(dist, '.vite', 'prerender.json'),
  `${JSON.stringify({
    analytics: Boolean(analytics),
    scriptHashes: [rulesHash, loaderHash, starterUsed && starterHash].filter(Boolean),
    pages: paths,
    preload: [{ href: sheet, as: 'style' }, ...fonts.map((f) => ({ href: `/assets/${f}`, as: 'font', type: 'font/woff2', crossorigin: true }))],
  })}\n`,
);
console.log(`prerendered ${paths.length} routes, 404.html, sitemap.xml, robots.txt, manifest.webmanifest and favicon.ico`);
