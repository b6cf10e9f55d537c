// The gallery's lightbox island: loaded on the first pointer, touch, focus or
// click on a tile. The tiles stay the prerendered links (to each image's
// largest variant, which is what they do without JavaScript); the island
// reads the images from them and opens its viewer on a plain click instead.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import GalleryLightbox from '@/features/gallery/GalleryLightbox';
import type { GalleryImage } from '@/generated/content';

/** A tile's image, as the lightbox needs it: from the tile's markup. */
export function imageOfTile(tile: Element): GalleryImage {
  const img = tile.querySelector('img');
  const webp = tile.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? undefined;
  const caption = tile.getAttribute('data-caption');
  return {
    src: img?.getAttribute('src') ?? tile.getAttribute('href') ?? '',
    alt: img?.getAttribute('alt') ?? '',
    label: tile.getAttribute('aria-label') ?? '',
    width: Number(img?.getAttribute('width') ?? 0),
    height: Number(img?.getAttribute('height') ?? 0),
    ...(webp ? { srcset: { webp, fallback: img?.getAttribute('srcset') ?? '' } } : {}),
    ...(caption ? { caption } : {}),
  };
}

/** Every lightbox root this page made (tests unmount them between cases). */
const roots = new Set<{ unmount(): void; host: HTMLElement }>();
export function unmountAll() {
  for (const r of roots) {
    r.unmount();
    r.host.remove();
  }
  roots.clear();
}

const tileOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-index]') : null);

export function mount(el: HTMLElement, props: Record<string, unknown>, trigger?: MouseEvent) {
  const tiles = [...el.querySelectorAll<HTMLAnchorElement>('a[data-index]')];
  const images = tiles.map(imageOfTile);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.add({ unmount: () => root.unmount(), host });
  let opener: HTMLElement | null = null;

  const render = (index: number, open: boolean) =>
    root.render(
      <StrictMode>
        <GalleryLightbox
          images={images}
          label={typeof props.label === 'string' ? props.label : 'Gallery'}
          index={index}
          open={open}
          onClose={() => {
            render(index, false);
            // Back to the tile that opened it, as for any dialog.
            opener?.focus({ preventScroll: true });
          }}
        />
      </StrictMode>,
    );

  const open = (tile: HTMLAnchorElement) => {
    opener = tile;
    render(Number(tile.dataset.index), true);
  };

  el.addEventListener('click', (e) => {
    const tile = tileOf(e.target);
    if (!tile || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open(tile);
  });
  const first = tileOf(trigger?.target ?? null);
  if (first) open(first);
}
