// The pages of Vite's development server (`portfolio dev`, or `npm run dev`
// in site/): each route rendered when it is asked for, by the server
// renderer and the page assembly the build's prerender uses
// (src/entry-server.tsx, scripts/page-html.mjs), so a page looks and works
// as it will when built. Its islands start from the loader's source (the
// lightbox, the contact form); no analytics page script is added, so the
// owner's own visits are never counted. A change to a file the renderer read
// (a component, the generated content module `portfolio dev` rewrites)
// reloads the open page; a change to what only the browser runs (an
// island's code, a style sheet) is Vite's hot update as usual.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { escape, fillTemplate, iconTags, pageRules } from './page-html.mjs';

/** How long after the last change of a burst the open page reloads, in ms. */
const settle = 150;

/** The scripts the development pages load, from source. */
const entries = { islands: '/src/islands/client.ts', page: '/src/page-script/no-analytics.ts' };

/** Whether a request is a page's: a GET or HEAD of a document, not a module, a file or Vite's own. */
const wantsPage = (req) =>
  (req.method === 'GET' || req.method === 'HEAD') && /\btext\/html\b/.test(req.headers.accept ?? '') && !/^\/(@|src\/|node_modules\/)/.test(req.url ?? '');

/**
 * Where a private project's file (an image variant, a video, a document)
 * is in public/: `/private/<slug>/img/x.avif` → `/img/x.avif`, without the
 * query; undefined for any other address. `prefix` is the private prefix
 * with its slashes (`/private/`).
 */
export function privateFile(url, prefix) {
  if (!url.startsWith(prefix)) return undefined;
  const m = /^[^/]+\/((?:img|video|docs)\/[^?]*)/.exec(url.slice(prefix.length));
  return m ? `/${m[1]}` : undefined;
}

/**
 * The Vite plugin; `root` is the site's folder. Off under Vitest, which
 * starts a Vite server of its own.
 */
export function devPages(root) {
  /** @type {import('vite').ViteDevServer} */
  let server;
  let reload;
  return {
    name: 'portfolio:dev-pages',
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    // No index.html for every path (Vite's single-page fallback): each page is this plugin's.
    // /.netlify/images (a site with images.delivery: netlify) goes to the
    // Image CDN `portfolio dev` runs beside Vite, named by PORTFOLIO_IMAGE_CDN.
    // The browser editor (`portfolio dev --editor`) has no backend here:
    // Sveltia CMS writes through the browser's folder picker (decision 0120).
    config: () => ({
      appType: 'custom',
      server: {
        proxy: {
          ...(process.env.PORTFOLIO_IMAGE_CDN ? { '/.netlify/images': { target: process.env.PORTFOLIO_IMAGE_CDN } } : {}),
        },
      },
    }),
    configureServer(s) {
      server = s;
      // A private project's files are published under its prefix by the
      // build (scripts/prerender.mjs, src/generated/private.json); here
      // they are served from public/, where the images step wrote them.
      // Unguarded: `portfolio dev` is the owner's own preview
      // (docs/decisions/0080-private-client-work.md).
      // The prefix is the route table's (src/config/paths.ts, held to Go's
      // privateaccess.Prefix by its test), never spelt here again.
      server.middlewares.use((req, _res, next) => {
        server.ssrLoadModule('/src/config/paths.ts').then(
          (/** @type {typeof import('../src/config/paths')} */ { paths }) => {
            const file = privateFile(req.url ?? '', paths.privateProject(''));
            if (file) req.url = file;
            next();
          },
          (/** @type {unknown} */ err) => next(err),
        );
      });
      // After Vite's own middleware: modules, public files and assets first.
      return () => {
        server.middlewares.use((req, res, next) => {
          // The browser editor's page (scripts/admin.mjs puts it in public/admin/).
          if (/^\/admin(\?.*)?$/.test(req.url ?? '')) {
            res.statusCode = 301;
            res.setHeader('Location', '/admin/');
            res.end();
            return;
          }
          if (/^\/admin\/(\?.*)?$/.test(req.url ?? '')) {
            readFile(path.join(root, 'public', 'admin', 'index.html')).then(
              (html) => {
                res.setHeader('Content-Type', 'text/html; charset=utf-8');
                res.setHeader('Cache-Control', 'no-store');
                // The policy the host sends with /admin (`portfolio dev --editor` passes it).
                if (process.env.PORTFOLIO_EDITOR_CSP) res.setHeader('Content-Security-Policy', process.env.PORTFOLIO_EDITOR_CSP);
                res.end(html);
              },
              () => next(),
            );
            return;
          }
          if (!wantsPage(req)) return next();
          renderPage(server, root, req.originalUrl ?? req.url ?? '/').then(
            ({ status, html }) => {
              res.statusCode = status;
              res.setHeader('Content-Type', 'text/html; charset=utf-8');
              res.setHeader('Cache-Control', 'no-store');
              res.end(req.method === 'HEAD' ? undefined : html);
            },
            (error) => {
              server.ssrFixStacktrace(error);
              server.config.logger.error(`could not render ${req.url}: ${error.stack ?? error}`, { error });
              res.statusCode = 500;
              res.setHeader('Content-Type', 'text/html; charset=utf-8');
              res.end(`<!doctype html><title>Page error</title><h1>This page could not be rendered</h1><pre>${escape(String(error.stack ?? error))}</pre>`);
            },
          );
        });
      };
    },
    // A file the server renderer read changed: the open page's HTML is no
    // longer what it would render, so it reloads, once the burst of changes
    // is over (`portfolio dev` rewrites the content module and the page
    // modules together, and a page rendered between two of them would mix
    // old and new). The renderer's modules are invalidated by Vite itself.
    // The browser's own update of such a file (a full reload of its own,
    // at once) is replaced by this one.
    hotUpdate({ file }) {
      const rendered = server.environments.ssr.moduleGraph.getModulesByFile(file);
      if (!rendered?.size) return;
      clearTimeout(reload);
      reload = setTimeout(() => {
        server.environments.client.hot.send({ type: 'full-reload', path: '*' });
        server.config.logger.info(`page reload ${path.relative(root, file)}`, { timestamp: true });
      }, settle);
      return [];
    },
  };
}

/** Renders the page at `url` as the prerender would write it, for the development server. */
async function renderPage(server, root, url) {
  const pathname = new URL(url, 'http://localhost').pathname;
  const entry = await server.ssrLoadModule('/src/entry-server.tsx');
  // The host serves a page with or without its trailing slash (/about and
  // /about/ are about/index.html), the routes have one form.
  // An address in another language than the default is its route there (decision 0116).
  const page = (address) => {
    const { path: route, lang } = entry.unlocalize(address);
    return entry.render(route, lang);
  };
  let rendered = await page(pathname);
  if (rendered.status === 404 && pathname !== '/') {
    const other = await page(pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`);
    if (other.status === 200) rendered = other;
  }
  const info = entry.siteInfo();
  const icons = JSON.parse(await readFile(path.join(root, 'src', 'generated', 'icons.json'), 'utf8'));
  const template = await server.transformIndexHtml(url, await readFile(path.join(root, 'index.html'), 'utf8'));
  const site = {
    info,
    entries,
    // Preloaded as the build's pages preload them: the faces are
    // `font-display: optional`, and a late font is never swapped in.
    fonts: info.fonts === 'system' ? [] : ['/src/generated/fonts/fraunces.woff2', '/src/generated/fonts/inter.woff2'],
    siteTags: iconTags(icons, info, icons.favicon),
    // No inline starter (the loader itself starts every island), no
    // speculation rules and no analytics in development.
    starter: null,
    rules: null,
    analytics: null,
  };
  return { status: rendered.status, html: fillTemplate(template, rendered, pageRules(rendered), site) };
}
