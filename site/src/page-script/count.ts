// The page script of a site counted by Plausible, Umami or GoatCounter, in
// place of page-script.ts (the prerender picks one): one page view per page
// load, sent to the provider its tag names, and the not-found page's log of
// the missing path. Nothing of GA4 in it.
import { sendPageView } from '@/lib/beacon';

export function startCount(doc: Document = document, win: Window = window) {
  const a = doc.querySelector<HTMLScriptElement>('script[data-provider]')?.dataset;
  if (a?.provider) sendPageView(a);
  if (doc.querySelector('[data-not-found]')) console.error('404: no page at', win.location.pathname);
}

startCount();
