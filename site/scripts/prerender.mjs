// Writes every route of the built site as static HTML: the client build's
// index.html is the template; the server build renders each route's markup,
// critical CSS and head tags into it. Unknown paths get 404.html.
//
//   vite build && vite build --ssr src/entry-server.tsx --outDir .ssr && node scripts/prerender.mjs
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The server build leaves packages external, so they load here under Node.
// Render them as the browser bundle runs them, in production mode: MUI adds
// debug labels to class names otherwise, and the client would not recognise
// the prerendered styles, inserting every rule again while hydrating.
process.env.NODE_ENV = 'production';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const { render, routePaths, externalOrigins } = await import(pathToFileURL(path.join(root, '.ssr', 'entry-server.js')).href);

// The built style sheet is only the @font-face rules (component styles come
// from emotion): inlined, it costs the page no render-blocking request.
const template = lowPriorityScripts(await inlineStyleSheets(await readFile(path.join(dist, 'index.html'), 'utf8')));
for (const slot of ['<!--head-->', '<!--app-->', '<!--forms-->']) {
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

// The page is complete without JavaScript: its scripts only hydrate it. At
// low priority they leave the connection to the HTML, the fonts and the
// images first, so the page paints sooner on a slow network.
function lowPriorityScripts(html) {
  return html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

const escape = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// The two web fonts, requested with the page's first bytes (see src/theme/fonts.css).
const fonts = (await readdir(path.join(dist, 'assets'))).filter((f) => /^(inter|fraunces)-[\w-]+\.woff2$/.test(f));
if (fonts.length !== 2) throw new Error(`expected the two latin font files in dist/assets, found ${fonts.join(', ') || 'none'}`);
const preloads = fonts.map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin />`);

// Structured data in a <script> element: nothing in it may close the element.
const jsonScript = (data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

function head({ meta, styles, jsonLd }) {
  const tags = [
    ...preloads,
    `<title>${escape(meta.title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
  ];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (meta.canonical) {
    tags.push(
      `<link rel="canonical" href="${escape(meta.canonical)}" />`,
      `<meta property="og:url" content="${escape(meta.canonical)}" />`,
    );
  } else {
    tags.push('<meta name="robots" content="noindex" />');
  }
  tags.push(
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escape(meta.title)}" />`,
    `<meta name="twitter:description" content="${escape(meta.description)}" />`,
  );
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escape(meta.image)}" />`, `<meta name="twitter:image" content="${escape(meta.image)}" />`);
  }
  if (jsonLd) tags.push(jsonScript(jsonLd));
  return [...tags, styles].join('\n    ');
}

// The host (Netlify) finds forms by reading the deployed HTML. This static
// copy, outside the React tree, declares the contact form's fields and
// honeypot; `hidden` keeps it away from people and assistive technology.
const netlifyForm = `<form name="contact" method="POST" data-netlify="true" netlify-honeypot="bot-field" hidden>
      <input type="hidden" name="form-name" value="contact" />
      <input name="name" /><input name="email" type="email" /><textarea name="message"></textarea>
      <input name="bot-field" />
    </form>`;

async function write(file, rendered, forms = '') {
  const html = template
    .replace('<!--head-->', head(rendered))
    .replace('<!--app-->', rendered.html)
    .replace('<!--forms-->', forms);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  await writeFile(tmp, html);
  await rename(tmp, file);
}

const paths = routePaths();
const canonical = [];
for (const route of paths) {
  const rendered = await render(route);
  if (rendered.status !== 200) throw new Error(`${route} rendered the not-found page`);
  const file = route === '/' ? path.join(dist, 'index.html') : path.join(dist, route, 'index.html');
  await write(file, rendered, route === '/contact' ? netlifyForm : '');
  if (!rendered.meta.noindex) canonical.push(rendered.meta.canonical);
}
await write(path.join(dist, '404.html'), await render('/404'));

// For crawlers: every page's canonical address, and where to find them.
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${canonical.map((url) => `  <url><loc>${escape(url)}</loc></url>`).join('\n')}
</urlset>
`;
await writeFile(path.join(dist, 'sitemap.xml'), sitemap);
const origin = new URL(canonical[0]).origin;
await writeFile(path.join(dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
await writeFile(path.join(dist, '_headers'), headersFile(await externalOrigins()));
console.log(`prerendered ${paths.length} routes, 404.html, sitemap.xml and robots.txt`);

/**
 * The response headers of the site, in the host's `_headers` format: Netlify
 * applies it to the deployed site and `portfolio serve` to the local one, so
 * both send the same. Only the site itself may run scripts and be framed by
 * nothing; images, frames and connections reach exactly the other origins the
 * content and analytics use. Styles allow inline rules: emotion writes them.
 */
function headersFile({ images, frames, analytics }) {
  const ga = analytics ? ['https://www.googletagmanager.com'] : [];
  const gaData = analytics ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'] : [];
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...ga].join(' '),
    ["connect-src 'self'", ...gaData].join(' '),
    ["img-src 'self' data:", ...images, ...gaData].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    frames.length ? `frame-src ${frames.join(' ')}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const immutable = 'Cache-Control: public, max-age=31536000, immutable';
  return `# Generated by scripts/prerender.mjs. Netlify applies this file to the
# deployed site, \`portfolio serve\` to the local one.
/*
  Content-Security-Policy: ${csp}
  Strict-Transport-Security: max-age=63072000; includeSubDomains
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()
  Cross-Origin-Opener-Policy: same-origin

# Names carry a hash of the content: cached for a year, never revalidated.
/assets/*
  ${immutable}
/img/*
  ${immutable}
`;
}
