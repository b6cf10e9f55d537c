import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadRoute } from '@/app/routes';
import { limits } from '@/features/contact/validation';
import { isPrivatePath, paths, photoOf, projectSlug } from '@/config/paths';
import { defaultLang, messagesFor, type Lang } from '@/i18n';
import { LangProvider } from '@/i18n/react';
import { analyticsAttributes, analyticsFor, analyticsSetting } from '@/lib/analytics-config';
import { allProjects, categories, featuredProjects, galleryImages, loadProjectBody, project, projectsOf, showLanguage, site } from '@/lib/content';
import { localize, mainLanguage, siteLanguages, unlocalize } from '@/lib/languages';
import { pageMeta, structuredData, type PageMeta } from '@/lib/seo';
import { AppProviders } from '@/theme/AppProviders';
import { createEmotionCache } from '@/theme/emotion';
import { theme } from '@/theme/theme';

export { analyticsSetting, isPrivatePath, localize, paths, photoOf, projectSlug, siteLanguages, unlocalize };

/** Every route path to prerender (docs/site.md §2): the pages, then a page per gallery photo. */
export async function routePaths(): Promise<string[]> {
  showLanguage(mainLanguage);
  const photos = await Promise.all(allProjects().map(async (p) => galleryImages(await loadProjectBody(p)).map((_, i) => paths.photoAt(p.link, i + 1))));
  return [
    paths.home,
    paths.about,
    paths.contact,
    paths.contactSent,
    paths.privacy,
    ...categories().map((c) => paths.category(c.slug)),
    ...allProjects().map((p) => p.link),
    ...photos.flat(),
  ];
}

/** One emotion rule set: its id, its CSS, and whether it is global (not a class). */
export interface StyleRule {
  id: string;
  css: string;
  global: boolean;
}

export interface Rendered {
  html: string;
  /** Every style the render inserted, in insertion order. */
  styles: StyleRule[];
  meta: PageMeta;
  status: number;
  /** The page's language, its `<html lang>`. */
  lang: Lang;
  /** Structured data (JSON-LD) for the page's head: the profile on the home page, breadcrumbs and the work on project pages. */
  jsonLd?: object;
}

/**
 * The analytics of the page at `route`, as its page script's tag carries
 * it (its data-* attributes): site.yaml's setting, none with
 * VITE_ANALYTICS=off, none on a private project's pages (analyticsFor).
 */
export function analyticsTag(route: string): Record<string, string> | undefined {
  const a = analyticsFor(route);
  return a && analyticsAttributes(a);
}

/**
 * What the prerender needs beyond the pages: the names and colours of the
 * web app manifest and `theme-color` (the top bar's background in each
 * scheme), and the content files each route shows (for the sitemap's
 * lastmod), relative to the content folder.
 */
export function siteInfo() {
  showLanguage(mainLanguage);
  // The theme is made with CSS variables: its schemes' palettes are there at run time.
  const schemes = (theme as { colorSchemes?: Partial<Record<'light' | 'dark', { palette: { background: { default: string } } }>> }).colorSchemes;
  const light = schemes?.light?.palette;
  const dark = schemes?.dark?.palette;
  if (!light || !dark) throw new Error('the theme has no light and dark colour schemes (src/theme/theme.ts)');
  return {
    name: site.name,
    // A home screen shows about 12 characters: the first name when the whole name is longer.
    shortName: site.name.length <= 12 ? site.name : site.name.split(/\s+/)[0]!,
    description: site.description,
    // Whether the pages' robots meta carries the `noai, noimageai`
    // convention: unless the owner allows AI training (decision 0101).
    aiOptOut: site.rights?.aiTraining !== 'allow',
    // The theme's web fonts, or the system's (decision 0124).
    fonts: site.fonts,
    colors: {
      light: { theme: light.background.default, background: light.background.default },
      dark: { theme: dark.background.default, background: dark.background.default },
    },
    sources(route: string, lang: Lang = mainLanguage): string[] {
      const folders = (list: readonly { slug: string }[]) => list.map((p) => `projects/${p.slug}`);
      // Another language's page reads its translation of site.yaml too; a project folder holds its translations (decision 0113).
      const siteFiles = lang === mainLanguage ? ['site.yaml'] : ['site.yaml', `site.${lang}.yaml`];
      if (route === paths.home) return [...siteFiles, ...folders(featuredProjects())];
      const category = categories().find((c) => paths.category(c.slug) === route);
      if (category) return [...siteFiles, ...folders(projectsOf(category.slug))];
      const slug = projectSlug(route);
      if (slug) return [...siteFiles, `projects/${slug}`];
      return siteFiles;
    },
  };
}

/**
 * What the host writes itself in each of the site's languages, from the
 * catalogue (decision 0123): the secret page's strings, and for a form
 * posted without JavaScript that comes back invalid, its status and each
 * problem of the contact form by its English text (what `portfolio serve`
 * finds, package contact: SPEC's wording), with the limits filled in. The
 * prerender writes it to dist/.vite/messages.json; the build gives the
 * gate's part to serve and the Edge Function in private-gate.json.
 */
export function hostMessages() {
  const problems = (t: ReturnType<typeof messagesFor>['contact']) => [
    t.nameRequired,
    t.nameTooLong(limits.name),
    t.emailTooLong(limits.email),
    t.emailInvalid,
    t.messageRequired,
    t.messageTooLong(limits.message),
  ];
  const english = problems(messagesFor(defaultLang).contact);
  return {
    languages: [...siteLanguages],
    messages: Object.fromEntries(
      siteLanguages.map((lang) => {
        const t = messagesFor(lang);
        const theirs = problems(t.contact);
        return [
          lang,
          {
            gate: t.host.gate,
            form: { invalid: t.host.formInvalid, problems: Object.fromEntries(english.map((e, i) => [e, theirs[i]!])) },
            notices: t.host.notices,
          },
        ];
      }),
    ),
  };
}

/**
 * Renders one page to HTML, with its critical CSS and metadata, in `lang`
 * (decision 0116): `route` is its default-language path (as routePaths
 * gives it), the page is written at localize(route, lang), with that
 * language's content and the site's own strings from its catalogue
 * (decision 0111).
 */
export async function render(route: string, lang: Lang = mainLanguage): Promise<Rendered> {
  const path = localize(route, lang);
  await preloadRoute(path, lang);
  showLanguage(lang);
  const slug = projectSlug(route);
  const p = slug ? project(slug) : undefined;
  const body = p ? await loadProjectBody(p) : undefined;
  // From here on one synchronous pass: the content module shows `lang`
  // until the page is made, whatever else awaits meanwhile.
  showLanguage(lang);
  const cache = createEmotionCache();
  // Collect styles in the cache instead of writing <style> tags inline.
  cache.compat = true;
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <LangProvider lang={lang}>
            <StaticRouter location={path}>
              <AppRoutes />
            </StaticRouter>
          </LangProvider>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const styles = styleRules(cache);
  const meta = pageMeta(route, lang);
  const jsonLd = meta.canonical ? structuredData(route, body, lang) : undefined;
  return { html, styles, meta, status: meta.canonical ? 200 : 404, lang, ...(jsonLd ? { jsonLd } : {}) };
}

/**
 * Every style the render inserted, marked global or not: the prerender
 * inlines the global ones and those of a class the page's markup wears
 * (site/scripts/prerender.mjs, pageCss).
 */
function styleRules(cache: EmotionCache): StyleRule[] {
  const rules: StyleRule[] = [];
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    rules.push({ id, css, global: cache.registered[`${cache.key}-${id}`] === undefined });
  }
  return rules;
}
