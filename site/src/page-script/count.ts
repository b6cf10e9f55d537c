// What the page scripts of the cookieless providers share (plausible.ts,
// umami.ts, goatcounter.ts; scripts/page-scripts.mjs builds the one a site
// uses): one page view per page load, sent to the endpoint the script's tag
// names, and the not-found page's log of the missing path. Nothing of GA4
// in it.
import { sendPageView, type Send } from '@/lib/beacon';
import { logNotFound } from '@/page-script/not-found';

export function startCount(send: Send, doc: Document = document, win: Window = window) {
  const a = doc.querySelector<HTMLScriptElement>('script[data-provider]')?.dataset;
  if (a?.provider) sendPageView(send, a);
  logNotFound(doc, win);
}
