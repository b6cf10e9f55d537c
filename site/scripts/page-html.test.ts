import { describe, expect, it } from 'vitest';
import { fillTemplate, head, islandsStart, scripts, systemFontsRule } from './page-html.mjs';

// What the prerender writes for a private project's page (issue 48,
// decision 0080): no page script when its analytics is none
// (src/lib/analytics-private.test.tsx: none under the private prefix, for
// every provider), and no referrer for the page the client goes to next.

const entries = { page: '/assets/page.js', islands: '/assets/islands.js', consent: '/assets/consent.js' };
const meta = { title: 'The Smith Wedding', description: 'd', type: 'website', image: { url: '/c.png', width: 1, height: 1, alt: '' } };
const site = { info: { name: 'Mara', aiOptOut: true }, fonts: [], siteTags: [] };

describe('a page of the prerender', () => {
  it('has the provider script only when the page has analytics', () => {
    const page = { html: '<main></main>', status: 200 };
    expect(scripts(page, { entries, analytics: { provider: 'ga4', id: 'G-1', consent: 'required' } })).toContain('data-provider="ga4"');
    for (const analytics of [undefined, null]) {
      expect(scripts(page, { entries, analytics })).not.toMatch(/data-provider|consent|script/);
    }
  });

  // Decision 0124: site.yaml's fonts. The theme's preloads both files and
  // leaves the families to fonts.css; `system` preloads none and sets both
  // families to the system font.
  it.each([
    ['theme', 2, false],
    ['system', 0, true],
  ] as const)('with fonts: %s, preloads %i font files and sets the system font: %s', (fonts, preloads, system) => {
    const html = head({ meta }, '', { ...site, info: { ...site.info, fonts }, fonts: ['/assets/inter-a.woff2', '/assets/fraunces-b.woff2'] });
    expect(html.match(/<link rel="preload"[^>]*as="font"/g) ?? []).toHaveLength(preloads);
    expect(html.includes(`<style>${systemFontsRule}</style>`)).toBe(system);
    if (system) expect(systemFontsRule).toMatch(/^html:root\{--font-text:system-ui,[^;}]*;--font-display:system-ui,[^;}]*\}$/);
  });

  it("names no referrer on a private project's page, and only there", () => {
    expect(head({ meta }, '', { ...site, private: true })).toContain('<meta name="referrer" content="no-referrer" />');
    expect(head({ meta }, '', site)).not.toContain('name="referrer"');
  });

  // Issue 51 (decision 0101): the `noai, noimageai` convention in the one
  // robots meta, unless the owner allows AI training; noindex where search
  // is kept out; behind the secret noindex alone.
  it.each([
    { name: 'a public page, AI training refused', canonical: true, aiOptOut: true, want: ['noai, noimageai'] },
    { name: 'a photo page (noindex), AI training refused', canonical: true, noindex: true, aiOptOut: true, want: ['noindex, noai, noimageai'] },
    { name: 'a page without an address, AI training refused', canonical: false, aiOptOut: true, want: ['noindex, noai, noimageai'] },
    { name: 'a public page, AI training allowed', canonical: true, aiOptOut: false, want: [] },
    { name: 'a photo page, AI training allowed', canonical: true, noindex: true, aiOptOut: false, want: ['noindex'] },
    { name: "a private project's page", canonical: false, aiOptOut: true, private: true, want: ['noindex'] },
  ])('writes one robots meta: $name', ({ canonical, noindex, aiOptOut, private: privatePage, want }) => {
    const page = { ...meta, noindex, canonical: canonical ? 'https://mara.example/' : undefined };
    const html = head({ meta: page }, '', { ...site, info: { ...site.info, aiOptOut }, private: Boolean(privatePage) });
    expect([...html.matchAll(/<meta name="robots" content="([^"]*)" \/>/g)].map((m) => m[1])).toEqual(want);
  });

  // Decision 0116: a site in several languages names each page's versions;
  // a page of a one-language site carries none of it (the sample's pages
  // are unchanged).
  it("writes the page's versions in every language, x-default and og:locale, only when it has them", () => {
    const languages = {
      alternates: [
        { hreflang: 'sv', href: 'https://sara.example/about' },
        { hreflang: 'en', href: 'https://sara.example/en/about' },
        { hreflang: 'x-default', href: 'https://sara.example/about' },
      ],
      locale: 'en_GB',
      localeAlternates: ['sv_SE'],
    };
    const page = { ...meta, canonical: 'https://sara.example/en/about', languages };
    const tags = head({ meta: page }, '', site).split('\n    ');
    expect(tags.filter((t) => /hreflang|og:locale/.test(t))).toEqual([
      '<link rel="alternate" hreflang="sv" href="https://sara.example/about" />',
      '<link rel="alternate" hreflang="en" href="https://sara.example/en/about" />',
      '<link rel="alternate" hreflang="x-default" href="https://sara.example/about" />',
      '<meta property="og:locale" content="en_GB" />',
      '<meta property="og:locale:alternate" content="sv_SE" />',
    ]);
    expect(head({ meta: { ...meta, canonical: 'https://mara.example/' } }, '', site)).not.toMatch(/hreflang|og:locale/);
  });

  it("writes the page's language in <html lang>", () => {
    const template = '<!doctype html>\n<html lang="en">\n<head><!--head--></head><body><!--app--><!--scripts--></body></html>';
    const page = (lang: string) => fillTemplate(template, { html: '<main></main>', status: 200, lang, meta }, '', { ...site, entries });
    expect(page('sv')).toContain('<html lang="sv">');
    expect(page('en')).toContain('<html lang="en">');
  });

  // Decisions 0003 and 0122: a page whose islands all wait for the visitor
  // (a gallery's, a photo page's) gets the inline starter, no script tag.
  it.each([
    { name: 'no island', html: '<main></main>', want: 'none' },
    { name: "a gallery's", html: '<div data-island="lightbox" data-hydrate="interaction"></div>', want: 'starter' },
    { name: "a photo page's", html: '<div data-island="lightbox" data-hydrate="intent"></div>', want: 'starter' },
    { name: 'both', html: '<div data-island="a" data-hydrate="interaction"></div><div data-island="b" data-hydrate="intent"></div>', want: 'starter' },
    { name: 'a form that starts near the viewport', html: '<div data-island="contact" data-hydrate="visible idle"></div>', want: 'loader' },
    {
      name: 'a gallery beside a form',
      html: '<div data-island="a" data-hydrate="interaction"></div><div data-island="b" data-hydrate="idle"></div>',
      want: 'loader',
    },
  ])('starts islands by $want: $name', ({ html, want }) => {
    expect(islandsStart(html)).toBe(want);
    const tags = scripts({ html, status: 200 }, { entries, starter: { code: 'S' } });
    expect(tags.includes('<script>S</script>')).toBe(want === 'starter');
    expect(tags.includes(`src="${entries.islands}"`)).toBe(want === 'loader');
  });
});
