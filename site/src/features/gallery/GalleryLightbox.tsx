import { useMemo, useSyncExternalStore } from 'react';
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import '@/features/gallery/lightbox.css';
import type { GalleryImage } from '@/generated/content';

/** The candidates of a srcset ("url 480w, url 800w"), with the heights that keep the image's ratio. */
export function srcSetOf(image: GalleryImage): SlideImage['srcSet'] {
  const srcset = image.srcset?.webp;
  if (!srcset) return undefined;
  return srcset.split(',').map((candidate) => {
    const [src = '', descriptor = ''] = candidate.trim().split(/\s+/);
    const width = Number.parseInt(descriptor, 10);
    return { src, width, height: Math.round((width * image.height) / image.width) };
  });
}

/** A slide of the image: its candidates, and its caption (the captions plugin's description) when it has one. */
export function toSlide(image: GalleryImage): SlideImage {
  const srcSet = srcSetOf(image);
  return {
    src: image.src,
    alt: image.alt,
    width: image.width,
    height: image.height,
    ...(srcSet ? { srcSet } : {}),
    ...(image.caption ? { description: image.caption } : {}),
  };
}

// Read straight from the browser, not through MUI: the island carries no MUI.
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)');
const prefersReducedMotion = () => reducedMotion()?.matches ?? false;
function subscribeReducedMotion(onChange: () => void) {
  const query = reducedMotion();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

interface Props {
  images: readonly GalleryImage[];
  /** The dialog's accessible name. */
  label: string;
  index: number;
  open: boolean;
  onClose: () => void;
}

/**
 * The full-screen viewer (yet-another-react-lightbox): a modal dialog that
 * keeps focus inside, hides the page from assistive technology, locks its
 * scrolling and gives focus back to the tile that opened it; Close,
 * Previous and Next (wrapping), ← → and Escape while open, swipe on touch
 * screens, a backdrop click closes; a counter "n / total"; each slide picks
 * the sharpest candidate of its srcset for the screen; the neighbours are
 * preloaded. An image's caption shows under it (the captions plugin: a
 * paragraph in the slide, read with it). Reduced motion turns the fades and slides off.
 */
export default function GalleryLightbox({ images, label, index, open, onClose }: Props) {
  const reduceMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion);
  const slides = useMemo(() => images.map(toSlide), [images]);
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Counter, Captions]}
      // Captions are at most 300 characters: room for all of them.
      captions={{ descriptionMaxLines: 6 }}
      labels={{ Lightbox: label }}
      carousel={{ finite: false, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      {...(reduceMotion ? { animation: { fade: 0, swipe: 0, navigation: 0 } } : {})}
    />
  );
}
