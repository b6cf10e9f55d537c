// Svenska: the contact form (en/contact.ts has the shape).
import type { contact as en } from '@/i18n/en/contact';
import { num } from '@/i18n/format';
import { locale } from '@/i18n/sv/locale';

export const contact: typeof en = {
  label: 'Kontakt',
  fields: { name: 'Namn', email: 'E-post', message: 'Meddelande' },
  send: 'Skicka meddelande',
  sending: 'Skickar …',
  sent: 'Meddelandet har skickats!',
  failed: 'Meddelandet kunde inte skickas. Försök igen.',
  close: 'Stäng',
  nameRequired: 'Skriv ditt namn',
  nameTooLong: (max) => `Namnet måste vara kortare än ${num(locale, max)} tecken`,
  emailTooLong: (max) => `E-postadressen måste vara kortare än ${num(locale, max)} tecken`,
  emailInvalid: 'Ogiltig e-postadress',
  messageRequired: 'Skriv ett meddelande',
  messageTooLong: (max) => `Meddelandet måste vara kortare än ${num(locale, max)} tecken`,
};
