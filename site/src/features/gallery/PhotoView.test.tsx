import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Gallery } from '@/features/gallery/Gallery';
import { PhotoView } from '@/features/gallery/PhotoView';
import { en } from '@/i18n/en';
import { unmountAll } from '@/islands/lightbox';
import { site } from '@/lib/content';
import { fixtureProject, galleryOf } from '@/testing/fixture';
import { withRealLightbox } from '@/testing/lightbox';
import { renderWithProviders } from '@/testing/test-utils';

// Every photo's address (docs/site.md §2, §4): the real lightbox island in
// jsdom, its history entries, Share, and a photo's own page.

const project = fixtureProject('brand-guide');
const images = await galleryOf('brand-guide');
const photoPath = (n: number) => `/projects/brand-guide/photos/${n}`;
const titleOf = (n: number) => `${project.title} · ${n} of ${images.length} · ${site.name}`;

withRealLightbox();
afterEach(() => {
  vi.unstubAllGlobals();
  document.title = '';
});

const tile = (n: number) => screen.getByRole('link', { name: `Open image ${n}` });
const dialog = () => screen.findByRole('dialog', { name: `${project.title} gallery` });
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

function renderGallery() {
  // A worker's files share one jsdom (vitest.config.ts): an earlier file may
  // have left the history behind its last entry (after a Back), where a push
  // drops the entries ahead instead of adding one. Start at a new last entry.
  history.pushState(null, '', '/');
  document.title = `${project.title} · ${site.name}`;
  return renderWithProviders(<Gallery images={images} columns={site.gallery.columns} title={project.title} slug={project.slug} />);
}

describe('a gallery tile', () => {
  it("links to its photo's page, which is where it goes without JavaScript", () => {
    renderGallery();
    expect(tile(3)).toHaveAttribute('href', photoPath(3));
  });

  it('opens the viewer at a new history entry with the address and title of its photo; Next and Previous replace it', async () => {
    const { user } = renderGallery();
    const before = history.length;
    await user.click(tile(3));
    await dialog();
    expect(location.pathname).toBe(photoPath(3));
    expect(history.length).toBe(before + 1);
    expect(document.title).toBe(titleOf(3));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location.pathname).toBe(photoPath(4)));
    expect(document.title).toBe(titleOf(4));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(location.pathname).toBe(photoPath(2)));
    expect(history.length).toBe(before + 1);
  });

  it("closes to the project's own entry: Escape goes back, the address and title are the project's again", async () => {
    const { user } = renderGallery();
    await user.click(tile(5));
    await dialog();
    await user.keyboard('{Escape}');
    await closed();
    await waitFor(() => expect(location.pathname).toBe('/'));
    expect(document.title).toBe(`${project.title} · ${site.name}`);
    await waitFor(() => expect(tile(5)).toHaveFocus());
  });

  it("the browser's Back closes the viewer and stays on the page; Forward opens that photo again", async () => {
    const { user } = renderGallery();
    await user.click(tile(2));
    await dialog();
    history.back();
    await closed();
    expect(location.pathname).toBe('/');
    history.forward();
    await dialog();
    expect(location.pathname).toBe(photoPath(2));
    expect(screen.getByText(`2 / ${images.length}`)).toBeInTheDocument();
  });
});

describe('Share', () => {
  it("copies the photo's address where there is no share sheet, and says so in a status message", async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: navigator.clipboard });
    const { user } = renderGallery();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(tile(4));
    const d = await dialog();
    const status = within(d).getByRole('status');
    expect(status).toHaveTextContent('');
    await user.click(within(d).getByRole('button', { name: 'Share this photo' }));
    await waitFor(() => expect(status).toHaveTextContent(en.gallery.copied));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}${photoPath(4)}`);
  });

  it('hands the address to the system share sheet where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: navigator.clipboard });
    const { user } = renderGallery();
    await user.click(tile(6));
    const d = await dialog();
    await user.click(within(d).getByRole('button', { name: 'Share this photo' }));
    expect(share).toHaveBeenCalledWith({ url: `${location.origin}${photoPath(6)}`, title: titleOf(6) });
    expect(within(d).getByRole('status')).toHaveTextContent('');
  });
});

describe('the viewer', () => {
  it('has Zoom in and a strip of thumbnails named "n of total", the one shown marked current', async () => {
    const { user } = renderGallery();
    await user.click(tile(2));
    const d = await dialog();
    expect(within(d).getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    const strip = within(d).getByRole('navigation', { name: 'Thumbnails' });
    expect(within(strip).getByRole('button', { name: `2 of ${images.length}` })).toHaveAttribute('aria-current', 'true');
  });
});

describe("a photo's own page", () => {
  it('shows the photo large with its alt text, the way back, and Previous and Next wrapping around the gallery', () => {
    history.replaceState(null, '', photoPath(1));
    renderWithProviders(<PhotoView project={project} images={images} n={1} />, { route: photoPath(1) });
    expect(screen.getByRole('heading', { level: 1, name: project.title })).toBeInTheDocument();
    expect(screen.getByText(`Photo 1 of ${images.length}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Back to ${project.title}` })).toHaveAttribute('href', project.link);
    const nav = screen.getByRole('navigation', { name: 'Photos' });
    expect(within(nav).getByRole('link', { name: 'Previous photo' })).toHaveAttribute('href', photoPath(images.length));
    expect(within(nav).getByRole('link', { name: 'Next photo' })).toHaveAttribute('href', photoPath(2));
    expect(screen.getByRole('link', { name: 'Open image 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('img', { name: images[0]!.alt }).length).toBeGreaterThan(0);
  });

  const renderPhoto = (n: number) => {
    history.replaceState(null, '', photoPath(n));
    return renderWithProviders(<PhotoView project={project} images={images} n={n} />, { route: photoPath(n) });
  };
  const photoButton = () => screen.getByRole('button', { name: 'Open in viewer' });

  it('stays a page until asked: nothing opens by itself, even once the island is there', async () => {
    const { user } = renderPhoto(3);
    // The photo is a button, described by its alt text.
    expect(photoButton()).toHaveAccessibleDescription(images[2]!.alt);
    // The pointer over it fetches the viewer's chunk and mounts the island, which opens nothing.
    await user.hover(photoButton());
    await waitFor(() => expect(document.querySelector('[data-island="lightbox"]')).toHaveAttribute('data-island-mounted'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location.pathname).toBe(photoPath(3));
  });

  it('opens the viewer on its photo on a click on it, without a new history entry', async () => {
    const before = history.length;
    const { user } = renderPhoto(3);
    await user.click(photoButton());
    const d = await dialog();
    expect(within(d).getByText(`3 / ${images.length}`)).toBeInTheDocument();
    expect(history.length).toBe(before);
    expect(location.pathname).toBe(photoPath(3));
  });

  it('opens the viewer on Enter or Space on the photo', async () => {
    for (const key of ['{Enter}', ' ']) {
      const { user, unmount } = renderPhoto(2);
      photoButton().focus();
      await user.keyboard(key);
      const d = await dialog();
      expect(within(d).getByText(`2 / ${images.length}`)).toBeInTheDocument();
      unmount();
      unmountAll();
    }
  });

  it('opens the viewer on the next or previous photo on → or ←, at its address', async () => {
    const { user, unmount } = renderPhoto(1);
    await user.keyboard('{ArrowRight}');
    expect(within(await dialog()).getByText(`2 / ${images.length}`)).toBeInTheDocument();
    expect(location.pathname).toBe(photoPath(2));
    unmount();
    unmountAll();

    await renderPhoto(1).user.keyboard('{ArrowLeft}');
    expect(within(await dialog()).getByText(`${images.length} / ${images.length}`)).toBeInTheDocument();
    expect(location.pathname).toBe(photoPath(images.length));
  });

  it('arrived at directly, closing goes to the project page in its place', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...location, replace, pathname: location.pathname, href: location.href, origin: location.origin });
    const { user } = renderPhoto(3);
    await user.click(photoButton());
    await dialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(replace).toHaveBeenCalledWith(project.link));
  });
});

describe("a photo's facts (its gallery's exif: show)", () => {
  const photoSet = fixtureProject('photo-set');
  // A term is found by role, then by its text: the accessible-name library computes no name for a term.
  const fact = (name: string) => screen.getAllByRole('term').find((t) => t.textContent === name)?.nextElementSibling?.textContent;

  it('are listed under the photo, each named: camera, lens, exposure, and the date taken as a <time>', async () => {
    const shown = await galleryOf('photo-set');
    renderWithProviders(<PhotoView project={photoSet} images={shown} n={1} />, { route: '/projects/photo-set/photos/1' });

    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Camera', 'Lens', 'Focal length', 'Aperture', 'Shutter', 'ISO', 'Taken']);
    expect(fact('Camera')).toBe('Fujifilm X-T4');
    expect(fact('Lens')).toBe('XF35mmF1.4 R');
    expect(fact('Focal length')).toBe('35 mm');
    expect(fact('Aperture')).toBe('f/2.8');
    expect(fact('Shutter')).toBe('1/250 s');
    expect(fact('ISO')).toBe('400');
    expect(fact('Taken')).toBe('1 May 2024');
    expect(screen.getByText('1 May 2024').closest('time')).toHaveAttribute('datetime', '2024-05-01T14:03:00+02:00');
  });

  it('name only what the file records, and a photo without any shows no list', async () => {
    const shown = await galleryOf('photo-set');
    const { unmount } = renderWithProviders(<PhotoView project={photoSet} images={shown} n={3} />, { route: '/projects/photo-set/photos/3' });
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Camera', 'Shutter']);
    unmount();

    renderWithProviders(<PhotoView project={photoSet} images={shown} n={2} />, { route: '/projects/photo-set/photos/2' });
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });

  it("show in the viewer's caption area too", async () => {
    const shown = await galleryOf('photo-set');
    history.pushState(null, '', '/');
    const { user } = renderWithProviders(<Gallery images={shown} columns={site.gallery.columns} title={photoSet.title} slug={photoSet.slug} />);
    await user.click(screen.getByRole('link', { name: 'Open image 1' }));
    const viewer = await screen.findByRole('dialog', { name: `${photoSet.title} gallery` });

    await waitFor(() =>
      expect(
        within(viewer)
          .getAllByRole('term')
          .map((t) => t.textContent),
      ).toContain('Camera'),
    );
    const camera = within(viewer)
      .getAllByRole('term')
      .find((t) => t.textContent === 'Camera');
    expect(camera?.nextElementSibling?.textContent).toBe('Fujifilm X-T4');
  });
});

describe("a private photo's own download (docs/decisions/0099)", () => {
  // The fixture is public: the same photos as a private project's, with the
  // download addresses the build gives them (GalleryImage.download).
  const privateProject = { ...project, access: 'private', downloads: 'originals', link: '/private/brand-guide' } as const;
  const downloadable = images.map((img, i) =>
    img.video ? img : { ...img, download: `/private/brand-guide/download/IMG%20${String(i + 1).padStart(4, '0')}.jpg` },
  );
  const first = downloadable.findIndex((img) => img.download) + 1;
  const name = `Download IMG ${String(first).padStart(4, '0')}.jpg (original)`;
  const path = `/private/brand-guide/photos/${first}`;

  it('is a link on the page that names the file and its size, with download, which works without JavaScript', () => {
    history.replaceState(null, '', path);
    renderWithProviders(<PhotoView project={privateProject} images={downloadable} n={first} />, { route: path });
    const nav = screen.getByRole('navigation', { name: 'Photos' });
    const link = within(nav).getByRole('link', { name });
    expect(link).toHaveAttribute('href', downloadable[first - 1]!.download);
    expect(link).toHaveAttribute('download', `IMG ${String(first).padStart(4, '0')}.jpg`);
  });

  it('says web size for downloads: web, and is absent where downloads are none or on a public project', () => {
    history.replaceState(null, '', path);
    const { unmount } = renderWithProviders(<PhotoView project={{ ...privateProject, downloads: 'web' }} images={downloadable} n={first} />, { route: path });
    expect(screen.getByRole('link', { name: name.replace('(original)', '(web size)') })).toBeInTheDocument();
    unmount();
    renderWithProviders(<PhotoView project={project} images={images} n={first} />, { route: photoPath(first) });
    expect(screen.queryByRole('link', { name: /^Download / })).not.toBeInTheDocument();
  });

  it("is in the viewer's toolbar too, for the photo shown", async () => {
    history.replaceState(null, '', path);
    const { user } = renderWithProviders(<PhotoView project={privateProject} images={downloadable} n={first} />, { route: path });
    await user.click(screen.getByRole('button', { name: 'Open in viewer' }));
    const d = await dialog();
    const link = within(d).getByRole('link', { name });
    expect(link).toHaveAttribute('href', downloadable[first - 1]!.download);
    expect(link).toHaveAttribute('download');
  });
});
