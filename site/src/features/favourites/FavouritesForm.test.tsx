import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Download } from '@/features/favourites/Download';
import { FavouritesForm } from '@/features/favourites/FavouritesForm';
import { PhotoFavourite } from '@/features/favourites/PhotoFavourite';
import { fixtureProject, galleryOf } from '@/testing/fixture';
import { renderWithProviders } from '@/testing/test-utils';

// A private gallery's favourites (docs/decisions/0080): a form that posts
// without JavaScript (its island: src/islands/favourites.test.tsx).

const base = fixtureProject('brand-guide');
const project = { ...base, access: 'private' as const, link: '/private/brand-guide' };
const images = (await galleryOf('brand-guide')).map((image, i) => ({ ...image, file: `IMG_${1001 + i}.jpg` }));

const renderForm = () => renderWithProviders(<FavouritesForm project={project} images={images} />);
const form = () => screen.getByRole('form', { name: 'Favourites' });

describe('the favourites form', () => {
  it('posts natively to the project page, not to Netlify Forms, with a checkbox per photo by number and file name', () => {
    renderForm();
    const f = form() as HTMLFormElement;
    expect(f).toHaveAttribute('method', 'post');
    expect(f).toHaveAttribute('action', '/private/brand-guide');
    // The Edge Function takes it past the gate (decision 0090): Netlify
    // Forms would take it at any path, without the client's cookie.
    expect(f).not.toHaveAttribute('data-netlify');
    expect(f).not.toHaveAttribute('netlify-honeypot');
    expect(f).toHaveFormValues({ 'form-name': 'favourites', project: project.title, photos: [] });
    const boxes = within(f).getAllByRole('checkbox');
    expect(boxes).toHaveLength(images.length);
    expect(within(f).getByRole('checkbox', { name: 'Photo 2, IMG_1002.jpg' })).not.toBeChecked();
    expect(within(f).getByRole('textbox', { name: /Your name/ })).toBeRequired();
    expect(within(f).getByRole('textbox', { name: /Your email/ })).toBeRequired();
    expect(within(f).getByRole('textbox', { name: /A note/ })).not.toBeRequired();
    expect(within(f).getByRole('button', { name: 'Send favourites' })).toHaveAttribute('type', 'submit');
  });

  it('shows nothing for a gallery without file names (a public one)', async () => {
    renderWithProviders(<FavouritesForm project={base} images={await galleryOf('brand-guide')} />);
    expect(screen.queryByRole('form', { name: 'Favourites' })).toBeNull();
  });
});

describe("a private photo page's own form", () => {
  it('adds that one photo, without JavaScript', () => {
    renderWithProviders(<PhotoFavourite project={project} image={images[3]!} action="/private/brand-guide/photos/4" />);
    const f = screen.getByRole('form', { name: 'Add IMG_1004.jpg to favourites' });
    expect(f).toHaveAttribute('action', '/private/brand-guide/photos/4');
    expect(f).toHaveFormValues({ 'form-name': 'favourites', project: project.title, photos: 'IMG_1004.jpg' });
    expect(within(f).getByRole('button', { name: 'Add to favourites' })).toBeInTheDocument();
  });
});

describe("a private project's download", () => {
  it('links its ZIP under the prefix, named by its size', () => {
    renderWithProviders(<Download project={{ ...project, downloads: 'web' }} />);
    expect(screen.getByRole('link', { name: 'Download all photos (web size, ZIP)' })).toHaveAttribute('href', '/private/brand-guide/brand-guide-web.zip');
  });

  it('is not offered with downloads: none, nor on a public project', () => {
    renderWithProviders(
      <>
        <Download project={{ ...project, downloads: 'none' }} />
        <Download project={{ ...base, downloads: 'originals' }} />
      </>,
    );
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });
});
