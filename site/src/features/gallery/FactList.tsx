import type { PhotoFacts as Facts } from '@/generated/content';
import type { Messages } from '@/i18n';
import { factsOf } from '@/lib/photofacts';

/**
 * How a photo was taken, as a plain definition list: each fact's name
 * before its value, the date in a <time>. No MUI, so that the lightbox's
 * chunk, which shows it in its caption area (styled by lightbox.css), does
 * not take MUI's styling engine with it; the photo page wraps it
 * (PhotoFacts). Its names and date are in the language of `t` (the
 * catalogue's `facts`), which each side passes: the lightbox's chunk takes
 * no catalogue but its own parts (decision 0111).
 */
export function FactList({ exif, t, className }: { exif: Facts; t: Messages['facts']; className?: string }) {
  const facts = factsOf(exif, t);
  if (facts.length === 0) return null;
  return (
    <dl className={className}>
      {facts.map((f) => (
        <div key={f.name}>
          <dt>{f.name}</dt>
          <dd>{f.dateTime ? <time dateTime={f.dateTime}>{f.text}</time> : f.text}</dd>
        </div>
      ))}
    </dl>
  );
}
