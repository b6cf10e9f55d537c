import { describe, expect, it } from 'vitest';
import { growTransform, pageShowsAvif, srcSetOf, toSlide } from '@/features/gallery/GalleryLightbox';
import { en } from '@/i18n/en';
import type { GalleryImage } from '@/generated/content';
import { galleryOf } from '@/testing/fixture';

/** A portrait photo from the image pipeline: three WebP and three JPEG widths. */
const portrait: GalleryImage = {
  src: '/img/p-800.jpg',
  width: 1333,
  height: 2000,
  srcset: {
    webp: '/img/p-480.webp 480w, /img/p-800.webp 800w, /img/p-1333.webp 1333w',
    fallback: '/img/p-480.jpg 480w, /img/p-800.jpg 800w, /img/p-1333.jpg 1333w',
  },
  placeholder: 'linear-gradient(#8a8a8a,#8a8a8a)',
  alt: 'Campus 1',
  label: 'Open image 1',
};

/** An image from an external portfolio host: no variants, no placeholder. */
const external: GalleryImage = {
  src: 'https://portfolio.example.com/images/commencement.jpg',
  width: 2400,
  height: 1600,
  alt: 'Campus 2',
  label: 'Open image 2',
};

describe('srcSetOf', () => {
  it('reads each WebP candidate of the srcset with its width, and a height that keeps the ratio', () => {
    expect(srcSetOf(portrait)).toEqual([
      { src: '/img/p-480.webp', width: 480, height: 720 },
      { src: '/img/p-800.webp', width: 800, height: 1200 },
      { src: '/img/p-1333.webp', width: 1333, height: 2000 },
    ]);
  });

  it('rounds the heights to whole pixels', () => {
    const wide: GalleryImage = {
      ...portrait,
      width: 2000,
      height: 1333,
      srcset: { webp: '/w-480.webp 480w, /w-1000.webp 1000w', fallback: '/w-480.jpg 480w, /w-1000.jpg 1000w' },
    };
    // 480 × 1333 / 2000 = 319.92; 1000 × 1333 / 2000 = 666.5.
    expect(srcSetOf(wide)).toEqual([
      { src: '/w-480.webp', width: 480, height: 320 },
      { src: '/w-1000.webp', width: 1000, height: 667 },
    ]);
  });

  it('tolerates extra spaces around candidates and between a URL and its descriptor', () => {
    const spaced: GalleryImage = {
      ...portrait,
      width: 1000,
      height: 500,
      srcset: { webp: '  /a-400.webp   400w ,/a-1000.webp 1000w  ', fallback: '/a-400.jpg 400w' },
    };
    expect(srcSetOf(spaced)).toEqual([
      { src: '/a-400.webp', width: 400, height: 200 },
      { src: '/a-1000.webp', width: 1000, height: 500 },
    ]);
  });

  it('reads the only srcset of an image the Image CDN serves (images.delivery: netlify), whose host chooses the format', () => {
    const cdn = (w: number) => `/.netlify/images?url=%2Fimg%2Fp-2000.jpg&w=${w}`;
    const negotiated: GalleryImage = { ...portrait, src: cdn(800), srcset: { fallback: `${cdn(480)} 480w, ${cdn(1333)} 1333w` } };
    expect(srcSetOf(negotiated)).toEqual([
      { src: cdn(480), width: 480, height: 720 },
      { src: cdn(1333), width: 1333, height: 2000 },
    ]);
  });

  it('uses the WebP candidates, never the fallback ones', () => {
    const candidates = srcSetOf(portrait) ?? [];
    expect(candidates.map((c) => c.src).every((src) => src.endsWith('.webp'))).toBe(true);
  });

  it('is undefined for an external image, which has no srcset', () => {
    expect(srcSetOf(external)).toBeUndefined();
  });

  it("uses the AVIF candidates where the image has them and the page's pictures took AVIF, so the open photo is the file the page loaded", () => {
    const withAvif: GalleryImage = { ...portrait, srcset: { ...portrait.srcset!, avif: '/img/p-480.avif 480w, /img/p-1333.avif 1333w' } };
    expect(srcSetOf(withAvif, true)?.map((c) => c.src)).toEqual(['/img/p-480.avif', '/img/p-1333.avif']);
    expect(srcSetOf(withAvif, false)?.every((c) => c.src.endsWith('.webp'))).toBe(true);
    expect(srcSetOf(portrait, true)?.every((c) => c.src.endsWith('.webp'))).toBe(true);
  });
});

describe('pageShowsAvif', () => {
  /** A page whose picture offers AVIF and WebP, its <img> having chosen `chosen` ('' before it chose). */
  function page(chosen: string, offersAvif = true): Document {
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = `<picture>${offersAvif ? '<source type="image/avif" srcset="/img/a-480.avif 480w">' : ''}<source type="image/webp" srcset="/img/a-480.webp 480w"><img src="/img/a-480.jpg" alt=""></picture>`;
    Object.defineProperty(doc.querySelector('img'), 'currentSrc', { value: chosen });
    return doc;
  }

  it('is yes when a picture that offers AVIF took it', () => {
    expect(pageShowsAvif(page('http://localhost/img/a-480.avif'))).toBe(true);
  });

  it('is no when a picture that offers AVIF took WebP (a browser without AVIF)', () => {
    expect(pageShowsAvif(page('http://localhost/img/a-480.webp'))).toBe(false);
  });

  it("is yes when a picture took the Image CDN's AVIF (fm=avif), and no when it took the negotiated address", () => {
    const cdn = (w: number) => `/.netlify/images?url=%2Fimg%2Fk-3000.jpg&w=${w}`;
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = `<picture><source type="image/avif" srcset="${cdn(480)}&fm=avif 480w, ${cdn(800)}&fm=avif 800w"><img src="${cdn(800)}" srcset="${cdn(480)} 480w, ${cdn(800)} 800w" alt=""></picture>`;
    const img = doc.querySelector('img')!;
    Object.defineProperty(img, 'currentSrc', { value: `http://localhost${cdn(800)}&fm=avif`, configurable: true });
    expect(pageShowsAvif(doc)).toBe(true);
    Object.defineProperty(img, 'currentSrc', { value: `http://localhost${cdn(800)}` });
    expect(pageShowsAvif(doc)).toBe(false);
  });

  it('is no without evidence: no picture offers AVIF, or none has chosen yet', () => {
    expect(pageShowsAvif(page('http://localhost/img/a-480.webp', false))).toBe(false);
    expect(pageShowsAvif(page(''))).toBe(false);
  });
});

describe('toSlide', () => {
  it('makes a slide of the image: its src, alt text, size and WebP candidates', () => {
    expect(toSlide(portrait, en.facts)).toStrictEqual({
      src: '/img/p-800.jpg',
      alt: 'Campus 1',
      width: 1333,
      height: 2000,
      srcSet: [
        { src: '/img/p-480.webp', width: 480, height: 720 },
        { src: '/img/p-800.webp', width: 800, height: 1200 },
        { src: '/img/p-1333.webp', width: 1333, height: 2000 },
      ],
    });
  });

  it("makes the image's caption the slide's description, which the captions plugin shows and reads", () => {
    expect(toSlide({ ...portrait, caption: 'Commencement, 2019' }, en.facts)).toMatchObject({ alt: 'Campus 1', description: 'Commencement, 2019' });
    expect(toSlide(portrait, en.facts)).not.toHaveProperty('description');
  });

  it('makes a slide of an external image with its src only, and no srcSet key at all', () => {
    const slide = toSlide(external, en.facts);

    expect(slide).toStrictEqual({ src: 'https://portfolio.example.com/images/commencement.jpg', alt: 'Campus 2', width: 2400, height: 1600 });
    expect(slide).not.toHaveProperty('srcSet');
  });

  it("turns the 4 images of the test content's photo set into slides in order, the external last one without candidates", async () => {
    const images = await galleryOf('photo-set');
    // The captions alone here; a photo with facts gets them after its caption (PhotoView.test.tsx).
    const slides = images.map(({ exif, ...image }) => (void exif, toSlide(image, en.facts)));
    expect(typeof toSlide(images[0]!, en.facts).description).toBe('object');

    expect(slides.map((s) => s.alt)).toEqual(['Photo Set 1', 'Photo Set 2', 'Photo Set 3: Harbour at dusk, boats moored in a row', 'Photo Set 4']);
    expect(slides.map((s) => s.description)).toEqual([
      'Caption only; the alt stays the default',
      undefined,
      'Dún Laoghaire, winter 2024 — "the long exposure"',
      undefined,
    ]);
    expect(slides.slice(0, 3).every((s) => (s.srcSet?.length ?? 0) > 0)).toBe(true);
    expect(slides[3]?.srcSet).toBeUndefined();
    expect(slides[3]?.src).toMatch(/^https:\/\//);
    // Every candidate keeps its image's ratio, to within the rounding of a pixel.
    slides.forEach((slide) => {
      for (const c of slide.srcSet ?? []) expect(Math.abs(c.height - (c.width * (slide.height ?? 0)) / (slide.width ?? 1))).toBeLessThanOrEqual(0.5);
    });
  });
});

describe('growTransform', () => {
  const box = (x: number, y: number, width: number, height: number) => DOMRectReadOnly.fromRect({ x, y, width, height });
  /** Where the transform puts box `to` (its origin at its centre, as an <img>'s). */
  const moved = (t: string, to: DOMRectReadOnly) => {
    const [, dx, dy, s] = /^translate\(([-\d.e]+)px, ([-\d.e]+)px\) scale\(([\d.e]+)\)$/.exec(t)!.map(Number);
    const cx = to.x + to.width / 2 + dx!;
    const cy = to.y + to.height / 2 + dy!;
    return { cx, cy, width: to.width * s!, height: to.height * s! };
  };

  it.each([
    // A phone: the page's photo is as wide as the viewer's, lower down.
    ['same width, lower', box(16, 267, 380, 284.98), box(16, 269, 380, 285)],
    // A desktop: the page's photo at 75 % of the window's height, the viewer's at its whole.
    ['smaller, left of centre', box(220, 300, 800, 600), box(150, 16, 1024, 768)],
    // A portrait photo: bound by height in both.
    ['portrait', box(400, 250, 400, 600), box(350, 16, 512, 768)],
  ])('%s: centred on the page photo, and never larger than it', (_name, from, to) => {
    const t = moved(growTransform(from, to)!, to);
    expect(t.cx).toBeCloseTo(from.x + from.width / 2, 6);
    expect(t.cy).toBeCloseTo(from.y + from.height / 2, 6);
    expect(t.width * t.height).toBeLessThan(from.width * from.height);
    expect(t.width).toBeGreaterThan(from.width - 2);
  });

  it('is nothing for a box not laid out', () => {
    expect(growTransform(box(0, 0, 0, 0), box(0, 0, 400, 300))).toBeUndefined();
    expect(growTransform(box(0, 0, 400, 300), box(0, 0, 0, 0))).toBeUndefined();
  });
});
