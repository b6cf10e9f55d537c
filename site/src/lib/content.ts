import * as generated from '@/generated/content';
import type { Category, GalleryImage, ImageAsset, Project, ProjectBody, Site, SiteHome } from '@/generated/content';
import type { Lang } from '@/i18n/lang';
import { mainLanguage } from '@/lib/languages';

/** A category's card fields (site.yaml `card`). */
export type CardFields = Category['card'];

// Typed selectors over the generated module: pages ask for what they show,
// and the rules of docs/site.md §4 (visibility) live here, once.

/** What the generated module of one language holds. */
interface ContentModule {
  readonly site: Site;
  readonly projects: readonly Project[];
}

/**
 * Each language's content: the default's module, and for each other
 * language of the site its own (src/generated/lang/<lang>/content.ts, its
 * texts merged over the default's), read with the server's code only
 * (no island imports this module).
 */
const modules = new Map<string, ContentModule>([[mainLanguage, generated]]);
for (const [file, m] of Object.entries(import.meta.glob<ContentModule>('@/generated/lang/*/content.ts', { eager: true }))) {
  const lang = /\/lang\/([a-z]{2})\/content\.ts$/.exec(file)?.[1];
  if (lang) modules.set(lang, m);
}

/** The site's settings and texts, in the language shown (showLanguage). */
export let site: Site = generated.site;
let projects: readonly Project[] = generated.projects;

/**
 * Chooses the language the selectors and `site` read: the prerender and
 * the development server call it before each page, which they render in
 * one synchronous pass (entry-server.tsx, render; decision 0116).
 */
export function showLanguage(lang: Lang): void {
  const m = modules.get(lang);
  if (!m) throw new Error(`no content in ${lang}: src/generated/lang/${lang}/content.ts is missing (run \`portfolio generate\`)`);
  ({ site, projects } = m);
}

/**
 * Whether a project appears in listings: active and public. A private
 * project (`access: private`) is in none: its page is for the client who
 * has the owner's secret (docs/decisions/0080).
 */
export const listed = (p: Project): boolean => p.active && p.access !== 'private';

/**
 * The project's title in the default language: what a favourites list
 * names, in every language, since the host checks it against the title it
 * was built with (private-gate.json; decisions 0080, 0116).
 */
export const hostTitle = (p: Project): string => generated.projects.find((q) => q.slug === p.slug)?.title ?? p.title;

/** Whether a project is shown only behind the owner's secret. */
export const isPrivate = (p: Project): boolean => p.access === 'private';

/** Projects shown in the home page's Selected Work: featured and listed. */
export function featuredProjects(): readonly Project[] {
  return projects.filter((p) => p.featured && listed(p));
}

/** What the home page shows first: site.yaml's home, the text hero when it names none. */
export function homeLayout(): SiteHome {
  return site.home ?? { layout: 'text' };
}

/**
 * The photograph the home page shows first, with its alt text: the first
 * photo of the photo and featured layouts, the video's poster; none for
 * the text hero.
 */
export function homePhoto(home: SiteHome = homeLayout()): (ImageAsset & { readonly alt: string }) | undefined {
  if (home.layout === 'photo' || home.layout === 'featured') return home.photos[0];
  if (home.layout === 'video') return { ...home.video.video.poster, alt: home.video.alt };
  return undefined;
}

/** A picture's shape, width over height. */
const ratioOf = (image: { readonly width: number; readonly height: number }) => Number((image.width / image.height).toFixed(4));

/**
 * The frame of the photo and video layouts: across the page, as tall as
 * this at each width (from MUI's md breakpoint, 900 px), never under `min`
 * px; heroPhoneSteps keeps it shorter on a phone. PhotoHero draws it;
 * heroSizes reads it.
 */
export const HERO_FRAME = { xs: 'min(72svh, 640px)', md: 'min(82svh, 920px)', min: 320 } as const;

/** A picture's size in pixels: its largest file's. */
type Pixels = { readonly width: number; readonly height: number };

/**
 * A phone's frame, kept no taller than its pictures can fill at one image
 * pixel per device pixel (issue 52). Cover draws a picture wider than the
 * frame at the frame's height, so on a phone the height is what runs out:
 * a 2,400 × 1,500 photo in the 585-px frame of an 812-px phone at 3× gave
 * 0.86 image pixel per device pixel. Above each device-pixel ratio `over`,
 * the frame is at most the shortest picture's height over `dpr` (the ratio
 * the step reaches, so 2.625 and 2.75 get 3's): only the steps that bind
 * (shorter than the frame's own 640 px), the largest first, as `sizes`
 * reads its conditions. A screen wide enough for md keeps its frame.
 */
export interface PhoneFrameStep {
  /** The media condition: a phone's width, past this device-pixel ratio. */
  readonly media: string;
  /** The frame's height there. */
  readonly height: string;
}

const SHARP_STEPS = [
  { over: 3, dpr: 4 },
  { over: 2, dpr: 3 },
  { over: 1, dpr: 2 },
] as const;

/** The phone steps of a frame showing `pictures` (decision 0119). */
export function heroPhoneSteps(pictures: readonly Pixels[]): readonly PhoneFrameStep[] {
  const shortest = Math.min(...pictures.map((p) => p.height));
  if (!Number.isFinite(shortest)) return [];
  return SHARP_STEPS.filter(({ dpr }) => shortest / dpr < 640).map(({ over, dpr }) => ({
    media: `(max-width: 899.95px) and (min-resolution: ${over}.01dppx)`,
    height: `min(72svh, ${Math.floor(shortest / dpr)}px)`,
  }));
}

/**
 * How wide the photo and video layouts draw a picture (its <img>'s sizes,
 * and its preload's), in a frame that shows `pictures` (the slideshow's
 * photos, or the video's poster; it alone when not given). It fills the
 * frame (object-fit: cover): a picture wider than the frame's shape is
 * drawn at the frame's height and cropped at its sides, wider than the
 * page. On a 375 × 812 phone a 16:10 photo is drawn 935 px wide in a 375 ×
 * 585 frame, and `100vw` chose a file for 375 px (800 px wide at 2×),
 * enlarged 2.3 times. Its shape is known at build time, so the width is
 * the larger of the page's and the frame's height times it (decision 86).
 */
export function heroSizes(image: Pixels, pictures: readonly Pixels[] = [image]): string {
  const drawn = (height: string) => `max(100vw, calc(max(${HERO_FRAME.min}px, ${height}) * ${ratioOf(image)}))`;
  const steps = heroPhoneSteps(pictures).map((s) => `${s.media} ${drawn(s.height)}`);
  return [`(min-width: 900px) ${drawn(HERO_FRAME.md)}`, ...steps, drawn(HERO_FRAME.xs)].join(', ');
}

/** The pictures the photo and video layouts' frame shows: the photos, or the video's poster. */
export function heroPictures(home: SiteHome): readonly Pixels[] {
  if (home.layout === 'photo') return home.photos;
  if (home.layout === 'video') return [home.video.video.poster];
  return [];
}

/**
 * How wide a photo's page draws its photo (its <img>'s sizes, and its
 * preload's): the page's width less its margins, or from 1200 px the
 * container's; beside the caption's 18rem column and a 32-px gap from 900 px
 * when the photo has a caption or facts.
 */
export function photoPageSizes(image: { readonly caption?: string; readonly exif?: unknown }): string {
  return image.caption || image.exif
    ? '(min-width: 1200px) 832px, (min-width: 900px) calc(100vw - 23rem), calc(100vw - 32px)'
    : '(min-width: 1200px) 1152px, calc(100vw - 32px)';
}

/** The featured layout's tiles: 4 wide by 5 high (portrait), whatever the photo's shape. */
export const FEATURED_TILE = { width: 4, height: 5 } as const;

/** How wide a featured tile is: two columns on phones, three from 600 px, four from 900 px, in a container at most 1200 px wide. */
const FEATURED_TILE_WIDTHS: readonly (readonly [media: string, width: string])[] = [
  ['(min-width: 1200px) ', '290px'],
  ['(min-width: 900px) ', '24vw'],
  ['(min-width: 600px) ', '32vw'],
  ['', '49vw'],
];

/**
 * How wide a featured photo is drawn (its <img>'s sizes, and the first
 * one's preload): its tile's width, times how much wider than the tile's
 * shape the photo is, since it fills the tile (object-fit: cover): a 16:10
 * photo in a 4:5 tile is drawn twice the tile's width (decision 86).
 */
export function featuredSizes(image: { readonly width: number; readonly height: number }): string {
  const wider = Number(Math.max(1, ratioOf(image) / (FEATURED_TILE.width / FEATURED_TILE.height)).toFixed(4));
  return FEATURED_TILE_WIDTHS.map(([media, width]) => media + (wider > 1 ? `calc(${width} * ${wider})` : width)).join(', ');
}

/** The active projects of one category page. */
export function projectsOf(slug: string): readonly Project[] {
  return projects.filter((p) => p.page === slug && listed(p));
}

/**
 * The category pages the site has, in the navigation's order: those of
 * site.yaml with an active project, or kept while empty (`built`, worked out
 * by the generator). The site names no category of its own.
 */
export function categories(): readonly Category[] {
  return site.categories.filter((c) => c.built);
}

/** The category a project names, if the site has its page. */
export function categoryOf(p: Project): Category | undefined {
  return categories().find((c) => c.slug === p.page);
}

/** Every field a card can show: a category that says nothing shows them all. */
const allCardFields: CardFields = { category: true, description: true, role: true, skills: true };

/** What a project's card shows beside its cover and title: its category's choice (site.yaml `card`). */
export function cardFields(p: Project): CardFields {
  return site.categories.find((c) => c.slug === p.page)?.card ?? allCardFields;
}

/**
 * The project with this slug. Every project has its page, an inactive one
 * included: inactive only keeps it out of the listings.
 */
export function project(slug: string): Project | undefined {
  return projects.find((p) => p.slug === slug);
}

// By project: each language's project is its own object, with its own body.
const bodies = new Map<Project, { promise: Promise<ProjectBody>; body?: ProjectBody }>();

/**
 * Loads the blocks of a project's page (each project's body is its own
 * chunk). Loaded once per project (and language); a failed load is tried again next time.
 */
export function loadProjectBody(p: Project): Promise<ProjectBody> {
  let entry = bodies.get(p);
  if (!entry) {
    const loading = { promise: p.loadBody() } as { promise: Promise<ProjectBody>; body?: ProjectBody };
    loading.promise.then(
      (body) => (loading.body = body),
      () => bodies.delete(p),
    );
    bodies.set(p, loading);
    entry = loading;
  }
  return entry.promise;
}

/** The blocks of a project's page if loaded already (the prerender and main.tsx load them first). */
export function loadedProjectBody(p: Project): ProjectBody | undefined {
  return bodies.get(p)?.body;
}

/** The images of a project's gallery block (none when its body has no gallery). */
export function galleryImages(body: ProjectBody | undefined): readonly GalleryImage[] {
  return body?.find((b) => b.type === 'gallery')?.images ?? [];
}

/** Every project, each of which has a page. */
export function allProjects(): readonly Project[] {
  return projects;
}

const socialKinds = ['professionalNetwork', 'codeHosting', 'microblog', 'photoSharing'] as const;

/** One of the owner's profiles: which kind, its service's name and address. */
export interface SocialLink {
  readonly kind: (typeof socialKinds)[number];
  readonly label: string;
  readonly url: string;
}

/**
 * The owner's social profiles, in the order the site shows them: only the
 * ones site.yaml gives (every one is optional).
 */
export function socialLinks(social: typeof site.social = site.social): readonly SocialLink[] {
  return socialKinds.flatMap((kind) => {
    const link = social?.[kind];
    return link ? [{ kind, label: link.label, url: link.url }] : [];
  });
}
