// Page views for Plausible, Umami and GoatCounter, one per page load
// (docs/site.md §7): no script of theirs, one request to the provider's
// documented endpoint. Its own module, apart from src/lib/analytics.ts: the
// two page scripts share no code, so neither needs a chunk of shared code.

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

/**
 * Sends the page view of the current page to Plausible, Umami or
 * GoatCounter, after the page's load event: one request, no cookies, no
 * script of theirs.
 */
export function sendPageView({ provider, endpoint = '', id, domain }: Beacon) {
  const { pathname, search, href, hostname } = location;
  const page = pathname + search;
  const referrer = document.referrer;
  const post = (body: object, type?: string) =>
    fetch(endpoint, { method: 'POST', keepalive: true, body: JSON.stringify(body), ...(type ? { headers: { 'Content-Type': type } } : {}) });
  afterLoad(() => {
    const sent =
      provider === 'plausible'
        ? // text/plain, as Plausible's own script sends it: no preflight.
          post({ name: 'pageview', url: href, domain, referrer: referrer || null })
        : provider === 'umami'
          ? post(
              {
                type: 'event',
                payload: {
                  website: id,
                  hostname,
                  url: page,
                  title: document.title,
                  referrer,
                  language: navigator.language,
                  screen: `${screen.width}x${screen.height}`,
                },
              },
              'application/json',
            )
          : fetch(
              `${endpoint}?${new URLSearchParams({ p: page, t: document.title, r: referrer, s: `${screen.width},${screen.height},${devicePixelRatio}`, b: '0', rnd: Math.random().toString(36).slice(2) })}`,
              {
                mode: 'no-cors',
                keepalive: true,
              },
            );
    // A blocked or failed count is nobody's concern but the provider's.
    sent.catch(() => {});
  });
}
