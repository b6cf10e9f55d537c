import { describe, expect, it } from 'vitest';
import { head, scripts } from './page-html.mjs';

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
});
