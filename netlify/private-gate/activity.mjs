// What a client does on a private project's pages, as the Edge Function
// keeps it for the owner (decision 0097; `portfolio serve` keeps the same
// events in data/messages.db, cli/internal/server/activity.go): the gate
// admitting their secret, a favourites list of theirs stored, a download
// sent to them from its first byte. One Blobs write per event, in the
// site's store `activity`, key <slug>/<UTC time>-<random>.json (as the
// favourites are kept); a write that fails is logged, and the client's
// answer is the same as without it. No address or user agent is kept.
// Web APIs only: the edge (Deno) and the tests (Node, Deno) run the same
// code.

import { storeKey } from './favourites.mjs';

/** The site-wide Blobs store of the events: `netlify blobs:list activity`, or `portfolio messages --activity SLUG --netlify`. */
export const STORE = 'activity';

/** The kinds of event. */
export const KINDS = ['opened', 'favourites', 'download'];

/**
 * The name of the download at the decoded path `path` of the private
 * project `slug`, or null when it is none: the project's ZIP
 * (<prefix><slug>/<slug>-web.zip or -originals.zip) or a photo's own
 * download (<prefix><slug>/download/<file>). Go's downloadName, held to
 * the same cases (cli/internal/server/testdata/download-paths.json).
 */
export function downloadName(path, slug) {
  const parts = path.replace(/^\//, '').split('/');
  if (!slug || parts.length < 3 || parts[0].toLowerCase() !== 'private' || parts[1] !== slug) return null;
  const rest = parts.slice(2);
  if (rest.length === 1 && (rest[0] === `${slug}-web.zip` || rest[0] === `${slug}-originals.zip`)) return rest[0];
  if (rest.length === 2 && rest[0] === 'download' && rest[1] !== '') return rest[1];
  return null;
}

/**
 * Whether a download's answer sends it from its first byte: a GET
 * answered 200, or 206 for a range from byte 0. Not a HEAD, a 304 or a
 * later range of the same download.
 */
export function fromFirstByte(method, response) {
  if (method !== 'GET') return false;
  if (response.status === 200) return true;
  return response.status === 206 && /^bytes 0-/.test(response.headers.get('Content-Range') ?? '');
}

/** The record stored for an event: only the project, the client, the kind, the file or count, and the time. */
export function event({ slug, client, kind, file, photos, date }) {
  const e = { slug, client, kind, at: date.toISOString() };
  if (kind === 'download') e.file = file;
  if (kind === 'favourites') e.photos = photos;
  return e;
}

/** Milliseconds the answer waits for an event's write at most (serve's activityTimeout). */
export const TIMEOUT = 2000;

/**
 * Keeps an event in `store()` (getStore('activity')); never throws: a
 * failure is logged, and past TIMEOUT the answer goes on without it. No
 * store given: nothing is kept. The write is awaited, not handed to
 * context.waitUntil: in Netlify's local runtime (@netlify/edge-functions-dev
 * 2.0.1) a write handed over was cut short, an empty blob or none
 * (decision 0097).
 */
export async function record(store, fields) {
  if (!store) return;
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve('late'), TIMEOUT);
  });
  try {
    const done = await Promise.race([store().setJSON(storeKey(fields.slug, fields.date), event(fields)), late]);
    if (done === 'late') console.error(`activity: cannot keep ${fields.slug}'s ${fields.kind} event: no answer from the store in ${TIMEOUT} ms`);
  } catch (err) {
    console.error(`activity: cannot keep ${fields.slug}'s ${fields.kind} event: ${err}`);
  } finally {
    clearTimeout(timer);
  }
}
