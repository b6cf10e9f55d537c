// Google Analytics 4, one page view per page load (docs/site.md §7): its tag
// (gtag.js) loads once the page has loaded and the browser is idle, with
// automatic page views off: the page script queues the page_view itself,
// and the tag sends it once it arrives. (Plausible, Umami and GoatCounter:
// src/lib/beacon.ts.)

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/**
 * How long after `load` the tag waits for the browser to be idle before it
 * loads anyway: a page still busy then is not going to be idle soon, and
 * the visit must be counted before a reader who never taps leaves.
 */
export const tagDeadline = 2000;

/**
 * Runs `f` once: when the browser is first idle after the page's `load`
 * (at most `tagDeadline` ms after it), at once when called during a tap or
 * key press (the consent bar's Accept), or at once when the page is hidden
 * before then (the visitor switched away or is leaving: the last moment to
 * count the visit). Never waits for the visitor's input: a visit that only
 * reads is a visit (decision 0068). The tag is about 150 kB of script; after
 * the first paint and out of the page's load it costs no paint and no
 * input delay.
 */
const whenSettled = (f: () => void) => {
  if (navigator.userActivation?.isActive) {
    f();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    document.removeEventListener('visibilitychange', hidden);
    f();
  };
  const hidden = () => {
    if (document.visibilityState === 'hidden') run();
  };
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: tagDeadline });
    else setTimeout(run, 1);
  };
  document.addEventListener('visibilitychange', hidden);
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
  whenSettled(() => {
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
