import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { AppProviders } from '@/app/App';
import { routes } from '@/app/routes';

interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The URL the memory router starts at. */
  route?: string;
}

/**
 * Renders one component the way the app does: inside the theme and a memory
 * router at `route`. Returns the Testing Library queries and a `user` for
 * userEvent interactions.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: ProvidersOptions = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </AppProviders>
    );
  }
  return { user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}

interface AppOptions {
  /** Render inside React's StrictMode, as main.tsx does. */
  strict?: boolean;
  /**
   * Use the browser router on jsdom's real history, as main.tsx does, where
   * plain anchors (the skip link) change the location too. Default: memory.
   */
  browser?: boolean;
}

/**
 * Renders the whole site at `route`: the real route tree in a data router
 * (memory unless `browser`), inside the theme, like main.tsx. Lazy routes
 * resolve asynchronously, so wait for the page with findBy* queries. The
 * router is disposed when the test ends.
 */
export function renderApp(route = '/', { strict = false, browser = false }: AppOptions = {}) {
  if (browser) window.history.replaceState(null, '', route);
  const router = browser ? createBrowserRouter(routes) : createMemoryRouter(routes, { initialEntries: [route] });
  onTestFinished(() => {
    router.dispose();
    if (browser) window.history.replaceState(null, '', '/');
  });
  const app = (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return { router, user: userEvent.setup(), ...render(strict ? <StrictMode>{app}</StrictMode> : app) };
}
