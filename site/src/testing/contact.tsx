import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { expect, onTestFinished } from 'vitest';
import { AppProviders } from '@/theme/AppProviders';
import { ContactForm } from '@/features/contact/ContactForm';
import { Island } from '@/components/Island';
import { startIsland } from '@/islands/loader';
import type { Lang } from '@/i18n';
import { LangProvider } from '@/i18n/react';

/**
 * The contact form as the prerender writes it (React + MUI to HTML), put in
 * the document: what the browser has before the island arrives. In `lang`,
 * it is inside an element of that language (as a page's <html lang>).
 */
export function prerenderedContactForm(lang?: Lang): HTMLElement {
  const form = (
    <AppProviders>
      <Island name="contact" when={['visible', 'idle']}>
        <ContactForm />
      </Island>
    </AppProviders>
  );
  const html = lang ? `<div lang="${lang}">${renderToString(<LangProvider lang={lang}>{form}</LangProvider>)}</div>` : renderToString(form);
  document.body.innerHTML = html;
  onTestFinished(() => {
    document.body.innerHTML = '';
  });
  return document.querySelector<HTMLElement>('[data-island="contact"]')!;
}

/** Starts the contact island on `el` with the real loader, as the page does; resolves once it is live. */
export async function startContactIsland(el: HTMLElement) {
  startIsland(el, { contact: () => import('@/islands/contact') });
  await waitFor(() => expect(el).toHaveAttribute('data-island-mounted'));
}

/** The prerendered form with its island live, and a user to drive it. */
export async function contactIsland() {
  const el = prerenderedContactForm();
  await startContactIsland(el);
  return { el, user: userEvent.setup() };
}
