import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '@/lib/content';
import { renderApp } from '@/testing/test-utils';

const navLabels = ['About', 'Contact', 'Graphics', 'Higher Education', 'Photography', 'Web Design'];
const navPaths = ['/about', '/contact', '/graphics', '/higher-education', '/photography', '/web-design'];

/** Renders the site at `route` and waits for its page heading. */
async function renderAt(route: string, heading: string) {
  const rendered = await renderApp(route);
  await screen.findByRole('heading', { level: 1, name: heading });
  return rendered;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const toggle = () => within(mainNav()).getByRole('button', { name: /menu/i });

/** The panel the toggle button controls. */
function menu() {
  const id = toggle().getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error(`the menu toggle controls no element (aria-controls=${id ?? 'none'})`);
  return panel;
}

describe('Navigation bar', () => {
  it('has the brand link to / and the six section links, in order, in the Main navigation landmark', async () => {
    await renderAt('/about', 'About Me');
    const nav = mainNav();

    expect(within(nav).getByRole('link', { name: site.name })).toHaveAttribute('href', '/');
    const sectionLinks = within(nav)
      .getAllByRole('link')
      .filter((link) => link.textContent !== site.name);
    expect(sectionLinks.map((link) => link.textContent)).toEqual(navLabels);
    expect(sectionLinks.map((link) => link.getAttribute('href'))).toEqual(navPaths);
  });

  it.each([
    ['/about', 'About', 'About Me'],
    ['/contact', 'Contact', 'Contact'],
    ['/graphics', 'Graphics', 'Graphics'],
    ['/higher-education', 'Higher Education', 'Higher Education'],
    ['/photography', 'Photography', 'Photography'],
    ['/web-design', 'Web Design', 'Web Design'],
  ])('marks the %s link as the current page, and only it', async (route, label, heading) => {
    await renderAt(route, heading);
    const nav = mainNav();

    expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    for (const other of navLabels.filter((l) => l !== label)) {
      expect(within(nav).getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    }
  });

  it('marks no section link as current on the home page', async () => {
    await renderAt('/', site.name);
    for (const label of navLabels) {
      expect(within(mainNav()).getByRole('link', { name: label })).not.toHaveAttribute('aria-current');
    }
  });

  it('moves the current-page mark when a link is followed', async () => {
    const { user, router } = await renderAt('/about', 'About Me');

    await user.click(within(mainNav()).getByRole('link', { name: 'Graphics' }));

    await screen.findByRole('heading', { level: 1, name: 'Graphics' });
    expect(router.location.pathname).toBe('/graphics');
    expect(within(mainNav()).getByRole('link', { name: 'Graphics' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
  });

  it('brand link goes home', async () => {
    const { user, router } = await renderAt('/about', 'About Me');

    await user.click(within(mainNav()).getByRole('link', { name: site.name }));

    await screen.findByRole('heading', { level: 1, name: site.name });
    expect(router.location.pathname).toBe('/');
  });
});

describe('Mobile menu', () => {
  it('starts closed: the toggle says so and the menu is hidden from everyone', async () => {
    await renderAt('/about', 'About Me');

    const button = within(mainNav()).getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', menu().id);
    expect(menu()).not.toBeVisible();
    expect(within(menu()).queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
    // The links are there, only hidden: the query above would find them if shown.
    expect(within(menu()).getByRole('link', { name: 'About', hidden: true })).toBeInTheDocument();
  });

  it('opens on the toggle, which then says it is expanded; toggling again closes it', async () => {
    const { user } = await renderAt('/about', 'About Me');

    await user.click(within(mainNav()).getByRole('button', { name: 'Open menu' }));

    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAccessibleName('Close menu');
    expect(menu()).toBeVisible();
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(navLabels);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(navPaths);
    expect(within(menu()).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');

    await user.click(toggle());

    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveAccessibleName('Open menu');
    expect(menu()).not.toBeVisible();
  });

  it('is part of the Main navigation landmark, so its links are found as navigation on small screens', async () => {
    // On small screens the bar's own list is display: none; the menu is then
    // the only place the links are, and it belongs in the landmark (WAI-ARIA
    // APG disclosure navigation pattern).
    const { user } = await renderAt('/about', 'About Me');

    await user.click(within(mainNav()).getByRole('button', { name: 'Open menu' }));

    expect(mainNav()).toContainElement(menu());
  });

  it('closes and navigates when a link in it is chosen', async () => {
    const { user, router } = await renderAt('/about', 'About Me');
    await user.click(within(mainNav()).getByRole('button', { name: 'Open menu' }));

    await user.click(within(menu()).getByRole('link', { name: 'Photography' }));

    await screen.findByRole('heading', { level: 1, name: 'Photography' });
    expect(router.location.pathname).toBe('/photography');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
  });

  it("closes when the current page's link is chosen (no route change)", async () => {
    const { user, router } = await renderAt('/about', 'About Me');
    await user.click(within(mainNav()).getByRole('button', { name: 'Open menu' }));

    await user.click(within(menu()).getByRole('link', { name: 'About' }));

    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'false'));
    expect(menu()).not.toBeVisible();
    expect(router.location.pathname).toBe('/about');
  });

  it('closes when the route changes by other means (the brand link)', async () => {
    const { user } = await renderAt('/about', 'About Me');
    await user.click(within(mainNav()).getByRole('button', { name: 'Open menu' }));

    await user.click(within(mainNav()).getByRole('link', { name: site.name }));

    await screen.findByRole('heading', { level: 1, name: site.name });
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
  });

  it('closes on Escape', async () => {
    const { user } = await renderAt('/about', 'About Me');
    await user.click(within(mainNav()).getByRole('button', { name: 'Open menu' }));
    expect(menu()).toBeVisible();

    await user.keyboard('{Escape}');

    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
  });

  it('gives focus back to its button on Escape, so focus never rests on a hidden link', async () => {
    const { user } = await renderAt('/about', 'About Me');
    await user.click(within(mainNav()).getByRole('button', { name: 'Open menu' }));
    within(menu()).getByRole('link', { name: 'Contact' }).focus();

    await user.keyboard('{Escape}');

    expect(toggle()).toHaveFocus();
  });
});
