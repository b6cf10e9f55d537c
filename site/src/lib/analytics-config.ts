import { site } from '@/lib/content';

// The analytics setting the pages use (docs/site.md §7): site.yaml's
// `analytics` (GA4 with `measurementId` when it is left out), with the
// defaults applied, or none when the build has VITE_ANALYTICS=off. The
// prerender writes it onto the page script's tag; the consent bar, the
// footer and the privacy page read it. The default hosts are also in
// cli/internal/content/analytics.go, which writes the CSP.

export type AnalyticsSetting =
  | { readonly provider: 'ga4'; readonly id: string; readonly consent: boolean }
  | { readonly provider: 'plausible'; readonly endpoint: string; readonly domain: string }
  | { readonly provider: 'umami'; readonly endpoint: string; readonly id: string }
  | { readonly provider: 'goatcounter'; readonly endpoint: string };

/** The service's name as the privacy page and the consent bar say it. */
export const providerNames = { ga4: 'Google Analytics', plausible: 'Plausible Analytics', umami: 'Umami', goatcounter: 'GoatCounter' } as const;

/** The setting of this build, or undefined when the pages count nothing. */
export function analyticsSetting(): AnalyticsSetting | undefined {
  if (import.meta.env.VITE_ANALYTICS === 'off') return undefined;
  const a = site.analytics ?? { provider: 'ga4', consent: 'not-required' };
  switch (a.provider) {
    case 'ga4':
      return site.measurementId ? { provider: 'ga4', id: site.measurementId, consent: a.consent === 'required' } : undefined;
    case 'plausible':
      return { provider: 'plausible', endpoint: `${a.host ?? 'https://plausible.io'}/api/event`, domain: a.domain ?? new URL(site.url).hostname };
    case 'umami':
      return { provider: 'umami', endpoint: `${a.host ?? 'https://cloud.umami.is'}/api/send`, id: a.websiteId };
    case 'goatcounter':
      return { provider: 'goatcounter', endpoint: `https://${a.code}.goatcounter.com/count` };
    case 'none':
      return undefined;
  }
}

/** The page script tag's data attributes that carry the setting (read by src/page-script/page-script.ts). */
export function analyticsAttributes(a: AnalyticsSetting): Record<string, string> {
  const { provider } = a;
  switch (a.provider) {
    case 'ga4':
      return { provider, id: a.id, ...(a.consent ? { consent: 'required' } : {}) };
    case 'plausible':
      return { provider, endpoint: a.endpoint, domain: a.domain };
    case 'umami':
      return { provider, endpoint: a.endpoint, id: a.id };
    case 'goatcounter':
      return { provider, endpoint: a.endpoint };
  }
}
