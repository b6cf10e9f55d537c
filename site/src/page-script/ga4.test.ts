import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPage } from '@/page-script/ga4';

// GA4's plain page script: one page view per page load (docs/site.md §7),
// the consent script only when the tag names it, and the 404 page's log of
// the missing path.

/** Each gtag call so far, as an array of its arguments. */
const calls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));

/** The page_path of every page_view event queued so far. */
const pageViews = () =>
  calls()
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , params]) => params as { page_path: string; page_title: string });

function pageWith({ data = {}, notFound = false }: { data?: Record<string, string>; notFound?: boolean }) {
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${v}"`)
    .join('');
  document.body.innerHTML = `${notFound ? '<div data-not-found></div>' : '<main></main>'}<script type="module" src="/assets/page.js"${attrs}></script>`;
  document.title = 'About Me · Test';
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startPage', () => {
  it('sends exactly one page_view for the page, with its path and title, for GA4', () => {
    pageWith({ data: { provider: 'ga4', id: 'G-TEST123' } });
    startPage(document, window);
    expect(pageViews()).toEqual([expect.objectContaining({ page_path: '/', page_title: 'About Me · Test' })]);
    expect(calls()).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
    // No consent asked: no Consent Mode commands.
    expect(calls().some(([command]) => command === 'consent')).toBe(false);
  });

  it('defines no gtag and queues nothing without a provider (VITE_ANALYTICS=off or none in site.yaml)', () => {
    pageWith({});
    startPage(document, window);
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });

  it('with GA4 and consent required queues nothing for Google before a choice', async () => {
    document.body.innerHTML = '<section id="consent" hidden></section><button data-consent-open></button>';
    // As the prerender writes it, the consent script's address on the tag.
    document.body.insertAdjacentHTML('beforeend', '<script data-provider="ga4" data-id="G-TEST123" data-consent="/src/page-script/consent.ts"></script>');
    startPage(document, window);
    await vi.waitFor(() => expect(document.getElementById('consent')?.hidden).toBe(false));
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });

  it('logs the missing path on the not-found page, and only there', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    pageWith({ notFound: true });
    startPage(document, window);
    expect(error).toHaveBeenCalledWith('404: no page at', window.location.pathname);

    error.mockClear();
    pageWith({});
    startPage(document, window);
    expect(error).not.toHaveBeenCalled();
  });
});
