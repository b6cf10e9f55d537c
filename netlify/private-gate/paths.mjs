// How a request's path reads to the private rule: the one rule
// `portfolio serve` applies too (cli/internal/privateaccess/path.go
// Classify), held to the same vectors (gate.test.mjs reads
// cli/internal/privateaccess/testdata/vectors.json). See
// docs/decisions/0091-one-path-rule-for-every-spelling.md.

export const PREFIX = '/private/';
const HEAD = PREFIX.slice(0, -1);
/** The prefix's letters (the segment between its slashes); the patterns below are made from them. */
const LETTERS = [...HEAD.slice(1)];
/** A character as a pattern: a letter in either ASCII case, else itself, escaped. */
const anyCase = (c) => (/[A-Za-z]/.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
const HEAD_PATTERN = new RegExp(`^\\/${LETTERS.map(anyCase).join('')}$`);

/** Whether `s` starts with the prefix's first segment, in any ASCII letter case (as the host matches paths). */
const startsWithHead = (s) => s.length >= HEAD.length && HEAD_PATTERN.test(s.slice(0, HEAD.length));

/**
 * Whether a decoded path is under the private prefix (its first segment
 * "private" in any ASCII letter case), and the slug it names ("" for the
 * prefix itself).
 */
export function slugOf(pathname) {
  if (!startsWithHead(pathname)) return { private: false, slug: '' };
  const rest = pathname.slice(HEAD.length);
  if (rest !== '' && rest[0] !== '/') return { private: false, slug: '' };
  return { private: true, slug: rest.replace(/^\//, '').split('/')[0] };
}

// Control characters as Go's unicode.IsControl reads them (C0, DEL, C1),
// the replacement character, and the separators a file system reads.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const BAD = /[\u0000-\u001f\u007f-\u009f\ufffd/\\:]/;

function segmentOK(seg) {
  if (seg === '' || /^\.+$/.test(seg)) return false;
  const last = seg[seg.length - 1];
  if (last === '.' || last === ' ') return false;
  return !BAD.test(seg);
}

/**
 * Reads a request's raw path (as sent, percent-encoded):
 * `{ kind: 'public' | 'private' | 'refused', decoded, slug }`. A path is
 * refused when decoding or cleaning it would change what it names (an
 * encoded or spelled backslash, an encoded slash, empty or dot segments,
 * a segment ending in a dot or space or holding a colon, control
 * characters, text that is not UTF-8), or when it spells the prefix with
 * percent-escapes (/%70rivate/): a host matching its rules on the raw path
 * would not see the prefix there.
 */
export function classify(raw) {
  const refused = { kind: 'refused', decoded: '', slug: '' };
  if (!raw.startsWith('/')) return refused;
  const segs = raw.slice(1).split('/');
  let p = '';
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i];
    if (seg === '') {
      if (i === segs.length - 1) {
        p += '/'; // a trailing slash, or the root
        continue;
      }
      return refused;
    }
    let dec;
    try {
      // Escapes only: Go's PathUnescape decodes nothing else either.
      dec = decodeURIComponent(seg);
    } catch {
      return refused;
    }
    if (!segmentOK(dec)) return refused;
    p += `/${dec}`;
  }
  const { private: isPrivate, slug } = slugOf(p);
  if (!isPrivate) return { kind: 'public', decoded: p, slug: '' };
  if (!startsWithHead(raw)) return refused;
  return { kind: 'private', decoded: p, slug };
}

/**
 * The Edge Function's route (its `config.pattern`): every path whose
 * decoded first segment may be the prefix's, spelled plainly or with
 * escapes, and every path the rule refuses for its spelling, so that the
 * function reads it whether the host matches rules on the raw or the
 * decoded path. gate.test.mjs checks it against every vector.
 */
export const PATTERNS = [
  // The prefix in any letter case, with escapes for any of its letters
  // (^/(?:[Pp]|%70|%50)(?:[Rr]|%72|%52)… for /private/).
  `^/${LETTERS.map((c) => `(?:${anyCase(c)}|${[c.toLowerCase(), c.toUpperCase()].map((l) => '%' + [...l.charCodeAt(0).toString(16)].map(anyCase).join('')).join('|')})`).join('')}(?:[^A-Za-z0-9_~-].*)?$`,
  // A spelling the rule refuses: an escape of a dot, slash or backslash,
  // a backslash, an empty or dot segment, a control character.
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  '^.*(?:%2[EeFf]|%5[Cc]|\\\\|//|/\\.{1,2}(?:/|$)|[\\u0000-\\u001f\\u007f]|%[01][0-9A-Fa-f]|%7[Ff]).*$',
];
