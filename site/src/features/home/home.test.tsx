import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryImage, HomePhoto, SiteHome } from '@/generated/content';
import { paths } from '@/config/paths';
import { projectsOf, site } from '@/lib/content';
import { pageMeta, photoPreview } from '@/lib/seo';
import { galleryOf } from '@/testing/fixture';
import { renderApp } from '@/testing/test-utils';

// The home page's layouts (site.yaml's home), on the test content's
// photo-set gallery and wireframes' gallery video. The test content itself
// sets no home: each test sets one on the module's site, and puts it back.

const writable = site as { home?: SiteHome; previews: 'cards' | 'photos' };
afterEach(() => {
  delete writable.home;
  writable.previews = 'cards';
});

const asHome = (image: GalleryImage, n: number, slug = 'photo-set'): HomePhoto => ({
  src: image.src,
  width: image.width,
  height: image.height,
  ...(image.srcset ? { srcset: image.srcset } : {}),
  alt: image.alt,
  project: slug,
  photo: n,
});

async function photos(count: number): Promise<HomePhoto[]> {
  const images = (await galleryOf('photo-set')).filter((i) => i.srcset && !i.video);
  return images.slice(0, count).map((image, i) => asHome(image, i + 1));
}

const h1 = () => screen.findByRole('heading', { level: 1, name: site.name });

describe('Home page layouts', () => {
  it('text (no home key): the typographic hero, no photograph, no switch', async () => {
    await renderApp(paths.home);
    await h1();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(pageMeta(paths.home).preload).toBeUndefined();
  });

  it('photo: one photograph with its alt text, the name as h1, the introduction kept, nothing to pause', async () => {
    const [first] = await photos(1);
    writable.home = { layout: 'photo', photos: [first!] };
    await renderApp(paths.home);
    const hero = (await h1()).closest('section')!;
    const img = within(hero).getByRole('img', { name: first!.alt });
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('width', String(first!.width));
    expect(within(hero).getByText(site.taglines.role)).toBeInTheDocument();
    expect(within(hero).getByText(site.taglines.mission)).toBeInTheDocument();
    expect(within(hero).getByText(site.hero)).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('photo: several cross-fade, and a switch pauses them (a checkbox: no script)', async () => {
    const three = await photos(3);
    writable.home = { layout: 'photo', photos: three };
    const { user } = await renderApp(paths.home);
    const hero = (await h1()).closest('section')!;
    for (const p of three) expect(within(hero).getByRole('img', { name: p.alt })).toBeInTheDocument();
    // Only the first is the page's largest paint; the others wait.
    expect(
      within(hero)
        .getAllByRole('img')
        .filter((i) => i.getAttribute('fetchpriority') === 'high'),
    ).toHaveLength(1);
    const pause = screen.getByRole('switch', { name: 'Pause slideshow' });
    expect(pause).not.toBeChecked();
    await user.click(pause);
    expect(pause).toBeChecked();
  });

  /** The first <source> of the picture of the hero's photo named alt: what a browser that shows its type takes. */
  async function firstSource(alt: string) {
    await renderApp(paths.home);
    const img = within((await h1()).closest('section')!).getByRole('img', { name: alt });
    const source = img.parentElement!.querySelector('source')!;
    return { type: source.getAttribute('type'), srcset: source.getAttribute('srcset'), sizes: source.getAttribute('sizes') };
  }

  it('photo: the link preview is the first photograph, preloaded as the page shows it (its AVIF)', async () => {
    const two = (await photos(8)).filter((p) => p.srcset?.avif).slice(0, 2);
    expect(two).toHaveLength(2);
    writable.home = { layout: 'photo', photos: two };
    const meta = pageMeta(paths.home);
    expect(meta.image.url).toBe(new URL(two[0]!.src, site.url).href);
    expect(meta.image.alt).toBe(two[0]!.alt);
    // The preload asks for what the first photo's first <source> asks for:
    // its AVIF, so a browser that shows AVIF fetches one file, not the WebP
    // too.
    expect(meta.preload).toEqual(await firstSource(two[0]!.alt));
    expect(meta.preload?.type).toBe('image/avif');
  });

  it('photo: a photograph without AVIF is preloaded as its WebP', async () => {
    const [first] = await photos(1);
    const { webp, fallback } = first!.srcset!;
    const plain: HomePhoto = { ...first!, srcset: { webp: webp!, fallback } };
    writable.home = { layout: 'photo', photos: [plain] };
    const meta = pageMeta(paths.home);
    expect(meta.preload).toEqual(await firstSource(plain.alt));
    expect(meta.preload).toEqual({ type: 'image/webp', srcset: webp, sizes: meta.preload!.sizes });
  });

  it("photo through the Image CDN (images.delivery: netlify): no <source>, the preload is the <img>'s own srcset, with no type", async () => {
    const [first] = await photos(1);
    const cdn = (w: number) => `/.netlify/images?url=%2Fimg%2Fk-3000.jpg&w=${w}`;
    const photo: HomePhoto = { ...first!, src: cdn(1200), srcset: { fallback: `${cdn(480)} 480w, ${cdn(1200)} 1200w` } };
    writable.home = { layout: 'photo', photos: [photo] };
    await renderApp(paths.home);
    const img = within((await h1()).closest('section')!).getByRole('img', { name: photo.alt });
    expect(img.closest('picture')!.querySelector('source')).toBeNull();
    expect(img).toHaveAttribute('srcset', photo.srcset!.fallback);
    expect(pageMeta(paths.home).preload).toEqual({ srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') });
  });

  it('featured: a list of photographs, each a link to its photo page; the first is the preview', async () => {
    const three = await photos(3);
    writable.home = { layout: 'featured', photos: three };
    await renderApp(paths.home);
    await h1();
    const list = screen.getByRole('list', { name: 'Featured photographs' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', paths.photo('photo-set', 1));
    expect(within(links[1]!).getByRole('img', { name: three[1]!.alt })).toBeInTheDocument();
    expect(pageMeta(paths.home).image.alt).toBe(three[0]!.alt);
    expect(pageMeta(paths.home).preload?.srcset).toBe(three[0]!.srcset!.avif ?? three[0]!.srcset!.webp);
  });

  it('video: muted, looping, inline, over its poster image; a switch pauses it; the poster is the preview', async () => {
    const tile = (await galleryOf('wireframes')).find((i) => i.video)!;
    writable.home = { layout: 'video', video: { video: tile.video!, alt: tile.alt, project: 'wireframes' } };
    await renderApp(paths.home);
    const hero = (await h1()).closest('section')!;
    const poster = within(hero).getByRole('img', { name: tile.alt });
    expect(poster).toHaveAttribute('fetchpriority', 'high');
    const video = hero.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(video.querySelectorAll('source')).toHaveLength(tile.video!.sources.length);
    expect(screen.getByRole('switch', { name: 'Pause video' })).toBeInTheDocument();
    expect(pageMeta(paths.home).image.url).toBe(new URL(tile.video!.poster.src, site.url).href);
  });
});

describe('Link previews of category and project pages (previews)', () => {
  it('cards (the default): the drawn card', () => {
    const slug = site.categories.find((c) => c.built)!.slug;
    expect(pageMeta(paths.category(slug)).image.url).toMatch(/\/img\/cards\//);
  });

  it("photos: the cover of the category's first project", () => {
    writable.previews = 'photos';
    const category = site.categories.find((c) => c.built)!;
    const first = projectsOf(category.slug)[0]!;
    const meta = pageMeta(paths.category(category.slug));
    expect(meta.image).toEqual(photoPreview({ ...first.cover, alt: first.title }));
    expect(meta.image.url).toBe(new URL(first.cover.src, site.url).href);
  });

  it("cards: a public project's page shows its drawn card (the cover under a tint)", () => {
    const p = projectsOf(site.categories.find((c) => c.built)!.slug)[0]!;
    expect(pageMeta(p.link).image.url).toMatch(/\/img\/cards\//);
  });

  it("photos: a project's page shows its cover as it is, no card drawn over it", () => {
    writable.previews = 'photos';
    for (const category of site.categories.filter((c) => c.built)) {
      for (const p of projectsOf(category.slug)) {
        const meta = pageMeta(p.link);
        expect(meta.image).toEqual(photoPreview({ ...p.cover, alt: p.title }));
        expect(meta.image.url, p.link).not.toMatch(/\/img\/cards\//);
      }
    }
  });
});
