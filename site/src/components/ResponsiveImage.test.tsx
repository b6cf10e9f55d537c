import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import type { ImageAsset } from '@/generated/content';
import { galleryOf } from '@/testing/fixture';

// A picture offers its formats in the order a browser should take them: it
// takes the first <source> whose type it shows, else the img. AVIF is there
// only where `portfolio images` kept it (smaller than the WebP).

// The test content's photos have AVIF; its transparent graphics have not.
const withAvif = (await galleryOf('photo-set')).find((i) => i.srcset?.avif)!;
const webpOnly = (await galleryOf('brand-guide')).find((i) => i.srcset && !i.srcset.avif && !i.video)!;
const external: ImageAsset = { src: 'https://portfolio.example.com/3.jpg', width: 1200, height: 800 };

/** The <source>s of the picture around the image, as [type, srcset, sizes]. */
function sources(alt: string): (string | null)[][] {
  const img = screen.getByRole('img', { name: alt });
  return [...(img.closest('picture')?.querySelectorAll('source') ?? [])].map((s) => [
    s.getAttribute('type'),
    s.getAttribute('srcset'),
    s.getAttribute('sizes'),
  ]);
}

describe('ResponsiveImage', () => {
  it('offers AVIF first, then WebP, then the fallback in the img', () => {
    render(<ResponsiveImage image={withAvif} alt="A photo" sizes="50vw" />);
    expect(sources('A photo')).toEqual([
      ['image/avif', withAvif.srcset!.avif!, '50vw'],
      ['image/webp', withAvif.srcset!.webp, '50vw'],
    ]);
    const img = screen.getByRole('img', { name: 'A photo' });
    expect(img).toHaveAttribute('srcset', withAvif.srcset!.fallback);
    expect(img).toHaveAttribute('src', withAvif.src);
    // The img is the picture's last child: a source after it would be ignored.
    expect(img.parentElement!.lastElementChild).toBe(img);
  });

  it('offers WebP first when the image has no AVIF (it did not pay)', () => {
    render(<ResponsiveImage image={webpOnly} alt="A graphic" sizes="50vw" />);
    expect(sources('A graphic')).toEqual([['image/webp', webpOnly.srcset!.webp, '50vw']]);
  });

  it("offers a photograph's Image CDN AVIF (fm=avif) first, then the negotiated addresses in the img (images.delivery: netlify)", () => {
    const cdn = (w: number) => `/.netlify/images?url=%2Fimg%2Fk-3000.jpg&w=${w}`;
    const photo: ImageAsset = {
      src: cdn(800),
      width: 3000,
      height: 2000,
      srcset: { avif: `${cdn(480)}&fm=avif 480w, ${cdn(800)}&fm=avif 800w`, fallback: `${cdn(480)} 480w, ${cdn(800)} 800w` },
    };
    render(<ResponsiveImage image={photo} alt="A dune" sizes="100vw" />);
    expect(sources('A dune')).toEqual([['image/avif', `${cdn(480)}&fm=avif 480w, ${cdn(800)}&fm=avif 800w`, '100vw']]);
    const img = screen.getByRole('img', { name: 'A dune' });
    expect(img).toHaveAttribute('srcset', `${cdn(480)} 480w, ${cdn(800)} 800w`);
    expect(img).toHaveAttribute('sizes', '100vw');
  });

  it('is a plain img, with no picture, for an image without variants (external)', () => {
    render(<ResponsiveImage image={external} alt="Elsewhere" sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Elsewhere' });
    expect(img.closest('picture')).toBeNull();
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
