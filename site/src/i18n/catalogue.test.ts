import { isValidElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { catalogues, defaultLang, languages, type Lang } from '@/i18n';

// Every shipped catalogue says everything English says (decision 0111). The
// types catch a key missing from a catalogue that declares English's type;
// this catches what they cannot: an empty message, a catalogue built
// around the type (a cast, a spread), keys English lacks, a message that
// drops a placeholder the viewer fills in ("{index} of {total}").

/** Every leaf of a catalogue by its path ("site.nav.label"), a string or a function. */
function leaves(node: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object' && !isValidElement(node)) {
    for (const [k, v] of Object.entries(node)) for (const [p, leaf] of leaves(v, path ? `${path}.${k}` : k)) out.set(p, leaf);
  } else out.set(path, node);
  return out;
}

/** What a message says: a string as it is; a function called with a stand-in for each parameter, its text (JSX rendered). */
function text(message: unknown): string {
  const said = typeof message === 'function' ? (message as (...args: unknown[]) => unknown)(...Array.from({ length: message.length }, () => 7)) : message;
  if (typeof said === 'string' || typeof said === 'number') return String(said);
  if (isValidElement(said)) return renderToStaticMarkup(said);
  return '';
}

const english = leaves(catalogues[defaultLang]);
const others = languages.filter((l): l is Exclude<Lang, typeof defaultLang> => l !== defaultLang);

describe('the catalogues', () => {
  it('ship English and at least one other language', () => {
    expect(english.size).toBeGreaterThan(100);
    expect(others.length).toBeGreaterThan(0);
  });

  it('English says something for every key', () => {
    const empty = [...english].filter(([, m]) => text(m).trim() === '').map(([p]) => p);
    expect(empty).toEqual([]);
  });

  describe.each(others)('%s', (lang) => {
    const theirs = leaves(catalogues[lang]);

    it("has every key of English's, none empty", () => {
      const missing = [...english.keys()].filter((p) => !theirs.has(p));
      const empty = [...english.keys()].filter((p) => theirs.has(p) && text(theirs.get(p)).trim() === '');
      expect({ missing, empty }).toEqual({ missing: [], empty: [] });
    });

    it('has no key English lacks', () => {
      expect([...theirs.keys()].filter((p) => !english.has(p))).toEqual([]);
    });

    it('gives each message the same kind and parameters as English', () => {
      const differ = [...english].filter(([p, m]) => {
        const t = theirs.get(p);
        return typeof t !== typeof m || (typeof m === 'function' && (t as (...a: unknown[]) => unknown).length !== m.length);
      });
      expect(differ.map(([p]) => p)).toEqual([]);
    });

    it("keeps every {placeholder} of English's", () => {
      const lost = [...english].flatMap(([p, m]) => {
        const wanted = typeof m === 'string' ? (m.match(/\{\w+\}/g) ?? []) : [];
        const t = theirs.get(p);
        return wanted.filter((w) => typeof t !== 'string' || !t.includes(w)).map((w) => `${p}: ${w}`);
      });
      expect(lost).toEqual([]);
    });
  });
});
