// Which plain page scripts a site's build includes, from its analytics
// setting (docs/site.md §7): only the chosen provider's code ships. Read by
// vite.config.ts (the client build's entries) and scripts/prerender.mjs
// (the script each page's tag names), so the two never disagree.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The setting the pages use: `portfolio generate`'s src/generated/analytics.json
 * (site.yaml's analytics with every default applied; null when nothing is
 * counted), or none when the build has VITE_ANALYTICS=off.
 */
export function readAnalytics(siteRoot, env = process.env) {
  if (env.VITE_ANALYTICS === 'off') return null;
  const file = path.join(siteRoot, 'src', 'generated', 'analytics.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/**
 * The page scripts for `analytics`, by entry name, as source paths from the
 * site's root: `page`, the script a page loads before any interaction (its
 * provider's, named for it, or, counting nothing, the not-found page's log
 * alone), and `consent`, the consent bar's script, when GA4 asks
 * for consent.
 */
export function pageScripts(analytics) {
  if (!analytics) return { page: 'src/page-script/no-analytics.ts' };
  if (analytics.provider !== 'ga4') return { page: `src/page-script/${analytics.provider}.ts` };
  return { page: 'src/page-script/ga4.ts', ...(analytics.consent ? { consent: 'src/page-script/consent.ts' } : {}) };
}
