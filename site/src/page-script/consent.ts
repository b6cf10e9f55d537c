// The consent bar's behaviour, a script of its own that the page script
// loads only when site.yaml's GA4 setting has `consent: required`
// (docs/site.md §7). The
// bar is prerendered, hidden (src/app/ConsentBar.tsx): shown here when the
// visitor has not chosen yet, or reopened by "Privacy settings" in the
// footer. Nothing is requested from Google before Accept (Consent Mode v2,
// basic: the tag is not even loaded); the choice is kept in this site's
// localStorage, never in a cookie.
import type { initAnalytics, trackPageView } from '@/lib/analytics';

/** The page script's GA4 functions, handed over so that the two files share no code. */
export interface Gtag {
  initAnalytics: typeof initAnalytics;
  trackPageView: typeof trackPageView;
}

/** Where the choice is kept: 'granted' or 'denied'. */
export const consentKey = 'analytics-consent';

export function startConsent(id: string, { initAnalytics, trackPageView }: Gtag, doc: Document = document, win: Window = window) {
  const bar = doc.getElementById('consent');
  const reopen = doc.querySelector<HTMLButtonElement>('[data-consent-open]');
  if (!bar || !reopen) return;
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    // Storage blocked: ask on every page, count nothing until Accept.
  }
  let counted = false;
  let opener: HTMLElement | null = null;
  // The page view of this page, once: at Accept, or at load when the
  // visitor accepted on an earlier page.
  const grant = () => {
    if (counted) win.gtag?.('consent', 'update', { analytics_storage: 'granted' });
    else {
      counted = true;
      // Consent Mode v2 hears of the choice before the tag is configured:
      // everything denied by default, analytics storage granted. Queued as
      // gtag queues (the arguments object, which gtag.js reads).
      const queue = win.dataLayer ?? (win.dataLayer = []);
      const consent: (...args: unknown[]) => void = function () {
        // eslint-disable-next-line prefer-rest-params -- gtag.js reads the arguments object itself, not an array
        queue.push(arguments);
      };
      consent('consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
      consent('consent', 'update', { analytics_storage: 'granted' });
      initAnalytics(id);
      trackPageView(win.location.pathname + win.location.search, doc.title);
    }
  };
  // The bar is fixed at the bottom: while it is open the page may scroll
  // past it, and focus never lands under it.
  const show = (from: HTMLElement | null) => {
    opener = from;
    bar.hidden = false;
    const room = `${bar.offsetHeight}px`;
    doc.body.style.paddingBottom = room;
    doc.documentElement.style.scrollPaddingBottom = room;
    if (from) bar.focus();
  };
  const choose = (choice: 'granted' | 'denied') => {
    try {
      storage?.setItem(consentKey, choice);
    } catch {
      // Full or blocked: the choice holds for this page only.
    }
    bar.hidden = true;
    doc.body.style.paddingBottom = '';
    doc.documentElement.style.scrollPaddingBottom = '';
    if (choice === 'granted') grant();
    else if (counted) {
      // Changed their mind: stop the tag and drop Google's cookies.
      win.gtag?.('consent', 'update', { analytics_storage: 'denied' });
      for (const c of doc.cookie.split('; ')) {
        const name = c.split('=')[0]!;
        if (/^_ga(_|$)/.test(name)) {
          for (const domain of ['', `; domain=.${win.location.hostname.split('.').slice(-2).join('.')}`]) {
            doc.cookie = `${name}=; max-age=0; path=/${domain}`;
          }
        }
      }
    }
    opener?.focus();
    opener = null;
  };
  bar.querySelector('[data-consent="granted"]')?.addEventListener('click', () => choose('granted'));
  bar.querySelector('[data-consent="denied"]')?.addEventListener('click', () => choose('denied'));
  reopen.addEventListener('click', () => show(reopen));
  reopen.style.visibility = 'visible';
  const stored = storage?.getItem(consentKey);
  if (stored === 'granted') grant();
  else if (stored !== 'denied') show(null);
}
