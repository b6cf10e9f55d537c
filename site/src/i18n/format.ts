// Dates and numbers as a language writes them, through Intl (decision 0111).
// The catalogues (en.tsx, sv.tsx) call these with their own locale. Nothing
// here imports React.

const numbers = new Map<string, Intl.NumberFormat>();

/**
 * A count as `locale` writes it. Grouping starts at five digits ("12,345",
 * "12 345"), as both languages' style guides have it, so a four-digit limit
 * reads "1000" (the contact form's messages, exactly as SPEC words them).
 * The choice is made here rather than with `useGrouping: 'min2'`, which a
 * browser without Intl.NumberFormat v3 reads as `true`.
 */
export function num(locale: string, n: number): string {
  const grouped = Math.abs(n) >= 10_000;
  const key = `${locale} ${grouped}`;
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { useGrouping: grouped });
    numbers.set(key, f);
  }
  return f.format(n);
}

/** The plural category of `n` in `locale` ("one", "other", …). */
export function plural(locale: string, n: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale).select(n);
}

/**
 * The date of an ISO 8601 date and time, as a reader of `locale` says it
 * ("1 May 2024", "1 maj 2024"): the day the camera's clock said, whatever
 * its offset; the text itself when it is not a date.
 */
export function date(locale: string, iso: string): string {
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) ?? [];
  if (!y) return iso;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(Number(y), Number(m) - 1, Number(d)),
  );
}
