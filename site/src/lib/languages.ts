// The site's languages (site.yaml `languages`, written by `portfolio
// generate` to src/generated/languages.ts): the default first, its pages at
// /, each other's under /<lang>/ (decision 0116). A one-language site (the
// sample) has one, and no page of it changes.
import { languages } from '@/generated/languages';
import { localize as localizeIn, unlocalize as unlocalizeIn } from '@/config/paths';
import { isLang, type Lang } from '@/i18n/lang';
import { useLang } from '@/i18n/react';

function checked(list: readonly string[]): readonly [Lang, ...Lang[]] {
  const bad = list.filter((l) => !isLang(l));
  if (list.length === 0 || bad.length > 0) {
    throw new Error(`site.yaml languages: ${bad.join(', ') || 'none'} has no catalogue of the site's strings (src/i18n/lang.ts)`);
  }
  return list as readonly [Lang, ...Lang[]];
}

/** The site's languages, the default first. */
export const siteLanguages = checked(languages);

/** The language of the pages at /. */
export const mainLanguage: Lang = siteLanguages[0];

/** Whether the site has pages in more than one language: only then do pages name their twins. */
export const multilingual = siteLanguages.length > 1;

/**
 * The address of the page `path` (a default-language path) in `lang`; the
 * path itself in a language the site has no pages in (a catalogue shown
 * on its own, as the catalogue's tests render it).
 */
export const localize = (path: string, lang: Lang): string => (siteLanguages.includes(lang) ? localizeIn(path, lang, mainLanguage) : path);

/** The default-language path of the page at `pathname`, and its language. */
export const unlocalize = (pathname: string): { path: string; lang: Lang } => unlocalizeIn(pathname, siteLanguages) as { path: string; lang: Lang };

/**
 * The address of a page (a default-language path, as `paths` and the
 * generated `link`s spell it) in the language of the page being rendered:
 * every link from a page stays in its language.
 */
export function useLocalize(): (path: string) => string {
  const lang = useLang();
  return (path) => localize(path, lang);
}
