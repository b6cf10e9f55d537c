import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { Layout } from '@/app/Layout';
import { lazyPage, type LazyPage } from '@/app/lazyPage';
import { childRoute, paths } from '@/config/paths';
import type { Lang } from '@/i18n/lang';
import { useLang } from '@/i18n/react';
import { categories, loadProjectBody, project, showLanguage } from '@/lib/content';
import { localize, mainLanguage } from '@/lib/languages';

// The route table of the prerender (StaticRouter with useRoutes, matchRoutes
// to load a page before rendering it). There is no client-side router: every
// link is a document, and only islands run in the browser (src/islands).
const HomePage = lazyPage(() => import('@/pages/HomePage').then((m) => m.HomePage));
const AboutPage = lazyPage(() => import('@/pages/AboutPage').then((m) => m.AboutPage));
const ContactSentPage = lazyPage(() => import('@/pages/ContactSentPage').then((m) => m.ContactSentPage));
const ContactPage = lazyPage(() => import('@/pages/ContactPage').then((m) => m.ContactPage));
const CategoryPage = lazyPage(() => import('@/pages/CategoryPage').then((m) => m.CategoryPage));
const ProjectPage = lazyPage(() => import('@/pages/ProjectPage').then((m) => m.ProjectPage));
const PhotoPage = lazyPage(() => import('@/pages/PhotoPage').then((m) => m.PhotoPage));
const PrivacyPage = lazyPage(() => import('@/pages/PrivacyPage').then((m) => m.PrivacyPage));
const NotFoundPage = lazyPage(() => import('@/pages/NotFoundPage').then((m) => m.NotFoundPage));

/** What a route's `handle` holds: what to load before rendering it. */
interface PageHandle {
  /** The page it shows. */
  page: LazyPage<never>;
  /** The data the page shows, when it is loaded separately. */
  data?: (params: Params) => Promise<unknown> | undefined;
}

const handle = (page: LazyPage<never>, data?: PageHandle['data']): PageHandle => (data ? { page, data } : { page });

/** A project page shows its body's blocks, each project's its own chunk. */
const projectBody = (params: Params) => {
  const p = project(params.slug ?? '');
  return p && loadProjectBody(p);
};

/**
 * The route table of one language: the default's paths, or the same under
 * the language's prefix (decision 0116). A category page reads its
 * category when rendered, in the language shown.
 */
function routesIn(lang: Lang): RouteObject[] {
  const at = (path: string) => childRoute(localize(path, lang));
  return [
    {
      path: '/',
      element: <Layout />,
      children: [
        lang === mainLanguage
          ? { index: true, element: <HomePage />, handle: handle(HomePage) }
          : { path: at(paths.home), element: <HomePage />, handle: handle(HomePage) },
        { path: at(paths.about), element: <AboutPage />, handle: handle(AboutPage) },
        { path: at(paths.contact), element: <ContactPage />, handle: handle(ContactPage) },
        { path: at(paths.contactSent), element: <ContactSentPage />, handle: handle(ContactSentPage) },
        { path: at(paths.privacy), element: <PrivacyPage />, handle: handle(PrivacyPage) },
        ...categories().map((category): RouteObject => ({
          path: at(paths.category(category.slug)),
          element: <CategoryRoute slug={category.slug} />,
          handle: handle(CategoryPage),
        })),
        { path: at(paths.project(':slug')), element: <ProjectPage />, handle: handle(ProjectPage, projectBody) },
        { path: at(paths.photo(':slug', ':n')), element: <PhotoPage />, handle: handle(PhotoPage, projectBody) },
        { path: at(paths.privateProject(':slug')), element: <ProjectPage />, handle: handle(ProjectPage, projectBody) },
        { path: at(paths.photoAt(paths.privateProject(':slug'), ':n')), element: <PhotoPage />, handle: handle(PhotoPage, projectBody) },
        { path: '*', element: <NotFoundPage />, handle: handle(NotFoundPage) },
      ],
    },
  ];
}

/** A category page, its category read in the language shown. */
function CategoryRoute({ slug }: { slug: string }) {
  const category = categories().find((c) => c.slug === slug);
  return category ? <CategoryPage category={category} /> : <NotFoundPage />;
}

const tables = new Map<Lang, RouteObject[]>();

/** The route table of `lang`, made once. */
export function routesOf(lang: Lang = mainLanguage): RouteObject[] {
  let table = tables.get(lang);
  if (!table) tables.set(lang, (table = routesIn(lang)));
  return table;
}

/** The routes of the default language. */
export const routes: RouteObject[] = routesOf(mainLanguage);

/** The site's routes in the page's language, for inside a router. */
export function AppRoutes() {
  return useRoutes(routesOf(useLang()));
}

/**
 * Loads the pages `pathname` (an address in `lang`) shows and their data,
 * in that language, before the first render.
 */
export async function preloadRoute(pathname: string, lang: Lang = mainLanguage): Promise<void> {
  showLanguage(lang);
  const matches = matchRoutes(routesOf(lang), pathname) ?? [];
  await Promise.all(
    matches.flatMap((m) => {
      const h = m.route.handle as PageHandle | undefined;
      return h ? [h.page.load(), h.data?.(m.params)].filter((p) => p !== undefined) : [];
    }),
  );
}
