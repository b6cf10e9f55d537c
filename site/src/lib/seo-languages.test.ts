import { afterEach, describe, expect, it, vi } from 'vitest';

// A page's versions in the site's languages (decision 0116), on the
// generator's test content (cli/internal/tsgen/testdata/golden) with its
// languages given as [en, sv]: English at /, Swedish under /sv/.

async function withLanguages(languages: readonly string[]) {
  vi.resetModules();
  vi.doMock('@/generated/languages', () => ({ languages }));
  // `portfolio images` draws each other language's cards at its pages'
  // addresses (decision 0123); the test content's cards are one language's.
  vi.doMock('@/generated/cards.json', async () => {
    const cards = (await vi.importActual<{ default: Record<string, unknown> }>('@/generated/cards.json')).default;
    const all: Record<string, unknown> = { ...cards };
    for (const l of languages.slice(1)) for (const [route, c] of Object.entries(cards)) all[route === '/' ? `/${l}/` : `/${l}${route}`] = c;
    return { default: all };
  });
  const seo = await import('@/lib/seo');
  const { site } = await import('@/lib/content');
  return { ...seo, site };
}

afterEach(() => {
  vi.doUnmock('@/generated/languages');
  vi.doUnmock('@/generated/cards.json');
  vi.resetModules();
});

describe('a page in several languages', () => {
  it('has its own canonical, and names every version and x-default, both ways', async () => {
    const { pageMeta, site } = await withLanguages(['en', 'sv']);
    const alternates = [
      { hreflang: 'en', href: `${site.url}/about` },
      { hreflang: 'sv', href: `${site.url}/sv/about` },
      { hreflang: 'x-default', href: `${site.url}/about` },
    ];
    expect(pageMeta('/about', 'sv')).toMatchObject({
      canonical: `${site.url}/sv/about`,
      languages: { alternates, locale: 'sv_SE', localeAlternates: ['en_GB'] },
    });
    expect(pageMeta('/about', 'en')).toMatchObject({
      canonical: `${site.url}/about`,
      languages: { alternates, locale: 'en_GB', localeAlternates: ['sv_SE'] },
    });
    expect(pageMeta('/', 'sv').languages?.alternates.map((a) => a.href)).toEqual([`${site.url}/`, `${site.url}/sv/`, `${site.url}/`]);
  });

  it('names none on the not-found page, which has no address', async () => {
    const { pageMeta } = await withLanguages(['en', 'sv']);
    expect(pageMeta('/no/such/page', 'sv')).not.toHaveProperty('languages');
  });

  it('names none on a site in one language', async () => {
    const { pageMeta } = await withLanguages(['en']);
    expect(pageMeta('/about')).not.toHaveProperty('languages');
  });

  it("gives the home page's structured data the page's address and language", async () => {
    const { structuredData, site } = await withLanguages(['en', 'sv']);
    const graph = (structuredData('/', undefined, 'sv') as { '@graph': Record<string, unknown>[] })['@graph'];
    expect(graph[0]).toMatchObject({ '@type': 'ProfilePage', url: `${site.url}/sv/` });
    expect(graph[1]).toMatchObject({ '@type': 'WebSite', url: `${site.url}/sv/`, inLanguage: 'sv' });
  });
});
