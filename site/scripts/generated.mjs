// The site builds from what the content tool writes into src/generated/:
// says what to run when a part is missing, before Vite fails on an import.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'src', 'generated');
const needs = [
  ['content.ts', '`portfolio generate` (it writes the content module)'],
  ['analytics.json', '`portfolio generate` (it writes the analytics setting with the content module)'],
  ['icons.json', '`portfolio images` (it draws the icons)'],
  ['cards.json', "`portfolio images` with the site's npm packages installed (it draws the social preview cards in the site's fonts)"],
];
const missing = needs.filter(([file]) => !existsSync(path.join(dir, file)));
if (missing.length) {
  for (const [file, how] of missing) console.error(`src/generated/${file} is missing: run ${how} from the repository root`);
  console.error('or run `go run ./cli/cmd/portfolio build`, which does every step');
  process.exit(1);
}
