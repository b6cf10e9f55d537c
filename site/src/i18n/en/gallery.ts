// A photo's facts and the gallery's viewer in English: the lightbox island's part of the catalogue (en/index.tsx).
import { locale } from '@/i18n/en/locale';
import { date, num } from '@/i18n/format';

/** A photo's facts (its gallery's `exif: show`), on its page and in the viewer. */
export const facts = {
  camera: 'Camera',
  lens: 'Lens',
  focalLength: 'Focal length',
  aperture: 'Aperture',
  shutter: 'Shutter',
  iso: 'ISO',
  taken: 'Taken',
  /** The date taken, as a reader says it: "1 May 2024". */
  date: (iso: string) => date(locale, iso),
};

/** The gallery, its viewer (yet-another-react-lightbox's labels) and a photo's title. */
export const gallery = {
  heading: 'Gallery',
  /** The viewer's accessible name. */
  label: (title: string) => `${title} gallery`,
  /** The viewer's name when the page gave none. */
  fallbackLabel: 'Gallery',
  /** A tile's accessible name. */
  openTile: (video: boolean, n: number) => (video ? `Open video ${num(locale, n)}` : `Open image ${num(locale, n)}`),
  /** A photo's title: its project's, then where it is in the gallery. */
  photoTitle: (title: string, n: number, total: number) => `${title} · ${num(locale, n)} of ${num(locale, total)}`,
  share: 'Share this photo',
  copied: 'Link to this photo copied',
  copyThis: (url: string) => `Copy this link: ${url}`,
  /** A photo's download: the file, and which size it is. */
  download: (file: string, originals: boolean) => `Download ${file} (${originals ? 'original' : 'web size'})`,
  /** yet-another-react-lightbox's own labels ({index} and {total} are its placeholders). */
  viewer: {
    Previous: 'Previous',
    Next: 'Next',
    Close: 'Close',
    Slide: 'Slide',
    Carousel: 'Carousel',
    'Photo gallery': 'Photo gallery',
    '{index} of {total}': '{index} of {total}',
    Caption: 'Caption',
    'Zoom in': 'Zoom in',
    'Zoom out': 'Zoom out',
    Thumbnails: 'Thumbnails',
    'Show thumbnails': 'Show thumbnails',
    'Hide thumbnails': 'Hide thumbnails',
  },
};
