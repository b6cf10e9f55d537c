import type { PhotoFacts } from '@/generated/content';
import type { Messages } from '@/i18n';

/** What a fact is: its name's key in the catalogue's `facts`. */
export type FactKey = 'camera' | 'lens' | 'focalLength' | 'aperture' | 'shutter' | 'iso' | 'taken';

/** One fact of a photo: what it is, its name in the page's language, and its value as the page shows it. */
export interface Fact {
  readonly key: FactKey;
  readonly name: string;
  readonly text: string;
  /** The date taken, ISO 8601, for a <time>'s dateTime and the JSON-LD. */
  readonly dateTime?: string;
}

/**
 * A photo's facts in the order photographers give them: camera, lens, then
 * the exposure, then when, named and dated in the language of `t` (the
 * catalogue's `facts`, decision 0111).
 */
export function factsOf(exif: PhotoFacts, t: Messages['facts']): Fact[] {
  const facts: Fact[] = [];
  const add = (key: FactKey, text: string | undefined, dateTime?: string) => {
    if (text) facts.push(dateTime ? { key, name: t[key], text, dateTime } : { key, name: t[key], text });
  };
  add('camera', exif.camera);
  add('lens', exif.lens);
  add('focalLength', exif.focalLength);
  add('aperture', exif.aperture);
  add('shutter', exif.shutter);
  add('iso', exif.iso === undefined ? undefined : String(exif.iso));
  if (exif.taken) add('taken', t.date(exif.taken), exif.taken);
  return facts;
}
