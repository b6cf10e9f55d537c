import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Navigation } from '@/app/Navigation';
import { ContactForm } from '@/features/contact/ContactForm';
import { Gallery } from '@/features/gallery/Gallery';
import { PhotoFacts } from '@/features/gallery/PhotoFacts';
import { catalogues } from '@/i18n';
import { site } from '@/lib/content';
import { NotFoundPage } from '@/pages/NotFoundPage';
import { prerenderedContactForm, startContactIsland } from '@/testing/contact';
import { fixtureProject, galleryOf } from '@/testing/fixture';
import { withRealLightbox } from '@/testing/lightbox';
import { renderWithProviders } from '@/testing/test-utils';

// A page in Swedish (decision 0111): the prerender's components take the
// page's catalogue from its language, and the islands take theirs from the
// page's `lang`, found by role and name as a visitor's screen reader does.

withRealLightbox();
afterEach(() => {
  document.title = '';
});

describe('a page in Swedish', () => {
  it('names the navigation, its links and the menu button in Swedish', () => {
    renderWithProviders(<Navigation />, { lang: 'sv' });
    const nav = screen.getByRole('navigation', { name: 'Huvudmeny' });
    const bar = within(nav.querySelector('ul')!);
    expect(bar.getByRole('link', { name: 'Om mig' })).toHaveAttribute('href', '/about');
    expect(bar.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/contact');
    expect(nav.querySelector('button[popovertarget] .when-closed')).toHaveTextContent('Öppna menyn');
  });

  it('says a page is not found in Swedish', () => {
    renderWithProviders(<NotFoundPage />, { lang: 'sv' });
    expect(screen.getByText('Hoppsan! Sidan finns inte')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till startsidan' })).toHaveAttribute('href', '/');
  });

  it('labels the contact form in Swedish', () => {
    renderWithProviders(<ContactForm />, { lang: 'sv' });
    const form = screen.getByRole('form', { name: 'Kontakt' });
    for (const name of ['Namn', 'E-post', 'Meddelande']) expect(within(form).getByRole('textbox', { name })).toBeRequired();
    expect(within(form).getByRole('button', { name: 'Skicka meddelande' })).toHaveAttribute('type', 'submit');
  });

  it("gives the contact island's messages in the page's language", async () => {
    const el = prerenderedContactForm('sv');
    await startContactIsland(el);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Skicka meddelande' }));
    expect(screen.getByRole('textbox', { name: 'Namn' })).toHaveAccessibleDescription('Skriv ditt namn');
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ada@');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveAccessibleDescription('Ogiltig e-postadress'));
  });

  it("names a photo's facts and writes its date the Swedish way", () => {
    renderWithProviders(<PhotoFacts exif={{ camera: 'Fujifilm X-T5', iso: 3200, taken: '2024-05-01T18:42:00+02:00' }} />, { lang: 'sv' });
    const taken = screen.getByText('Fotograferad');
    expect(taken.nextElementSibling).toHaveTextContent('1 maj 2024');
    expect(taken.nextElementSibling!.querySelector('time')).toHaveAttribute('dateTime', '2024-05-01T18:42:00+02:00');
    expect(screen.getByText('Kamera').nextElementSibling).toHaveTextContent('Fujifilm X-T5');
  });

  it("opens the gallery's viewer with Swedish names for the tiles, the dialog and its buttons", async () => {
    const project = fixtureProject('brand-guide');
    const images = await galleryOf('brand-guide');
    history.pushState(null, '', '/');
    const { user } = renderWithProviders(<Gallery images={images} columns={site.gallery.columns} title={project.title} slug={project.slug} />, { lang: 'sv' });
    await user.click(screen.getByRole('link', { name: 'Öppna bild 2' }));
    const dialog = await screen.findByRole('dialog', { name: `Galleri: ${project.title}` });
    expect(within(dialog).getByRole('button', { name: 'Dela bilden' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Nästa' })).toBeInTheDocument();
    expect(document.title).toBe(`${project.title} · 2 av ${images.length} · ${site.name}`);
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('numbers and plurals per language (Intl)', () => {
  it('groups large numbers as each language does, and four digits not at all', () => {
    expect(catalogues.en.gallery.photoTitle('Dunes', 3, 12000)).toBe('Dunes · 3 of 12,000');
    expect(catalogues.sv.gallery.photoTitle('Dyner', 3, 12000)).toBe('Dyner · 3 av 12\u00a0000');
    expect(catalogues.en.contact.messageTooLong(1000)).toBe('Message must be less than 1000 characters');
  });

  it('counts favourites in the plural forms of each language', () => {
    expect([0, 1, 2, 21].map(catalogues.en.favourites.count)).toEqual(['No favourites yet', '1 favourite', '2 favourites', '21 favourites']);
    expect([0, 1, 2, 21].map(catalogues.sv.favourites.count)).toEqual(['Inga favoriter än', '1 favorit', '2 favoriter', '21 favoriter']);
  });
});
