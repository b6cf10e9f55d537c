// The one plain script a page may have before any interaction, no framework
// (a few hundred bytes), for GA4 or no analytics: one page view per page
// load when the prerender wrote a measurement id on this script's tag, and
// the not-found page's console log of the missing path. The prerender adds
// it only to pages that need it (every page with GA4 on, else the 404
// page); with Plausible, Umami or GoatCounter the pages get count.ts
// instead. When GA4 asks for consent, the tag's data-consent names the
// consent script, loaded only then (src/page-script/consent.ts).
import { initAnalytics, trackPageView } from '@/lib/analytics';
import type { startConsent } from '@/page-script/consent';

export function startPage(doc: Document = document, win: Window = window) {
  const a = doc.querySelector<HTMLScriptElement>('script[data-provider]')?.dataset;
  if (a?.consent) {
    // Not a bundler import: the consent script is a file of its own, given the
    // two functions it needs (no chunk of shared code, no preload helper).
    void (import(/* @vite-ignore */ a.consent) as Promise<{ startConsent: typeof startConsent }>).then((m) =>
      m.startConsent(a.id!, { initAnalytics, trackPageView }, doc, win),
    );
  } else if (a?.id) {
    initAnalytics(a.id);
    trackPageView(win.location.pathname + win.location.search, doc.title);
  }
  if (doc.querySelector('[data-not-found]')) console.error('404: no page at', win.location.pathname);
}

startPage();
