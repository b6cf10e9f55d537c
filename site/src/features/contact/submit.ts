import { fields, FORM_NAME, FORM_NAME_FIELD, HONEYPOT, LANGUAGE_FIELD } from '@/features/contact/form';
import type { ContactValues } from '@/features/contact/validation';

/**
 * Posts a message the way the host's form handling expects: to the site
 * root, form-urlencoded, with form-name and the empty honeypot, and the
 * language it was written in when the form names one. A network error or
 * a status outside 2xx is a failure.
 */
export async function submitContact(values: ContactValues, fetchImpl: typeof fetch = fetch, language?: string): Promise<void> {
  const body = new URLSearchParams([
    [FORM_NAME_FIELD, FORM_NAME],
    ...fields.map((f) => [f, values[f].trim()]),
    ...(language ? [[LANGUAGE_FIELD, language]] : []),
    [HONEYPOT, ''],
  ]);
  const res = await fetchImpl('/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  if (!res.ok) throw new Error(`contact form: HTTP ${res.status}`);
}
