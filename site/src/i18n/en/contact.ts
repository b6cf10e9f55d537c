// The contact form's strings in English: the contact island's part of the catalogue (en/index.tsx).
import { locale } from '@/i18n/en/locale';
import { num } from '@/i18n/format';

/** The contact form: its fields, button, toasts and docs/site.md §5's messages (SPEC's wording, exactly). */
export const contact = {
  label: 'Contact',
  fields: { name: 'Name', email: 'Email', message: 'Message' },
  send: 'Send Message',
  sending: 'Sending...',
  sent: 'Message sent successfully!',
  failed: 'Failed to send message. Please try again.',
  close: 'Close',
  nameRequired: 'Name is required',
  nameTooLong: (max: number) => `Name must be less than ${num(locale, max)} characters`,
  emailTooLong: (max: number) => `Email must be less than ${num(locale, max)} characters`,
  emailInvalid: 'Invalid email address',
  messageRequired: 'Message is required',
  messageTooLong: (max: number) => `Message must be less than ${num(locale, max)} characters`,
};
