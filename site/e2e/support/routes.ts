// The routes of SPEC.md §2 and what each one's h1 says, from the generated
// content (the same data the site is built from).
import { projects, site, type Page } from '../../src/generated/content';

export { projects, site };

export const categoryPages: readonly Page[] = ['graphics', 'higher-education', 'photography', 'web-design'];

export interface SiteRoute {
  path: string;
  /** The page's one h1. */
  heading: string;
}

export const pageRoutes: readonly SiteRoute[] = [
  { path: '/', heading: site.name },
  { path: '/about', heading: 'About Me' },
  { path: '/contact', heading: site.contact.title },
  ...categoryPages.map((page) => ({ path: `/${page}`, heading: site.pages[page].title })),
];

export const projectRoutes: readonly SiteRoute[] = projects.map((p) => ({ path: p.link, heading: p.title }));

export const allRoutes: readonly SiteRoute[] = [...pageRoutes, ...projectRoutes];

export const missingPath = '/this-page-does-not-exist';

/** Active projects of a category page, in the site's order. */
export const activeProjectsOf = (page: Page) => projects.filter((p) => p.page === page && p.active);

/** SPEC.md §3: the projects of Selected Work (featured and active). */
export const featuredTitles = [
  'Admin Portal',
  'Media Annotation Tool',
  'Interactive Survey Platform',
  'Drone Photography',
  'College Sports',
  'Higher Education Report',
];
