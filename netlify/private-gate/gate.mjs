// The rule that keeps a private project (project.yaml `access: private`)
// for the holder of the owner's secret, as the Netlify Edge Function
// applies it (../edge-functions/private.js): the same rule as `portfolio
// serve` (cli/internal/privateaccess, cli/internal/server/private.go),
// checked against the same vectors (gate.test.mjs reads
// cli/internal/privateaccess/testdata/vectors.json). Web APIs only (Web
// Crypto, Request, Response), so Deno at the edge and Node in the tests
// run the same code. See docs/decisions/0080-private-client-work.md.

import { classify, PREFIX, slugOf } from './paths.mjs';

export { classify, PREFIX, slugOf };
export const ENV_PREFIX = 'PORTFOLIO_PRIVATE_';
/** Seconds a cookie lets its holder in: 30 days. */
export const LIFETIME = 30 * 24 * 3600;
export const SECRET_FIELD = 'secret';
const KEY_CONTEXT = 'portfolio private access v1';

const encoder = new TextEncoder();

/** The environment variable of a project's secret. */
export const envName = (slug) => ENV_PREFIX + slug.replaceAll('-', '_').toUpperCase();
export const cookieName = (slug) => `private_${slug}`;
// Without the last slash: the page /private/<slug> gets the cookie too.
export const cookiePath = (slug) => `${PREFIX}${slug}`;

async function hmac(key, message) {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, encoder.encode(message)));
}

const base64url = (bytes) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

async function signature(secret, slug, expires) {
  const key = await hmac(encoder.encode(secret), KEY_CONTEXT);
  return base64url(await hmac(key, `${slug}\n${expires}`));
}

/** Equal byte strings, in time that does not depend on where they differ. */
function equal(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** The cookie's value, valid until `expires` (Unix seconds). */
export async function sign(secret, slug, expires) {
  return `${expires}.${await signature(secret, slug, expires)}`;
}

/** Whether `value` is a cookie the secret signed for the project, unexpired at `now` (Unix seconds). */
export async function valid(secret, slug, value, now) {
  if (!secret) return false;
  const dot = value.indexOf('.');
  if (dot < 0) return false;
  const [expText, sig] = [value.slice(0, dot), value.slice(dot + 1)];
  if (!/^[0-9]{1,12}$/.test(expText)) return false;
  const expires = Number(expText);
  if (now >= expires || expires - now > LIFETIME) return false;
  return equal(encoder.encode(sig), encoder.encode(await signature(secret, slug, expires)));
}

/** Whether `given` is the secret; both hashed first, compared in constant time. */
export async function secretMatches(secret, given) {
  if (!secret) return false;
  const [a, b] = await Promise.all([secret, given].map(async (s) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(s)))));
  return equal(a, b);
}

/** The headers of everything under the prefix (cli/internal/headers PrivateRule). */
export const PRIVATE_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'private, max-age=0, must-revalidate',
};

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The page that asks for the secret: nothing of the project in it, not even its title. */
function gatePage(action, problem) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>Private page</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}input,button{font:inherit;padding:.4rem .6rem}input{width:100%;box-sizing:border-box;margin:.25rem 0 1rem}p[role=alert]{font-weight:600}</style>
</head>
<body>
<main>
<h1>Private page</h1>
<p>This page is private. Enter the secret you were sent to open it.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>\n` : ''}<form method="post" action="${escapeHtml(action)}">
<label for="secret">Secret</label>
<input id="secret" name="secret" type="password" required autocomplete="off" autofocus>
<button type="submit">Open</button>
</form>
</main>
</body>
</html>
`;
}

// Netlify's _headers do not apply to an Edge Function's own answers: the
// security headers of every page are sent here too, as `portfolio serve`
// sends them (gate.test.mjs checks them against
// cli/internal/server/testdata/secret-page-headers.json).
const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
};

function refuse(status, action, problem, method) {
  const headers = { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...PRIVATE_HEADERS, 'Cache-Control': 'no-store' };
  if (status === 404) return new Response(method === 'HEAD' ? null : 'There is no page at this address.\n', { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(method === 'HEAD' ? null : gatePage(action, problem), { status, headers });
}

/**
 * The rule for a favourites post past the gate
 * (cli/internal/privateaccess/favourites.go, Gallery.Check, held to the
 * same vectors): the project is the one the gate admitted, whose `gallery`
 * ({ title, photos }) the build wrote; the post's project field must name
 * it, and every photo named must be in it. Returns the field at fault and
 * the problem in words, or null.
 */
export function checkFavourites(gallery, project, photos) {
  if (project !== gallery.title) return { field: 'project', problem: "This list was made on another project's page; send it from this project's page" };
  const unknown = [...new Set(photos.filter((name) => !gallery.photos.includes(name)))];
  if (unknown.length === 0) return null;
  const named = unknown.length > MAX_NAMED ? `${unknown.slice(0, MAX_NAMED).join(', ')} and ${unknown.length - MAX_NAMED} more` : unknown.join(', ');
  return { field: 'photos', problem: `Not in this project's gallery: ${named}; choose the photos on this project's page` };
}

/** How many unknown names a problem lists. */
const MAX_NAMED = 5;

/** The favourites form's names (cli/internal/contact/favourites.go, site/src/features/favourites/form.ts). */
export const FAVOURITES = { form: 'favourites', formName: 'form-name', project: 'project', photos: 'photos' };

/** The photo names of a post: each value's lines, trimmed, empty ones dropped. */
const photoNames = (values) => values.flatMap((v) => String(v).split('\n')).map((s) => s.trim()).filter(Boolean);

/** A short page that says why a post was refused, with the way back. */
function noticePage(title, text, back) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(text)}</p>
<p><a href="${escapeHtml(back)}">Go back</a></p>
</main>
</body>
</html>
`;
}

function refusePost(status, title, text, back, method) {
  const headers = { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...PRIVATE_HEADERS, 'Cache-Control': 'no-store' };
  return new Response(method === 'HEAD' ? null : noticePage(title, text, back), { status, headers });
}

/**
 * Checks an admitted post before the host's form handling stores it: a
 * favourites list must be the admitted project's, naming only its
 * gallery's photos; a post whose form cannot be read is refused. Returns
 * the refusal, or null to let it through (the request itself is not read).
 */
async function checkPost(request, slug, pathname, galleryFor) {
  let form;
  try {
    form = await request.clone().formData();
  } catch {
    return refusePost(400, 'The form could not be read', 'The form could not be read. Go back and send it again from the page.', pathname, request.method);
  }
  if (form.get(FAVOURITES.formName) !== FAVOURITES.form) return null;
  const gallery = galleryFor(slug);
  if (!gallery) {
    return refusePost(503, 'The favourites were not sent', 'The favourites cannot be checked against the project, so they were not stored. Please tell the photographer.', pathname, request.method);
  }
  const fault = checkFavourites(gallery, String(form.get(FAVOURITES.project) ?? '').trim(), photoNames(form.getAll(FAVOURITES.photos)));
  if (!fault) return null;
  return refusePost(400, 'Please correct the form', `${fault.problem}. Go back: your choice is still on the page.`, pathname, request.method);
}

function cookieValues(request, name) {
  const out = [];
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/**
 * Answers a request: under the private prefix without a valid cookie, the
 * secret's page (or, for the secret posted, the cookie and a redirect
 * back); with one, what `next()` answers (the site's file, or the host's
 * form handling for a post), with the prefix's headers. `secretFor(slug)`
 * reads the secret ("" or undefined admits nobody); `galleryFor(slug)` is
 * what the build says of the project's gallery ({ title, photos }, from
 * site/src/generated/private-gate.json; undefined refuses every favourites
 * post); `now()` is Unix seconds.
 */
export async function handle(request, { secretFor, galleryFor = () => undefined, next, now = () => Math.floor(Date.now() / 1000) }) {
  const url = new URL(request.url);
  const { kind, slug } = classify(url.pathname);
  if (kind === 'refused') {
    // A path that means different things depending on how it is decoded,
    // or hides the prefix (decision 0091): `portfolio serve` answers 400 too.
    return refusePost(400, 'This address cannot be served', 'The address has characters or parts that no page of this site has (such as an encoded slash or a “..”). Check the link, or start again from the home page.', '/', request.method);
  }
  if (kind !== 'private') return next();
  if (!slug) return refuse(404, url.pathname, '', request.method);
  const secret = secretFor(slug) ?? '';
  for (const value of cookieValues(request, cookieName(slug))) {
    if (await valid(secret, slug, value, now())) {
      if (request.method === 'POST') {
        const refused = await checkPost(request, slug, url.pathname, galleryFor);
        if (refused) return refused;
      }
      const res = await next();
      // Not the site's 404.html, which loads the analytics: nothing at a
      // private address counts (decision 0080; `portfolio serve` answers
      // the same).
      if (res.status === 404) return refusePost(404, 'No page here', 'There is no page at this address.', cookiePath(slug), request.method);
      const out = new Response(res.body, res);
      for (const [k, v] of Object.entries(PRIVATE_HEADERS)) out.headers.set(k, v);
      return out;
    }
  }
  if (request.method !== 'POST') return refuse(401, url.pathname, '', request.method);
  let given = '';
  try {
    const type = request.headers.get('Content-Type') ?? '';
    if (type.startsWith('application/x-www-form-urlencoded')) {
      const text = await request.text();
      if (text.length <= 4096) given = new URLSearchParams(text).get(SECRET_FIELD) ?? '';
    }
  } catch {
    given = '';
  }
  if (!(await secretMatches(secret, given))) {
    return refuse(401, url.pathname, 'That is not the secret for this page. Check the message it came in, and try again.', request.method);
  }
  const expires = now() + LIFETIME;
  const cookie = `${cookieName(slug)}=${await sign(secret, slug, expires)}; Path=${cookiePath(slug)}; Max-Age=${LIFETIME}; HttpOnly; Secure; SameSite=Lax`;
  return new Response(null, { status: 303, headers: { Location: url.pathname, 'Set-Cookie': cookie, ...PRIVATE_HEADERS, 'Cache-Control': 'no-store' } });
}
