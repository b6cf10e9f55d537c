import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { paths } from '@/config/paths';
import { Gallery } from '@/features/gallery/Gallery';
import { PhotoView } from '@/features/gallery/PhotoView';
import { readTile, TILE_SELECTOR, tileAttributes, type TileSlide } from '@/features/gallery/tile';
import type { GalleryImage, ImageAsset } from '@/generated/content';
import { allProjects, loadProjectBody, site } from '@/lib/content';
import { fixtureProject, galleryOf } from '@/testing/fixture';
import { renderWithProviders } from '@/testing/test-utils';

// A tile's write/read pair (tile.ts): what a tile's markup carries for the
// lightbox island, and the slide the island reads back from it.

/** An image as a tile gives it back: the placeholder (painted behind the image, never read) left out, a video's poster too. */
function withoutPlaceholder<T extends ImageAsset>(image: T): T {
  return Object.fromEntries(Object.entries(image).filter(([key]) => key !== 'placeholder')) as T;
}
function asRead(image: GalleryImage): GalleryImage {
  const read = withoutPlaceholder(image);
  return read.video ? { ...read, video: { ...read.video, poster: withoutPlaceholder(read.video.poster) } } : read;
}

/** The slide each of the document's tiles is read as, in order. */
const slidesOnPage = () => [...document.querySelectorAll(TILE_SELECTOR)].map(readTile);

/** The slides a gallery's tiles must be read as: each image, at its index, with its photo's page. */
const slidesOf = (slug: string, images: readonly GalleryImage[]): TileSlide[] =>
  images.map((image, i) => ({ index: i, image: asRead(image), address: new URL(paths.photo(slug, i + 1), location.href).href }));

const wireframes = await galleryOf('wireframes');
const video = wireframes[1]!;
const galleries = await Promise.all(allProjects().map(async (p) => ({ p, images: (await loadProjectBody(p)).find((b) => b.type === 'gallery')?.images })));
const external: GalleryImage = { src: 'https://portfolio.example.com/3.jpg', width: 1200, height: 800, alt: 'Test Project 3', label: 'Open image 3' };
const cdn = (w: number) => `/.netlify/images?url=%2Fimg%2Fk-3000.jpg&w=${w}`;
/** An image of a site with images.delivery: netlify: one srcset, of the Image CDN's addresses. */
const throughCDN: GalleryImage = { ...wireframes[0]!, src: cdn(800), srcset: { fallback: `${cdn(480)} 480w, ${cdn(800)} 800w` } };
/** A photograph of such a site: its AVIF asked for by name too (decision 0104). */
const photoThroughCDN: GalleryImage = { ...throughCDN, srcset: { avif: `${cdn(480)}&fm=avif 480w, ${cdn(800)}&fm=avif 800w`, ...throughCDN.srcset! } };

describe('tileAttributes and readTile', () => {
  const cases: [string, GalleryImage, { videoLinksToFile?: boolean; current?: boolean }][] = [
    ['an image', wireframes[0]!, {}],
    ['an image with a caption', { ...wireframes[0]!, caption: 'The quad, "6 a.m." <dawn> & after' }, {}],
    ['an external image (no srcset)', external, {}],
    ['an image through the Image CDN (one srcset, no WebP source)', throughCDN, {}],
    ['a photograph through the Image CDN (its AVIF source, no WebP source)', photoThroughCDN, {}],
    ["a video, linked to its page (a photo page's strip), the current one", video, { current: true }],
    ['a video, linked to its file (the gallery)', video, { videoLinksToFile: true }],
    ['a video with a caption, linked to its file', { ...video, caption: 'A one-second clip' }, { videoLinksToFile: true }],
  ];
  it.each(cases)('read back what they wrote: %s', (_, image, options) => {
    const page = '/projects/wireframes/photos/7';
    render(
      <a {...tileAttributes({ image, index: 6, page, describedBy: 'duration', label: image.label, ...options })}>
        <ResponsiveImage image={image} alt={image.alt} sizes="64px" />
      </a>,
    );

    expect(readTile(screen.getByRole('link'))).toStrictEqual({ index: 6, image: asRead(image), address: new URL(page, location.href).href });
  });
});

describe("the island's reader", () => {
  // Every gallery of the test content (a video among them), and one with a caption on every item.
  const cases: [string, string, readonly GalleryImage[]][] = galleries.flatMap(({ p, images }) => (images ? [[p.slug, p.slug, images] as const] : []));
  cases.push(['wireframes, every item captioned', 'wireframes', wireframes.map((image, i) => ({ ...image, caption: `Caption ${i + 1}` }))]);

  it.each(cases)("reads each of a gallery's tiles as its image and page: %s", (_, slug, images) => {
    const p = fixtureProject(slug);
    renderWithProviders(<Gallery images={images} columns={site.gallery.columns} title={p.title} slug={slug} />);
    expect(slidesOnPage()).toStrictEqual(slidesOf(slug, images));
  });

  it.each(cases)("reads each tile of a photo page's strip as its image and page: %s", (_, slug, images) => {
    const p = fixtureProject(slug);
    renderWithProviders(<PhotoView project={p} images={images} n={images.length} />);
    expect(slidesOnPage()).toStrictEqual(slidesOf(slug, images));
  });
});
