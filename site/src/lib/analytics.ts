// Google Analytics 4, one page view per page load (docs/site.md §7): its tag
// (gtag.js) loads at the visitor's first sign of intent, with automatic page
// views off: the page script queues the page_view itself, and the tag sends
// it once it arrives. (Plausible, Umami and GoatCounter: src/lib/beacon.ts.)

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** What counts as the visitor's first sign of intent: a tap, a click, a key, a scroll. */
const intents = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Runs `f` once, at the visitor's first sign of intent, or when the page is
 * hidden (a switch to another tab or app: the page is no longer being read),
 * whichever comes first; at once when called during a tap or key press (the
 * consent bar's Accept). The tag is about 150 kB of script to compile and
 * run: loaded after the page has loaded and gone idle, it still ran before
 * the visitor's first tap on a phone, and it was most of the page's
 * main-thread work (decision 0067). A visit that never scrolls, taps or
 * leaves the tab open in the background is not counted.
 */
const onFirstIntent = (f: () => void) => {
  if (navigator.userActivation?.isActive) {
    f();
    return;
  }
  const options = { capture: true, passive: true } as const;
  const run = () => {
    for (const type of intents) window.removeEventListener(type, run, options);
    document.removeEventListener('visibilitychange', hidden, options);
    f();
  };
  const hidden = () => {
    if (document.visibilityState === 'hidden') run();
  };
  for (const type of intents) window.addEventListener(type, run, options);
  document.addEventListener('visibilitychange', hidden, options);
};

/** Starts GA4 with measurement id `id`; the tag script loads at the visitor's first sign of intent. */
export function initAnalytics(id: string) {
  if (typeof window === 'undefined' || window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads the arguments object itself, not an array
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { send_page_view: false });
  onFirstIntent(() => {
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
