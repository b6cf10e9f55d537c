import { fields, FORM_NAME, FORM_NAME_FIELD, HONEYPOT } from '@/features/contact/form';
import type { ContactValues } from '@/features/contact/validation';

/**
 * Posts a message the way the host's form handling expects: to the site
 * root, form-urlencoded, with form-name and the empty honeypot. A network
 * error or a status outside 2xx is a failure.
 */
export async function submitContact(values: ContactValues, fetchImpl: typeof fetch = fetch): Promise<void> {
  const body = new URLSearchParams([[FORM_NAME_FIELD, FORM_NAME], ...fields.map((f) => [f, values[f].trim()]), [HONEYPOT, '']]);
  const res = await fetchImpl('/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  if (!res.ok) throw new Error(`contact form: HTTP ${res.status}`);
}
