import { act, render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { type Location, type NavigateFunction, BrowserRouter, MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import type { Lang } from '@/i18n';
import { LangProvider } from '@/i18n/react';
import { AppProviders } from '@/theme/AppProviders';
import type { LazyPage } from '@/app/lazyPage';
import { AppRoutes, routes } from '@/app/routes';
import { startIsland } from '@/islands/loader';
import { unmountAll } from '@/islands/lightbox';
import { allProjects, loadProjectBody } from '@/lib/content';

interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The URL the memory router starts at. */
  route?: string;
  /** The page's language (decision 0111): its catalogue, and `lang` on a wrapper for the islands. Default: English, no wrapper. */
  lang?: Lang;
}

/**
 * Renders one component the way the app does: inside the theme and a memory
 * router at `route`. Returns the Testing Library queries and a `user` for
 * userEvent interactions.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', lang, ...options }: ProvidersOptions = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    const app = (
      <AppProviders>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </AppProviders>
    );
    return lang ? (
      <div lang={lang}>
        <LangProvider lang={lang}>{app}</LangProvider>
      </div>
    ) : (
      app
    );
  }
  const rendered = render(ui, { wrapper: Wrapper, ...options });
  startLightboxes();
  return { user: userEvent.setup(), ...rendered };
}

/**
 * Starts the lightbox islands on the page as the islands loader does in the
 * browser (the real loader and island: first pointer, focus or click). The
 * contact form island is not started: a test renders the form with React
 * already.
 */
export function startLightboxes() {
  const stops: (() => void)[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('[data-island="lightbox"]:not([data-started])')) {
    el.setAttribute('data-started', '');
    stops.push(startIsland(el, { lightbox: () => import('@/islands/lightbox') }));
  }
  onTestFinished(() => {
    // No island's chunk on its way (a hover fetched it) opens anything after its test.
    stops.forEach((stop) => stop());
    unmountAll();
    // A photo's history entry (the island pushes one) must not reach the next test.
    history.replaceState(null, '', '/');
  });
}

interface AppOptions {
  /** Render inside React's StrictMode, as main.tsx does. */
  strict?: boolean;
  /**
   * Use the browser router on jsdom's real history, as main.tsx does, where
   * plain anchors (the skip link) and history.back() change the location
   * too. Default: memory.
   */
  browser?: boolean;
}

/**
 * Renders the whole site at `route`: the real routes in a memory router (or
 * the browser router, as main.tsx), inside the theme, with every page's
 * module loaded. Wait for a page with findBy* queries.
 */
/**
 * Loads every page's module and every project's body. main.tsx loads the first page before hydrating
 * and the router's transition waits for the others; under Testing Library's
 * act() a suspended navigation is never retried, so tests load them all first
 * (lazyPage.test.tsx covers the suspending path, the end-to-end tests real
 * navigations).
 */
async function loadAllPages() {
  const handles = routes.flatMap((route) => [route, ...(route.children ?? [])]).map((route) => route.handle as { page: LazyPage<never> } | undefined);
  await Promise.all([...handles.map((handle) => handle?.page.load()), ...allProjects().map(loadProjectBody)]);
}

/** The router's current location, and navigation, as a test sees them. */
export interface TestRouter {
  readonly location: Location;
  navigate(to: string | number): Promise<void>;
}

function RouterProbe({ into }: { into: { location?: Location; navigate?: NavigateFunction } }) {
  /* eslint-disable react-hooks/immutability -- a test probe: it hands the router's hooks out to the test */
  into.location = useLocation();
  into.navigate = useNavigate();
  /* eslint-enable react-hooks/immutability */
  return null;
}

export async function renderApp(route = '/', { strict = false, browser = false }: AppOptions = {}) {
  await loadAllPages();
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const router: TestRouter = {
    get location() {
      return probe.location!;
    },
    navigate: (to) => act(async () => void (typeof to === 'number' ? probe.navigate!(to) : probe.navigate!(to))),
  };
  if (browser) {
    window.history.replaceState(null, '', route);
    onTestFinished(() => window.history.replaceState(null, '', '/'));
  }
  const app = (
    <AppProviders>
      {browser ? (
        <BrowserRouter>
          <AppRoutes />
          <RouterProbe into={probe} />
        </BrowserRouter>
      ) : (
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
          <RouterProbe into={probe} />
        </MemoryRouter>
      )}
    </AppProviders>
  );
  const rendered = render(strict ? <StrictMode>{app}</StrictMode> : app);
  startLightboxes();
  return { router, user: userEvent.setup(), ...rendered };
}
