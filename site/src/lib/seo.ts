import type { Page, Project, ProjectBody } from '@/generated/content';
// Written by `portfolio images` beside images.json: route → social preview card.
import cards from '@/generated/cards.json';
import { navCategories, paths, projectSlug, samePath } from '@/config/paths';
import { categoryPage, project, site, socialLinks } from '@/lib/content';

/** A page's social preview card (1200×630 JPEG), with an absolute URL. */
export interface PreviewImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

type CardEntry = { file: string; width: number; height: number; alt: string };

/** The card of a route (as `portfolio images` names them: '/', '/about', '/404', '/projects/x'). */
export function card(route: string): PreviewImage {
  const c = (cards as Record<string, CardEntry>)[route];
  if (!c) throw new Error(`no social preview card for ${route} in src/generated/cards.json: run \`portfolio images\``);
  return { url: absolute(c.file), width: c.width, height: c.height, alt: c.alt };
}

/** What a page says about itself to browsers, crawlers and link previews. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** Absolute URL of the page; absent for the not-found page. */
  readonly canonical?: string;
  /** The social preview card. */
  readonly image: PreviewImage;
  readonly type: 'website' | 'article';
  /** Keep out of search results and the sitemap (an inactive project's page). */
  readonly noindex?: boolean;
}

const absolute = (path: string) => new URL(path, site.url).href;

/** The metadata of the page at pathname (as a route path: '/', '/about'…). */
export function pageMeta(pathname: string): PageMeta {
  const page = (title: string, description: string, path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
    title: `${title} · ${site.name}`,
    description,
    canonical: absolute(path),
    type: 'website',
    ...extra,
    image: extra.image ?? card(path),
  });
  if (pathname === paths.home) {
    return { ...page(site.name, site.description, paths.home), title: `${site.name} · ${site.taglines.role}` };
  }
  if (pathname === paths.about) return page('About Me', site.about.description, paths.about);
  if (samePath(pathname, paths.contactSent)) {
    return page('Message sent', site.contact.description, paths.contactSent, { image: card(paths.contact), noindex: true });
  }
  if (pathname === paths.contact) return page(site.contact.title, site.contact.description, paths.contact);
  if (pathname === paths.privacy) {
    return page('Privacy', `What ${site.name}'s site collects about visitors, and whom to ask.`, paths.privacy);
  }
  const category = navCategories.find((c: Page) => paths.category(c) === pathname);
  if (category) {
    const c = categoryPage(category);
    return page(c.title, c.description, paths.category(category));
  }
  const slug = projectSlug(pathname);
  const p = slug ? project(slug) : undefined;
  if (p) {
    return page(p.title, p.description, p.link, {
      type: 'article',
      ...(p.active ? {} : { noindex: true }),
    });
  }
  return { title: `Page not found · ${site.name}`, description: site.description, image: card(paths.notFound), type: 'website' };
}

// --- Structured data (schema.org JSON-LD) ------------------------------------
// What Google's structured data documentation lists as required or
// recommended for each type is given (e2e/share.spec.ts checks it on the
// built pages).

type Json = { readonly [key: string]: unknown };

/** The owner, with the home page's card as image (the site has no portrait). */
function person(): Json {
  return {
    '@type': 'Person',
    '@id': `${absolute(paths.home)}#person`,
    name: site.name,
    url: absolute(paths.home),
    image: card(paths.home).url,
    jobTitle: site.taglines.role,
    description: site.description,
    sameAs: socialLinks().map((s) => s.url),
  };
}

/** A reference to the owner by id, with the name for consumers that do not resolve ids. */
const author = (): Json => ({ '@type': 'Person', '@id': `${absolute(paths.home)}#person`, name: site.name, url: absolute(paths.home) });

/**
 * The structured data of the page at pathname: on the home page the
 * ProfilePage about the owner (Person) and the WebSite; on a project page
 * its BreadcrumbList, a CreativeWork for a case study and an ImageGallery
 * for a gallery (the body's blocks, loaded). Undefined for other pages.
 */
export function structuredData(pathname: string, body?: ProjectBody): Json | undefined {
  if (pathname === paths.home) {
    return {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'ProfilePage',
          '@id': absolute(paths.home),
          url: absolute(paths.home),
          name: pageMeta(paths.home).title,
          description: site.description,
          mainEntity: person(),
        },
        {
          '@type': 'WebSite',
          '@id': `${absolute(paths.home)}#website`,
          url: absolute(paths.home),
          name: site.name,
          alternateName: new URL(site.url).host,
          description: site.description,
          inLanguage: 'en',
          publisher: author(),
        },
      ],
    };
  }
  const slug = projectSlug(pathname);
  const p = slug ? project(slug) : undefined;
  if (!p) return undefined;
  const category = categoryPage(p.page);
  const graph: Json[] = [
    {
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: site.name, item: absolute(paths.home) },
        { '@type': 'ListItem', position: 2, name: category.title, item: absolute(paths.category(p.page)) },
        { '@type': 'ListItem', position: 3, name: p.title, item: absolute(p.link) },
      ],
    },
  ];
  for (const block of body ?? []) {
    if (block.type === 'caseStudy') graph.push(creativeWork(p, block.technologies, block.hero.src));
    if (block.type === 'gallery') graph.push(imageGallery(p, block.images));
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

function creativeWork(p: Project, technologies: readonly string[], hero: string): Json {
  return {
    '@type': 'CreativeWork',
    '@id': `${absolute(p.link)}#work`,
    name: p.title,
    headline: p.title,
    alternativeHeadline: p.subtitle,
    description: p.description,
    url: absolute(p.link),
    image: [absolute(hero), card(p.link).url],
    genre: p.category,
    keywords: [...new Set([...p.skills, ...technologies])].join(', '),
    author: author(),
    creator: author(),
    inLanguage: 'en',
  };
}

function imageGallery(p: Project, images: ProjectBodyGallery): Json {
  return {
    '@type': 'ImageGallery',
    '@id': `${absolute(p.link)}#gallery`,
    name: p.title,
    description: p.description,
    url: absolute(p.link),
    author: author(),
    associatedMedia: images.map((image) => ({
      '@type': 'ImageObject',
      contentUrl: absolute(image.src),
      url: absolute(image.src),
      name: image.alt,
      ...(image.caption ? { caption: image.caption } : {}),
      creator: author(),
      creditText: site.name,
      copyrightNotice: `© ${site.name}`,
    })),
  };
}

type ProjectBodyGallery = Extract<ProjectBody[number], { type: 'gallery' }>['images'];
