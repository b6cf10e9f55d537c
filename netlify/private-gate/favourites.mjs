// A client's favourites, as the Edge Function takes them (decision 0090):
// checked here, past the gate, with the rules `portfolio serve` applies
// (cli/internal/contact ValidateFavourites, privateaccess Gallery.Check),
// and stored in the site's Blobs store `favourites`, never handed to
// Netlify Forms, which accept a post to any path without a cookie. Web
// APIs only: the edge (Deno) and the tests (Node, Deno) run the same code.

/** The favourites form's names (cli/internal/contact, site/src/features/favourites/form.ts; gate.test.mjs holds them to Go's). */
export const FAVOURITES = { form: 'favourites', formName: 'form-name', honeypot: 'bot-field', name: 'name', email: 'email', note: 'message', project: 'project', photos: 'photos' };

/** The site-wide Blobs store the lists go to, read in Netlify's UI or with `netlify blobs:list favourites`. */
export const STORE = 'favourites';

/** Limits, as cli/internal/contact has them (gate.test.mjs holds them to it). */
export const LIMITS = { name: 100, email: 255, note: 1000, photos: 500, photoName: 255 };

/** Longest form post read, in bytes (contact.MaxPost, serve's default). */
export const MAX_BODY = 64 << 10;

// String.prototype.trim removes exactly what Go's contact.trim removes, and
// \s here is JavaScript's, as the site's own validation has it.
const length = (s) => [...s].length;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UNPRINTABLE = /[\p{Cc}\p{Cf}]/u;

/** The posted photo names: each value's lines, trimmed, empty ones dropped. */
export const photoNames = (values) =>
  values
    .flatMap((v) => String(v).split('\n'))
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The problems of a favourites post, by field (name, email, message,
 * photos), as Go's contact.ValidateFavourites words them; {} when none.
 */
export function validateFavourites({ name, email, note, photos }) {
  const errs = {};
  name = name.trim();
  email = email.trim();
  if (name === '') errs.name = 'Name is required';
  else if (length(name) > LIMITS.name) errs.name = `Name must be less than ${LIMITS.name} characters`;
  if (length(email) > LIMITS.email) errs.email = `Email must be less than ${LIMITS.email} characters`;
  else if (!EMAIL.test(email)) errs.email = 'Invalid email address';
  if (length(note.trim()) > LIMITS.note) errs.message = `Message must be less than ${LIMITS.note} characters`;
  if (photos.length === 0) errs.photos = 'Choose at least one photo';
  else if (photos.length > LIMITS.photos) errs.photos = `Choose at most ${LIMITS.photos} photos`;
  if (photos.some((n) => length(n) > LIMITS.photoName || UNPRINTABLE.test(n))) errs.photos = "A photo's name cannot be read; send the list from the page";
  return errs;
}

/** What the owner reads (Go's contact.Favourites.Message): the title, the count, a name a line, the note. */
export function message(title, photos, note) {
  let body = `Favourites from “${title.trim()}” (${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}):\n${photos.join('\n')}\n`;
  if (note.trim() !== '') body += '\n' + note.trim() + '\n';
  return body;
}

/** A key no other list has: the project, the time (UTC, sortable), a random part. */
export function storeKey(slug, date) {
  const random = [...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${slug}/${date.toISOString().replace(/[:.]/g, '-')}-${random}.json`;
}

/**
 * The record stored for an accepted list. `client` is whose secret opened
 * the project (decision 0096): '' for the project's own, else the client's
 * name as the owner gave it in project.yaml; `name` is what the form says.
 */
export function record({ slug, title, client = '', name, email, note, photos, date }) {
  return { form: FAVOURITES.form, slug, project: title, client, name: name.trim(), email: email.trim(), note: note.trim(), photos, received: date.toISOString(), message: message(title, photos, note) };
}
