// A private gallery's favourites in English: the favourites island's part
// of the catalogue (en/index.tsx; the form's own labels are site.favourites).
import { locale } from '@/i18n/en/locale';
import { num } from '@/i18n/format';

/** The panel's count. */
const count = (n: number) => (n === 0 ? 'No favourites yet' : n === 1 ? '1 favourite' : `${num(locale, n)} favourites`);

/** What the favourites island says (decision 0098), and a photo's choice, which the form's markup shows too. */
export const favourites = {
  /** A photo's choice: "Photo 3, IMG_0012.jpg". */
  photo: (n: number, file: string) => `Photo ${num(locale, n)}, ${file}`,
  /** A photo's heart: "Favourite photo 3, IMG_0103.jpg" (pressed when it is one). */
  heart: (n: number, file: string) => `Favourite photo ${num(locale, n)}, ${file}`,
  /** A pick's remove button in the panel. */
  remove: (n: number, file: string) => `Remove photo ${num(locale, n)}, ${file}`,
  count,
  hint: 'Tap the heart on a photo to add it here.',
  sendTo: (owner: string) => `Send to ${owner}`,
  sending: 'Sending…',
  chooseOne: 'Choose at least one photo: tap the heart on it.',
  /** Once sent; `owner` is empty when the island was given none. */
  sent: (n: number, owner: string, email: string) => `Sent: ${count(n)} to ${owner || 'the photographer'}, who will answer at ${email}.`,
  refused: (status: number) => `The favourites were not sent (the server answered ${status}). Reload the page and try again.`,
  offline: 'The favourites were not sent: the connection failed. Your picks are kept; try again in a moment.',
};
