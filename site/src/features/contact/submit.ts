import type { ContactValues } from '@/features/contact/validation';

/** The form's name for the host's form handling (Netlify Forms). */
export const FORM_NAME = 'contact';

/**
 * Posts a message the way the host's form handling expects: to the site
 * root, form-urlencoded, with form-name and the empty honeypot. A network
 * error or a status outside 2xx is a failure.
 */
export async function submitContact(values: ContactValues, fetchImpl: typeof fetch = fetch): Promise<void> {
  const body = new URLSearchParams({
    'form-name': FORM_NAME,
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
    'bot-field': '',
  });
  const res = await fetchImpl('/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  if (!res.ok) throw new Error(`contact form: HTTP ${res.status}`);
}
