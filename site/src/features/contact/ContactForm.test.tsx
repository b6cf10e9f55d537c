import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contactIsland } from '@/testing/contact';

// The form as the browser has it: the prerendered markup (React + MUI at
// build time) with its island (plain TypeScript, src/islands/contact.ts) live.

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const messageField = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send Message' });

type User = Awaited<ReturnType<typeof contactIsland>>['user'];

/** Replaces a field's text the way a visitor pasting it would. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

async function fillForm(user: User, values: { name: string; email: string; message: string }) {
  await fill(user, nameField(), values.name);
  await fill(user, emailField(), values.email);
  await fill(user, messageField(), values.message);
}

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello, let us work together.' };

/** A fetch whose answer the test gives when it likes. */
function pendingFetch() {
  let answer!: (response: Response) => void;
  let fail!: (error: unknown) => void;
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (status: number) => answer({ ok: status >= 200 && status < 300, status } as Response), fail: (e: unknown) => fail(e) };
}

/** A fetch that answers at once with `status`. */
function answeringFetch(status: number) {
  const fetch = vi.fn(async () => ({ ok: status >= 200 && status < 300, status }) as Response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('ContactForm fields', () => {
  it('has the three fields with autocomplete off, a 6-row message box and the send button', async () => {
    await contactIsland();

    for (const field of [nameField(), emailField(), messageField()]) {
      expect(field).toHaveAttribute('autocomplete', 'off');
      expect(field).toHaveValue('');
    }
    expect(messageField().tagName).toBe('TEXTAREA');
    expect(messageField()).toHaveAttribute('rows', '6');
    expect(sendButton()).toBeEnabled();
  });

  it('carries form-name=contact for the host', async () => {
    await contactIsland();

    const form = screen.getByRole('form', { name: 'Contact' });
    expect(form).toHaveFormValues({ 'form-name': 'contact' });
  });

  it('keeps the honeypot out of the accessibility tree and out of the tab order', async () => {
    const { user } = await contactIsland();

    const honeypot = screen.getByRole('textbox', { name: 'Leave this field empty', hidden: true });
    expect(honeypot).toHaveAttribute('name', 'bot-field');
    expect(honeypot).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toEqual([nameField(), emailField(), messageField()]);
    expect(honeypot).toHaveAttribute('tabindex', '-1');

    const reached: Element[] = [];
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      if (document.activeElement) reached.push(document.activeElement);
    }
    expect(reached).not.toContain(honeypot);
    expect(reached.slice(0, 4)).toEqual([nameField(), emailField(), messageField(), sendButton()]);
  });
});

describe('ContactForm validation (docs/site.md §5)', () => {
  it('shows no error before the first submit, however the fields look', async () => {
    const { user } = await contactIsland();

    await fill(user, emailField(), 'not an address');
    await fill(user, nameField(), 'a'.repeat(101));

    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(screen.queryByText('Name must be less than 100 characters')).not.toBeInTheDocument();
    for (const field of [nameField(), emailField(), messageField()]) {
      expect(field).toHaveAttribute('aria-invalid', 'false');
    }
  });

  it.each([
    { label: 'Name', input: 'empty', text: '', error: 'Name is required' },
    { label: 'Name', input: 'only spaces', text: '    ', error: 'Name is required' },
    { label: 'Name', input: '101 characters', text: 'a'.repeat(101), error: 'Name must be less than 100 characters' },
    { label: 'Email', input: 'empty', text: '', error: 'Invalid email address' },
    { label: 'Email', input: 'without a dot in the domain', text: 'ada@example', error: 'Invalid email address' },
    { label: 'Email', input: '256 characters', text: `${'a'.repeat(244)}@example.com`, error: 'Email must be less than 255 characters' },
    { label: 'Message', input: 'empty', text: '', error: 'Message is required' },
    { label: 'Message', input: 'only blank lines', text: ' \n ', error: 'Message is required' },
    { label: 'Message', input: '1001 characters', text: 'm'.repeat(1001), error: 'Message must be less than 1000 characters' },
  ])('$label $input: shows "$error" under the field, tied to it, focuses it and sends nothing', async ({ label, text, error }) => {
    const fetch = answeringFetch(200);
    const { user } = await contactIsland();
    await fillForm(user, valid);
    const field = screen.getByRole('textbox', { name: label });
    await fill(user, field, text);

    await user.click(sendButton());

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(error);
    // Under the field: after it, and before the next control.
    const shown = screen.getByText(error);
    const controls = [...screen.getAllByRole('textbox'), sendButton()];
    const next = controls[controls.indexOf(field) + 1]!;
    expect(field.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shown.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(field).toHaveFocus();
    for (const other of screen.getAllByRole('textbox').filter((f) => f !== field)) {
      expect(other).toHaveAttribute('aria-invalid', 'false');
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    { label: 'Name', input: '100 characters', text: 'a'.repeat(100) },
    { label: 'Name', input: '100 characters with spaces around', text: `  ${'a'.repeat(100)}  ` },
    { label: 'Email', input: '255 characters', text: `${'a'.repeat(243)}@example.com` },
    { label: 'Email', input: 'with spaces around', text: '  ada@example.com  ' },
    { label: 'Message', input: '1000 characters', text: 'm'.repeat(1000) },
    { label: 'Message', input: '1000 characters with blanks around', text: `  ${'m'.repeat(1000)}\n` },
  ])('$label $input is accepted and the message is sent', async ({ label, text }) => {
    const fetch = answeringFetch(200);
    const { user } = await contactIsland();
    await fillForm(user, valid);
    const field = screen.getByRole('textbox', { name: label });
    await fill(user, field, text);

    await user.click(sendButton());

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  });

  it('shows every error at once and focuses the first invalid field', async () => {
    const { user } = await contactIsland();
    await fill(user, emailField(), 'nope');

    await user.click(sendButton());

    expect(nameField()).toHaveAccessibleDescription('Name is required');
    expect(emailField()).toHaveAccessibleDescription('Invalid email address');
    expect(messageField()).toHaveAccessibleDescription('Message is required');
    expect(nameField()).toHaveFocus();
  });

  it('focuses the first invalid field in form order, not the first field', async () => {
    const { user } = await contactIsland();
    await fillForm(user, { ...valid, email: 'nope', message: '' });

    await user.click(sendButton());

    expect(emailField()).toHaveFocus();
  });

  it('after the first submit, validates again on every change', async () => {
    const { user } = await contactIsland();
    await fill(user, emailField(), 'nope');
    await user.click(sendButton());
    expect(emailField()).toHaveAccessibleDescription('Invalid email address');

    // Fixing a field clears its error at once...
    await fill(user, emailField(), valid.email);
    expect(emailField()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    await user.type(nameField(), 'A');
    expect(nameField()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    // ...and breaking one shows its error without another submit.
    await user.clear(nameField());
    expect(nameField()).toHaveAccessibleDescription('Name is required');
    await user.type(emailField(), ' x');
    expect(emailField()).toHaveAccessibleDescription('Invalid email address');
  });
});

describe('ContactForm submission (docs/site.md §4, §7, §8)', () => {
  it('posts the trimmed message form-urlencoded to / with form-name and the empty honeypot', async () => {
    const fetch = answeringFetch(200);
    const { user } = await contactIsland();
    await fillForm(user, { name: '  Ada Lovelace ', email: ' ada@example.com  ', message: '\n Hello there. \n' });

    await user.click(sendButton());

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(typeof init.body).toBe('string');
    const body = new URLSearchParams(init.body as string);
    expect([...body.keys()].sort()).toEqual(['bot-field', 'email', 'form-name', 'message', 'name']);
    expect(Object.fromEntries(body)).toEqual({
      'form-name': 'contact',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Hello there.',
      'bot-field': '',
    });
  });

  it('on 200: shows Sending... on a disabled button while pending, then the success toast, and clears the form', async () => {
    const server = pendingFetch();
    const { user } = await contactIsland();
    await fillForm(user, valid);

    await user.click(sendButton());

    const pending = await screen.findByRole('button', { name: 'Sending...' });
    expect(pending).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(nameField()).toHaveValue(valid.name);

    server.answer(200);

    expect(await screen.findByRole('status')).toHaveTextContent('Message sent successfully!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(nameField()).toHaveValue('');
    expect(emailField()).toHaveValue('');
    expect(messageField()).toHaveValue('');
    expect(sendButton()).toBeEnabled();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('after a success, the cleared form shows no errors until it is submitted again', async () => {
    answeringFetch(200);
    const { user } = await contactIsland();
    await fillForm(user, valid);
    await user.click(sendButton());
    await screen.findByRole('status');

    await fill(user, emailField(), 'nope');

    expect(emailField()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });

  it.each([
    ['a 500 answer', (server: ReturnType<typeof pendingFetch>) => server.answer(500)],
    ['a network failure', (server: ReturnType<typeof pendingFetch>) => server.fail(new TypeError('Failed to fetch'))],
  ])('on %s: shows the error toast and keeps the visitor’s text', async (_, outcome) => {
    const server = pendingFetch();
    const { user } = await contactIsland();
    const typed = { name: ' Ada Lovelace ', email: 'ada@example.com', message: 'Hello,\nlet us work together. ' };
    await fillForm(user, typed);

    await user.click(sendButton());
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    outcome(server);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    expect(screen.queryByText('Message sent successfully!')).not.toBeInTheDocument();
    expect(nameField()).toHaveValue(typed.name);
    expect(emailField()).toHaveValue(typed.email);
    expect(messageField()).toHaveValue(typed.message);
    expect(sendButton()).toBeEnabled();
  });
});
