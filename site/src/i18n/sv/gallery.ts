// Svenska: a photo's facts and the viewer (en/gallery.ts has the shape).
import type * as en from '@/i18n/en/gallery';
import { date, num } from '@/i18n/format';
import { locale } from '@/i18n/sv/locale';

export const facts: typeof en.facts = {
  camera: 'Kamera',
  lens: 'Objektiv',
  focalLength: 'Brännvidd',
  aperture: 'Bländare',
  shutter: 'Slutartid',
  iso: 'ISO',
  taken: 'Fotograferad',
  date: (iso) => date(locale, iso),
};

export const gallery: typeof en.gallery = {
  heading: 'Galleri',
  label: (title) => `Galleri: ${title}`,
  fallbackLabel: 'Galleri',
  openTile: (video, n) => (video ? `Öppna video ${num(locale, n)}` : `Öppna bild ${num(locale, n)}`),
  photoTitle: (title, n, total) => `${title} · ${num(locale, n)} av ${num(locale, total)}`,
  share: 'Dela bilden',
  copied: 'Länken till bilden är kopierad',
  copyThis: (url) => `Kopiera länken: ${url}`,
  download: (file, originals) => `Ladda ned ${file} (${originals ? 'original' : 'webbstorlek'})`,
  viewer: {
    Previous: 'Föregående',
    Next: 'Nästa',
    Close: 'Stäng',
    Slide: 'Bild',
    Carousel: 'Karusell',
    'Photo gallery': 'Bildgalleri',
    '{index} of {total}': '{index} av {total}',
    Caption: 'Bildtext',
    'Zoom in': 'Zooma in',
    'Zoom out': 'Zooma ut',
    Thumbnails: 'Miniatyrer',
    'Show thumbnails': 'Visa miniatyrer',
    'Hide thumbnails': 'Dölj miniatyrer',
  },
};
