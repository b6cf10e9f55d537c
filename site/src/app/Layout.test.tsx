import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { site } from '@/lib/content';
import { pageMeta } from '@/lib/seo';
import { renderApp } from '@/testing/test-utils';

// The layout is rendered at build time only: a route change is a new
// document, so the browser scrolls, focuses and titles it (e2e:
// navigation.spec.ts); page views and the 404 log are the page scripts of src/page-script/.

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('Layout', () => {
  it('has the skip link first, the Main navigation, the main landmark it targets and the footer', async () => {
    await renderApp(paths.about);
    await h1('About Me');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.querySelector('a')).toBe(skip);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(within(screen.getByRole('contentinfo')).getAllByText(new RegExp(site.name)).length).toBeGreaterThan(0);
  });

  // A project page of the generator's test content (cli/internal/tsgen/testdata/content).
  it.each(['/', '/about', '/contact', '/graphics', '/projects/survey-app'])('gives %s its own title', (path) => {
    const titles = new Set(['/', '/about', '/contact', '/graphics', '/projects/survey-app'].map((p) => pageMeta(p).title));
    expect(titles.size).toBe(5);
    expect(pageMeta(path).title).toMatch(new RegExp(`${site.name}`));
  });
});

describe('Not-found route', () => {
  it('shows 404, the message and a link home, marked for the page script to log the path', async () => {
    await renderApp('/no-such-page');

    expect(await h1('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.querySelector('[data-not-found]')).not.toBeNull();
  });

  it('is also shown for an unknown project slug', async () => {
    await renderApp('/projects/no-such-project');

    expect(await h1('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(document.querySelector('[data-not-found]')).not.toBeNull();
  });

  it('is not marked on any other page', async () => {
    await renderApp(paths.about);
    await h1('About Me');
    expect(document.querySelector('[data-not-found]')).toBeNull();
  });
});
