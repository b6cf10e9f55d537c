// The rule that keeps a private project (project.yaml `access: private`)
// for the holder of the owner's secret, as the Netlify Edge Function
// applies it (../edge-functions/private.js): the same rule as `portfolio
// serve` (cli/internal/privateaccess, cli/internal/server/private.go),
// checked against the same vectors (gate.test.mjs reads
// cli/internal/privateaccess/testdata/vectors.json). Web APIs only (Web
// Crypto, Request, Response), so Deno at the edge and Node in the tests
// run the same code. See docs/decisions/0080-private-client-work.md.

import { downloadName, fromFirstByte, record as recordActivity } from './activity.mjs';
import { FAVOURITES, MAX_BODY, photoNames, record, storeKey, validateFavourites } from './favourites.mjs';
import { classify, PREFIX, slugOf } from './paths.mjs';
import { CONTACT_PATH, closedPage, gateLanguage, gatePage, noticePage } from './pages.mjs';
import { serveStored } from './store.mjs';

export { classify, CONTACT_PATH, FAVOURITES, PREFIX, slugOf };
export const ENV_PREFIX = 'PORTFOLIO_PRIVATE_';
/** Seconds a cookie lets its holder in: 30 days. */
export const LIFETIME = 30 * 24 * 3600;
export const SECRET_FIELD = 'secret';
/** The longest post of the secret's form read, in bytes (privateaccess.MaxSecretPost); a longer one is a wrong secret. */
export const MAX_SECRET_POST = 4 << 10;

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

// Named clients (project.yaml `clients:`, decision 0096;
// cli/internal/privateaccess/client.go, held to the same vectors). A
// client's secret is derived from the project's; its cookie names it; the
// gate admits only the names the build lists as not revoked (the
// gallery's `clients`). The holder of the project's own secret is the
// client ''.

/** The longest client name, in characters (privateaccess.MaxClientName). */
export const MAX_CLIENT_NAME = 60;
const CLIENT_CONTEXT = 'portfolio client secret v1';
const base64urlDecode = (s) => {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return null;
  const bin = atob(s.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  // Strict, as Go's: the unused bits of the last character are zero.
  return base64url(bytes) === s ? bytes : null;
};

/** The secret of the project's client `name` (privateaccess.ClientSecret); the project's own for ''. */
export async function clientSecret(secret, slug, name) {
  if (!secret || !name) return secret;
  return base64url((await hmac(encoder.encode(secret), `${CLIENT_CONTEXT}\n${slug}\n${name}`)).slice(0, 16));
}

async function clientSignature(secret, slug, name, expires) {
  const key = await hmac(encoder.encode(await clientSecret(secret, slug, name)), KEY_CONTEXT);
  return base64url(await hmac(key, `${slug}\n${expires}\n${name}`));
}

/** The cookie's value for the project's client `name` (privateaccess.ClientCookie): sign's for ''. */
export async function signClient(secret, slug, name, expires) {
  if (!name) return sign(secret, slug, expires);
  return `${expires}.${base64url(encoder.encode(name))}.${await clientSignature(secret, slug, name, expires)}`;
}

/**
 * Whose cookie `value` is (privateaccess.ValidClient): { client } when it
 * is valid at `now` for the project, '' for the project's secret, or a
 * name among `clients` (those not revoked); null otherwise.
 */
export async function validClient(secret, slug, value, clients, now) {
  const parts = value.split('.');
  if (parts.length !== 3) return (await valid(secret, slug, value, now)) ? { client: '' } : null;
  const [expText, encoded, sig] = parts;
  if (!secret || encoded === '' || encoded.length > Math.ceil((4 * MAX_CLIENT_NAME * 4) / 3)) return null;
  const bytes = base64urlDecode(encoded);
  if (bytes === null) return null;
  let name;
  try {
    name = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
  if ([...name].length > MAX_CLIENT_NAME || !(clients ?? []).includes(name)) return null;
  if (!/^[0-9]{1,12}$/.test(expText)) return null;
  const expires = Number(expText);
  if (now >= expires || expires - now > LIFETIME) return null;
  return equal(encoder.encode(sig), encoder.encode(await clientSignature(secret, slug, name, expires))) ? { client: name } : null;
}

/**
 * Whose secret `given` is (privateaccess.SecretClient): { client } for the
 * project's ('') or a listed client's, every one compared; null otherwise.
 */
export async function secretClient(secret, slug, given, clients) {
  if (!secret) return null;
  let found = (await secretMatches(secret, given)) ? { client: '' } : null;
  for (const name of clients ?? []) {
    if ((await secretMatches(await clientSecret(secret, slug, name), given)) && !found && name !== '') found = { client: name };
  }
  return found;
}

/** The headers of everything under the prefix (cli/internal/headers PrivateRule). */
export const PRIVATE_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'private, max-age=0, must-revalidate',
};

// Netlify's _headers do not apply to an Edge Function's own answers: the
// security headers of every page are sent here too, as `portfolio serve`
// sends them (gate.test.mjs checks them against
// cli/internal/server/testdata/secret-page-headers.json).
const SECURITY_HEADERS = {
  // The secret's page loads the site's fonts and shows a cover inlined as
  // a data: URI (decision 0095), nothing else.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
};

function refuse(status, action, problem, method, site, page) {
  const headers = { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...PRIVATE_HEADERS, 'Cache-Control': 'no-store' };
  return new Response(method === 'HEAD' ? null : gatePage(action, problem, site, page), { status, headers });
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

/**
 * Whether access to a project has ended at `now` (Unix seconds): its
 * gallery's `expires`, the last day (YYYY-MM-DD), is over in UTC
 * (cli/internal/privateaccess Gallery.Ended, held to the same vectors;
 * decision 0094). No gallery or no expires: it never ends. An expires that
 * is not a real date has ended (fails closed).
 */
export function ended(gallery, now) {
  const expires = gallery?.expires;
  if (expires === undefined || expires === '') return false;
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(expires);
  if (!m) return true;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return true;
  return now >= Date.UTC(y, mo - 1, d + 1) / 1000;
}

/** 403 with the closed page: the secret was right or the cookie valid, but the project's last day is over. */
function closed(request, gallery, site) {
  const headers = { 'Content-Type': 'text/html; charset=utf-8', ...OWN_HEADERS };
  return new Response(request.method === 'HEAD' ? null : closedPage(gallery?.owner, site, new URL(request.url).pathname), { status: 403, headers });
}

/** How many unknown names a problem lists. */
const MAX_NAMED = 5;

/**
 * Whether the request's Accept lists text/html with a quality above zero:
 * a browser's native post, answered with a page; a script gets JSON
 * (serve's wantsHTML, cli/internal/server/page.go).
 */
export function wantsHTML(request) {
  for (const part of (request.headers.get('Accept') ?? '').split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim());
    if (type.toLowerCase() !== 'text/html') continue;
    const q = params.find((p) => /^q=/i.test(p));
    return q === undefined || q.slice(2).replace(/^[0.]+|[0.]+$/g, '') !== '';
  }
  return false;
}

const OWN_HEADERS = { ...SECURITY_HEADERS, ...PRIVATE_HEADERS, 'Cache-Control': 'no-store' };

/** A refusal as serve's fail writes it: a page for a browser, a line of text otherwise. */
function fail(request, status, title, text, extra = {}, lang = 'en', home = undefined) {
  const headers = { ...OWN_HEADERS, ...extra };
  if (wantsHTML(request)) return new Response(request.method === 'HEAD' ? null : noticePage(title, text, '/', lang, home), { status, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
  return new Response(request.method === 'HEAD' ? null : `${status} ${text}\n`, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** 404 for an address under the private prefix with no page, in the path's language (serve's noPrivatePage, decision 0123, amended). */
function noPrivatePage(request, site) {
  const { lang, say } = gateLanguage(site, new URL(request.url).pathname);
  return fail(request, 404, say.notFound.title, say.notFound.text, {}, lang, say.home);
}

/** A form's answer as serve's failForm and reply write it: a page for a browser, JSON for a script. */
function formAnswer(request, status, json, title, text, back) {
  if (wantsHTML(request)) return new Response(noticePage(title, text, back), { status, headers: { ...OWN_HEADERS, 'Content-Type': 'text/html; charset=utf-8' } });
  return new Response(JSON.stringify(json) + '\n', { status, headers: { ...OWN_HEADERS, 'Content-Type': 'application/json' } });
}

function cookieValues(request, name) {
  const out = [];
  for (const part of (request.headers.get('Cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/** The fields of a urlencoded form body, or null when it is not one. */
async function readForm(request) {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return { unsupported: true };
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > MAX_BODY) return { tooLarge: true };
  return { form: new URLSearchParams(new TextDecoder().decode(body)) };
}

/**
 * A favourites post past the gate, as serve's favourites handler answers
 * it (cli/internal/server/favourites.go): the fields checked, the project
 * the admitted one and every photo in its gallery, then the list stored in
 * the `favourites` Blobs store under <slug>/<time>-<random>.json (decision
 * 0090). JSON for a script, a page for a browser.
 */
async function favourites(request, form, { slug, client = '', pathname, galleryFor, favouritesStore, activityStore, date }) {
  const get = (k) => form.get(k) ?? '';
  const thanked = () => formAnswer(request, 200, { ok: true }, 'Thank you! Your favourites were sent.', 'The photographer has your list and your note, and will answer at the email address you gave.', pathname);
  if (get(FAVOURITES.honeypot) !== '') return thanked();
  const photos = photoNames(form.getAll(FAVOURITES.photos));
  const fields = { name: get(FAVOURITES.name), email: get(FAVOURITES.email), note: get(FAVOURITES.note), photos };
  const problems = validateFavourites(fields);
  const gallery = galleryFor(slug);
  if (Object.keys(problems).length === 0) {
    if (!gallery) {
      return formAnswer(request, 503, { ok: false, error: 'The favourites cannot be checked on this server.' }, 'The favourites were not sent', 'The favourites cannot be checked against the project on this server, so they were not stored. Please tell the photographer.', backLink(request));
    }
    const fault = checkFavourites(gallery, get(FAVOURITES.project).trim(), photos);
    if (fault) problems[fault.field] = fault.problem;
  }
  const fieldsAtFault = Object.keys(problems).sort();
  if (fieldsAtFault.length > 0) {
    const errors = Object.fromEntries(fieldsAtFault.map((k) => [k, problems[k]]));
    const text = fieldsAtFault.map((k) => problems[k] + '.').join(' ') + ' Go back: your choice is still on the page.';
    return formAnswer(request, 400, { ok: false, errors }, 'Please correct the form', text, pathname);
  }
  try {
    await favouritesStore().setJSON(storeKey(slug, date), record({ slug, title: gallery.title, client, ...fields, date }));
  } catch (err) {
    console.error(`favourites: cannot store ${slug}'s list: ${err}`);
    return formAnswer(request, 500, { ok: false, error: 'The favourites could not be stored; please try again.' }, 'The favourites were not sent', 'The favourites could not be stored because of a problem on the server. Go back and try again in a moment.', backLink(request));
  }
  await recordActivity(activityStore, { slug, client, kind: 'favourites', photos: photos.length, date });
  return thanked();
}

/**
 * Where a page's "go back" link leads: the Referer when it is a page of
 * this site (its path and query only), else the home page (serve's
 * backLink).
 */
export function backLink(request) {
  let ref;
  try {
    ref = new URL(request.headers.get('Referer') ?? '');
  } catch {
    return '/';
  }
  const host = new URL(request.url).host;
  if ((ref.protocol !== 'http:' && ref.protocol !== 'https:') || ref.host.toLowerCase() !== host.toLowerCase() || ref.username || ref.password) return '/';
  const back = ref.pathname;
  if (!back.startsWith('/') || back.startsWith('//') || back.includes('\\')) return '/';
  return back + ref.search;
}

/**
 * A form post the function answers itself, past the gate or anywhere on
 * the site: a favourites list is read and checked; any other form goes on
 * to the host's form handling (`next`). Serve refuses what it cannot read
 * the same way (415 for another encoding, 413 for a large body).
 */
export async function handlePost(request, { slug, client = '', pathname, galleryFor, favouritesStore, activityStore, next, date }) {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  let name = '';
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    try {
      name = (await request.clone().formData()).get(FAVOURITES.formName) ?? '';
    } catch {
      name = '';
    }
  }
  if (name !== FAVOURITES.form) return next();
  const unreadable = (status, json, text) => formAnswer(request, status, { ok: false, error: json }, 'The form could not be read', text, backLink(request));
  const read = await readForm(request);
  if (read.unsupported) return unreadable(415, 'Send the form as application/x-www-form-urlencoded.', 'The form could not be read: it must be sent as application/x-www-form-urlencoded, as a web page\'s form does. Go back and send it from the page.');
  if (read.tooLarge) {
    return formAnswer(request, 413, { ok: false, error: `The message is too large (limit ${MAX_BODY} bytes).` }, 'The message is too large', `The message is too large to send (the limit is ${MAX_BODY >> 10} KB). Go back, shorten it and send it again.`, backLink(request));
  }
  if (slug === '') {
    // Outside a private project nothing takes favourites (serve: no such form).
    return formAnswer(request, 404, { ok: false, error: 'There is no form named "favourites".' }, 'Unknown form', 'There is no form named "favourites" on this site. Go back and send the page\'s own form.', backLink(request));
  }
  return favourites(request, read.form, { slug, client, pathname, galleryFor, favouritesStore, activityStore, date });
}

/**
 * Answers a request under the private prefix. Without a valid cookie: the
 * secret's page (or, for the secret posted, the cookie and a redirect
 * back). With one: a GET or HEAD is served from the deploy store
 * (store.mjs; "No page here" when it holds nothing there), a favourites
 * post is checked and stored (decision 0090), another post goes to the
 * host's form handling (`next`), any other method is refused.
 * `secretFor(slug)` reads the secret ("" or undefined admits nobody);
 * `galleryFor(slug)` is what the build says of the project's gallery ({
 * title, photos, clients }, site/src/generated/private-gate.json; undefined
 * refuses every favourites post and every named client, decision 0096);
 * `site` is what the build says of the site for the pages the gate writes
 * ({ name, text, display }: the owner's name and the fonts' addresses;
 * decision 0095); `deployStore()` and `favouritesStore()` are the
 * Blobs stores (getDeployStore(), getStore('favourites')); `now()` is Unix
 * seconds. A path outside the prefix goes to `next`. `activityStore()`
 * (getStore('activity'); none: nothing is kept) keeps what the client
 * does (activity.mjs, decision 0097).
 */
export async function handle(request, { secretFor, galleryFor = () => undefined, site, deployStore, favouritesStore, activityStore, next, now = () => Math.floor(Date.now() / 1000) }) {
  const url = new URL(request.url);
  const { kind, slug } = classify(url.pathname);
  // A path that means different things depending on how it is decoded,
  // or hides the prefix (decision 0091): `portfolio serve` answers 400 too.
  if (kind === 'refused') {
    return fail(request, 400, 'This address cannot be served', 'The address has characters or parts that no page of this site has (such as an encoded slash or a “..”). Check the link, or start again from the home page.');
  }
  if (kind !== 'private') return next();
  if (!slug) return noPrivatePage(request, site);
  const secret = secretFor(slug) ?? '';
  // After the project's last day (decision 0094), whoever proves they hold
  // the secret or its cookie is told so; anyone else gets the secret's page.
  const gallery = galleryFor(slug);
  // The cookie names its client: '' for the project's secret, or a name the
  // build lists as not revoked (decision 0096).
  for (const value of cookieValues(request, cookieName(slug))) {
    const found = await validClient(secret, slug, value, gallery?.clients, now());
    if (found) {
      if (ended(gallery, now())) return closed(request, gallery, site);
      return admitted(request, url, slug, { client: found.client, site, galleryFor, deployStore, favouritesStore, activityStore, next, now });
    }
  }
  return gate(request, url, slug, secret, now, gallery, site, { activityStore });
}

/** The canonical decoded path of a URL's pathname; null when a segment decodes to a separator or a dot segment. */
function decodedPath(pathname) {
  const parts = [];
  for (const seg of pathname.split('/')) {
    let d;
    try {
      d = decodeURIComponent(seg);
    } catch {
      return null;
    }
    if (d.includes('/') || d.includes('\\') || d === '.' || d === '..') return null;
    parts.push(d);
  }
  return parts.join('/');
}

async function admitted(request, url, slug, { client, site, galleryFor, deployStore, favouritesStore, activityStore, next, now }) {
  const method = request.method;
  if (method === 'POST') return handlePost(request, { slug, client, pathname: url.pathname, galleryFor, favouritesStore, activityStore, next, date: new Date(now() * 1000) });
  if (method !== 'GET' && method !== 'HEAD') {
    return fail(request, 405, 'This request is not supported', 'Pages of this site can be read (GET) and its forms sent (POST); nothing else.', { Allow: 'GET, HEAD, POST' });
  }
  const path = decodedPath(url.pathname);
  const res = path === null ? null : await serveStored(request, deployStore(), path, PRIVATE_HEADERS);
  // A download counts once, when it is sent from its first byte (decision 0097).
  const file = res && downloadName(path, slug);
  if (file && fromFirstByte(method, res)) {
    await recordActivity(activityStore, { slug, client, kind: 'download', file, date: new Date(now() * 1000) });
  }
  // Never the site's 404.html, which loads the analytics: nothing at a
  // private address counts (decision 0080; serve answers the same).
  return res ?? noPrivatePage(request, site);
}

/**
 * A decoded path as Go's url.URL.EscapedPath spells it: every byte but
 * the unreserved characters and $&+,/:;=@ percent-encoded, upper case. The
 * gate's form posts back to it, as serve's does, whatever spelling came in.
 */
const escapedPath = (p) => p.replace(/[^A-Za-z0-9\-_.~$&+,/:;=@]/gu, (c) => [...encoder.encode(c)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join(''));

async function gate(request, url, slug, secret, now, gallery, site, { activityStore }) {
  const page = gallery?.page;
  const action = escapedPath(decodedPath(url.pathname) ?? url.pathname);
  if (request.method !== 'POST') return refuse(401, action, '', request.method, site, page);
  let given = '';
  try {
    const type = request.headers.get('Content-Type') ?? '';
    if (type.startsWith('application/x-www-form-urlencoded')) {
      const body = new Uint8Array(await request.arrayBuffer());
      if (body.byteLength <= MAX_SECRET_POST) given = new URLSearchParams(new TextDecoder().decode(body)).get(SECRET_FIELD) ?? '';
    }
  } catch {
    given = '';
  }
  // The project's secret, or a client's the build lists as not revoked
  // (decision 0096): the cookie names whose it was.
  const found = await secretClient(secret, slug, given, gallery?.clients);
  if (!found) {
    return refuse(401, action, gateLanguage(site, action).say.wrong, request.method, site, page);
  }
  const client = found.client;
  if (ended(gallery, now())) return closed(request, gallery, site);
  const expires = now() + LIFETIME;
  const cookie = `${cookieName(slug)}=${await signClient(secret, slug, client, expires)}; Path=${cookiePath(slug)}; Max-Age=${LIFETIME}; HttpOnly; Secure; SameSite=Lax`;
  await recordActivity(activityStore, { slug, client, kind: 'opened', date: new Date(now() * 1000) });
  return new Response(null, { status: 303, headers: { Location: action, 'Set-Cookie': cookie, ...PRIVATE_HEADERS, 'Cache-Control': 'no-store' } });
}
