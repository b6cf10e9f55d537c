// The islands loader: the only script a page with islands loads at first
// (about 1 kB). Every `[data-island]` element the prerender wrote names an
// island of the registry and when to load it: `load` (once the page has
// loaded and painted), `visible` (near the viewport),
// `idle` (the browser has nothing else to do), `interaction` (the first
// pointer, touch, focus or click inside it) or `intent` (as `interaction`,
// but only a click or Enter or Space on one of its openers, or ← → on the
// page, is handed to it: decision 0118). Only then is the island's own
// chunk fetched and mounted on the element. Static content never hydrates.
// A page whose islands all wait for the visitor (`interaction`, `intent`)
// gets an inline starter instead, which imports this file on the first
// approach, or, with an `intent` island, once the page has loaded and
// painted (scripts/prerender.mjs; decisions 0003 and 0122).

import type { When } from '@/components/Island';

/** What an island's chunk exports. */
export interface IslandModule {
  /**
   * Takes over `el` (hydrates it, or adds behaviour to it) with the props the
   * prerender serialized; `trigger` is the click (or, for an `intent`
   * island, the key) that loaded it, if any, for the island to act on once
   * mounted.
   */
  mount(el: HTMLElement, props: Record<string, unknown>, trigger?: Trigger): void;
}

/** What a visitor did that an island acts on once it is there. */
export type Trigger = MouseEvent | KeyboardEvent;

export type Registry = Record<string, () => Promise<IslandModule>>;

const interactions = ['pointerover', 'touchstart', 'focusin'] as const;

/** A click that the browser would turn into a navigation of this tab. */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

const modified = (e: KeyboardEvent) => e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** An `intent` island's opener that a target is in, if any (`[data-opener]`). */
export const openerOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-opener]') : null);

/** Enter or Space on an opener: what a click on it does. */
export const opensByKey = (e: KeyboardEvent) => (e.key === 'Enter' || e.key === ' ') && !modified(e) && openerOf(e.target) !== null;

/**
 * ← or → pressed on the page, not where the key has a use of its own (a
 * field, a media player, an element that takes its own keys): a step to the
 * previous or next of what an `intent` island shows. (A key that a listener
 * has already taken, `defaultPrevented`, is for the listeners to leave.)
 */
export function arrowStep(e: KeyboardEvent): -1 | 1 | undefined {
  if (modified(e) || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return undefined;
  const t = e.target;
  if (
    t instanceof Element &&
    t.closest(
      'input, textarea, select, video, audio, [contenteditable]:not([contenteditable="false"]), [role="slider"], [role="tablist"], [role="menu"], [role="listbox"], [role="grid"], [role="dialog"]',
    )
  )
    return undefined;
  return e.key === 'ArrowLeft' ? -1 : 1;
}

let openerIds = 0;

/**
 * Makes an `intent` island's opener a control, with JavaScript only (without
 * it the element is what the prerender wrote, a picture, which does
 * nothing): a button (unless it is a link or a button already) in the tab
 * order, named by its `data-opener`, described by the image in it.
 */
function dressOpener(opener: HTMLElement) {
  if (!opener.matches('a[href], button')) {
    opener.setAttribute('role', 'button');
    opener.tabIndex = 0;
  }
  opener.setAttribute('aria-label', opener.dataset.opener ?? '');
  const img = opener.querySelector('img');
  if (img?.alt) {
    img.id ||= `island-opener-${++openerIds}`;
    opener.setAttribute('aria-describedby', img.id);
  }
}

/** Starts every island under `root`; returns how many it found. */
export function startIslands(root: ParentNode, registry: Registry, win: Window & typeof globalThis = window): number {
  const els = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  for (const el of els) startIsland(el, registry, win);
  return els.length;
}

/**
 * Starts one island element (startIslands does it for every one). Returns
 * what stops it: no trigger loads it after that, and a chunk on its way is
 * not mounted (a test's page is gone before its `load` island comes).
 */
export function startIsland(el: HTMLElement, registry: Registry, win: Window & typeof globalThis = window): () => void {
  const name = el.dataset.island ?? '';
  const importIsland = registry[name];
  if (!importIsland) {
    console.error(`island "${name}" is not in the registry`);
    return () => {};
  }
  const props = el.dataset.props ? (JSON.parse(el.dataset.props) as Record<string, unknown>) : {};
  const when = new Set((el.dataset.hydrate ?? 'idle').split(/\s+/) as When[]);
  let state: 'waiting' | 'loading' | 'mounted' = 'waiting';
  let pendingClick: Trigger | undefined;
  const stops: (() => void)[] = [];
  const stop = () => stops.splice(0).forEach((f) => f());
  let cancelled = false;

  const load = () => {
    if (state !== 'waiting') return;
    state = 'loading';
    importIsland().then(
      (island) => {
        if (cancelled) return;
        state = 'mounted';
        stop();
        island.mount(el, props, pendingClick);
        pendingClick = undefined;
        // For tests and curious visitors: which islands are live.
        el.setAttribute('data-island-mounted', '');
      },
      (error: unknown) => {
        // A chunk that failed to arrive is asked for again on the next trigger;
        // a click that was waiting for it does what it does without JavaScript.
        state = 'waiting';
        console.error(`island "${name}" failed to load`, error);
        const link = (pendingClick?.target as Element | null)?.closest?.('a[href]');
        pendingClick = undefined;
        if (link instanceof win.HTMLAnchorElement) win.location.assign(link.href);
      },
    );
  };

  if (when.has('interaction')) {
    const onClick = (e: MouseEvent) => {
      if (state === 'mounted' || !plainClick(e)) return;
      // Held until the island is there, which then acts on it (opens the
      // lightbox at the tile clicked, for instance).
      e.preventDefault();
      pendingClick = e;
      load();
    };
    for (const type of interactions) el.addEventListener(type, load, { passive: true });
    el.addEventListener('click', onClick);
    stops.push(() => {
      for (const type of interactions) el.removeEventListener(type, load);
      el.removeEventListener('click', onClick);
    });
  }
  if (when.has('intent')) {
    el.querySelectorAll<HTMLElement>('[data-opener]').forEach(dressOpener);
    // An entry a script made on an earlier visit in this tab (the island's
    // own: a photo a tile opened, then reloaded, or come back to): the island
    // takes over again at once, as a `load` island does.
    if (win.history.state != null) when.add('load');
    // The visitor asks for it: held until the island is there, which then
    // opens on it. Any other click in it is the page's own (a link, a field).
    const hold = (e: Trigger) => {
      e.preventDefault();
      pendingClick = e;
      load();
    };
    const onClick = (e: MouseEvent) => {
      if (state !== 'mounted' && plainClick(e) && openerOf(e.target)) hold(e);
    };
    const onKey = (e: KeyboardEvent) => {
      // A key something else has taken (another island, a widget) is left to it.
      if (state !== 'mounted' && !e.defaultPrevented && (arrowStep(e) !== undefined || (el.contains(e.target as Node) && opensByKey(e)))) hold(e);
    };
    // The chunk is fetched ahead as the pointer, a finger or the focus comes near.
    for (const type of interactions) el.addEventListener(type, load, { passive: true });
    el.addEventListener('click', onClick);
    win.document.addEventListener('keydown', onKey);
    stops.push(() => {
      for (const type of interactions) el.removeEventListener(type, load);
      el.removeEventListener('click', onClick);
      win.document.removeEventListener('keydown', onKey);
    });
  }
  if (when.has('visible')) {
    if ('IntersectionObserver' in win) {
      const observer = new win.IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) load();
        },
        { rootMargin: '200px' },
      );
      observer.observe(el);
      stops.push(() => observer.disconnect());
    } else {
      load();
    }
  }
  if (when.has('load')) {
    // After the page's own load (its images, a photo page's photo among
    // them, are in) and the next frame, which paints them: the island's
    // chunk never competes with the page's largest paint (decision 0109).
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterPaint = () => {
      if ('requestAnimationFrame' in win) frame = win.requestAnimationFrame(() => (timer = setTimeout(load, 0)));
      else timer = setTimeout(load, 0);
    };
    if (win.document.readyState === 'complete') afterPaint();
    else win.addEventListener('load', afterPaint, { once: true });
    stops.push(() => {
      win.removeEventListener('load', afterPaint);
      if (frame) win.cancelAnimationFrame(frame);
      clearTimeout(timer);
    });
  }
  if (when.has('idle')) {
    if ('requestIdleCallback' in win) {
      const handle = win.requestIdleCallback(load, { timeout: 3000 });
      stops.push(() => win.cancelIdleCallback(handle));
    } else {
      const handle = setTimeout(load, 200);
      stops.push(() => clearTimeout(handle));
    }
  }
  return () => {
    cancelled = true;
    stop();
  };
}
