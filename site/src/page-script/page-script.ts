// The one plain script a page may have before any interaction, no framework
// (a few hundred bytes): one analytics page view per page load, when the
// prerender wrote a measurement id on this script's tag, and the not-found
// page's console log of the missing path. The prerender adds it only to
// pages that need it (every page with analytics on, else the 404 page).
import { initAnalytics, trackPageView } from '@/lib/analytics';

export function startPage(doc: Document = document, win: Window = window) {
  const id = doc.querySelector<HTMLScriptElement>('script[data-measurement-id]')?.dataset.measurementId;
  if (id) {
    initAnalytics(id);
    trackPageView(win.location.pathname + win.location.search, doc.title);
  }
  if (doc.querySelector('[data-not-found]')) console.error('404: no page at', win.location.pathname);
}

startPage();
