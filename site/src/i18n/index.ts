// Every shipped catalogue of the site's own strings (decision 0111), for the
// prerender. An island imports only its parts of each catalogue (see en/index.tsx).
import { en } from '@/i18n/en';
import type { Lang } from '@/i18n/lang';
import { sv } from '@/i18n/sv';

export { defaultLang, isLang, langOf, languages, type Lang } from '@/i18n/lang';

/** A catalogue: English's shape, which every other language's must have. */
export type Messages = typeof en;

export const catalogues: Record<Lang, Messages> = { en, sv };

/** The catalogue of `lang`. */
export const messagesFor = (lang: Lang): Messages => catalogues[lang];
