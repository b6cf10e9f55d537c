import type { GalleryImage, ImageAsset, PhotoFacts, Project, ProjectBody } from '@/generated/content';
// Written by `portfolio images` beside images.json: route → social preview card.
import cards from '@/generated/cards.json';
import { paths, photoOf, projectSlug, samePath } from '@/config/paths';
import { messagesFor, type Lang } from '@/i18n';
import { localize, mainLanguage, multilingual, siteLanguages } from '@/lib/languages';
import { factsOf } from '@/lib/photofacts';
import {
  categories,
  categoryOf,
  featuredSizes,
  galleryImages,
  heroPictures,
  heroSizes,
  homeLayout,
  homePhoto,
  isPrivate,
  listed,
  loadedProjectBody,
  photoPageSizes,
  project,
  projectsOf,
  site,
  socialLinks,
} from '@/lib/content';

/** A page's social preview card (1200×630 JPEG), with an absolute URL. */
export interface PreviewImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
  /** Its media type, when not the cards' JPEG. */
  readonly type?: 'image/jpeg' | 'image/png';
}

type CardEntry = { file: string; width: number; height: number; alt: string };

/**
 * The card of a route (as `portfolio images` names them: '/', '/about',
 * '/404', '/projects/x') in `lang`: another language's card is at that
 * language's address ('/sv/about'), drawn with its title (decision 0123).
 */
export function card(route: string, lang: Lang = mainLanguage): PreviewImage {
  const at = localize(route, lang);
  const c = (cards as Record<string, CardEntry>)[at];
  if (!c) throw new Error(`no social preview card for ${at} in src/generated/cards.json: run \`portfolio images\``);
  return { url: absolute(c.file), width: c.width, height: c.height, alt: c.alt };
}

/**
 * A photo as its own link preview: its plain `src` variant (a JPEG about
 * 1200 px wide, the size link previews ask for; PNG for a transparent
 * image, the photo's own address for an external one), with that variant's
 * width from the fallback srcset and the height that keeps the ratio.
 */
export function photoPreview(image: ImageAsset & { readonly alt: string }): PreviewImage {
  const candidate = image.srcset?.fallback
    .split(',')
    .map((c) => c.trim().split(/\s+/))
    .find(([src]) => src === image.src);
  const width = candidate ? Number.parseInt(candidate[1] ?? '', 10) : image.width;
  return {
    url: absolute(image.src),
    width,
    height: Math.round((width * image.height) / image.width),
    alt: image.alt,
    ...(/\.png(?:[?#&]|$)/i.test(image.src) ? { type: 'image/png' as const } : {}),
  };
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
  /**
   * On a site in several languages (decision 0116): the page's address in
   * each language (hreflang) and x-default, the default language's; its
   * og:locale and the other languages' (og:locale:alternate).
   */
  readonly languages?: PageLanguages;
  /** The image to preload at high priority, the page's largest paint (the home page's photograph, a photo page's photo): the candidates of its first <source> (AVIF, else WebP) and its sizes, or the image host's, which negotiates the format. */
  readonly preload?: ImagePreload;
}

/** A page's versions in the site's languages. */
export interface PageLanguages {
  /** hreflang → absolute URL, every language then x-default. */
  readonly alternates: readonly { readonly hreflang: string; readonly href: string }[];
  /** The Open Graph locale of the page (en_GB) and of its other versions. */
  readonly locale: string;
  readonly localeAlternates: readonly string[];
}

/** The Open Graph spelling of a language's locale: sv-SE is sv_SE. */
const ogLocale = (lang: Lang) => messagesFor(lang).locale.replace('-', '_');

/** The versions of the page at `path` (a default-language path) shown in `lang`, on a site in several languages. */
export function pageLanguages(path: string, lang: Lang): PageLanguages | undefined {
  if (!multilingual) return undefined;
  return {
    alternates: [
      ...siteLanguages.map((l) => ({ hreflang: l, href: absolute(localize(path, l)) })),
      { hreflang: 'x-default', href: absolute(localize(path, mainLanguage)) },
    ],
    locale: ogLocale(lang),
    localeAlternates: siteLanguages.filter((l) => l !== lang).map(ogLocale),
  };
}

/**
 * A `<link rel=preload as=image>` that matches an image's first <source>:
 * a browser that shows that type preloads what its <picture> will take, one
 * that does not skips the preload (it would fetch a file the page never
 * uses). With an image host that negotiates the format, it matches the
 * <img> and has no type.
 */
export interface ImagePreload {
  readonly type?: 'image/avif' | 'image/webp';
  readonly srcset: string;
  readonly sizes: string;
}

/**
 * The home page's photograph, preloaded as the page shows it: the first of
 * the photo layout (across the page), the video's poster, the first of
 * the featured grid; nothing for the text hero.
 */
function homePreload(): ImagePreload | undefined {
  const home = homeLayout();
  const photo = homePhoto(home);
  if (!photo?.srcset) return undefined;
  const sizes = home.layout === 'featured' ? featuredSizes(photo) : heroSizes(photo, heroPictures(home));
  return imagePreload(photo, sizes);
}

/** The preload of an image drawn at `sizes`: its first <source>'s candidates (AVIF, else WebP), or its <img>'s. */
function imagePreload(image: ImageAsset, sizes: string): ImagePreload | undefined {
  if (!image.srcset) return undefined;
  const { avif, webp, fallback } = image.srcset;
  if (avif) return { type: 'image/avif', srcset: avif, sizes };
  return webp ? { type: 'image/webp', srcset: webp, sizes } : { srcset: fallback, sizes };
}

/**
 * A category page's link preview with `previews: photos`: the cover of its
 * first project (the cards' order), named by the project's title.
 */
function categoryPreview(slug: string): PreviewImage | undefined {
  const first = site.previews === 'photos' ? projectsOf(slug)[0] : undefined;
  return first && photoPreview({ ...first.cover, alt: first.title });
}

const absolute = (path: string) => new URL(path, site.url).href;

/** The metadata of the page at pathname (as a route path: '/', '/about'…). */
export function pageMeta(pathname: string, lang: Lang = mainLanguage): PageMeta {
  const t = messagesFor(lang);
  const languages = (path: string) => {
    const l = pageLanguages(path, lang);
    return l ? { languages: l } : {};
  };
  const page = (title: string, description: string, path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
    title: `${title} · ${site.name}`,
    description,
    canonical: absolute(localize(path, lang)),
    type: 'website',
    ...extra,
    image: extra.image ?? card(path, lang),
    ...languages(path),
  });
  if (pathname === paths.home) {
    // The photograph the page opens with is its link preview too.
    const photo = homePhoto();
    const preload = homePreload();
    return {
      ...page(site.name, site.description, paths.home, photo ? { image: photoPreview(photo) } : {}),
      title: `${site.name} · ${site.taglines.role}`,
      ...(preload ? { preload } : {}),
    };
  }
  if (pathname === paths.about) return page(t.site.titles.about, site.about.description, paths.about);
  if (samePath(pathname, paths.contactSent)) {
    return page(t.site.titles.sent, site.contact.description, paths.contactSent, { image: card(paths.contact, lang), noindex: true });
  }
  if (pathname === paths.contact) return page(site.contact.title, site.contact.description, paths.contact);
  if (pathname === paths.privacy) {
    return page(t.site.titles.privacy, t.site.titles.privacyDescription(site.name), paths.privacy);
  }
  const category = categories().find((c) => paths.category(c.slug) === pathname);
  if (category) {
    const image = categoryPreview(category.slug);
    return page(category.title, category.description, paths.category(category.slug), image ? { image } : {});
  }
  const photo = photoOf(pathname);
  const ofPhoto = photo && project(photo.slug);
  // A photo's page: loaded with its project's body (routes.tsx), so its image is known here.
  const images = ofPhoto ? galleryImages(loadedProjectBody(ofPhoto)) : [];
  const image = photo && images[photo.n - 1];
  if (ofPhoto && image) {
    // Its own address is its canonical (a link preview shows that photo), but
    // every photo's page is noindex and out of the sitemap: search engines get
    // the project page, whose ImageGallery names each photo
    // (docs/decisions/0057-photo-pages-are-shared-not-indexed.md).
    const description = image.caption ?? (image.alt.split(': ').slice(1).join(': ') || ofPhoto.description);
    // Its photo, the largest paint, is asked for before the body is read
    // (a video's poster is not: its player shows it). Decision 0109.
    const preload = image.video ? undefined : imagePreload(image, photoPageSizes(image));
    return page(t.gallery.photoTitle(ofPhoto.title, photo.n, images.length), description, paths.photoAt(ofPhoto.link, photo.n), {
      type: 'article',
      image: photoPreview(image),
      noindex: true,
      ...(preload ? { preload } : {}),
    });
  }
  const slug = projectSlug(pathname);
  const p = slug ? project(slug) : undefined;
  if (p) {
    return page(p.title, p.description, p.link, {
      type: 'article',
      ...(listed(p) ? {} : { noindex: true }),
      // With `previews: photos`, the cover as it is, no card drawn over it. A
      // private project has no social card: its cover, behind the same
      // secret, is its preview.
      ...(site.previews === 'photos' || isPrivate(p) ? { image: photoPreview({ ...p.cover, alt: p.title }) } : {}),
    });
  }
  return { title: `${t.site.titles.notFound} · ${site.name}`, description: site.description, image: card(paths.notFound, lang), type: 'website' };
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
 * for a gallery (the body's blocks, loaded); on a photo's page whose
 * gallery shows the facts, its ImageObject. Undefined for other pages.
 */
export function structuredData(pathname: string, body?: ProjectBody, lang: Lang = mainLanguage): Json | undefined {
  // The page's own addresses in its language; the owner (Person) is one, at the default's home.
  const at = (path: string) => absolute(localize(path, lang));
  if (pathname === paths.home) {
    return {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'ProfilePage',
          '@id': at(paths.home),
          url: at(paths.home),
          name: pageMeta(paths.home, lang).title,
          description: site.description,
          mainEntity: person(),
        },
        {
          '@type': 'WebSite',
          '@id': `${at(paths.home)}#website`,
          url: at(paths.home),
          name: site.name,
          alternateName: new URL(site.url).host,
          description: site.description,
          inLanguage: lang,
          publisher: author(),
        },
      ],
    };
  }
  const photo = photoOf(pathname);
  const ofPhoto = photo && project(photo.slug);
  // A private project's pages carry no structured data: nothing of it is for search engines.
  const ofProject = ofPhoto ?? project(projectSlug(pathname) ?? '');
  if (ofProject && isPrivate(ofProject)) return undefined;
  // A photo's page: an ImageObject when its gallery shows the photos' facts.
  const image = ofPhoto ? galleryImages(loadedProjectBody(ofPhoto))[photo.n - 1] : undefined;
  if (image?.exif) return { '@context': 'https://schema.org', ...photoObject(image, image.exif, lang) };
  const slug = projectSlug(pathname);
  const p = slug ? project(slug) : undefined;
  if (!p) return undefined;
  // Home › category › project; an inactive project whose category has no
  // page (no active project) is home › project.
  const category = categoryOf(p);
  const trail = [
    { name: site.name, item: at(paths.home) },
    ...(category ? [{ name: category.title, item: at(paths.category(category.slug)) }] : []),
    { name: p.title, item: at(p.link) },
  ];
  const graph: Json[] = [
    {
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, ...t })),
    },
  ];
  for (const block of body ?? []) {
    if (block.type === 'caseStudy') graph.push(creativeWork(p, block.technologies, block.hero.src, lang));
    if (block.type === 'gallery') graph.push(imageGallery(p, block.images, lang));
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

function creativeWork(p: Project, technologies: readonly string[], hero: string, lang: Lang): Json {
  const url = absolute(localize(p.link, lang));
  return {
    '@type': 'CreativeWork',
    '@id': `${url}#work`,
    name: p.title,
    headline: p.title,
    alternativeHeadline: p.subtitle,
    description: p.description,
    url,
    image: [absolute(hero), card(p.link, lang).url],
    genre: p.category,
    keywords: [...new Set([...p.skills, ...technologies])].join(', '),
    author: author(),
    creator: author(),
    inLanguage: lang,
  };
}

function imageGallery(p: Project, images: ProjectBodyGallery, lang: Lang): Json {
  const url = absolute(localize(p.link, lang));
  return {
    '@type': 'ImageGallery',
    '@id': `${url}#gallery`,
    name: p.title,
    description: p.description,
    url,
    // Only where the site has several languages: the sample's pages stay as they were.
    ...(multilingual ? { inLanguage: lang } : {}),
    author: author(),
    associatedMedia: images.map(imageObject),
  };
}

/** A photo of a gallery as an ImageObject. */
function imageObject(image: GalleryImage): Json {
  return {
    '@type': 'ImageObject',
    contentUrl: absolute(image.src),
    url: absolute(image.src),
    name: image.alt,
    ...(image.caption ? { caption: image.caption } : {}),
    creator: author(),
    creditText: site.name,
    copyrightNotice: `© ${site.name}`,
  };
}

/** A photo's own page with its facts: its ImageObject with them as exifData (PropertyValues) and its date taken as dateCreated. */
function photoObject(image: GalleryImage, exif: PhotoFacts, lang: Lang): Json {
  const facts = factsOf(exif, messagesFor(lang).facts).filter((f) => !f.dateTime);
  return {
    ...imageObject(image),
    exifData: facts.map((f) => ({
      '@type': 'PropertyValue',
      name: f.name,
      value: f.key === 'iso' ? exif.iso : f.text,
    })),
    ...(exif.taken ? { dateCreated: exif.taken } : {}),
  };
}

type ProjectBodyGallery = Extract<ProjectBody[number], { type: 'gallery' }>['images'];
