/** Logs the missing path on the not-found page (docs/site.md §8), and does nothing on any other. */
export function logNotFound(doc: Document = document, win: Window = window) {
  if (doc.querySelector('[data-not-found]')) console.error('404: no page at', win.location.pathname);
}
