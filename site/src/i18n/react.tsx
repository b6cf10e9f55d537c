import { createContext, use, type ReactNode } from 'react';
import { catalogues, defaultLang, type Lang, type Messages } from '@/i18n';

/** The page's language, chosen per page by the prerender (entry-server.tsx); English unless told. */
const LangContext = /* @__PURE__ */ createContext<Lang>(defaultLang);

export function LangProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <LangContext value={lang}>{children}</LangContext>;
}

/** The language of the page being rendered. */
export const useLang = (): Lang => use(LangContext);

/** The catalogue of the page's language. */
export const useMessages = (): Messages => catalogues[use(LangContext)];
