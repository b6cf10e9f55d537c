import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readInitial } from '@/islands/contact';
import { prerenderedContactForm, startContactIsland } from '@/testing/contact';

// The contact island on the prerendered markup, as in the browser: the
// server's HTML first, then the island (plain TypeScript) takes it over.

/**
 * A field's look as the form's CSS reads it (ContactForm.tsx): focused
 * (`:focus-within`), its label up (`data-shrink`, focused or filled), in
 * error (`aria-invalid`).
 */
const look = (field: HTMLElement) => ({
  focused: field.matches(':focus'),
  shrink: (field as HTMLInputElement).labels![0]!.getAttribute('data-shrink') === 'true',
  error: field.getAttribute('aria-invalid') === 'true',
});
const idle = { focused: false, shrink: false, error: false };

describe('the contact island', () => {
  it('prerenders the form that posts without JavaScript (the form contract, decision 0005)', () => {
    const el = prerenderedContactForm();
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
    // The toasts wait in templates: nothing of them is in the document or the accessibility tree.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(form.querySelectorAll('template[data-contact-toast]')).toHaveLength(2);
  });

  it('prerenders every field in its idle look: not focused, label down, not in error', () => {
    const el = prerenderedContactForm();
    for (const name of ['name', 'email', 'message'] as const) {
      expect(look(el.querySelector<HTMLElement>(`[name="${name}"]`)!)).toEqual(idle);
    }
  });

  it('reads what the form holds: values typed before the island and the messages the server wrote', () => {
    const el = prerenderedContactForm();
    el.querySelector<HTMLInputElement>('[name="name"]')!.value = 'Ada';
    el.querySelector('[data-error-for="email"]')!.textContent = 'Invalid email address';
    el.querySelector('[data-form-status]')!.textContent = 'Please correct the fields below.';
    expect(readInitial(el)).toEqual({
      values: { name: 'Ada', email: '', message: '' },
      errors: { email: 'Invalid email address' },
      notice: 'Please correct the fields below.',
    });
  });

  it('takes over the prerendered form with no console problem, and runs the rules of docs/site.md §5 from then on', async () => {
    const el = prerenderedContactForm();
    const error = vi.spyOn(console, 'error');
    await startContactIsland(el);
    expect(el.querySelector('form')!.noValidate).toBe(true);
    expect(error).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });

  it('draws each look with plain attributes: focused, filled, in error', async () => {
    const el = prerenderedContactForm();
    await startContactIsland(el);
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const label = () => el.querySelector('label[for="contact-name"]')!;

    await user.click(name);
    expect(look(name)).toEqual({ focused: true, shrink: true, error: false });
    expect(label()).toHaveAttribute('data-shrink', 'true');

    await user.type(name, 'Ada');
    await user.tab();
    expect(look(name)).toEqual({ focused: false, shrink: true, error: false });
    expect(label()).toHaveAttribute('data-shrink', 'true');

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(name).toHaveFocus();
    expect(look(name)).toEqual({ focused: true, shrink: true, error: true });
    expect(el.querySelector('[data-error-for="name"]')).toHaveTextContent('Name is required');

    await user.tab();
    expect(look(name)).toEqual({ focused: false, shrink: false, error: true });
    expect(label()).toHaveAttribute('data-shrink', 'false');
  });

  it("never touches a class: MUI's class names are the prerender's alone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200 }) as Response),
    );
    const el = prerenderedContactForm();
    const changed: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) changed.push(`${(r.target as Element).tagName.toLowerCase()} ${r.oldValue ?? ''}`);
    });
    observer.observe(el, { subtree: true, attributeFilter: ['class'], attributeOldValue: true });
    await startContactIsland(el);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    observer.disconnect();
    expect(changed).toEqual([]);
  });

  it('keeps a server-filled form: the text, the messages (now in the error look), the status line and focus; then validates on change', async () => {
    const el = prerenderedContactForm();
    el.querySelector<HTMLInputElement>('[name="name"]')!.value = 'Ada';
    el.querySelector<HTMLInputElement>('[name="email"]')!.value = 'ada@';
    // As the server fills it after an invalid native post (the form contract,
    // docs/decisions/0005-the-contact-form-works-without-javascript.md).
    el.querySelector('[name="email"]')!.setAttribute('aria-invalid', 'true');
    el.querySelector('[data-error-for="email"]')!.textContent = 'Invalid email address';
    el.querySelector('[data-form-status]')!.textContent = 'Please correct the fields below.';
    el.querySelector('[data-form-status]')!.setAttribute('role', 'alert');
    el.querySelector<HTMLInputElement>('[name="name"]')!.focus();
    const error = vi.spyOn(console, 'error');
    await startContactIsland(el);

    const name = screen.getByRole('textbox', { name: 'Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(name).toHaveFocus();
    expect(error).not.toHaveBeenCalled();
    expect(name).toHaveValue('Ada');
    expect(email).toHaveValue('ada@');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(look(email)).toEqual({ focused: false, shrink: true, error: true });
    expect(look(name)).toEqual({ focused: true, shrink: true, error: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields below.');
    // Live: the limits of docs/site.md §5 replace the native ones, and the rules re-run on change.
    expect(name).not.toHaveAttribute('maxlength');
    await userEvent.setup().type(email, 'example.com');
    await waitFor(() => expect(el.querySelector('[data-error-for="email"]')).toBeEmptyDOMElement());
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(look(email)).toEqual({ focused: true, shrink: true, error: false });
  });

  it('the toast closes with its Close button and with Escape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200 }) as Response),
    );
    const el = prerenderedContactForm();
    await startContactIsland(el);
    const user = userEvent.setup();
    const send = async () => {
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
      await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
      await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      return screen.findByRole('status');
    };
    await send();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    await send();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
