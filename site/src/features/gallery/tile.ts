import type { GalleryImage, ImageAsset, PhotoFacts, VideoAsset } from '@/generated/content';

// A gallery tile as the lightbox island reads it (src/islands/lightbox.tsx):
// the island has no content module, so it reads every slide back from the
// prerendered tiles (the gallery's, and the strip of a photo's own page).
// What a tile writes for it and how it is read back are this file's, side by
// side: tileAttributes and readTile, with the attributes' names named once.

/** The tile's place in its gallery, from 0: what marks an element as a tile. */
const INDEX = 'data-index';
/** The image's caption, when the owner gave one. */
const CAPTION = 'data-caption';
/** A video's tile that links to the file: its photo's page. */
const PAGE = 'data-page';
/** A video's tile: the video, as JSON, without its poster (the tile's own image). */
const VIDEO = 'data-video';
/** A photo's facts, as JSON, when its gallery shows them. */
const EXIF = 'data-exif';
/** A private photo's own download (docs/decisions/0099). */
const DOWNLOAD = 'data-download';
/** The file's name in the gallery folder, on a private project only: where the favourites island puts its heart (decision 0098). */
const FILE = 'data-file';

/** Every tile of a gallery, and the tile an event's target is in (`closest`). */
export const TILE_SELECTOR = `a[${INDEX}]`;

/** What a video tile carries in its data-video attribute: the video without its poster, which is the tile's own image. */
type TileVideo = Omit<VideoAsset, 'poster'>;

/** The data-video attribute of a video's tile. */
function tileVideoData(video: VideoAsset): string {
  // JSON leaves out a property whose value is undefined.
  return JSON.stringify({ ...video, poster: undefined });
}

/**
 * The file a link to the video names, where no <source> list can be offered
 * (a tile without JavaScript, the photo page's link): the last source, which
 * is the owner's `src`. The others are alternatives listed before it for
 * <video> to pick from (smaller, but not playable everywhere); src is the
 * one the schema asks to be the widely playable file (an H.264 MP4).
 */
export function mainSource(video: VideoAsset) {
  return video.sources.at(-1)!;
}

interface TileOptions {
  /** The tile's photo (or video, with its poster as the image). */
  image: GalleryImage;
  /** Its place in the gallery, from 0. */
  index: number;
  /** The address of its own page. */
  page: string;
  /**
   * A video's tile links to the video file (the gallery's tiles: what a
   * browser without JavaScript plays), and its page moves to data-page;
   * otherwise (the strip of a photo's page) every tile links to its page.
   */
  videoLinksToFile?: boolean;
  /** The id of what describes a video's tile that links to the file (its duration). */
  describedBy?: string | undefined;
  /** The tile of the photo the page shows (aria-current). */
  current?: boolean;
  /** Its accessible name in the page's language: "Open image 3" (the catalogue's gallery.openTile). */
  label: string;
}

/**
 * The attributes of a tile's link, for <a> (or <Box component="a">) to
 * spread: its address, its accessible name, and what the island reads back
 * with readTile. The tile's image is <ResponsiveImage> inside it, whose
 * markup readTile reads too.
 */
export function tileAttributes({ image, index, page, videoLinksToFile = false, describedBy, current = false, label }: TileOptions) {
  const { video } = image;
  const file = videoLinksToFile ? video : undefined;
  // The keys' order is the attributes' order in the prerendered pages: a
  // change to it changes the HTML of every page with a gallery.
  return {
    ...(file
      ? {
          href: mainSource(file).src,
          type: mainSource(file).type.split(';')[0],
          [PAGE]: page,
          [VIDEO]: tileVideoData(file),
          'aria-describedby': describedBy,
        }
      : { href: page }),
    'aria-label': label,
    'aria-current': current ? ('page' as const) : undefined,
    [INDEX]: index,
    [CAPTION]: image.caption,
    ...(file ? {} : { [VIDEO]: video && tileVideoData(video) }),
    [EXIF]: image.exif && JSON.stringify(image.exif),
    [DOWNLOAD]: image.download,
    [FILE]: image.file,
  };
}

/** A tile as the lightbox shows it: a slide. */
export interface TileSlide {
  /** The tile's place in its gallery, from 0. */
  index: number;
  /** Its image (a video's tile: its poster, and the video with that poster), without the placeholder. */
  image: GalleryImage;
  /** The absolute address of its own page. */
  address: string;
}

/** The image of a tile's <ResponsiveImage>: its <img>, and the AVIF and WebP <source>s of its <picture> when it has them (an image the host negotiates has its <img>'s srcset, and a photograph's AVIF <source>, decision 0104). */
function imageIn(tile: Element): ImageAsset {
  const img = tile.querySelector('img');
  const source = (type: string) => tile.querySelector(`source[type="${type}"]`)?.getAttribute('srcset') ?? undefined;
  const avif = source('image/avif');
  const webp = source('image/webp');
  const fallback = img?.getAttribute('srcset') ?? undefined;
  return {
    src: img?.getAttribute('src') ?? '',
    width: Number(img?.getAttribute('width') ?? 0),
    height: Number(img?.getAttribute('height') ?? 0),
    ...(avif || webp
      ? { srcset: { ...(avif ? { avif } : {}), ...(webp ? { webp } : {}), fallback: fallback ?? '' } }
      : fallback
        ? { srcset: { fallback } }
        : {}),
  };
}

/** A tile's slide, read back from what tileAttributes wrote and the image inside it. */
export function readTile(tile: Element): TileSlide {
  const image = imageIn(tile);
  const caption = tile.getAttribute(CAPTION);
  const video = tile.getAttribute(VIDEO);
  const exif = tile.getAttribute(EXIF);
  const download = tile.getAttribute(DOWNLOAD);
  return {
    index: Number(tile.getAttribute(INDEX)),
    image: {
      ...image,
      alt: tile.querySelector('img')?.getAttribute('alt') ?? '',
      label: tile.getAttribute('aria-label') ?? '',
      ...(caption ? { caption } : {}),
      // A video's tile: its image is the poster.
      ...(video ? { video: { ...(JSON.parse(video) as TileVideo), poster: image } } : {}),
      ...(exif ? { exif: JSON.parse(exif) as PhotoFacts } : {}),
      ...(download ? { download } : {}),
    },
    // A video's tile that links to the file keeps its page in data-page.
    address: new URL(tile.getAttribute(PAGE) || tile.getAttribute('href') || '', tile.baseURI).href,
  };
}
