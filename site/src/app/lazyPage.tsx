import { use, type ComponentType, type ReactElement } from 'react';

/** A page component whose module is its own chunk, loaded on first use. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Loads the module; once settled, the page renders without suspending. */
  load(): Promise<void>;
}

/**
 * Wraps a dynamically imported page. The prerender and main.tsx call `load`
 * for the matched route before rendering, so the first render (server HTML,
 * then hydration) is complete and identical; a client-side navigation to a
 * page not loaded yet suspends inside the router's transition, and the
 * current page stays on screen until the next one is ready.
 */
export function lazyPage<P extends object>(importPage: () => Promise<ComponentType<P>>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= importPage().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk request is tried again next time
        throw error;
      },
    ));

  function Page(props: P) {
    if (!Loaded) use(load());
    const Component = Loaded!;
    return <Component {...props} />;
  }
  return Object.assign(Page, { load });
}
