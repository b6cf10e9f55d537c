// Page views for Plausible, Umami and GoatCounter, one per page load
// (docs/site.md §7): no script of theirs, one request to the provider's
// documented endpoint. One function per provider, so that a site's page
// script (src/page-script/plausible.ts, umami.ts, goatcounter.ts) carries
// its provider's request alone. Its own module, apart from
// src/lib/analytics.ts: nothing of GA4 in it.

/** Runs `f` once the page has loaded, never during its render. */
const afterLoad = (f: () => void) => {
  if (document.readyState === 'complete') setTimeout(f, 0);
  else window.addEventListener('load', () => setTimeout(f, 0), { once: true });
};

/** What a cookieless provider needs: its endpoint, and the site's id or domain there. */
export interface Beacon {
  provider?: string;
  endpoint?: string;
  id?: string;
  domain?: string;
}

/** Sends one page view of the current page to a provider. */
export type Send = (b: Beacon) => Promise<unknown>;

const post = (endpoint: string, body: object, type?: string) =>
  fetch(endpoint, { method: 'POST', keepalive: true, body: JSON.stringify(body), ...(type ? { headers: { 'Content-Type': type } } : {}) });

/** Plausible's pageview event, as text/plain as its own script sends it: no preflight. */
export const plausible: Send = ({ endpoint = '', domain }) =>
  post(endpoint, { name: 'pageview', url: location.href, domain, referrer: document.referrer || null });

/** Umami's event, as JSON. */
export const umami: Send = ({ endpoint = '', id }) =>
  post(
    endpoint,
    {
      type: 'event',
      payload: {
        website: id,
        hostname: location.hostname,
        url: location.pathname + location.search,
        title: document.title,
        referrer: document.referrer,
        language: navigator.language,
        screen: `${screen.width}x${screen.height}`,
      },
    },
    'application/json',
  );

/** GoatCounter's count, the page in the query of a no-cors GET. */
export const goatcounter: Send = ({ endpoint = '' }) =>
  fetch(
    `${endpoint}?${new URLSearchParams({
      p: location.pathname + location.search,
      t: document.title,
      r: document.referrer,
      s: `${screen.width},${screen.height},${devicePixelRatio}`,
      b: '0',
      rnd: Math.random().toString(36).slice(2),
    })}`,
    { mode: 'no-cors', keepalive: true },
  );

/**
 * Sends the page view of the current page with `send`, after the page's
 * load event: one request, no cookies, no script of theirs.
 */
export function sendPageView(send: Send, b: Beacon) {
  afterLoad(() => {
    // A blocked or failed count is nobody's concern but the provider's.
    send(b).catch(() => {});
  });
}
