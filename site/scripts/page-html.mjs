// A page's HTML from what the server renderer (src/entry-server.tsx)
// returns for its route: the head tags, its own style rules, the scripts,
// filled into the page template's slots. One assembly for the build's
// prerender (scripts/prerender.mjs) and the development server
// (scripts/dev-pages.mjs), so `portfolio dev` shows each page as the build
// writes it.

const systemFont = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';

export const escape = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// Structured data in a <script> element: nothing in it may close the
// element or open a comment (`</script`, `<!--`), so every `<` is written
// as its JSON escape. A data block is never run: the CSP does not apply.
const jsonScript = (data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** What the visitor does to start an island: the starts an inline starter can wait for (scripts/prerender.mjs). */
const visitorStarts = new Set(['interaction', 'intent']);

/**
 * How a page's islands start: none, the inline starter (every island waits
 * for the visitor: a gallery's, a photo page's; decisions 0003 and 0122), or
 * the loader file.
 */
export function islandsStart(html) {
  if (!html.includes('data-island=')) return 'none';
  const whens = [...html.matchAll(/data-hydrate="([^"]*)"/g)].map((m) => m[1].split(/\s+/));
  return whens.length > 0 && whens.every((when) => when.every((w) => visitorStarts.has(w))) ? 'starter' : 'loader';
}

/** The class names in a page's markup. */
const classNames = (html) => new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));

/**
 * The style rules of one page, in the order it rendered them: the global
 * ones (the document's, keyframes) and those of a class its markup wears.
 * A composed component's intermediate classes (a component's base styles,
 * then its styles with the sx merged in) end up in one class on the
 * element, the last; the others match nothing, about a quarter of the bytes.
 */
export function pageRules(rendered) {
  const classes = classNames(rendered.html);
  return rendered.styles
    .filter((r) => r.global || classes.has(`css-${r.id}`))
    .map((r) => r.css)
    .join('');
}

/**
 * The head tags of the site's icons (src/generated/icons.json, drawn by
 * `portfolio images`) and theme colours, on every page: `favicon` is the
 * address of the 32 px icon (the build copies it to /favicon.ico).
 */
export function iconTags(icons, info, favicon = '/favicon.ico') {
  return [
    `<link rel="icon" href="${favicon}" sizes="32x32" />`,
    `<link rel="apple-touch-icon" href="${icons.appleTouch}" />`,
    `<link rel="manifest" href="/manifest.webmanifest" />`,
    `<meta name="theme-color" content="${info.colors.light.theme}" media="(prefers-color-scheme: light)" />`,
    `<meta name="theme-color" content="${info.colors.dark.theme}" media="(prefers-color-scheme: dark)" />`,
  ];
}

// --- A page's head and scripts -----------------------------------------------

/**
 * The system font, for text and headings alike, on a site whose site.yaml
 * says `fonts: system` (decision 0124): set over src/theme/fonts.css's
 * variables (`html:root` wins over `:root` wherever it comes).
 */
export const systemFontsRule = `html:root{--font-text:${systemFont};--font-display:${systemFont}}`;

export function head({ meta, jsonLd }, styles, { info, fonts, siteTags, private: privatePage = false }) {
  // A site of system fonts preloads none, and sets the theme's families to the system's (below).
  const system = info.fonts === 'system';
  const preloads = system ? [] : fonts.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin />`);
  if (meta.preload) {
    // The page's largest image, as its <picture>'s first <source> (AVIF,
    // else WebP) chooses it, a browser without that type skipping it; or
    // its <img>, whose host negotiates the format: no type.
    const type = meta.preload.type ? ` type="${escape(meta.preload.type)}"` : '';
    preloads.push(
      `<link rel="preload" as="image"${type} imagesrcset="${escape(meta.preload.srcset)}" imagesizes="${escape(meta.preload.sizes)}" fetchpriority="high" />`,
    );
  }
  const tags = [...preloads, `<title>${escape(meta.title)}</title>`, `<meta name="description" content="${escape(meta.description)}" />`, ...siteTags];
  if (system) tags.push(`<style>${systemFontsRule}</style>`);
  // One robots meta: noindex for a page kept out of search (or without a
  // canonical address), and the `noai, noimageai` convention unless the
  // owner allows AI training (decision 0101). Behind a private project's
  // secret it says noindex alone, as its X-Robots-Tag does: no crawler
  // reads those pages.
  const robots = [];
  if (meta.noindex || !meta.canonical) robots.push('noindex');
  if (info.aiOptOut && !privatePage) robots.push('noai', 'noimageai');
  if (robots.length) tags.push(`<meta name="robots" content="${robots.join(', ')}" />`);
  // A private project's page: the next page, public or not, is told
  // nothing of where the client came from (decision 0080).
  if (privatePage) tags.push('<meta name="referrer" content="no-referrer" />');
  if (meta.canonical) {
    tags.push(`<link rel="canonical" href="${escape(meta.canonical)}" />`, `<meta property="og:url" content="${escape(meta.canonical)}" />`);
  }
  // A site in several languages: the page in each, and which is the
  // default (x-default), the way search engines pair them (decision 0116).
  for (const a of meta.languages?.alternates ?? []) tags.push(`<link rel="alternate" hreflang="${escape(a.hreflang)}" href="${escape(a.href)}" />`);
  if (meta.languages) {
    tags.push(
      `<meta property="og:locale" content="${escape(meta.languages.locale)}" />`,
      ...meta.languages.localeAlternates.map((l) => `<meta property="og:locale:alternate" content="${escape(l)}" />`),
    );
  }
  const image = meta.image;
  tags.push(
    `<meta property="og:site_name" content="${escape(info.name)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:image" content="${escape(image.url)}" />`,
    `<meta property="og:image:type" content="${image.type ?? 'image/jpeg'}" />`,
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

// The page script's tag carries the analytics setting (none with
// VITE_ANALYTICS=off or provider none): the provider's page script (and,
// when GA4 asks for consent, the consent script it names); pages without
// analytics have none but the 404 page's.
function analyticsScriptTag(analytics, entries) {
  const data = Object.entries({ ...analytics, ...(analytics.consent ? { consent: entries.consent } : {}) })
    .map(([k, v]) => ` data-${k}="${escape(v)}"`)
    .join('');
  return `<script type="module" src="${entries.page}"${data}></script>`;
}

/**
 * The scripts at the end of a page's body: the speculation rules (when
 * given), how its islands start (the inline starter when given and every
 * island waits for an interaction, else the loader file), and its page
 * script (the analytics provider's, or the not-found page's log).
 */
export function scripts(rendered, { entries, starter, rules, analytics }) {
  const tags = rules ? [`<script type="speculationrules">${rules.json}</script>`] : [];
  const start = islandsStart(rendered.html);
  if (start === 'starter' && starter) tags.push(`<script>${starter.code}</script>`);
  else if (start !== 'none') tags.push(`<script type="module" src="${entries.islands}"></script>`);
  if (analytics) tags.push(analyticsScriptTag(analytics, entries));
  else if (rendered.status === 404) tags.push(`<script type="module" src="${entries.page}"></script>`);
  return tags.join('\n    ');
}

/** The page: its language in `<html lang>`, the template's head, app and scripts slots filled. */
export function fillTemplate(template, rendered, css, site) {
  const styles = css ? `<style>${css}</style>` : '';
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escape(rendered.lang)}"`)
    .replace('<!--head-->', () => head(rendered, styles, site))
    .replace('<!--app-->', () => rendered.html)
    .replace('<!--scripts-->', () => scripts(rendered, site));
}
