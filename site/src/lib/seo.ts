import type { Page } from '@/generated/content';
import { navCategories, paths } from '@/config/paths';
import { categoryPage, project, site, socialLinks } from '@/lib/content';

/** What a page says about itself to browsers, crawlers and link previews. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** Absolute URL of the page; absent for the not-found page. */
  readonly canonical?: string;
  /** Absolute URL of the preview image. */
  readonly image?: string;
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
  });
  if (pathname === paths.home) {
    return { ...page(site.name, site.description, paths.home), title: `${site.name} · ${site.taglines.role}` };
  }
  if (pathname === paths.about) return page('About Me', site.about.description, paths.about);
  if (pathname === paths.contactSent || pathname === '/contact/sent') {
    return { ...page('Message sent', site.contact.description, paths.contactSent), noindex: true };
  }
  if (pathname === paths.contact) return page(site.contact.title, site.contact.description, paths.contact);
  const category = navCategories.find((c: Page) => paths.category(c) === pathname);
  if (category) {
    const c = categoryPage(category);
    return page(c.title, c.description, paths.category(category));
  }
  const slug = pathname.startsWith('/projects/') ? pathname.slice('/projects/'.length) : undefined;
  const p = slug ? project(slug) : undefined;
  if (p) {
    return page(p.title, p.description, p.link, {
      image: absolute(p.cover.src),
      type: 'article',
      ...(p.active ? {} : { noindex: true }),
    });
  }
  return { title: `Page not found · ${site.name}`, description: site.description, type: 'website' };
}

/** The owner as schema.org structured data (JSON-LD), for the home page. */
export function personJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: site.name,
    url: absolute(paths.home),
    jobTitle: site.taglines.role,
    description: site.description,
    sameAs: socialLinks().map((s) => s.url),
  };
}
