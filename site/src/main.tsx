import '@/theme/fonts.css';
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/App';
import { routes } from '@/app/routes';
import { createEmotionCache } from '@/app/emotion';

// Load the lazy route modules of the prerendered page before hydrating, so
// the first client render matches the HTML.
async function hydrate() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches
      .filter((m) => m.route.lazy)
      .map(async (m) => {
        const lazy = m.route.lazy as () => Promise<object>;
        Object.assign(m.route, { ...(await lazy()), lazy: undefined });
      }),
  );
  const router = createBrowserRouter(routes);
  // As a transition, hydration yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <CacheProvider value={createEmotionCache()}>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </CacheProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
