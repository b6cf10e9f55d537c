/** The analytics setting of src/generated/analytics.json (src/lib/analytics-config.ts has its type). */
export interface PageAnalytics {
  readonly provider: string;
  readonly consent?: boolean;
}

export function readAnalytics(siteRoot: string, env?: Record<string, string | undefined>): PageAnalytics | null;
export function pageScripts(analytics: PageAnalytics | null | undefined): { page: string; consent?: string };
