// Svenska: the favourites island (en/favourites.ts has the shape).
import type { favourites as en } from '@/i18n/en/favourites';
import { num, plural } from '@/i18n/format';
import { locale } from '@/i18n/sv/locale';

const count = (n: number) => (n === 0 ? 'Inga favoriter än' : plural(locale, n) === 'one' ? `${num(locale, n)} favorit` : `${num(locale, n)} favoriter`);

export const favourites: typeof en = {
  photo: (n, file) => `Bild ${num(locale, n)}, ${file}`,
  heart: (n, file) => `Favorit: bild ${num(locale, n)}, ${file}`,
  remove: (n, file) => `Ta bort bild ${num(locale, n)}, ${file}`,
  count,
  hint: 'Tryck på hjärtat på en bild för att lägga till den här.',
  sendTo: (owner) => `Skicka till ${owner}`,
  sending: 'Skickar …',
  chooseOne: 'Välj minst en bild: tryck på hjärtat på den.',
  sent: (n, owner, email) => `Skickat: ${count(n)} till ${owner || 'fotografen'}, som svarar på ${email}.`,
  refused: (status) => `Favoriterna skickades inte (servern svarade ${status}). Ladda om sidan och försök igen.`,
  offline: 'Favoriterna skickades inte eftersom anslutningen bröts. Dina val finns kvar; försök igen om en liten stund.',
};
