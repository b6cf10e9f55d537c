// The routes of docs/site.md §2 and what each one's h1 says, from the generated
// content (the same data the site is built from).
import { paths } from '../../src/config/paths';
import { projects, site, type Block, type Category, type GalleryImage, type ProjectBody } from '../../src/generated/content';

export { projects, site };

/** The slugs of the category pages the site has, in the navigation's order. */
export const categoryPages: readonly string[] = site.categories.filter((c) => c.built).map((c) => c.slug);

/** The category declared as slug in site.yaml. */
export function categoryNamed(slug: string): Category {
  const c = site.categories.find((c) => c.slug === slug);
  if (!c) throw new Error(`no category ${slug}`);
  return c;
}

export interface SiteRoute {
  path: string;
  /** The page's one h1. */
  heading: string;
}

export const pageRoutes: readonly SiteRoute[] = [
  { path: paths.home, heading: site.name },
  { path: paths.about, heading: 'About Me' },
  { path: paths.contact, heading: site.contact.title },
  { path: paths.privacy, heading: 'Privacy' },
  ...categoryPages.map((page) => ({ path: paths.category(page), heading: categoryNamed(page).title })),
];

export const projectRoutes: readonly SiteRoute[] = projects.map((p) => ({ path: p.link, heading: p.title }));

export const allRoutes: readonly SiteRoute[] = [...pageRoutes, ...projectRoutes];

export const missingPath = '/this-page-does-not-exist';

/** Active projects of a category page, in the site's order. */
export const activeProjectsOf = (page: string) => projects.filter((p) => p.page === page && p.active);

/** docs/site.md §3: the projects of Selected Work (featured and active). */
export const featuredTitles = [
  'Admin Portal',
  'Media Annotation Tool',
  'Interactive Survey Platform',
  'Drone Photography',
  'College Sports',
  'Higher Education Report',
];

/** Every project's blocks (the generated per-project modules), by slug. */
export const projectBodies: ReadonlyMap<string, ProjectBody> = new Map(await Promise.all(projects.map(async (p) => [p.slug, await p.loadBody()] as const)));

/** A project's blocks. */
export const bodyOf = (slug: string): ProjectBody => {
  const body = projectBodies.get(slug);
  if (!body) throw new Error(`no project ${slug}`);
  return body;
};

/** The first block of a kind on a project's page, if there is one. */
export function blockOf<T extends Block['type']>(slug: string, type: T): Extract<Block, { type: T }> | undefined {
  return bodyOf(slug).find((b): b is Extract<Block, { type: T }> => b.type === type);
}

/** The images of a project's gallery (none when it has no gallery block). */
export const galleryImagesOf = (slug: string): readonly GalleryImage[] => blockOf(slug, 'gallery')?.images ?? [];

/** docs/site.md §9: how many images each project's gallery shows; every other project has none. */
export const specGalleryCounts: Readonly<Record<string, number>> = {
  'unc-greensboro': 18,
  'drone-photography': 6,
  'college-sports': 12,
  'hugs-camp': 7,
  'data-project-logos': 3,
  'higher-education-annual-report': 11,
  'nonprofit-annual-report': 5,
  'scarlett-jill-brand-guide': 8,
};

/** docs/site.md §2: the back link of a project page, per category. */
export const backLinks: Readonly<Record<string, { name: string; href: string }>> = {
  graphics: { name: 'All Graphics Projects', href: paths.category('graphics') },
  'higher-education': { name: 'All Higher Education Projects', href: paths.category('higher-education') },
  photography: { name: 'All Photography Projects', href: paths.category('photography') },
  'web-design': { name: 'All Web Design Projects', href: paths.category('web-design') },
};
