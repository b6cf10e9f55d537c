// Writes the site's two web fonts, cut down to what the pages use, to
// src/generated/fonts/ (src/theme/fonts.css links them; Vite hashes them).
//
// Kept: Basic Latin, Latin-1 (accented names) and typographic punctuation,
// and only the weight range the theme uses (400-600). The fonts arrive
// before the first paint (preloaded, font-display: optional), so every byte
// cut here is a byte less on the critical path: about 85 kB becomes 57 kB.
// Characters outside the ranges fall back to the system font, as
// unicode-range in fonts.css declares.
//
// Subsetting takes seconds of CPU, so each font's subset is made again only
// when what it is made from changed: a hidden file beside it
// (.inter.woff2.key) holds the hash of the source font, the ranges, the
// weights and subset-font's version, and the hash of the subset written.
//
//   node scripts/fonts.mjs        (run by `npm run build` and `npm run dev`)
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, 'src', 'generated', 'fonts');
const require = createRequire(import.meta.url);

/** Code point ranges kept; fonts.css's unicode-range says the same. */
const ranges = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement
  [0x2013, 0x2014], // en and em dash
  [0x2018, 0x201e], // quotation marks
  [0x2022, 0x2022], // bullet
  [0x2026, 0x2026], // ellipsis
  [0x20ac, 0x20ac], // euro sign
  [0x2122, 0x2122], // trade mark
  [0x2190, 0x2193], // arrows
];

/** The theme's weights (src/theme/theme.ts): regular to semibold. */
const weights = { min: 400, max: 600 };

const fonts = [
  { out: 'inter.woff2', source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2' },
  { out: 'fraunces.woff2', source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2' },
];

const text = ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i))).join('');

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const subsetter = JSON.parse(await readFile(require.resolve('subset-font/package.json'), 'utf8')).version;

await mkdir(outDir, { recursive: true });
for (const font of fonts) {
  const source = await readFile(require.resolve(font.source));
  const file = path.join(outDir, font.out);
  const keyFile = path.join(outDir, `.${font.out}.key`);
  const key = sha256(JSON.stringify([sha256(source), text, weights, subsetter]));
  const current = await readFile(file).catch(() => null);
  const kept = await readFile(keyFile, 'utf8').catch(() => '');
  if (current && kept === `${key} ${sha256(current)}\n`) continue;
  const { default: subsetFont } = await import('subset-font'); // loads its WebAssembly: only when needed
  const subset = await subsetFont(source, text, { targetFormat: 'woff2', variationAxes: { wght: weights } });
  if (!current?.equals(subset)) {
    await writeFile(`${file}.tmp`, subset);
    await rename(`${file}.tmp`, file);
    console.log(`fonts: ${font.out} ${(source.length / 1000).toFixed(1)} kB -> ${(subset.length / 1000).toFixed(1)} kB`);
  }
  await writeFile(`${keyFile}.tmp`, `${key} ${sha256(subset)}\n`);
  await rename(`${keyFile}.tmp`, keyFile);
}
