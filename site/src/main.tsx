import '@/theme/fonts.css';
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/App';
import { createEmotionCache } from '@/app/emotion';
import { AppRoutes, preloadRoute } from '@/app/routes';

// Load the prerendered page's module before hydrating, so the first client
// render matches the HTML.
async function hydrate() {
  await preloadRoute(window.location.pathname);
  // As a transition, hydration yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <CacheProvider value={createEmotionCache()}>
          <AppProviders>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppProviders>
        </CacheProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
