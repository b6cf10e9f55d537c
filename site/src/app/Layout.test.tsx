import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { site } from '@/lib/content';
import { renderApp } from '@/testing/test-utils';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The page_path of every page_view event sent so far. */
const pageViews = () =>
  (window.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , params]) => (params as { page_path: string }).page_path);

describe('Layout on a route change', () => {
  it('scrolls the window to the top after a client-side navigation, not on the first load', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = await renderApp('/about');
    await h1('About Me');
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(within(mainNav()).getByRole('link', { name: 'Contact' }));

    await h1('Contact');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('scrolls to the top again on every later navigation, back included', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = await renderApp('/about', { browser: true });
    await h1('About Me');

    await user.click(within(mainNav()).getByRole('link', { name: 'Graphics' }));
    await h1('Graphics');
    await user.click(within(mainNav()).getByRole('link', { name: 'Web Design' }));
    await h1('Web Design');
    window.history.back();
    await h1('Graphics');

    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(3));
    expect(scrollTo.mock.calls).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it.each([
    ['/', `${site.name} · UX/UI Designer · Frontend Developer`, site.name],
    ['/about', `About Me · ${site.name}`, 'About Me'],
    ['/contact', `Contact · ${site.name}`, 'Contact'],
    ['/graphics', `Graphics · ${site.name}`, 'Graphics'],
    ['/projects/admin-portal', `Admin Portal · ${site.name}`, 'Admin Portal'],
    ['/no-such-page', `Page not found · ${site.name}`, '404'],
  ])('sets the document title of %s on the first load', async (route, title, heading) => {
    // The not-found page logs the path; keep the test output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.title = '';
    await renderApp(route);
    await h1(heading);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it('sets the document title from the new route after a navigation', async () => {
    const { user } = await renderApp('/');
    await h1(site.name);

    await user.click(within(mainNav()).getByRole('link', { name: 'About' }));

    await h1('About Me');
    await waitFor(() => expect(document.title).toBe(`About Me · ${site.name}`));
  });

  it("moves focus to the new page's h1 after a client-side navigation, not on the first load", async () => {
    const { user } = await renderApp('/about');
    expect(await h1('About Me')).not.toHaveFocus();

    await user.click(within(mainNav()).getByRole('link', { name: 'Contact' }));

    const heading = await h1('Contact');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('moves focus to the h1 after a navigation from a link inside the page', async () => {
    const { user } = await renderApp('/projects/admin-portal');
    await h1('Admin Portal');

    await user.click(screen.getByRole('link', { name: 'All Web Design Projects' }));

    const heading = await h1('Web Design');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  describe('a fragment change on the same page (the skip link) is not a route change', () => {
    // SPEC.md §2 and §1: scroll to the top and record a page view on every
    // *route* change. The skip link only moves to #main on the same page.
    // The browser router is needed: there a plain anchor changes the location.
    async function followSkipLinkAfterANavigation() {
      const scrollTo = vi.spyOn(window, 'scrollTo');
      const { user } = await renderApp('/', { browser: true });
      await h1(site.name);
      await user.click(within(mainNav()).getByRole('link', { name: 'About' }));
      await h1('About Me');
      await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
      expect(pageViews()).toEqual(['/', '/about']);

      await user.click(screen.getByRole('link', { name: 'Skip to content' }));
      await waitFor(() => expect(window.location.hash).toBe('#main'));
      // Give the router's popstate handling and the effects their turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return scrollTo;
    }

    it('does not scroll to the top', async () => {
      const scrollTo = await followSkipLinkAfterANavigation();

      expect(scrollTo).toHaveBeenCalledTimes(1);
    });

    it('records no second page view', async () => {
      await followSkipLinkAfterANavigation();

      expect(pageViews()).toEqual(['/', '/about']);
    });
  });
});

describe('Not-found route', () => {
  it('shows 404, the message and a link home, and logs the missing path', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp('/no-such-page');

    expect(await h1('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() =>
      expect(consoleError.mock.calls.some((args) => args.some((arg) => String(arg).includes('/no-such-page')))).toBe(true),
    );
  });

  it('is also shown for an unknown project slug', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp('/projects/no-such-project');

    expect(await h1('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    await waitFor(() =>
      expect(consoleError.mock.calls.some((args) => args.some((arg) => String(arg).includes('/projects/no-such-project')))).toBe(true),
    );
  });

  it('takes the visitor home from Return to Home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = await renderApp('/no-such-page');
    await h1('404');

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));

    await h1(site.name);
    expect(router.location.pathname).toBe('/');
  });
});

describe('Layout page views (analytics on: site has a measurement id)', () => {
  const configs = () =>
    (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)).filter(([command]) => command === 'config');

  it.each([
    ['', false],
    [' under StrictMode', true],
  ])('sends exactly one page_view per navigation, the initial load included%s', async (_, strict) => {
    const { user, router } = await renderApp('/about', { strict });
    await h1('About Me');
    await waitFor(() => expect(pageViews()).toEqual(['/about']));

    await user.click(within(mainNav()).getByRole('link', { name: 'Contact' }));
    await h1('Contact');
    await waitFor(() => expect(pageViews()).toEqual(['/about', '/contact']));

    await router.navigate('/graphics?ref=test');
    await h1('Graphics');
    await waitFor(() => expect(pageViews()).toEqual(['/about', '/contact', '/graphics?ref=test']));

    await router.navigate(-1);
    await h1('Contact');
    // Let any second effect run have its turn before counting.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pageViews()).toEqual(['/about', '/contact', '/graphics?ref=test', '/contact']);
  });

  it('sends the page title with each page view', async () => {
    const { user } = await renderApp('/');
    await h1(site.name);
    await user.click(within(mainNav()).getByRole('link', { name: 'About' }));
    await h1('About Me');

    await waitFor(() => expect(window.dataLayer?.length).toBeGreaterThanOrEqual(4));
    const titles = (window.dataLayer ?? [])
      .map((args) => Array.from(args as ArrayLike<unknown>))
      .filter(([, name]) => name === 'page_view')
      .map(([, , params]) => (params as { page_title: string }).page_title);
    expect(titles).toEqual([`${site.name} · UX/UI Designer · Frontend Developer`, `About Me · ${site.name}`]);
  });

  it('configures the measurement id once, with automatic page views off, even under StrictMode', async () => {
    await renderApp('/about', { strict: true });
    await h1('About Me');

    await waitFor(() => expect(configs()).toEqual([['config', site.measurementId, { send_page_view: false }]]));
  });

  it('adds the tag script only after the window load event', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { user } = await renderApp('/about');
    await h1('About Me');
    await user.click(within(mainNav()).getByRole('link', { name: 'Contact' }));
    await h1('Contact');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const tagScripts = () => document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');
    expect(tagScripts()).toHaveLength(0);

    window.dispatchEvent(new Event('load'));

    await waitFor(() => expect(tagScripts()).toHaveLength(1));
    expect(tagScripts()[0]).toHaveAttribute('src', `https://www.googletagmanager.com/gtag/js?id=${site.measurementId ?? ''}`);
  });
});
