import { isPrivatePath } from '@/config/paths';
import generated from '@/generated/analytics.json';

// The analytics setting the pages use (docs/site.md §7): site.yaml's
// `analytics`, resolved by `portfolio generate` with every default applied
// (cli/internal/content/analytics.go, the one place they are written), or
// none when the build has VITE_ANALYTICS=off. The prerender writes it onto
// the page script's tag; the consent bar, the footer and the privacy page
// read it. The build includes only the chosen provider's page script
// (scripts/page-scripts.mjs).

export type AnalyticsSetting =
  | { readonly provider: 'ga4'; readonly id: string; readonly consent?: boolean }
  | { readonly provider: 'plausible'; readonly endpoint: string; readonly domain: string }
  | { readonly provider: 'umami'; readonly endpoint: string; readonly id: string }
  | { readonly provider: 'goatcounter'; readonly endpoint: string };

/** The service's name as the privacy page and the consent bar say it. */
export const providerNames = { ga4: 'Google Analytics', plausible: 'Plausible Analytics', umami: 'Umami', goatcounter: 'GoatCounter' } as const;

/** The setting of this build, or undefined when the pages count nothing. */
export function analyticsSetting(): AnalyticsSetting | undefined {
  if (import.meta.env.VITE_ANALYTICS === 'off') return undefined;
  return (generated as AnalyticsSetting | null) ?? undefined;
}

/**
 * The setting of the page at `pathname`: the build's, but none on a
 * private project's pages (under the private prefix, decision 0080): a
 * client's visit is not counted, and its path and title (the client's
 * name, often) go to no analytics provider. The one place a page's
 * analytics is decided: its page script's tag (src/entry-server.tsx), the
 * consent bar and the footer's privacy settings.
 */
export function analyticsFor(pathname: string): AnalyticsSetting | undefined {
  return isPrivatePath(pathname) ? undefined : analyticsSetting();
}

/** The page script tag's data attributes that carry the setting (read by the page scripts, src/page-script/). */
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
