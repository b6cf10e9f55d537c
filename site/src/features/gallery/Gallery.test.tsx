import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Gallery } from '@/features/gallery/Gallery';
import type { GalleryImage } from '@/generated/content';
import { galleryOf } from '@/testing/fixture';
import { withRealLightbox } from '@/testing/lightbox';
import { renderWithProviders } from '@/testing/test-utils';
import { site } from '@/lib/content';

// The real yet-another-react-lightbox, in jsdom. The lightbox is its own
// chunk (React.lazy), so every first look at it waits (findBy*/waitFor).

/**
 * The 8 images of the brand guide's gallery in the generator's test content,
 * as generated: files 01–08, four portrait ones first, transparent PNGs
 * among them, no texts (every alt is "Brand Guide <n>").
 */
const images8 = await galleryOf('brand-guide');
const title = 'Brand Guide';

/** A small gallery by hand: three images, the last from an external host. */
function image(n: number, width: number, height: number): GalleryImage {
  return {
    src: `/img/t${n}-800.jpg`,
    width,
    height,
    srcset: { webp: `/img/t${n}-480.webp 480w, /img/t${n}-800.webp 800w`, fallback: `/img/t${n}-480.jpg 480w, /img/t${n}-800.jpg 800w` },
    alt: `Test Project ${n}`,
    label: `Open image ${n}`,
  };
}
const images3: GalleryImage[] = [
  image(1, 800, 1200),
  image(2, 800, 533),
  { src: 'https://portfolio.example.com/3.jpg', width: 1200, height: 800, alt: 'Test Project 3', label: 'Open image 3' },
];

/**
 * window.matchMedia (jsdom has none): `reduce` answers the
 * prefers-reduced-motion query; every other query does not match.
 */
function stubMatchMedia(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

withRealLightbox();

const tile = (n: number) => screen.getByRole('link', { name: `Open image ${n}` });
const tiles = () => screen.getAllByRole('link', { name: /^Open image \d+$/ });
const lightbox = (name = `${title} gallery`) => screen.findByRole('dialog', { name });
const queryLightbox = () => screen.queryByRole('dialog');
/** The counter "n / total" the lightbox shows. */
const counter = (text: string) => screen.findByText(text);
/** The slide on screen: YARL marks it with the class yarl__slide_current; it is a group named "n of total". */
const currentSlide = () => {
  const slide = document.querySelector<HTMLElement>('.yarl__slide_current');
  if (!slide) throw new Error('no current slide');
  return slide;
};
const waitForClosed = () => waitFor(() => expect(queryLightbox()).not.toBeInTheDocument());

function renderGallery(images: readonly GalleryImage[] = images8, projectTitle = title) {
  return renderWithProviders(<Gallery images={images} columns={site.gallery.columns} title={projectTitle} slug="test-project" />);
}

/** Renders the 8-image gallery and opens image `n` with a click. */
async function openAt(n: number, images: readonly GalleryImage[] = images8, projectTitle = title) {
  const rendered = renderGallery(images, projectTitle);
  await rendered.user.click(tile(n));
  const dialog = await lightbox(`${projectTitle} gallery`);
  return { ...rendered, dialog };
}

describe('Gallery tiles', () => {
  it('has the 8 test images', () => {
    expect(images8).toHaveLength(8);
  });

  it('shows one link per image, named "Open image n", in file order, each holding the image with alt "<project> n"', () => {
    renderGallery();

    const buttons = tiles();
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(Array.from({ length: 8 }, (_, i) => `Open image ${i + 1}`));
    buttons.forEach((button, i) => {
      const imgs = button.querySelectorAll('img');
      expect(imgs).toHaveLength(1);
      expect(imgs[0]).toHaveAttribute('alt', `${title} ${i + 1}`);
      expect(imgs[0]).toHaveAttribute('src', images8[i]?.src);
    });
  });

  it('lays the tiles out as a list, one list item per image', () => {
    renderGallery(images3, 'Test Project');

    const list = screen.getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    items.forEach((item, i) => expect(within(item).getByRole('link', { name: `Open image ${i + 1}` })).toBeInTheDocument());
  });

  it('reserves each tile box: every image carries its intrinsic width and height', () => {
    renderGallery(images3, 'Test Project');

    const imgs = tiles().map((b) => b.querySelector('img'));
    expect(imgs.map((img) => [img?.getAttribute('width'), img?.getAttribute('height')])).toEqual([
      ['800', '1200'],
      ['800', '533'],
      ['1200', '800'],
    ]);
  });

  it('loads every tile lazily when the gallery comes after other blocks (it starts below the first viewport)', () => {
    renderGallery();

    const imgs = tiles().map((b) => b.querySelector('img'));
    expect(imgs.map((img) => img?.getAttribute('loading'))).toEqual(Array<string>(8).fill('lazy'));
    expect(imgs.some((img) => img?.getAttribute('fetchpriority') === 'high')).toBe(false);
  });

  it('loads the tiles of the first viewport at once when it opens the page, the rest lazily', () => {
    renderWithProviders(<Gallery images={images8} columns={site.gallery.columns} title={title} slug="test-project" atTop />);

    const loading = tiles().map((b) => b.querySelector('img')?.getAttribute('loading'));
    // The first row at least (the test site's columns: 2 tiles at 375 px, 4 at
    // 1280 px, the first four portrait, so no second row starts on screen);
    // never the last tiles.
    expect(loading.slice(0, 4)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loading.slice(-4)).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
  });

  it('gives a tile its caption for the lightbox, and its image the alt text', () => {
    const captioned: GalleryImage[] = [{ ...images3[0]!, alt: 'A quad at dawn', caption: 'The quad, 6 a.m.' }, images3[1]!];
    renderGallery(captioned);

    expect(tile(1)).toHaveAttribute('data-caption', 'The quad, 6 a.m.');
    expect(within(tile(1)).getByRole('img', { name: 'A quad at dawn' })).toBeInTheDocument();
    expect(tile(2)).not.toHaveAttribute('data-caption');
  });

  it('opens nothing until a tile is chosen', async () => {
    renderGallery();
    // Give the lazy chunk time to arrive, were it rendered.
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(queryLightbox()).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('yarl__no_scroll');
  });
});

describe('Gallery lightbox (reduced motion: no fades or slides)', () => {
  beforeEach(() => stubMatchMedia(true));

  it('opens on a click as a modal dialog named "<title> gallery", at the image clicked, with the counter "5 / 8"', async () => {
    const { dialog } = await openAt(5);

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await counter('5 / 8')).toBeInTheDocument();
    expect(currentSlide()).toHaveAccessibleName('5 of 8');
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('alt', `${title} 5`);
  });

  it("says an image the same in its tile and its slide: the title and number, then the owner's alt text (docs/site.md §2)", async () => {
    // The photo set of the test content: its 10.jpg, image 3, has an alt text.
    const photoSet = await galleryOf('photo-set');
    const alt = 'Photo Set 3: Harbour at dusk, boats moored in a row';
    const { user } = renderGallery(photoSet, 'Photo Set');
    expect(within(tile(3)).getByRole('img')).toHaveAttribute('alt', alt);

    await user.click(tile(3));
    await lightbox('Photo Set gallery');
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('alt', alt);
  });

  it('has Close, Previous and Next buttons', async () => {
    const { dialog } = await openAt(1);

    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('opens from the keyboard: Enter on a focused tile', async () => {
    const { user } = renderGallery();
    await user.tab();
    expect(tile(1)).toHaveFocus();

    await user.keyboard('{Enter}');

    await lightbox();
    expect(await counter('1 / 8')).toBeInTheDocument();
  });

  it('moves focus into the dialog when it opens', async () => {
    const { dialog } = await openAt(5);

    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  });

  it('Next goes to the next image, and from the last (8) wraps to the first', async () => {
    const { user, dialog } = await openAt(7);
    const next = within(dialog).getByRole('button', { name: 'Next' });

    await user.click(next);
    expect(await counter('8 / 8')).toBeInTheDocument();
    await waitFor(() => expect(currentSlide()).toHaveAccessibleName('8 of 8'));

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await counter('1 / 8')).toBeInTheDocument();
    await waitFor(() => expect(currentSlide()).toHaveAccessibleName('1 of 8'));
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('alt', `${title} 1`);
  });

  it('Previous goes to the previous image, and from the first wraps to the last (8)', async () => {
    const { user, dialog } = await openAt(2);

    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await counter('1 / 8')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await counter('8 / 8')).toBeInTheDocument();
    await waitFor(() => expect(currentSlide()).toHaveAccessibleName('8 of 8'));
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('alt', `${title} 8`);
  });

  it('walks the whole gallery with Next, (i + 1) mod n, back to where it started', async () => {
    const { user, dialog } = await openAt(5);
    const next = within(dialog).getByRole('button', { name: 'Next' });

    for (let step = 1; step <= 8; step++) {
      await user.click(next);
      expect(await counter(`${((4 + step) % 8) + 1} / 8`)).toBeInTheDocument();
    }
    expect(screen.getByText('5 / 8')).toBeInTheDocument();
  });

  it('wraps in a small hand-made gallery too: Next from 3 of 3 is 1, Previous from 1 is 3', async () => {
    const { user, dialog } = await openAt(3, images3, 'Test Project');
    expect(await counter('3 / 3')).toBeInTheDocument();
    // The external image has no srcset: it is shown from its src alone.
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('src', 'https://portfolio.example.com/3.jpg');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await counter('1 / 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await counter('3 / 3')).toBeInTheDocument();
  });

  it('ArrowRight and ArrowLeft navigate while it is open, wrapping at both ends', async () => {
    const { user } = await openAt(8);
    expect(await counter('8 / 8')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(await counter('1 / 8')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(await counter('2 / 8')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(await counter('1 / 8')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(await counter('8 / 8')).toBeInTheDocument();
  });

  it('Escape closes it', async () => {
    const { user } = await openAt(5);

    await user.keyboard('{Escape}');

    await waitForClosed();
    expect(screen.queryByText('5 / 8')).not.toBeInTheDocument();
  });

  it('the Close button closes it', async () => {
    const { user, dialog } = await openAt(5);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitForClosed();
  });

  it('a click on the backdrop (the slide area around the image) closes it', async () => {
    const { user } = await openAt(5);

    // YARL closes on a pointer down and up on the slide box itself
    // (.yarl__slide / .yarl__slide_wrapper), outside the image.
    await user.click(currentSlide());

    await waitForClosed();
  });

  it('a click on the image itself does not close it', async () => {
    const { user } = await openAt(5);

    await user.click(within(currentSlide()).getByRole('img'));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(queryLightbox()).toBeInTheDocument();
    expect(screen.getByText('5 / 8')).toBeInTheDocument();
  });

  it('arrows do nothing while it is closed: before it was ever opened, nothing opens and focus stays', async () => {
    const { user } = renderGallery();
    await user.tab();
    expect(tile(1)).toHaveFocus();

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(queryLightbox()).not.toBeInTheDocument();
    expect(screen.queryByText(/^\d+ \/ 8$/)).not.toBeInTheDocument();
    expect(tile(1)).toHaveFocus();
  });

  it('arrows do nothing after it closed, and the next opening starts at the tile chosen', async () => {
    const { user } = await openAt(5);
    await user.keyboard('{ArrowRight}');
    expect(await counter('6 / 8')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitForClosed();

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryLightbox()).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('yarl__no_scroll');

    await user.click(tile(3));
    await lightbox();
    expect(await counter('3 / 8')).toBeInTheDocument();
    await waitFor(() => expect(currentSlide()).toHaveAccessibleName('3 of 8'));
  });

  it('reopens at the same tile after closing', async () => {
    const { user } = await openAt(5);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(await counter('7 / 8')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitForClosed();

    await user.click(tile(5));

    await lightbox();
    expect(await counter('5 / 8')).toBeInTheDocument();
  });

  describe('page scrolling', () => {
    let style: HTMLStyleElement;
    beforeEach(() => {
      // The library's own rule for its no-scroll class, from its stylesheet
      // (Vitest does not load CSS imports), so the computed style of the
      // page is what a browser would give.
      const css = readFileSync(createRequire(import.meta.url).resolve('yet-another-react-lightbox/styles.css'), 'utf8');
      const rule = /\.yarl__no_scroll\{[^}]*\}/.exec(css)?.[0];
      expect(rule).toContain('overflow:hidden');
      style = document.createElement('style');
      style.textContent = rule ?? '';
      document.head.append(style);
    });
    afterEach(() => style.remove());

    it('is locked while it is open (body overflow hidden) and released after it closes', async () => {
      expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
      const { user } = await openAt(5);

      expect(document.body).toHaveClass('yarl__no_scroll');
      expect(getComputedStyle(document.body).overflow).toBe('hidden');

      await user.keyboard('{Escape}');
      await waitForClosed();

      expect(document.body).not.toHaveClass('yarl__no_scroll');
      expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
      // The padding that stood in for the hidden scrollbar is gone too.
      expect(document.body.style.paddingRight).toBe('');
    });
  });

  it('hides the page behind it from assistive technology while open, and gives it back after', async () => {
    const { user } = await openAt(5);

    expect(screen.queryByRole('link', { name: 'Open image 1' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitForClosed();

    expect(screen.getByRole('link', { name: 'Open image 1' })).toBeInTheDocument();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof renderGallery>['user']) => user.keyboard('{Escape}')],
    ['the Close button', async (user: ReturnType<typeof renderGallery>['user']) => user.click(screen.getByRole('button', { name: 'Close' }))],
    ['a backdrop click', async (user: ReturnType<typeof renderGallery>['user']) => user.click(currentSlide())],
  ])('gives focus back to the tile that opened it after closing with %s, even after navigating', async (_, close) => {
    const { user } = await openAt(5);
    await user.keyboard('{ArrowRight}');
    expect(await counter('6 / 8')).toBeInTheDocument();

    await close(user);
    await waitForClosed();

    await waitFor(() => expect(tile(5)).toHaveFocus());
  });
});

describe('Gallery lightbox with the default animations', () => {
  beforeEach(() => stubMatchMedia(false));

  it('opens, navigates with wrapping, and closes on Escape once the animations have run', async () => {
    const { user, dialog } = await openAt(8);
    expect(await counter('8 / 8')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await counter('1 / 8')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitForClosed();
    expect(document.body).not.toHaveClass('yarl__no_scroll');
    await waitFor(() => expect(tile(8)).toHaveFocus());
  });
});
