// The contact form's rules and messages, exactly as docs/site.md §5 says. Values
// are trimmed first; lengths count Unicode code points (an emoji is one). The
// messages are the catalogue's `contact` (decision 0111), English's unless
// the page's language is another.
import type { Messages } from '@/i18n';
import { contact as en } from '@/i18n/en/contact';

export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const limits = { name: 100, email: 255, message: 1000 } as const;

// One @, something on both sides, a dot in the domain, no spaces: what a
// person can mistype, without pretending to implement RFC 5322.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const length = (s: string) => [...s].length;

export function validate(values: ContactValues, t: Messages['contact'] = en): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = t.nameRequired;
  else if (length(name) > limits.name) errors.name = t.nameTooLong(limits.name);
  if (length(email) > limits.email) errors.email = t.emailTooLong(limits.email);
  else if (!emailPattern.test(email)) errors.email = t.emailInvalid;
  if (!message) errors.message = t.messageRequired;
  else if (length(message) > limits.message) errors.message = t.messageTooLong(limits.message);
  return errors;
}
