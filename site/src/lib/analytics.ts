// Google Analytics 4, one page view per page load (docs/site.md §7): its tag
// (gtag.js) loads after the page's load event, with automatic page views
// off: the page script sends the page_view itself. (Plausible, Umami and
// GoatCounter: src/lib/beacon.ts.)

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Runs `f` once the page has loaded, never during its render (src/lib/beacon.ts has the same). */
const afterLoad = (f: () => void) => {
  if (document.readyState === 'complete') setTimeout(f, 0);
  else window.addEventListener('load', () => setTimeout(f, 0), { once: true });
};

/** Starts GA4 with measurement id `id`; the tag script loads once the page has loaded. */
export function initAnalytics(id: string) {
  if (typeof window === 'undefined' || window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads the arguments object itself, not an array
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  afterLoad(() => {
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  });
}

/** Records one page view; queued until the tag script has loaded. */
export function trackPageView(path: string, title: string) {
  window.gtag?.('event', 'page_view', {
    page_path: path,
    page_location: window.location.origin + path,
    page_title: title,
  });
}
