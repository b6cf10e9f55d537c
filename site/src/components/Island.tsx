import type { ReactNode } from 'react';

/**
 * When the loader (src/islands/loader.ts) fetches and mounts an island:
 * `load` (once the page has loaded, its images in, and painted), `visible` (near the
 * viewport), `idle` (the browser has nothing else to do), `interaction`
 * (the first pointer, touch, focus or click inside it) or `intent` (fetched
 * on the first pointer, touch or focus inside it; mounted and handed the
 * visitor's request on a click or Enter or Space on one of its openers,
 * `[data-opener]`, or ← → on the page: a photo's page, decision 0118).
 */
export type When = 'load' | 'visible' | 'idle' | 'interaction' | 'intent';

interface Props {
  /** The island's name in the registry (src/islands/client.ts). */
  name: 'contact' | 'favourites' | 'lightbox';
  /** When the loader fetches and mounts it. */
  when: readonly When[];
  /** Serialized for the island's `mount`. */
  props?: Record<string, unknown>;
  children: ReactNode;
}

/**
 * The marker the prerender writes around an island's server-rendered
 * markup: the loader finds it by `data-island`, and the page gets the loader
 * script only when it has one.
 */
export function Island({ name, when, props, children }: Props) {
  return (
    <div data-island={name} data-hydrate={when.join(' ')} data-props={props ? JSON.stringify(props) : undefined}>
      {children}
    </div>
  );
}
