// The contact form's rules and messages, exactly as docs/site.md §5 says. Values
// are trimmed first; lengths count Unicode code points (an emoji is one).

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

export function validate(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Name is required';
  else if (length(name) > limits.name) errors.name = `Name must be less than ${limits.name} characters`;
  if (length(email) > limits.email) errors.email = `Email must be less than ${limits.email} characters`;
  else if (!emailPattern.test(email)) errors.email = 'Invalid email address';
  if (!message) errors.message = 'Message is required';
  else if (length(message) > limits.message) errors.message = `Message must be less than ${limits.message} characters`;
  return errors;
}
