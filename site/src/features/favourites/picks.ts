// A client's picks on a private gallery, kept in the browser between visits
// (decision 0098): localStorage, one key per project, holding the file
// names of the photos chosen. What is read back is never trusted: a value
// that is not the expected JSON, names of photos the gallery no longer
// has, duplicates and anything past the form's limits are dropped, and a
// browser that refuses storage (a private window, a full or disabled
// store) keeps the picks for the visit only. Nothing here imports React.

/** At most this many names are kept (the form's limit, contact.MaxPhotos; form.test.ts holds it to Go's). */
export const MAX_PICKS = 500;

/** The localStorage key of a project's picks. */
export const picksKey = (slug: string) => `portfolio:favourites:${slug}`;

/** What is stored: a version, so that a later shape can tell this one apart. */
interface Stored {
  v: 1;
  photos: string[];
}

/** The storage this browser lets the page use, or undefined (reading `localStorage` itself throws in some private modes). */
function storageOf(win: { localStorage?: Storage } | undefined): Storage | undefined {
  try {
    return win?.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The picks stored for `slug`, in the gallery's order, keeping only names of
 * `files` (the gallery's photos); [] when nothing usable is stored.
 */
export function readPicks(slug: string, files: readonly string[], win: { localStorage?: Storage } | undefined = globalThis.window): string[] {
  let raw: string | null | undefined;
  try {
    raw = storageOf(win)?.getItem(picksKey(slug));
  } catch {
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  // An earlier shape (a bare list) is read as well.
  const list = Array.isArray(parsed) ? parsed : (parsed as Partial<Stored> | null)?.photos;
  if (!Array.isArray(list)) return [];
  const wanted = new Set(list.slice(0, MAX_PICKS * 2).filter((v): v is string => typeof v === 'string'));
  return files.filter((f) => wanted.has(f)).slice(0, MAX_PICKS);
}

/** Stores `photos` as `slug`'s picks (removes the key when there are none); false when the browser refused. */
export function writePicks(slug: string, photos: readonly string[], win: { localStorage?: Storage } | undefined = globalThis.window): boolean {
  const storage = storageOf(win);
  if (!storage) return false;
  try {
    if (photos.length === 0) storage.removeItem(picksKey(slug));
    else storage.setItem(picksKey(slug), JSON.stringify({ v: 1, photos: [...new Set(photos)].slice(0, MAX_PICKS) } satisfies Stored));
    return true;
  } catch {
    return false;
  }
}
