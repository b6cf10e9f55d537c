import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The header's language switcher (decision 0116): on a site in several
// languages, a named list of plain links to the same page in each other
// language, marked with that language; nothing on a one-language site.

/** The switcher and the test renderer, with the site's languages `languages`. */
async function withLanguages(languages: readonly string[]) {
  vi.resetModules();
  vi.doMock('@/generated/languages', () => ({ languages }));
  const { LanguageSwitcher } = await import('@/app/LanguageSwitcher');
  const { renderWithProviders } = await import('@/testing/test-utils');
  return { LanguageSwitcher, renderWithProviders };
}

afterEach(() => {
  vi.doUnmock('@/generated/languages');
  vi.resetModules();
});

describe('LanguageSwitcher', () => {
  it.each([
    { at: '/about', lang: 'en' as const, list: 'Language', name: 'Svenska', href: '/sv/about', to: 'sv' },
    { at: '/sv/projects/fjallen/photos/2', lang: 'sv' as const, list: 'Språk', name: 'English', href: '/projects/fjallen/photos/2', to: 'en' },
    { at: '/private/berg/sv/photos/1', lang: 'sv' as const, list: 'Språk', name: 'English', href: '/private/berg/photos/1', to: 'en' },
    { at: '/private/berg', lang: 'en' as const, list: 'Language', name: 'Svenska', href: '/private/berg/sv', to: 'sv' },
    // The not-found page has no twin: the other language's home.
    { at: '/404', lang: 'en' as const, list: 'Language', name: 'Svenska', href: '/sv/', to: 'sv' },
  ])('at $at links to $href, named $name in its language', async ({ at, lang, list, name, href, to }) => {
    const { LanguageSwitcher, renderWithProviders } = await withLanguages(['en', 'sv']);
    renderWithProviders(<LanguageSwitcher />, { route: at, lang });
    const links = within(screen.getByRole('list', { name: list })).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName(name);
    expect(links[0]).toHaveAttribute('href', href);
    expect(links[0]).toHaveAttribute('lang', to);
    expect(links[0]).toHaveAttribute('hreflang', to);
  });

  it('is not there on a site in one language', async () => {
    const { LanguageSwitcher, renderWithProviders } = await withLanguages(['en']);
    const { container } = renderWithProviders(<LanguageSwitcher />, { route: '/about' });
    expect(container).toBeEmptyDOMElement();
  });
});
