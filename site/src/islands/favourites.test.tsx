import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FavouritesForm } from '@/features/favourites/FavouritesForm';
import { picksKey } from '@/features/favourites/picks';
import { Gallery } from '@/features/gallery/Gallery';
import { mount, stopAll } from '@/islands/favourites';
import { site } from '@/lib/content';
import { fixtureProject, galleryOf } from '@/testing/fixture';
import { withRealLightbox } from '@/testing/lightbox';
import { renderWithProviders } from '@/testing/test-utils';

// The favourites island on a private gallery (decision 0098): a heart on
// every tile and in the lightbox, a panel of the picks with thumbnails, the
// picks kept in localStorage per project, and the list sent with fetch to
// the page, answered in JSON as `portfolio serve` and the Edge Function do.

withRealLightbox();

const base = fixtureProject('brand-guide');
const project = { ...base, access: 'private' as const, link: '/private/brand-guide' };
const images = (await galleryOf('brand-guide')).map((image, i) => ({ ...image, file: `IMG_${1001 + i}.jpg` }));
const key = picksKey(project.slug);

function renderPage() {
  const rendered = renderWithProviders(
    <>
      <Gallery images={images} columns={site.gallery.columns} title={project.title} slug={project.slug} link={project.link} />
      <FavouritesForm project={project} images={images} />
    </>,
  );
  mount(document.querySelector<HTMLElement>('[data-island="favourites"]')!, { slug: project.slug, owner: site.name });
  return rendered;
}

const form = () => screen.getByRole('form', { name: 'Favourites' });
const heart = (n: number) => screen.getByRole('button', { name: `Favourite photo ${n}, IMG_${1000 + n}.jpg` });
const picksList = () => screen.getByRole('list', { name: /favourite/ });

beforeEach(() => localStorage.clear());
afterEach(() => {
  stopAll();
  vi.unstubAllGlobals();
  document.getElementById('favourites-style')?.remove();
});

describe('the hearts', () => {
  it('are toggle buttons on every tile, beside its link, announced pressed or not, by pointer and keyboard', async () => {
    const { user } = renderPage();
    expect(within(form()).queryAllByRole('checkbox')).toHaveLength(0); // hidden, still the form's field
    for (let n = 1; n <= images.length; n++) expect(heart(n)).toHaveAttribute('aria-pressed', 'false');
    // Beside the tile's link, not inside it (a button in a link is not allowed).
    expect(heart(2).closest('a')).toBeNull();
    expect(heart(2).previousElementSibling).toHaveAttribute('href', '/private/brand-guide/photos/2');
    await user.click(heart(2));
    expect(heart(2)).toHaveAttribute('aria-pressed', 'true');
    heart(3).focus();
    await user.keyboard(' ');
    expect(heart(3)).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    expect(heart(3)).toHaveAttribute('aria-pressed', 'false');
    expect(form()).toHaveFormValues({ photos: ['IMG_1002.jpg'] });
  });

  it("in the lightbox, follows the photo shown and is the same choice as its tile's", async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('link', { name: images[0]!.label }));
    const dialog = await screen.findByRole('dialog', { name: `${project.title} gallery` });
    const inside = await within(dialog).findByRole('button', { name: 'Favourite photo 1, IMG_1001.jpg' });
    expect(inside).toHaveAttribute('aria-pressed', 'false');
    await user.click(inside);
    expect(inside).toHaveAttribute('aria-pressed', 'true');
    // The next photo by keyboard, from the heart: the heart, still focused, is the next photo's.
    await user.keyboard('{ArrowRight}');
    const second = await within(dialog).findByRole('button', { name: 'Favourite photo 2, IMG_1002.jpg' });
    expect(second).toHaveAttribute('aria-pressed', 'false');
    expect(second).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(heart(1)).toHaveAttribute('aria-pressed', 'true');
    expect(heart(2)).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('the panel', () => {
  it('lists the picks with thumbnails from their tiles and a count, and removes one', async () => {
    const { user } = renderPage();
    expect(screen.getByText('No favourites yet')).toBeInTheDocument();
    await user.click(heart(4));
    await user.click(heart(1));
    expect(screen.getByText('2 favourites')).toBeInTheDocument();
    const items = within(picksList()).getAllByRole('listitem');
    // In the gallery's order, each with the tile's image.
    expect(items.map((li) => li.textContent)).toEqual(['Photo 1, IMG_1001.jpg×', 'Photo 4, IMG_1004.jpg×']);
    const tileImage = heart(1).previousElementSibling!.querySelector('img')!;
    expect(within(items[0]!).getByRole('presentation')).toHaveAttribute('src', tileImage.getAttribute('src'));
    await user.click(within(items[0]!).getByRole('button', { name: 'Remove photo 1, IMG_1001.jpg' }));
    expect(heart(1)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('1 favourite')).toBeInTheDocument();
    // Focus goes on to the next pick's button.
    expect(screen.getByRole('button', { name: 'Remove photo 4, IMG_1004.jpg' })).toHaveFocus();
  });

  it('says who the list goes to', () => {
    renderPage();
    expect(within(form()).getByRole('button', { name: `Send to ${site.name}` })).toHaveAttribute('type', 'submit');
  });
});

describe('the picks kept in the browser', () => {
  it('survive a reload, per project', async () => {
    const { user, unmount } = renderPage();
    await user.click(heart(2));
    await user.click(heart(5));
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual({ v: 1, photos: ['IMG_1002.jpg', 'IMG_1005.jpg'] });
    unmount();
    renderPage();
    expect(heart(2)).toHaveAttribute('aria-pressed', 'true');
    expect(heart(5)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 favourites')).toBeInTheDocument();
    expect(form()).toHaveFormValues({ photos: ['IMG_1002.jpg', 'IMG_1005.jpg'] });
  });

  it.each([
    ['not JSON', '{photos: [', []],
    ['another shape', '{"picks": ["IMG_1001.jpg"]}', []],
    ['null', 'null', []],
    ['names the gallery no longer has, numbers, duplicates', '{"v":1,"photos":["IMG_9999.jpg",3,"IMG_1003.jpg","IMG_1003.jpg",null]}', ['IMG_1003.jpg']],
    ['an older bare list', '["IMG_1001.jpg"]', ['IMG_1001.jpg']],
  ])('read back what was stored, whatever it is: %s', (_, stored, picked) => {
    localStorage.setItem(key, stored);
    renderPage();
    const pressed = images.flatMap((_, i) => (heart(i + 1).getAttribute('aria-pressed') === 'true' ? [`IMG_${1001 + i}.jpg`] : []));
    expect(pressed).toEqual(picked);
    expect(
      within(picksList())
        .queryAllByRole('listitem')
        .map((li) => li.textContent?.replace(/^Photo \d+, |×$/g, '')),
    ).toEqual(picked);
  });

  it('work for the visit when the browser refuses storage (a private window)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { user } = renderPage();
    await user.click(heart(1));
    expect(heart(1)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 favourite')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('sending', () => {
  const fill = async (user: ReturnType<typeof renderPage>['user']) => {
    await user.type(within(form()).getByRole('textbox', { name: /Your name/ }), 'Jo Smith');
    await user.type(within(form()).getByRole('textbox', { name: /Your email/ }), 'jo@example.com');
    await user.type(within(form()).getByRole('textbox', { name: /A note/ }), 'These, large.');
  };

  /** The network: what the page's server answers (serve and the Edge Function, in JSON). */
  const answer = (status: number, json: unknown) => {
    const sent: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        sent.push({ url, init });
        return Promise.resolve(new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } }));
      }),
    );
    return sent;
  };

  it("posts the form's fields to the page, asking for JSON; then says so and clears the picks", async () => {
    const sent = answer(200, { ok: true });
    const { user } = renderPage();
    await user.click(heart(2));
    await user.click(heart(3));
    await fill(user);
    await user.click(screen.getByRole('button', { name: `Send to ${site.name}` }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Sent: 2 favourites to ${site.name}, who will answer at jo@example.com.`);
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).pathname).toBe('/private/brand-guide');
    expect(sent[0]!.init.headers).toMatchObject({ Accept: 'application/json' });
    const body = new URLSearchParams(sent[0]!.init.body as URLSearchParams);
    expect(body.get('form-name')).toBe('favourites');
    expect(body.get('project')).toBe(project.title);
    expect(body.getAll('photos')).toEqual(['IMG_1002.jpg', 'IMG_1003.jpg']);
    expect([body.get('name'), body.get('email'), body.get('message')]).toEqual(['Jo Smith', 'jo@example.com', 'These, large.']);
    expect(heart(2)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('No favourites yet')).toBeInTheDocument();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("shows the server's messages under their fields, and keeps the picks", async () => {
    answer(400, { ok: false, errors: { email: 'Invalid email address' } });
    const { user } = renderPage();
    await user.click(heart(2));
    await fill(user);
    await user.click(screen.getByRole('button', { name: `Send to ${site.name}` }));
    const email = within(form()).getByRole('textbox', { name: /Your email/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Invalid email address'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(heart(2)).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks for a photo before sending none', async () => {
    const sent = answer(200, { ok: true });
    const { user } = renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: `Send to ${site.name}` }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one photo');
    expect(sent).toHaveLength(0);
  });
});
