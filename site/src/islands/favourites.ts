// The favourites island, on a private project's page only (decision 0080,
// decision 0098): plain TypeScript, no React in the browser. Without it the
// page's form (src/features/favourites/FavouritesForm.tsx) posts natively,
// with a checkbox per photo. With it:
// - every tile of the gallery that names a photo of the form gets a heart, a
//   toggle button (aria-pressed) beside its link, and the open lightbox gets
//   one in its toolbar for the photo it shows; both stand for the photo's
//   checkbox, which stays (hidden) what the form holds;
// - the checkboxes give way to a panel: the count, a thumbnail of each pick
//   (the tile's own image) with a button to remove it;
// - the picks are kept in localStorage per project (features/favourites/picks.ts);
// - "Send to <owner>" posts the same fields with fetch (Accept:
//   application/json), shows the server's messages under their fields, and
//   once sent says so (role=status) and clears the picks.
// The lightbox island is not changed for this: its heart is put into its
// toolbar from here, following the photo it shows by the address it gives
// each photo, so public pages carry nothing of the favourites (decision 0098).
// Its strings are the catalogue's `favourites`, in the page's language
// (decision 0111): a heart is named "Favourite photo 3, IMG_0103.jpg"
// (pressed when it is one), a pick's remove button "Remove photo 3, …".
import { PHOTOS_FIELD } from '@/features/favourites/form';
import { readPicks, writePicks } from '@/features/favourites/picks';
import { favourites as en } from '@/i18n/en/favourites';
import { langOf } from '@/i18n/lang';
import { favourites as sv } from '@/i18n/sv/favourites';

const strings = { en, sv } as const;

const HEART =
  '<svg viewBox="-1 -1 26 26" aria-hidden="true" focusable="false"><path d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"/></svg>';

// A heart is drawn on a solid circle, the same in both themes, so that it
// reads on any photo: white on near-black, or on deep pink once chosen
// (both above 6:1), with a white ring to part it from a dark photo.
const STYLE = `
li:has(> .fav-heart){container-type:inline-size}
.fav-heart{position:absolute;top:0;right:0;z-index:1;box-sizing:border-box;width:44px;height:44px;padding:0;border:0;background:none;display:grid;place-items:center;color:#fff;cursor:pointer;-webkit-tap-highlight-color:transparent}
.fav-dot{display:grid;place-items:center;width:36px;height:36px;border-radius:50%;background:rgba(17,17,17,.78);box-shadow:0 0 0 1.5px rgba(255,255,255,.9),0 1px 4px rgba(0,0,0,.45);transition:transform .15s ease,background-color .15s ease}
.fav-heart svg{width:22px;height:22px;fill:none;stroke:currentColor;stroke-width:2.2}
.fav-heart[aria-pressed="true"] .fav-dot{background:#ad1457}
.fav-heart[aria-pressed="true"] svg{fill:currentColor}
.fav-heart:active .fav-dot{transform:scale(.88)}
.fav-heart:focus-visible{outline:none}
.fav-heart:focus-visible .fav-dot{outline:3px solid #fff;outline-offset:2px;box-shadow:0 0 0 7px #111}
@container (max-width:140px){.fav-dot{width:28px;height:28px}.fav-heart svg{width:17px;height:17px}}
.yarl__toolbar .fav-heart{position:relative;top:auto;right:auto;margin-right:8px}
.yarl__toolbar .fav-dot{width:40px;height:40px}
.fav-panel{margin:.5rem 0 1rem}
.fav-count{font-weight:600;font-size:1.125rem;margin:0 0 .25rem}
.fav-hint{margin:0;color:var(--mui-palette-text-secondary,inherit)}
.fav-list{list-style:none;padding:0;margin:.5rem 0 0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr))}
.fav-list li{display:flex;align-items:center;gap:.75rem;padding:4px;border:1px solid var(--mui-palette-divider,currentColor);border-radius:8px}
.fav-list img{flex:none;width:64px;height:64px;object-fit:cover;border-radius:4px;background:var(--mui-palette-action-hover,transparent)}
.fav-list span{flex:1;min-width:0;overflow-wrap:anywhere}
.fav-remove{flex:none;width:44px;height:44px;padding:0;border:0;border-radius:50%;background:transparent;color:inherit;font:inherit;font-size:1.5rem;line-height:1;cursor:pointer}
.fav-remove:hover{background:var(--mui-palette-action-hover,rgba(127,127,127,.15))}
.fav-remove:focus-visible,.fav-count:focus-visible{outline:3px solid var(--mui-palette-primary-main,currentColor);outline-offset:2px}
.fav-error{margin:.25rem 0 0;color:var(--mui-palette-error-main,#d32f2f);font-weight:500}
.fav-status{margin:1rem 0 0;font-weight:500}
.fav-status:empty{display:none}
@media (prefers-reduced-motion:reduce){.fav-dot{transition:none}.fav-heart:active .fav-dot{transform:none}}
@media (forced-colors:active){.fav-dot{border:2px solid ButtonText}.fav-heart[aria-pressed="true"] svg{fill:ButtonText}}
`;

/** What each mount watches, stopped by stopAll (tests mount one page after another in one document). */
const watches = new Set<() => void>();
export function stopAll() {
  for (const stop of watches) stop();
  watches.clear();
}

/** A photo of the form: its file name, its number in the gallery, its checkbox. */
interface Photo {
  file: string;
  n: number;
  box: HTMLInputElement;
}

/** The fields the client types, whose messages go under them. */
const TEXT_FIELDS = ['name', 'email', 'message'];

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, className = '') {
  const el = Object.assign(doc.createElement(tag), props);
  if (className) el.className = className;
  return el;
}

/** The address path a tile's photo has in the lightbox: its own page (a video's tile keeps it in data-page). */
const pageOf = (tile: Element) => new URL(tile.getAttribute('data-page') || tile.getAttribute('href') || '', tile.baseURI).pathname.replace(/\/$/, '');

/** Takes over the prerendered favourites form in `el`; props: `slug` (the storage key's) and `owner` (who the list goes to). */
export function mount(el: HTMLElement, props: Record<string, unknown> = {}) {
  const doc = el.ownerDocument;
  const win = doc.defaultView ?? window;
  const form = el.querySelector('form');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const labels = [...el.querySelectorAll<HTMLLabelElement>('label[data-favourite]')];
  const fieldset = labels[0]?.closest('fieldset');
  if (!form || !submit || !fieldset) {
    console.error('favourites island: the form is not as prerendered; it keeps posting natively');
    return;
  }
  const t = strings[langOf(el)];
  const slug = text(props.slug);
  const owner = text(props.owner);
  const photos: Photo[] = labels.flatMap((label, i) => {
    const box = label.querySelector<HTMLInputElement>('input[type="checkbox"]');
    return box ? [{ file: box.value, n: Number(label.dataset.n) || i + 1, box }] : [];
  });
  const byFile = new Map(photos.map((p) => [p.file, p]));

  // What the page already holds (a Back to it may have kept ticked boxes), and what was kept.
  const stored = new Set(readPicks(slug, [...byFile.keys()], win));
  for (const p of photos) if (stored.has(p.file)) p.box.checked = true;

  if (!doc.getElementById('favourites-style')) doc.head.append(element(doc, 'style', { id: 'favourites-style', textContent: STYLE }));

  // The panel, in the checkboxes' place (they stay, hidden, as the form's field).
  fieldset.hidden = true;
  const panel = element(doc, 'div', {}, 'fav-panel');
  const count = element(doc, 'p', { id: 'favourites-count', tabIndex: -1 }, 'fav-count');
  const hint = element(doc, 'p', { textContent: t.hint }, 'fav-hint');
  const list = element(doc, 'ul', {}, 'fav-list');
  list.setAttribute('aria-labelledby', count.id);
  const photosError = element(doc, 'p', { id: 'favourites-error-photos', hidden: true }, 'fav-error');
  photosError.setAttribute('role', 'alert');
  panel.append(count, hint, list, photosError);
  fieldset.after(panel);
  const status = element(doc, 'p', {}, 'fav-status');
  status.setAttribute('role', 'status');
  submit.after(status);
  if (owner) submit.textContent = t.sendTo(owner);

  // Hearts: one on each tile of the gallery that shows a photo of the form, one in the open lightbox.
  const tiles = [...doc.querySelectorAll<HTMLAnchorElement>('a[data-file]')].filter((t) => byFile.has(t.getAttribute('data-file') ?? ''));
  const hearts = new Map<string, HTMLButtonElement[]>();
  const makeHeart = (p: Photo) => {
    const heart = element(doc, 'button', { type: 'button', innerHTML: `<span class="fav-dot">${HEART}</span>` }, 'fav-heart');
    heart.setAttribute('aria-label', t.heart(p.n, p.file));
    heart.setAttribute('aria-pressed', String(p.box.checked));
    heart.dataset.file = p.file;
    heart.addEventListener('click', () => toggle(p, !p.box.checked));
    return heart;
  };
  for (const tile of tiles) {
    const p = byFile.get(tile.getAttribute('data-file')!)!;
    const heart = makeHeart(p);
    tile.after(heart);
    hearts.set(p.file, [...(hearts.get(p.file) ?? []), heart]);
  }

  const thumbnailOf = (p: Photo) => {
    const img = tiles.find((t) => t.getAttribute('data-file') === p.file)?.querySelector('img');
    const thumb = element(doc, 'img', { alt: '', width: 64, height: 64, loading: 'lazy', decoding: 'async' });
    if (!img) return thumb;
    // The file the tile already shows, when it has loaded; else its candidates, at the thumbnail's size.
    if (img.currentSrc) thumb.src = img.currentSrc;
    else {
      const srcset = img.getAttribute('srcset');
      if (srcset) Object.assign(thumb, { srcset, sizes: '64px' });
      thumb.src = img.getAttribute('src') ?? '';
    }
    return thumb;
  };

  const picked = () => photos.filter((p) => p.box.checked);
  const items = new Map<string, HTMLLIElement>();
  const paint = () => {
    const chosen = picked();
    count.textContent = t.count(chosen.length);
    hint.hidden = chosen.length > 0;
    for (const p of photos) {
      for (const h of hearts.get(p.file) ?? []) h.setAttribute('aria-pressed', String(p.box.checked));
      const item = items.get(p.file);
      if (p.box.checked && !item) {
        const li = element(doc, 'li');
        const remove = element(doc, 'button', { type: 'button', textContent: '×' }, 'fav-remove');
        remove.setAttribute('aria-label', t.remove(p.n, p.file));
        remove.addEventListener('click', () => {
          // Focus goes on to the next pick, or the one before, or the count.
          const next = li.nextElementSibling ?? li.previousElementSibling;
          toggle(p, false);
          (next?.querySelector<HTMLButtonElement>('button') ?? count).focus();
        });
        li.append(thumbnailOf(p), element(doc, 'span', { textContent: t.photo(p.n, p.file) }), remove);
        items.set(p.file, li);
      } else if (!p.box.checked && item) {
        item.remove();
        items.delete(p.file);
      }
    }
    // In the gallery's order.
    list.append(...chosen.map((p) => items.get(p.file)!));
    paintLightbox();
  };

  const toggle = (p: Photo, on: boolean) => {
    p.box.checked = on;
    if (on) photosError.hidden = true;
    writePicks(
      slug,
      picked().map((q) => q.file),
      win,
    );
    paint();
  };

  // The lightbox (src/islands/lightbox.tsx) gives each photo its page's
  // address while it shows it, and changes the document's title: its heart
  // follows the photo at the address, in its toolbar, whenever either changes.
  const pages = new Map(tiles.map((t) => [pageOf(t), byFile.get(t.getAttribute('data-file')!)!]));
  // One button, kept from photo to photo (focus stays on it as Next and Previous change the photo).
  let lightboxPhoto: Photo | undefined;
  const lightboxHeart = element(doc, 'button', { type: 'button', innerHTML: `<span class="fav-dot">${HEART}</span>` }, 'fav-heart');
  lightboxHeart.addEventListener('click', () => {
    if (lightboxPhoto) toggle(lightboxPhoto, !lightboxPhoto.box.checked);
  });
  function paintLightbox() {
    const toolbar = doc.querySelector('.yarl__root .yarl__toolbar');
    const p = toolbar ? pages.get(win.location.pathname.replace(/\/$/, '')) : undefined;
    lightboxPhoto = p;
    if (!toolbar || !p) {
      lightboxHeart.remove();
      return;
    }
    if (lightboxHeart.parentElement !== toolbar) toolbar.prepend(lightboxHeart);
    lightboxHeart.setAttribute('aria-label', t.heart(p.n, p.file));
    lightboxHeart.setAttribute('aria-pressed', String(p.box.checked));
  }
  let frame = 0;
  const soon = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(paintLightbox);
  };
  const watch = new MutationObserver(soon);
  watch.observe(doc.body, { childList: true });
  // The title, in the head (the head itself: a page may have none to start with).
  watch.observe(doc.head, { childList: true, characterData: true, subtree: true });
  win.addEventListener('popstate', soon);
  watches.add(() => {
    watch.disconnect();
    win.removeEventListener('popstate', soon);
  });

  // Sending: the same fields as the native post, with fetch, answered in JSON.
  const errorIds = new Set<string>();
  const clearErrors = () => {
    photosError.hidden = true;
    for (const id of errorIds) doc.getElementById(id)?.remove();
    errorIds.clear();
    for (const input of form.querySelectorAll('[aria-invalid="true"]')) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };
  const showErrors = (errors: Record<string, string>) => {
    let first: HTMLElement | undefined;
    for (const [field, message] of Object.entries(errors)) {
      if (field === PHOTOS_FIELD) {
        photosError.textContent = message;
        photosError.hidden = false;
        first ??= count;
        continue;
      }
      const input = TEXT_FIELDS.includes(field) ? form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`) : null;
      if (!input) continue;
      const id = `favourites-error-${field}`;
      const p = element(doc, 'p', { id, textContent: message }, 'fav-error');
      (input.closest('.MuiFormControl-root') ?? input).after(p);
      errorIds.add(id);
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', id);
      first ??= input;
    }
    if (!first) status.textContent = Object.values(errors).join(' ');
    first?.focus();
  };

  let sending = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (sending) return;
    clearErrors();
    status.textContent = '';
    const chosen = picked();
    if (chosen.length === 0) {
      showErrors({ [PHOTOS_FIELD]: t.chooseOne });
      return;
    }
    sending = true;
    submit.disabled = true;
    const label = submit.textContent;
    submit.textContent = t.sending;
    const body = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === 'string') body.append(k, v);
    const done = () => {
      sending = false;
      submit.disabled = false;
      submit.textContent = label;
    };
    fetch(form.action, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      credentials: 'same-origin',
    })
      .then(async (res) => {
        const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; errors?: Record<string, string>; error?: string };
        done();
        if (res.ok && answer.ok) {
          const email = (form.elements.namedItem('email') as HTMLInputElement | null)?.value.trim() ?? '';
          for (const p of photos) p.box.checked = false;
          writePicks(slug, [], win);
          for (const name of ['message']) {
            const field = form.elements.namedItem(name) as HTMLTextAreaElement | null;
            if (field) field.value = '';
          }
          paint();
          status.textContent = t.sent(chosen.length, owner, email);
        } else if (answer.errors) showErrors(answer.errors);
        else status.textContent = answer.error ?? t.refused(res.status);
      })
      .catch(() => {
        done();
        status.textContent = t.offline;
      });
  });

  paint();
}
