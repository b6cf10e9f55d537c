// docs/site.md §5, §7, §8: the contact form's validation, its submission to the
// host's form handling (intercepted here), and the static copy of the form
// the host reads from the deployed HTML.
import type { Page, Request, Route } from '@playwright/test';
import { expect, test, waitForHydration } from './support/test';
import { paths } from '../src/config/paths';

// One browser context per worker, reset between tests (docs/testing.md: a
// shared or a fresh page): each test's interception of the form's POST is
// a route of its own, cleared with the rest when the test ends.
test.use({ reuseContext: true });

const form = (page: Page) => page.getByRole('form', { name: 'Contact' });
const send = (page: Page) => form(page).getByRole('button', { name: 'Send Message' });

/**
 * Answers the form's POST to / with `status` (or a network error) after a
 * short delay, so the submitting state can be seen; GETs of / go to the server.
 */
async function interceptSubmission(page: Page, answer: number | 'network-error') {
  const posted: Request[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('/', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posted.push(route.request());
    await released;
    if (answer === 'network-error') return route.abort('failed');
    return route.fulfill({ status: answer, contentType: 'text/plain', body: answer === 200 ? 'ok' : 'error' });
  });
  return { posted, release };
}

async function openForm(page: Page) {
  await page.goto(paths.contact);
  await waitForHydration(page);
}

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await form(page).getByRole('textbox', { name: 'Name' }).fill(values.name);
  await form(page).getByRole('textbox', { name: 'Email' }).fill(values.email);
  await form(page).getByRole('textbox', { name: 'Message' }).fill(values.message);
}

// Spaces around name and message are trimmed before sending. (An email
// input strips them itself, so the email has none.)
const valid = { name: '  Jordan Lee  ', email: 'jordan@example.org', message: '  Hello! I would like to talk about a project.  ' };

test('the page has its header, back link, section and heading', async ({ page }) => {
  await page.goto(paths.contact);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  const section = page.locator('section#contact');
  await expect(section.getByRole('heading', { name: "Let's Connect" })).toBeVisible();
  await expect(section.getByText('Interested in working together? Get in touch!')).toBeVisible();
  await expect(section.getByRole('form', { name: 'Contact' })).toBeVisible();
});

test('fields have autocomplete off; the message box has 6 rows', async ({ page }) => {
  await openForm(page);
  for (const name of ['Name', 'Email', 'Message']) {
    await expect(form(page).getByRole('textbox', { name })).toHaveAttribute('autocomplete', 'off');
  }
  await expect(form(page).getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '6');
});

test('an empty submit shows every message and focuses the first invalid field', async ({ page }) => {
  const { posted } = await interceptSubmission(page, 200);
  await openForm(page);
  await send(page).click();

  const name = form(page).getByRole('textbox', { name: 'Name' });
  const email = form(page).getByRole('textbox', { name: 'Email' });
  const message = form(page).getByRole('textbox', { name: 'Message' });
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(email).toHaveAccessibleDescription('Invalid email address');
  await expect(message).toHaveAccessibleDescription('Message is required');
  for (const field of [name, email, message]) await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  expect(posted).toHaveLength(0);

  // After the first submit, validation re-runs on every change.
  await name.fill('Jordan');
  await expect(form(page).getByText('Name is required')).toHaveCount(0);
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await email.fill('jordan@');
  await expect(email).toHaveAccessibleDescription('Invalid email address');
  await email.fill('jordan@example.org');
  await expect(form(page).getByText('Invalid email address')).toHaveCount(0);

  // Now the first invalid field is the message.
  await send(page).click();
  await expect(message).toBeFocused();
  await expect(message).toHaveAccessibleDescription('Message is required');
  expect(posted).toHaveLength(0);
});

test('whitespace-only values count as empty', async ({ page }) => {
  await openForm(page);
  await fill(page, { name: '   ', email: 'a@b.co', message: '   ' });
  await send(page).click();
  await expect(form(page).getByText('Name is required')).toBeVisible();
  await expect(form(page).getByText('Message is required')).toBeVisible();
  await expect(form(page).getByRole('textbox', { name: 'Name' })).toBeFocused();
});

test('too-long values show the length messages', async ({ page }) => {
  const { posted } = await interceptSubmission(page, 200);
  await openForm(page);
  await fill(page, {
    name: 'n'.repeat(101),
    email: `${'e'.repeat(250)}@example.org`,
    message: 'm'.repeat(1001),
  });
  await send(page).click();
  await expect(form(page).getByText('Name must be less than 100 characters')).toBeVisible();
  await expect(form(page).getByText('Email must be less than 255 characters')).toBeVisible();
  await expect(form(page).getByText('Message must be less than 1000 characters')).toBeVisible();
  await expect(form(page).getByRole('textbox', { name: 'Name' })).toBeFocused();

  // At the limits exactly, the values are fine.
  await fill(page, { name: 'n'.repeat(100), email: `${'e'.repeat(243)}@example.org`, message: 'm'.repeat(1000) });
  await expect(form(page).getByText(/must be less than/)).toHaveCount(0);
  expect(posted).toHaveLength(0);
});

test('a valid submit posts the form, shows Sending..., then the success toast, and clears', async ({ page }) => {
  const { posted, release } = await interceptSubmission(page, 200);
  await openForm(page);
  await fill(page, valid);
  await send(page).click();

  const sending = form(page).getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await expect.poll(() => posted.length).toBe(1);
  release();

  await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully!' })).toBeVisible();
  await expect(send(page)).toBeEnabled();
  for (const name of ['Name', 'Email', 'Message']) await expect(form(page).getByRole('textbox', { name })).toHaveValue('');
  // A cleared form after success shows no validation errors.
  await expect(form(page).getByText(/required|Invalid/)).toHaveCount(0);

  const request = posted[0]!;
  expect(request.method()).toBe('POST');
  expect(new URL(request.url()).pathname).toBe('/');
  expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
  const body = Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
  expect(body).toEqual({
    'form-name': 'contact',
    name: 'Jordan Lee',
    email: 'jordan@example.org',
    message: 'Hello! I would like to talk about a project.',
    'bot-field': '',
  });
});

for (const answer of [500, 'network-error'] as const) {
  test(`a failed submit (${answer}) shows the error toast and keeps the text`, async ({ page }) => {
    const { posted, release } = await interceptSubmission(page, answer);
    await openForm(page);
    await fill(page, valid);
    await send(page).click();
    await expect(form(page).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect.poll(() => posted.length).toBe(1);
    release();

    await expect(page.getByRole('alert').filter({ hasText: 'Failed to send message. Please try again.' })).toBeVisible();
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
    await expect(send(page)).toBeEnabled();
    await expect(form(page).getByRole('textbox', { name: 'Name' })).toHaveValue(valid.name);
    await expect(form(page).getByRole('textbox', { name: 'Email' })).toHaveValue(valid.email);
    await expect(form(page).getByRole('textbox', { name: 'Message' })).toHaveValue(valid.message);
  });
}

/** How opaque `el` is drawn: its own opacity times every ancestor's. */
const shownOpacity = (el: Element) => {
  let opacity = 1;
  for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  return opacity;
};

test('the toast comes in fully opaque and leaves on Close (its CSS follows what the island sets)', async ({ page }) => {
  const { release } = await interceptSubmission(page, 200);
  await openForm(page);
  await fill(page, valid);
  await send(page).click();
  release();

  const toast = page.getByRole('status').filter({ hasText: 'Message sent successfully!' });
  await expect(toast).toBeVisible();
  await expect.poll(() => toast.evaluate(shownOpacity)).toBe(1);
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
});

test('the real server accepts the POST (as the host does)', async ({ page }) => {
  await openForm(page);
  await fill(page, valid);
  await send(page).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
});

test.describe('the static form for the host', () => {
  test.use({ javaScriptEnabled: false });

  test('is the one visible form of /contact (the form contract, decision 0005), posting to /contact/sent/, with the fields and honeypot', async ({ page }) => {
    await page.goto(paths.contact);
    await expect(page.locator('form[name="contact"]')).toHaveCount(1);
    const netlify = page.locator('form[name="contact"][data-netlify="true"]');
    await expect(netlify).toHaveCount(1);
    await expect(netlify).toHaveAttribute('netlify-honeypot', 'bot-field');
    await expect(netlify).toBeVisible();
    await expect(netlify).toHaveAttribute('method', 'post');
    await expect(netlify).toHaveAttribute('action', paths.contactSent);
    await expect(netlify.locator('input[type="hidden"][name="form-name"]')).toHaveAttribute('value', 'contact');
    for (const field of ['input[name="name"]', 'input[name="email"]', 'textarea[name="message"]', 'input[name="bot-field"]']) {
      await expect(netlify.locator(field)).toHaveCount(1);
    }
  });

  test('the form rendered by the app posts the same fields', async ({ page }) => {
    await page.goto(paths.contact);
    const app = page.locator('#root form[name="contact"]');
    await expect(app).toHaveAttribute('method', 'post');
    await expect(app.locator('input[type="hidden"][name="form-name"]')).toHaveAttribute('value', 'contact');
    for (const name of ['name', 'email', 'message', 'bot-field']) await expect(app.locator(`[name="${name}"]`)).toHaveCount(1);
    // The honeypot is out of sight and out of the tab order.
    await expect(app.locator('input[name="bot-field"]')).toHaveAttribute('tabindex', '-1');
  });
});
