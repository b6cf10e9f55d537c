import { screen, within } from '@testing-library/react';
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
/** The bar's own list of links (the wide-screen one; the menu's copy is in the popover). */
const bar = () => mainNav().querySelector('ul')!;

describe('Navigation bar', () => {
  it('has the brand link to / and the six section links, in order, in the Main navigation landmark', async () => {
    await renderAt('/about', 'About Me');
    const nav = mainNav();

    expect(within(nav).getByRole('link', { name: site.name })).toHaveAttribute('href', '/');
    const sectionLinks = within(bar())
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
    expect(within(bar()).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    for (const other of navLabels.filter((l) => l !== label)) {
      expect(within(bar()).getByRole('link', { name: other })).not.toHaveAttribute('aria-current');
    }
  });

  it('marks no section link as current on the home page', async () => {
    await renderAt('/', site.name);
    for (const label of navLabels) {
      expect(within(bar()).getByRole('link', { name: label })).not.toHaveAttribute('aria-current');
    }
  });

  it('brand link goes home', async () => {
    await renderAt('/about', 'About Me');
    expect(within(mainNav()).getByRole('link', { name: site.name })).toHaveAttribute('href', '/');
  });
});

// The menu is HTML: a popover the browser opens, closes on Escape or a click
// outside, and that a new document (any link) starts closed. Its behaviour
// in a real browser, with and without JavaScript: e2e/navigation.spec.ts.
describe('Mobile menu', () => {
  it('is a popover the toggle button opens, with no script: popovertarget names it', async () => {
    await renderAt('/about', 'About Me');
    const button = mainNav().querySelector('button[popovertarget]');
    expect(button).not.toBeNull();
    const panel = document.getElementById(button!.getAttribute('popovertarget')!);
    expect(panel).toHaveAttribute('popover', 'auto');
    expect(button).toHaveAttribute('aria-controls', panel!.id);
  });

  it('names the toggle "Open menu" or "Close menu", the one CSS shows for the popover state', async () => {
    await renderAt('/about', 'About Me');
    const button = mainNav().querySelector('button[popovertarget]')!;
    expect(button.querySelector('.when-closed')).toHaveTextContent('Open menu');
    expect(button.querySelector('.when-open')).toHaveTextContent('Close menu');
  });

  it('is part of the Main navigation landmark and holds the six links, the current one marked', async () => {
    await renderAt('/photography', 'Photography');
    const panel = document.getElementById('mobile-menu')!;
    expect(mainNav()).toContainElement(panel);
    const links = within(panel).getAllByRole('link', { hidden: true });
    expect(links.map((l) => l.textContent)).toEqual(navLabels);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(navPaths);
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent)).toEqual(['Photography']);
  });
});
