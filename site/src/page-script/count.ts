// What the page scripts of the cookieless providers share (plausible.ts,
// umami.ts, goatcounter.ts; scripts/page-scripts.mjs builds the one a site
// uses): one page view per page load, sent to the endpoint the script's tag
// names, and the not-found page's log of the missing path. Nothing of GA4
// in it.
import { isPrivatePath } from '@/config/paths';
import { sendPageView, type Send } from '@/lib/beacon';
import { logNotFound } from '@/page-script/not-found';

export function startCount(send: Send, doc: Document = document, win: Window = window) {
  // A private project's address counts nothing, whatever page it shows
  // (the not-found page's script is on every unknown address).
  const a = isPrivatePath(win.location.pathname) ? undefined : doc.querySelector<HTMLScriptElement>('script[data-provider]')?.dataset;
  if (a?.provider) sendPageView(send, a);
  logNotFound(doc, win);
}
