import type { PhotoFacts } from '@/generated/content';

/** One fact of a photo: what it is, and its value as the page shows it. */
export interface Fact {
  readonly name: string;
  readonly text: string;
  /** The date taken, ISO 8601, for a <time>'s dateTime and the JSON-LD. */
  readonly dateTime?: string;
}

/** The date of an ISO 8601 date and time, as a reader says it: "1 May 2024" (the day the camera's clock said, whatever its offset). */
export function takenText(iso: string): string {
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) ?? [];
  if (!y) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(y), Number(m) - 1, Number(d)),
  );
}

/** A photo's facts in the order photographers give them: camera, lens, then the exposure, then when. */
export function factsOf(exif: PhotoFacts): Fact[] {
  const facts: Fact[] = [];
  const add = (name: string, text: string | undefined, dateTime?: string) => {
    if (text) facts.push(dateTime ? { name, text, dateTime } : { name, text });
  };
  add('Camera', exif.camera);
  add('Lens', exif.lens);
  add('Focal length', exif.focalLength);
  add('Aperture', exif.aperture);
  add('Shutter', exif.shutter);
  add('ISO', exif.iso === undefined ? undefined : String(exif.iso));
  if (exif.taken) add('Taken', takenText(exif.taken), exif.taken);
  return facts;
}
