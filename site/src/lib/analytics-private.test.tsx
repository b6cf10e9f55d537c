import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsSetting } from '@/lib/analytics-config';

// A private project's pages count nothing (issue 48, decision 0080): for
// every provider the site supports, the setting the prerender writes on a
// page's script tag (entry-server's analyticsTag; scripts/page-html.test.ts
// checks the tag is then left out) and the layout's analytics parts (the
// consent bar, the footer's privacy settings) are absent under the private
// prefix, and present on a public page. e2e/private-delivery.spec.ts checks
// a real build in Chromium.

const settings: Record<string, AnalyticsSetting> = {
  ga4: { provider: 'ga4', id: 'G-TEST1234' },
  'ga4 with consent': { provider: 'ga4', id: 'G-TEST1234', consent: true },
  plausible: { provider: 'plausible', endpoint: 'https://plausible.io/api/event', domain: 'jo.example' },
  umami: { provider: 'umami', endpoint: 'https://cloud.umami.is/api/send', id: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' },
  goatcounter: { provider: 'goatcounter', endpoint: 'https://jo.goatcounter.com/count' },
};

// A site in several languages keeps each language's pages of a private
// project under the prefix, the language after the slug (decision 0116).
const privatePages = [
  '/private/smith-wedding',
  '/private/smith-wedding/photos/2',
  '/PRIVATE/Smith-Wedding/',
  '/private',
  '/private/smith-wedding/sv',
  '/private/smith-wedding/sv/photos/2',
];

/** The modules that decide a page's analytics, with the build's setting `a`. */
async function withSetting(a: AnalyticsSetting) {
  vi.resetModules();
  vi.doMock('@/generated/analytics.json', () => ({ default: a }));
  const server = await import('@/entry-server');
  const { renderWithProviders } = await import('@/testing/test-utils');
  const { ConsentBar } = await import('@/app/ConsentBar');
  const { Footer } = await import('@/app/Footer');
  return { server, renderWithProviders, ConsentBar, Footer };
}

afterEach(() => {
  vi.doUnmock('@/generated/analytics.json');
  vi.resetModules();
});

describe.each(Object.entries(settings))('%s', (_, a) => {
  it("gives a private project's pages no page script setting", { timeout: 60_000 }, async () => {
    const { server } = await withSetting(a);
    for (const route of privatePages) expect(server.analyticsTag(route), route).toBeUndefined();
    expect(server.analyticsTag('/')).toMatchObject({ provider: a.provider });
    expect(server.analyticsTag('/privateer')).toMatchObject({ provider: a.provider });
    // Another language's public pages count, each under its own path.
    expect(server.analyticsTag('/sv/about')).toMatchObject({ provider: a.provider });
    expect(server.isPrivatePath('/private/smith-wedding/photos/2')).toBe(true);
    expect(server.isPrivatePath('/privateer')).toBe(false);
  });

  it('renders no consent bar and no privacy settings under the private prefix', { timeout: 60_000 }, async () => {
    const { renderWithProviders, ConsentBar, Footer } = await withSetting(a);
    const consent = a.provider === 'ga4' && a.consent === true;
    const parts = () => document.querySelectorAll('#consent, [data-consent], [data-consent-open]').length;
    for (const route of ['/', ...privatePages]) {
      const { unmount } = renderWithProviders(
        <>
          <ConsentBar />
          <Footer />
        </>,
        { route },
      );
      expect(screen.getByRole('link', { name: 'Privacy' })).toBeInTheDocument();
      // The bar, its two buttons and the footer's settings button.
      expect(parts(), route).toBe(consent && route === '/' ? 4 : 0);
      unmount();
    }
  });
});
