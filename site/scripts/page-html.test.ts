import { describe, expect, it } from 'vitest';
import { head, scripts } from './page-html.mjs';

// What the prerender writes for a private project's page (issue 48,
// decision 0080): no page script when its analytics is none
// (src/lib/analytics-private.test.tsx: none under the private prefix, for
// every provider), and no referrer for the page the client goes to next.

const entries = { page: '/assets/page.js', islands: '/assets/islands.js', consent: '/assets/consent.js' };
const meta = { title: 'The Smith Wedding', description: 'd', type: 'website', image: { url: '/c.png', width: 1, height: 1, alt: '' } };
const site = { info: { name: 'Mara' }, fonts: [], siteTags: [] };

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
});
