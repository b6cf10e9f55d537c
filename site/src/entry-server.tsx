import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/App';
import { createEmotionCache } from '@/app/emotion';
import { routes } from '@/app/routes';
import { navCategories, paths } from '@/config/paths';
import { allProjects } from '@/lib/content';
import { pageMeta, type PageMeta } from '@/lib/seo';

/** Every route path to prerender (SPEC.md §2). */
export function routePaths(): string[] {
  return [
    paths.home,
    paths.about,
    paths.contact,
    ...navCategories.map(paths.category),
    ...allProjects().map((p) => p.link),
  ];
}

export interface Rendered {
  html: string;
  styles: string;
  meta: PageMeta;
  status: number;
}

/** Renders one path to HTML, with its critical CSS and metadata. */
export async function render(path: string): Promise<Rendered> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path}: unexpected redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  const meta = pageMeta(path);
  return { html, styles, meta, status: meta.canonical ? 200 : 404 };
}
