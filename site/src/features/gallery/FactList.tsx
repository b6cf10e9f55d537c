import type { PhotoFacts as Facts } from '@/generated/content';
import { factsOf } from '@/lib/photofacts';

/**
 * How a photo was taken, as a plain definition list: each fact's name
 * before its value, the date in a <time>. No MUI, so that the lightbox's
 * chunk, which shows it in its caption area (styled by lightbox.css), does
 * not take MUI's styling engine with it; the photo page wraps it
 * (PhotoFacts).
 */
export function FactList({ exif, className }: { exif: Facts; className?: string }) {
  const facts = factsOf(exif);
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
