// The gallery's lightbox island: loaded on the first pointer, touch, focus or
// click on a tile (on a photo's own page, at once). The tiles stay the
// prerendered links (to each photo's page, which is what they do without
// JavaScript); the island reads the images from them and opens its viewer on
// a plain click instead, giving each photo its address in the history
// (docs/site.md §2, §4).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import GalleryLightbox from '@/features/gallery/GalleryLightbox';
import { readTile, TILE_SELECTOR } from '@/features/gallery/tile';
import * as en from '@/i18n/en/gallery';
import { langOf } from '@/i18n/lang';
import * as sv from '@/i18n/sv/gallery';

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

export function mount(el: HTMLElement, props: Record<string, unknown>, trigger?: MouseEvent) {
  const tiles = [...el.querySelectorAll<HTMLAnchorElement>(TILE_SELECTOR)];
  const slides = tiles.map(readTile);
  const images = slides.map((s) => s.image);
  // Each photo's address is its own page.
  const addresses = slides.map((s) => s.address);
  // On a photo's own page: the project page, where closing the viewer goes.
  const project = typeof props.project === 'string' ? props.project : undefined;
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
          growFrom={project ? document.querySelector('[data-viewer-origin] img') : null}
          address={(i) => addresses[i] ?? location.href}
          onView={(i) => {
            if (current === -1 || i === current) return;
            // Next and Previous replace the address: Back leaves the viewer, not each photo.
            current = i;
            history.replaceState({ photo: i } satisfies PhotoState, '', addresses[i]);
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

  el.addEventListener('click', (e) => {
    const tile = tileOf(e.target);
    if (!tile || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open(tile);
  });
  const first = tileOf(trigger?.target ?? null);
  if (first) open(first);
  else if (typeof props.open === 'number' && props.open >= 0 && props.open < images.length) {
    // A photo's own page opens its viewer on that photo, in its own entry.
    opener = tiles[props.open] ?? null;
    show(props.open, false);
  }
}
