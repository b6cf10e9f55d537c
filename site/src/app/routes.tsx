import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { Layout } from '@/app/Layout';
import { lazyPage, type LazyPage } from '@/app/lazyPage';
import { childRoute, paths } from '@/config/paths';
import { categories, loadProjectBody, project } from '@/lib/content';

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

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage />, handle: handle(HomePage) },
      { path: childRoute(paths.about), element: <AboutPage />, handle: handle(AboutPage) },
      { path: childRoute(paths.contact), element: <ContactPage />, handle: handle(ContactPage) },
      { path: childRoute(paths.contactSent), element: <ContactSentPage />, handle: handle(ContactSentPage) },
      { path: childRoute(paths.privacy), element: <PrivacyPage />, handle: handle(PrivacyPage) },
      ...categories().map((category): RouteObject => ({
        path: childRoute(paths.category(category.slug)),
        element: <CategoryPage category={category} />,
        handle: handle(CategoryPage),
      })),
      { path: childRoute(paths.project(':slug')), element: <ProjectPage />, handle: handle(ProjectPage, projectBody) },
      { path: childRoute(paths.photo(':slug', ':n')), element: <PhotoPage />, handle: handle(PhotoPage, projectBody) },
      { path: childRoute(paths.privateProject(':slug')), element: <ProjectPage />, handle: handle(ProjectPage, projectBody) },
      { path: childRoute(paths.photoAt(paths.privateProject(':slug'), ':n')), element: <PhotoPage />, handle: handle(PhotoPage, projectBody) },
      { path: '*', element: <NotFoundPage />, handle: handle(NotFoundPage) },
    ],
  },
];

/** The site's routes, for inside a router. */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the pages `pathname` shows and their data, before the first render. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.flatMap((m) => {
      const h = m.route.handle as PageHandle | undefined;
      return h ? [h.page.load(), h.data?.(m.params)].filter((p) => p !== undefined) : [];
    }),
  );
}
