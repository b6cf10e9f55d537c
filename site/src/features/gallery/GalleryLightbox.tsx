import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import Lightbox, { type Slide, type SlideImage, type SlideVideo } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import '@/features/gallery/lightbox.css';
import { FactList } from '@/features/gallery/FactList';
import { LightboxDownload, type DownloadRule } from '@/features/gallery/download';
import { ShareButton, ShareStatus, useShare } from '@/features/gallery/share';
import type { GalleryImage, VideoAsset } from '@/generated/content';
import type { Messages } from '@/i18n';

/**
 * Whether this browser shows AVIF, as the page's own pictures already say:
 * an <img> whose <picture> offers AVIF and which took one of that source's
 * candidates (a file of the build's, or the Image CDN's address with
 * fm=avif: decision 0104). Without such a picture (none offers AVIF, or
 * none has chosen yet) it answers no, and the lightbox takes WebP, or the
 * address the Image CDN negotiates, which every current browser shows.
 */
export function pageShowsAvif(doc: Document | undefined = globalThis.document): boolean {
  if (!doc) return false;
  for (const source of doc.querySelectorAll('picture > source[type="image/avif"]')) {
    const chosen = source.parentElement?.querySelector('img')?.currentSrc;
    if (chosen) {
      const candidates = (source.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(/\s+/)[0] ?? '');
      // Each candidate resolved against the chosen address, an absolute one.
      return candidates.some((url) => url !== '' && new URL(url, chosen).href === chosen);
    }
  }
  return false;
}

/**
 * The candidates of a srcset ("url 480w, url 800w"), with the heights that
 * keep the image's ratio: AVIF's where the image has them and the page's
 * pictures took AVIF (so the open photo is the file the page already
 * loaded, not its WebP as well), else WebP's, or the one srcset of an image
 * host that negotiates the format.
 */
export function srcSetOf(image: GalleryImage, avif: boolean = pageShowsAvif()): SlideImage['srcSet'] {
  const srcset = (avif ? image.srcset?.avif : undefined) ?? image.srcset?.webp ?? image.srcset?.fallback;
  if (!srcset) return undefined;
  return srcset.split(',').map((candidate) => {
    const [src = '', descriptor = ''] = candidate.trim().split(/\s+/);
    const width = Number.parseInt(descriptor, 10);
    return { src, width, height: Math.round((width * image.height) / image.width) };
  });
}

/** What the caption area shows under a slide (the captions plugin's description): the caption, then the photo's facts. */
function descriptionOf(image: GalleryImage, t: Messages['facts']): SlideImage['description'] {
  if (!image.exif) return image.caption;
  return (
    <>
      {image.caption}
      <FactList exif={image.exif} t={t} className="photo-facts" />
    </>
  );
}

/** A slide of the image: its candidates, and its caption and facts (the captions plugin's description) when it has any. */
export function toSlide(image: GalleryImage, t: Messages['facts']): SlideImage {
  const srcSet = srcSetOf(image);
  const description = descriptionOf(image, t);
  return {
    src: image.src,
    alt: image.alt,
    width: image.width,
    height: image.height,
    ...(srcSet ? { srcSet } : {}),
    ...(description ? { description } : {}),
  };
}

/**
 * The slide of a gallery's video (the Video plugin's): its sources with
 * their types, in order, its size, its poster (the tile's image) and its
 * caption. How it plays (controls, no autoplay, metadata only) is the
 * lightbox's `video` setting; it never loops or starts muted, which a
 * gallery's video has no setting for.
 */
export function toVideoSlide(image: GalleryImage, video: VideoAsset): SlideVideo {
  return {
    type: 'video',
    poster: video.poster.src,
    width: video.width,
    height: video.height,
    sources: video.sources.map(({ src, type }) => ({ src, type })),
    ...(image.caption ? { description: image.caption } : {}),
  };
}

/** The slide of a gallery item: a video's, or an image's. */
export const slideOf = (image: GalleryImage, t: Messages['facts']): Slide => (image.video ? toVideoSlide(image, image.video) : toSlide(image, t));

/**
 * Around a video slide: what the Video plugin does not render. The
 * <video> gets its accessible name (the item's alt text) and, when the
 * video has captions, its <track kind="captions">, shown by default. The
 * plugin renders the element once it has measured the slide, so it is
 * looked for as it appears. Each video shown is recorded in `videos`.
 */
function VideoSlideExtras({ image, videos, children }: { image: GalleryImage; videos: Set<HTMLVideoElement>; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const captions = image.video?.captions;
    const dress = () => {
      const video = el.querySelector('video');
      if (!video) return;
      videos.add(video);
      video.setAttribute('aria-label', image.alt);
      if (captions && !video.querySelector('track')) {
        const track = document.createElement('track');
        Object.assign(track, { kind: 'captions', src: captions.src, srclang: captions.srclang, label: captions.label, default: true });
        video.append(track);
      }
    };
    dress();
    const observer = new MutationObserver(dress);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [image, videos]);
  // No box of its own: the slide lays its video out as without it (lightbox.css finds the video's wrapper through its class).
  return (
    <div ref={ref} className="gallery-video-slide" style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

/**
 * The parts of the viewer that are only its dark backdrop, besides the
 * slide (whose backdrop yet-another-react-lightbox closes on itself): the
 * strip around the thumbnails, the top bar between its buttons, the
 * carousel's edges. A visitor cannot tell them apart from the slide's.
 */
const backdropParts = ['container', 'carousel', 'toolbar', 'counter', 'thumbnails', 'thumbnails_wrapper', 'thumbnails_container', 'thumbnails_track']
  .map((part) => `.yarl__${part}`)
  .join(',');

/** Further than this between press and release, a pointer dragged (a swipe), not clicked. */
const clickSlop = 10;

/**
 * Closes the viewer on a click on any part of its dark backdrop
 * (docs/site.md §2), wherever it is: never on a thumbnail, a control or
 * the photo, which are not backdrop parts themselves, and never at the end
 * of a drag.
 */
function useBackdropClose(open: boolean, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    let press: { x: number; y: number; target: EventTarget | null } | undefined;
    const down = (e: PointerEvent) => {
      press = { x: e.clientX, y: e.clientY, target: e.target };
    };
    const click = (e: MouseEvent) => {
      const t = e.target;
      if (!(t instanceof Element) || !t.matches(backdropParts) || !t.closest('.yarl__root')) return;
      if (press && (press.target !== t || Math.hypot(e.clientX - press.x, e.clientY - press.y) > clickSlop)) return;
      onClose();
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('click', click);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('click', click);
    };
  }, [open, onClose]);
}

// Read straight from the browser, not through MUI: the island carries no MUI.
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)');
const prefersReducedMotion = () => reducedMotion()?.matches ?? false;
function subscribeReducedMotion(onChange: () => void) {
  const query = reducedMotion();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** How long the first photo takes to grow from the page's into the viewer (as long as yet-another-react-lightbox's fade, and a little more). */
const growMs = 300;

/**
 * The transform that puts a box `to` over `from` (centre on centre, scaled to
 * fit inside it by a pixel less each way): where the viewer's photo is first
 * shown, so that it is never a larger paint than the page's photo it covers.
 */
export function growTransform(from: DOMRectReadOnly, to: DOMRectReadOnly): string | undefined {
  if (to.width <= 0 || to.height <= 0 || from.width <= 1 || from.height <= 1) return undefined;
  const scale = Math.min((from.width - 1) / to.width, (from.height - 1) / to.height);
  const dx = from.x + from.width / 2 - (to.x + to.width / 2);
  const dy = from.y + from.height / 2 - (to.y + to.height / 2);
  return `translate(${dx}px, ${dy}px) scale(${scale})`;
}

/**
 * On a photo's own page, the viewer opens on the photo the page already
 * shows when the visitor asks (docs/site.md §2): its photo is first drawn over the page's,
 * in the same box, then grows to the viewer's size while the backdrop fades
 * in. So the visitor sees one photo move rather than a second one appear,
 * and the page's largest paint stays the prerendered photo's instead of
 * waiting for this island (decision 83). Once, on the first opening; not
 * with reduced motion, nor when the page's photo is out of sight.
 */
function useGrowFrom(origin: Element | null | undefined, open: boolean, reduceMotion: boolean) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current || !open || !origin) return;
    done.current = true;
    if (reduceMotion) return;
    const seen = origin.getBoundingClientRect();
    if (seen.bottom <= 0 || seen.top >= innerHeight || seen.width === 0) return;
    // The photo is shown once loaded (the slide's "loading" class gone):
    // caught before that frame is painted.
    const ready = () => document.querySelector<HTMLImageElement>('.yarl__slide_current .yarl__slide_image:not(.yarl__slide_image_loading)');
    const grow = (img: HTMLImageElement) => {
      const transform = growTransform(origin.getBoundingClientRect(), img.getBoundingClientRect());
      if (transform) img.animate([{ transform }, { transform: 'none' }], { duration: growMs, easing: 'cubic-bezier(0.2, 0, 0, 1)' });
    };
    const observer = new MutationObserver(() => {
      const img = ready();
      if (!img) return;
      stop();
      grow(img);
    });
    const timer = setTimeout(() => stop(), 10_000);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    return stop;
  }, [origin, open, reduceMotion]);
}

interface Props {
  images: readonly GalleryImage[];
  /** The dialog's accessible name. */
  label: string;
  index: number;
  open: boolean;
  onClose: () => void;
  /** The address of photo i, which Share hands on. */
  address: (index: number) => string;
  /** Called with the photo shown, whenever it changes. */
  onView?: (index: number) => void;
  /** Show the strip of thumbnails (site.yaml's gallery.thumbnails). */
  thumbnails?: boolean;
  /** The page's own picture of the photo first opened, which that photo grows from (a photo's page). */
  growFrom?: Element | null;
  /** A private project's download rule: a link in the toolbar downloads the photo shown (docs/decisions/0099). */
  downloads?: DownloadRule;
  /** Its strings, in the page's language: the catalogue's `facts` and `gallery` (decision 0111). */
  t: Pick<Messages, 'facts' | 'gallery'>;
}

/**
 * The full-screen viewer (yet-another-react-lightbox): a modal dialog that
 * keeps focus inside, hides the page from assistive technology, locks its
 * scrolling and gives focus back to the tile that opened it; Close,
 * Previous and Next (wrapping), ← → and Escape while open, swipe on touch
 * screens, a click anywhere on the dark backdrop closes (beside the photo,
 * around the thumbnails, between the buttons); a counter "n / total"; each slide picks
 * the sharpest candidate of its srcset for the screen; the neighbours are
 * preloaded. An image's caption shows under it (the captions plugin: a
 * paragraph in the slide, read with it). Zoom (its plugin): pinch and
 * double-tap, the wheel, + and − keys and the Zoom in / Zoom out buttons, up
 * to the largest variant of the srcset at one image pixel per screen pixel.
 * A video plays in its slide (the Video plugin) with the browser's controls,
 * only when asked; it pauses when another slide is shown (the plugin) or
 * the viewer closes, and zoom leaves it alone.
 * An optional strip of thumbnails (buttons "n of total"). Share hands the
 * photo's address to the system's share sheet, or copies it and says so.
 * On a photo's page, the photo first opened grows from the page's own.
 * Reduced motion turns the fades, slides, growth and zoom animation off.
 */
export default function GalleryLightbox({ images, label, index, open, onClose, address, onView, thumbnails = false, growFrom, downloads = 'none', t }: Props) {
  const reduceMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion);
  const slides = useMemo(() => images.map((image) => slideOf(image, t.facts)), [images, t]);
  const share = useShare(address, t.gallery);
  const videos = useRef(new Set<HTMLVideoElement>()).current;
  const plugins = thumbnails ? [Counter, Captions, Zoom, Video, Thumbnails] : [Counter, Captions, Zoom, Video];
  useBackdropClose(open, onClose);
  useGrowFrom(growFrom, open, reduceMotion);
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={plugins}
      // Captions are at most 300 characters: room for all of them.
      captions={{ descriptionMaxLines: 6 }}
      labels={{ ...t.gallery.viewer, 'Share this photo': t.gallery.share, Lightbox: label }}
      carousel={{ finite: false, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      // The wheel zooms (a trackpad's pinch arrives as a wheel with Ctrl); at
      // most one pixel of the largest variant per screen pixel.
      zoom={{ scrollToZoom: true, maxZoomPixelRatio: 1, maxZoom: (slide: Slide) => (slide.type === 'video' ? 1 : undefined) }}
      // No autoplay, and only the metadata (size, length) until play is pressed.
      video={{ controls: true, autoPlay: false, preload: 'metadata', playsInline: true }}
      thumbnails={{ width: 64, height: 64, border: 0, padding: 0, gap: 8, imageFit: 'cover', showToggle: true }}
      // Share goes before the plugins' buttons and Close.
      toolbar={{
        buttons: [
          <ShareButton key="share" onShare={(i) => void share.run(i)} />,
          <LightboxDownload key="download" images={images} rule={downloads} t={t.gallery} />,
          'close',
        ],
      }}
      render={{
        controls: () => <ShareStatus message={share.message} />,
        slideContainer: ({ slide, children }) => {
          const image = images[slides.indexOf(slide)];
          return image?.video ? (
            <VideoSlideExtras image={image} videos={videos}>
              {children}
            </VideoSlideExtras>
          ) : (
            children
          );
        },
      }}
      on={{
        view: ({ index: i }) => onView?.(i),
        // The slides stay for the closing fade: stop the sound at once.
        exiting: () => videos.forEach((video) => video.pause()),
      }}
      {...(reduceMotion ? { animation: { fade: 0, swipe: 0, navigation: 0, zoom: 0 } } : {})}
    />
  );
}
