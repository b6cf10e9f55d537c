// The contact form island: hydrates the prerendered form when it comes near
// the viewport or the browser is idle. Its first state is what the form
// holds at that moment (text typed before hydration, or values and messages
// the server filled in after a native post), so hydration matches the DOM
// and nothing the visitor typed is lost.
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ContactForm, fields, type ContactInitial } from '@/features/contact/ContactForm';
import type { ContactErrors, ContactValues } from '@/features/contact/validation';
import { IslandProviders } from '@/islands/providers';

/** The form's current values and messages, read from its markup. */
export function readInitial(el: ParentNode): ContactInitial {
  const values: ContactValues = { name: '', email: '', message: '' };
  const errors: ContactErrors = {};
  for (const f of fields) {
    const input = el.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${f}"]`);
    values[f] = input?.value ?? '';
    const message = el.querySelector(`[data-error-for="${f}"]`)?.textContent?.trim();
    if (message) errors[f] = message;
  }
  const notice = el.querySelector('[data-form-status]')?.textContent?.trim();
  return { values, errors, ...(notice ? { notice } : {}) };
}

/**
 * Hydrates the form as prerendered. A form that already holds text (typed
 * before hydration, or filled by the server after a native post) is drawn
 * afresh instead, from what it holds: MUI's filled and error states (the
 * shrunk label, the notched outline) differ from the prerendered markup, and
 * hydration would leave them unpatched. Focus and the caret stay where the
 * visitor left them.
 */
export function mount(el: HTMLElement) {
  const initial = readInitial(el);
  const app = (
    <StrictMode>
      <IslandProviders>
        <ContactForm initial={initial} />
      </IslandProviders>
    </StrictMode>
  );
  const filled = Object.values(initial.values).some(Boolean) || Object.keys(initial.errors).length > 0 || Boolean(initial.notice);
  if (!filled) {
    hydrateRoot(el, app);
    return;
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : null;
  const name = focused && el.contains(focused) ? focused.name : undefined;
  const caret = focused ? [focused.selectionStart, focused.selectionEnd] : [];
  el.replaceChildren();
  const root = createRoot(el);
  flushSync(() => root.render(app));
  if (name) {
    const field = el.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
    field?.focus();
    if (caret[0] != null) field?.setSelectionRange(caret[0], caret[1] ?? caret[0]);
  }
}
