import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPage } from '@/page-script/page-script';

// The plain page script: one page view per page load (only with a
// measurement id on its tag) and the 404 page's log of the missing path.

/** The page_path of every page_view event queued so far. */
const pageViews = () =>
  (window.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , params]) => params as { page_path: string; page_title: string });

function pageWith({ id, notFound = false }: { id?: string; notFound?: boolean }) {
  document.body.innerHTML = `${notFound ? '<div data-not-found></div>' : '<main></main>'}<script type="module" src="/assets/page.js"${
    id ? ` data-measurement-id="${id}"` : ''
  }></script>`;
  document.title = 'About Me · Test';
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startPage', () => {
  it('sends exactly one page_view for the page, with its path and title, when the tag has a measurement id', () => {
    pageWith({ id: 'G-TEST123' });
    startPage(document, window);
    expect(pageViews()).toEqual([expect.objectContaining({ page_path: '/', page_title: 'About Me · Test' })]);
    expect(window.dataLayer?.some((args) => Array.from(args as ArrayLike<unknown>)[1] === 'G-TEST123')).toBe(true);
  });

  it('defines no gtag and queues nothing without a measurement id (VITE_ANALYTICS=off or none in site.yaml)', () => {
    pageWith({});
    startPage(document, window);
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
