// The gallery's lightbox island: loaded on the first pointer, touch, focus or
// click on a tile. The tiles stay the prerendered links (to each photo's
// page, which is what they do without JavaScript); the island reads the
// images from them and opens its viewer on a plain click instead, giving
// each photo its address in the history (docs/site.md §2, §4). On a photo's
// own page it opens on the visitor's intent only: a click, Enter or Space on
// the photo, or ← → on the page (decision 0118).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import GalleryLightbox from '@/features/gallery/GalleryLightbox';
import { readTile, TILE_SELECTOR } from '@/features/gallery/tile';
import * as en from '@/i18n/en/gallery';
import { langOf } from '@/i18n/lang';
import * as sv from '@/i18n/sv/gallery';
import { arrowStep, openerOf, opensByKey, type Trigger } from '@/islands/loader';

/** The viewer's strings in each shipped language: only the parts it shows (decision 0111). */
const strings = { en: { facts: en.facts, gallery: en.gallery }, sv: { facts: sv.facts, gallery: sv.gallery } } as const;

/** Every lightbox root this page made (tests unmount them between cases). */
const roots = new Set<{ unmount(): void; host: HTMLElement; stop(): void }>();
export function unmountAll() {
  for (const r of roots) {
    r.stop();
    r.unmount();
    r.host.remove();
  }
  roots.clear();
}

const tileOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>(TILE_SELECTOR) : null);

/** What the island keeps in a photo's history entry: which photo it shows. */
interface PhotoState {
  photo: number;
}
const photoIn = (state: unknown): number | undefined => {
  const photo = (state as Partial<PhotoState> | null)?.photo;
  return typeof photo === 'number' ? photo : undefined;
};

const text = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);

export function mount(el: HTMLElement, props: Record<string, unknown>, trigger?: Trigger) {
  const tiles = [...el.querySelectorAll<HTMLAnchorElement>(TILE_SELECTOR)];
  const slides = tiles.map(readTile);
  const images = slides.map((s) => s.image);
  // Each photo's address is its own page.
  const addresses = slides.map((s) => s.address);
  // On a photo's own page: the project page, where closing the viewer goes,
  // and which photo the page shows.
  const project = typeof props.project === 'string' ? props.project : undefined;
  const shown = typeof props.open === 'number' && props.open >= 0 && props.open < images.length ? props.open : 0;
  // Reloaded after a tile pushed its entry, the entry before it is the project's.
  const fromProject = photoIn(history.state) !== undefined;
  const pageTitle = document.title;
  const t = strings[langOf(el)];
  const titleOf = (i: number) => `${t.gallery.photoTitle(text(props.title, t.gallery.fallbackLabel), i + 1, images.length)}${text(props.titleSuffix)}`;

  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  let opener: HTMLElement | null = null;
  let current = -1;
  // The page's photo, which the viewer's grows from when it opens on it.
  let growFrom: Element | null = null;

  const render = (index: number, open: boolean) =>
    root.render(
      <StrictMode>
        <GalleryLightbox
          images={images}
          label={text(props.label, t.gallery.fallbackLabel)}
          t={t}
          index={index}
          open={open}
          thumbnails={props.thumbnails === true}
          downloads={props.downloads === 'web' || props.downloads === 'originals' ? props.downloads : 'none'}
          growFrom={growFrom}
          address={(i) => addresses[i] ?? location.href}
          onView={(i) => {
            if (current === -1 || i === current) return;
            // Next and Previous replace the address: Back leaves the viewer, not each photo.
            current = i;
            // A photo's page keeps its entry's state: whether a tile made it
            // (closing goes back) or the visitor arrived (closing replaces it).
            history.replaceState(project ? history.state : ({ photo: i } satisfies PhotoState), '', addresses[i]);
            document.title = titleOf(i);
          }}
          onClose={close}
        />
      </StrictMode>,
    );

  /** Shows photo i; `push` gives it a history entry (a tile's click), else the entry is there already. */
  const show = (i: number, push: boolean) => {
    current = i;
    if (push) history.pushState({ photo: i } satisfies PhotoState, '', addresses[i]);
    // A photo's page opened on its neighbour (← →): that photo's address, in this entry.
    else if (project && i !== shown) history.replaceState(history.state, '', addresses[i]);
    document.title = titleOf(i);
    render(i, true);
  };

  /** The viewer is closed: the page is the project's again. */
  const closed = () => {
    if (current === -1) return;
    render(current, false);
    current = -1;
    document.title = pageTitle;
    // Back to the tile that opened it, as for any dialog.
    opener?.focus({ preventScroll: true });
  };

  // Close, Escape or the backdrop: leave the photo's history entry.
  function close() {
    if (project) {
      // A photo's own page: the project page is where the viewer closes to.
      // Reached from it (the entry was pushed there, and reloaded), go back to
      // it; arrived directly, it takes this entry's place.
      render(current, false);
      if (fromProject) history.back();
      else location.replace(project);
      return;
    }
    if (photoIn(history.state) !== undefined) history.back();
    else closed();
  }

  // Back and Forward within the page: a photo's entry opens it, the project's closes the viewer.
  const onPopState = (e: PopStateEvent) => {
    if (project) {
      // A photo's page that Back (or Close) took to the project's entry, which
      // this document shares after a reload: show the project's page there.
      if (photoIn(e.state) === undefined) location.reload();
      return;
    }
    const photo = photoIn(e.state);
    if (photo !== undefined && photo < images.length) show(photo, false);
    else closed();
  };
  addEventListener('popstate', onPopState);
  roots.add({ unmount: () => root.unmount(), host, stop: () => removeEventListener('popstate', onPopState) });

  const open = (tile: HTMLAnchorElement) => {
    opener = tile;
    show(readTile(tile).index, current === -1 && !project);
  };

  if (project) {
    // A photo's own page stays a page until the visitor asks for the viewer
    // (decision 0118): a click, Enter or Space on the photo opens it there, ←
    // and → on its neighbours. Its tiles stay links to the other photos' pages.
    const photo = el.querySelector<HTMLElement>('[data-opener]');
    const openAt = (i: number) => {
      if (current !== -1) return;
      opener = photo;
      growFrom = i === shown ? (photo?.querySelector('img') ?? null) : null;
      show(i, false);
    };
    const act = (e: Trigger | undefined) => {
      if (!e) return;
      if (e instanceof KeyboardEvent) {
        const step = arrowStep(e);
        if (step !== undefined) openAt((shown + step + images.length) % images.length);
        else if (opensByKey(e)) openAt(shown);
      } else if (openerOf(e.target)) openAt(shown);
    };
    el.addEventListener('click', (e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !openerOf(e.target)) return;
      e.preventDefault();
      act(e);
    });
    const onKey = (e: KeyboardEvent) => {
      if (current !== -1 || e.defaultPrevented || (arrowStep(e) === undefined && !(el.contains(e.target as Node) && opensByKey(e)))) return;
      e.preventDefault();
      act(e);
    };
    document.addEventListener('keydown', onKey);
    roots.add({ unmount: () => {}, host, stop: () => document.removeEventListener('keydown', onKey) });
    // Reloaded (or come back to) after a tile opened it: open again, as before.
    if (!trigger && fromProject) openAt(shown);
    else act(trigger);
    return;
  }

  el.addEventListener('click', (e) => {
    const tile = tileOf(e.target);
    if (!tile || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open(tile);
  });
  const first = tileOf(trigger?.target ?? null);
  if (first) open(first);
}
