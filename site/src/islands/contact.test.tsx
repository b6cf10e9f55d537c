import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/App';
import { ContactForm } from '@/features/contact/ContactForm';
import { mount, readInitial } from '@/islands/contact';
import { Island } from '@/islands/Island';

// The contact island on the prerendered markup, as in the browser: the
// server's HTML first, then the island hydrates it.

function prerendered() {
  const html = renderToString(
    <AppProviders>
      <Island name="contact" when={['visible', 'idle']}>
        <ContactForm />
      </Island>
    </AppProviders>,
  );
  document.body.innerHTML = html;
  return document.querySelector<HTMLElement>('[data-island="contact"]')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the contact island', () => {
  it('prerenders the form that posts without JavaScript (the form contract, README design notes)', () => {
    const el = prerendered();
    const form = el.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/contact/sent/');
    expect(form).toHaveAttribute('data-netlify', 'true');
    expect(form).toHaveAttribute('netlify-honeypot', 'bot-field');
    expect(form.noValidate).toBe(false);
    expect(form.querySelector('input[name="form-name"]')).toHaveValue('contact');
    expect(form.querySelector('input[name="name"]')).toHaveAttribute('maxlength', '100');
    expect(form.querySelector('input[name="email"]')).toHaveAttribute('type', 'email');
    expect(form.querySelector('textarea[name="message"]')).toHaveAttribute('rows', '6');
    for (const f of ['name', 'email', 'message']) {
      const field = form.querySelector(`[name="${f}"]`)!;
      expect(field).toHaveAttribute('required');
      const error = form.querySelector(`[data-error-for="${f}"]`)!;
      expect(error).toBeEmptyDOMElement();
      expect(field.getAttribute('aria-describedby')).toBe(error.id);
    }
    expect(form.querySelector('[data-form-status]')).toBeEmptyDOMElement();
  });

  it('reads what the form holds: values typed before hydration and the messages the server wrote', () => {
    const el = prerendered();
    el.querySelector<HTMLInputElement>('[name="name"]')!.value = 'Ada';
    el.querySelector('[data-error-for="email"]')!.textContent = 'Invalid email address';
    el.querySelector('[data-form-status]')!.textContent = 'Please correct the fields below.';
    expect(readInitial(el)).toEqual({
      values: { name: 'Ada', email: '', message: '' },
      errors: { email: 'Invalid email address' },
      notice: 'Please correct the fields below.',
    });
  });

  it('hydrates the prerendered form with no mismatch', async () => {
    const el = prerendered();
    const error = vi.spyOn(console, 'error');
    await act(async () => mount(el));
    await waitFor(() => expect(el.querySelector('form')!.noValidate).toBe(true));
    expect(error).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });

  it('draws a server-filled form afresh with no mismatch, keeps the text and focus, then validates with SPEC rules on change', async () => {
    const el = prerendered();
    el.querySelector<HTMLInputElement>('[name="name"]')!.value = 'Ada';
    el.querySelector<HTMLInputElement>('[name="email"]')!.value = 'ada@';
    // As the server fills it after an invalid native post (the form contract, README design notes).
    el.querySelector('[name="email"]')!.setAttribute('aria-invalid', 'true');
    el.querySelector('[data-error-for="email"]')!.textContent = 'Invalid email address';
    el.querySelector<HTMLInputElement>('[name="name"]')!.focus();
    const error = vi.spyOn(console, 'error');
    await act(async () => mount(el));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await waitFor(() => expect(el.querySelector('form')!.noValidate).toBe(true));
    expect(error).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    // Hydrated: SPEC's limits replace the native ones, and the rules re-run on change.
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('maxlength');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Email' }), 'example.com');
    await waitFor(() => expect(el.querySelector('[data-error-for="email"]')).toBeEmptyDOMElement());
  });
});
