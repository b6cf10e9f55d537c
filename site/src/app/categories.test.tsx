import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// An owner's own categories (docs/site.md §2): the test content with three
// declared categories of which one (graphics) has projects, one (murals) has
// none and is kept, one (zines) has none and is left out; and nothing
// featured. The generator works out `built`; the site only follows it.
type Content = typeof import('@/generated/content');

let renderApp: typeof import('@/testing/test-utils').renderApp;

beforeAll(async () => {
  vi.resetModules();
  vi.doMock('@/generated/content', async () => {
    const actual = await vi.importActual<Content>('@/generated/content');
    const graphics = actual.site.categories.find((c) => c.slug === 'graphics')!;
    const empty = (slug: string, title: string, keepWhenEmpty: boolean) => ({
      slug,
      title,
      description: `${title} by the owner.`,
      columns: { sm: 2, md: 2 },
      keepWhenEmpty,
      backLink: `All ${title} Projects`,
      built: keepWhenEmpty,
    });
    return {
      ...actual,
      site: { ...actual.site, categories: [graphics, empty('murals', 'Murals', true), empty('zines', 'Zines', false)] },
      projects: actual.projects.filter((p) => p.page === 'graphics').map((p) => ({ ...p, featured: false })),
    };
  });
  ({ renderApp } = await import('@/testing/test-utils'));
});

afterAll(() => {
  vi.doUnmock('@/generated/content');
  vi.resetModules();
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe("an owner's own categories", () => {
  it('the navigation lists the built categories in their order, not the one left out', async () => {
    await renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Me' });
    const bar = within(mainNav().querySelector('ul')!);
    expect(bar.getAllByRole('link').map((l) => l.textContent)).toEqual(['About', 'Contact', 'Graphics', 'Murals']);
    expect(bar.getByRole('link', { name: 'Murals' })).toHaveAttribute('href', '/murals');
    expect(bar.queryByRole('link', { name: 'Zines' })).toBeNull();
  });

  it('a kept category with no active project shows its empty state', async () => {
    await renderApp('/murals');
    await screen.findByRole('heading', { level: 1, name: 'Murals' });
    const empty = screen.getByRole('region', { name: 'Work on its way' });
    expect(within(empty).getByText('There are no Murals projects to show yet. New work will appear here as soon as it is ready.')).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/contact');
    expect(within(empty).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('a category with projects shows its cards and no empty state', async () => {
    await renderApp('/graphics');
    await screen.findByRole('heading', { level: 1, name: 'Graphics' });
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Work on its way' })).toBeNull();
  });

  it('the category left out has no page: its address is the not-found page', async () => {
    await renderApp('/zines');
    await screen.findByRole('heading', { level: 1, name: '404' });
  });

  it('with nothing featured, the home page has no Selected Work section and no button to it', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Selected Work' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View My Work' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/contact');
  });
});
