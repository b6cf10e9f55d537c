// The languages the site's own strings are shipped in (decision 0111), and
// which one a page is in. Nothing here imports a catalogue, so the islands
// read the page's language without taking every string with them.

/** The shipped catalogues' languages; the first is the default. */
export const languages = ['en', 'sv'] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = 'en';

/** Each language's name in itself, as a language switcher offers it (decision 0116). */
export const autonyms: Record<Lang, string> = { en: 'English', sv: 'Svenska' };

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (languages as readonly string[]).includes(v);

/**
 * The language of the page `node` is in: the nearest `lang` attribute's
 * primary subtag (the prerender writes `<html lang>`), the default when it
 * names no shipped catalogue.
 */
export function langOf(node: Element | null | undefined = globalThis.document?.documentElement): Lang {
  const tag = node?.closest('[lang]')?.getAttribute('lang')?.toLowerCase().split('-')[0];
  return isLang(tag) ? tag : defaultLang;
}
