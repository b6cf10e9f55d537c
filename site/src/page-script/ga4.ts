// The page script of a site counted by GA4, no framework (a few hundred
// bytes): one page view per page load, with the measurement id the
// prerender wrote on this script's tag, and the not-found page's console
// log of the missing path. A site's build includes only its provider's page
// script (scripts/page-scripts.mjs): plausible.ts, umami.ts or
// goatcounter.ts for the cookieless ones, no-analytics.ts for none. When GA4 asks for consent, the
// tag's data-consent names the consent script, loaded only then
// (src/page-script/consent.ts).
import { initAnalytics, trackPageView } from '@/lib/analytics';
import type { startConsent } from '@/page-script/consent';
import { logNotFound } from '@/page-script/not-found';

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
  logNotFound(doc, win);
}

startPage();
