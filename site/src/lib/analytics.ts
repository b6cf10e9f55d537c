// Google Analytics 4, one page view per page load (docs/site.md §7): its tag
// (gtag.js) loads once the page has loaded and the browser is idle, with
// automatic page views off: the page script queues the page_view itself. (Plausible, Umami and
// GoatCounter: src/lib/beacon.ts.)

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * Runs `f` once the page has loaded and the browser has nothing else to do:
 * the tag (about 150 kB of script to compile and run) never competes with
 * the page's render or a first tap. The timeout is there so that a page kept
 * busy still counts its view.
 */
const whenIdleAfterLoad = (f: () => void) => {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(f, { timeout: 4000 });
    else setTimeout(f, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

/** Starts GA4 with measurement id `id`; the tag script loads once the page has loaded and the browser is idle. */
export function initAnalytics(id: string) {
  if (typeof window === 'undefined' || window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads the arguments object itself, not an array
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  whenIdleAfterLoad(() => {
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
