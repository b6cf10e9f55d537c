// Sites built from other content than the repository's, for specs that need
// a site.yaml setting the content does not have (an analytics provider, GA4
// with consent): site.yaml with the setting, one small project, built by
// the real `portfolio build` into a folder of their own, and served by
// `portfolio serve` with the headers that build wrote.
//
// A build takes half a minute (one project, one image); each is kept under .cache/e2e/variants,
// named by a hash of everything it is made from (the setting, the site's
// sources, the schemas, the command), so a run only builds what changed
// and every spec shares what is built.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { linkDecap } from './scratch-site';
import { startServe } from './serve';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const root = path.join(repo, '.cache', 'e2e', 'variants');
/** The project the variants show: the smallest, without a gallery. */
const project = 'study-away-resource-page';

/** The files a build is made from, besides the content. */
const sources = ['site/src', 'site/scripts', 'site/index.html', 'site/vite.config.ts', 'site/package-lock.json', 'site/public', 'schema'];

function hashTree(hash: ReturnType<typeof createHash>, file: string) {
  const abs = path.join(repo, file);
  if (!existsSync(abs)) return;
  if (statSync(abs).isDirectory()) {
    for (const name of readdirSync(abs).sort()) {
      // Outputs of a build, not its inputs.
      if (name === 'generated' || name === 'img' || name === 'docs') continue;
      hashTree(hash, path.join(file, name));
    }
  } else hash.update(file).update(readFileSync(abs));
}

/** The built `portfolio` command the suite runs (playwright.config.ts). */
export function command(): string {
  if (process.env.PORTFOLIO_BIN) return process.env.PORTFOLIO_BIN;
  const bin = path.join(repo, '.cache', 'bin', 'portfolio');
  execFileSync('go', ['build', '-o', bin, './cli/cmd/portfolio'], { cwd: repo, stdio: 'inherit' });
  return bin;
}

/**
 * The site.yaml of a variant: the repository's, with `setting` (YAML lines
 * at the top level) in place of its measurementId unless `keepId`.
 */
export function siteYaml(setting: string, keepId: boolean): string {
  let yaml = readFileSync(path.join(repo, 'content', 'site.yaml'), 'utf8');
  if (!keepId) yaml = yaml.replace(/^measurementId: .*\n/m, '');
  return `${yaml.trimEnd()}\n\n${setting.trim()}\n`;
}

/**
 * A gallery for the variant's project: its gallery/ folder's files, each
 * copied from a file of the repository (`from`, relative to its root), and
 * the gallery block (YAML lines, indented as a body item) appended to its body.
 */
export interface VariantGallery {
  files: readonly { name: string; from: string }[];
  block: string;
}

/** A variant's description: its name (the folder's prefix) and what buildVariant takes. */
export interface Variant {
  name: string;
  setting: string;
  keepId?: boolean;
  gallery?: VariantGallery;
}

/**
 * The site without analytics is also the one with a video in its gallery:
 * analytics.spec.ts checks that it asks no other host for anything, and
 * gallery-video.spec.ts plays its video. One build for both (half a minute
 * of a worker).
 */
export const withoutAnalyticsWithVideo: Variant = {
  name: 'none-video',
  setting: 'analytics:\n  provider: none\n',
  gallery: {
    files: [
      { name: '01.jpg', from: 'content/projects/data-project-logos/gallery/01.jpg' },
      { name: '02.mp4', from: 'content/projects/media-annotation-tool/demo.mp4' },
      { name: '02.poster.jpg', from: 'content/projects/media-annotation-tool/demo.poster.jpg' },
      { name: '03.jpg', from: 'content/projects/data-project-logos/gallery/02.jpg' },
    ],
    block: `  - type: gallery
    texts:
      - file: 02.mp4
        alt: A moving test pattern with a running clock
        caption: Four seconds of a synthetic test pattern and tone
`,
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds (once) the site of the variant: `setting` in its site.yaml (and,
 * with `gallery`, a gallery on its project), and returns its folder (the one
 * `portfolio serve --site` takes). Builds run as child processes, so a spec
 * can build several at once; two workers asking for the same variant build
 * it once (the first takes a lock folder beside it, the other waits).
 */
export async function buildVariant({ name, setting, keepId = false, gallery }: Variant): Promise<string> {
  const bin = command();
  const yaml = siteYaml(setting, keepId);
  const hash = createHash('sha256').update(yaml).update(readFileSync(bin));
  for (const s of sources) hashTree(hash, s);
  if (gallery) {
    hash.update(gallery.block);
    for (const f of gallery.files) hash.update(f.name).update(readFileSync(path.join(repo, f.from)));
  }
  const work = path.join(root, `${name}-${hash.digest('hex').slice(0, 12)}`);
  const site = path.join(work, 'site');
  const built = () => existsSync(path.join(site, 'dist', '_headers.json'));
  const lock = `${work}.lock`;
  mkdirSync(root, { recursive: true });
  for (;;) {
    if (built()) return site;
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // Another worker builds it; a lock older than any build is a run that died.
      if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
    }
  }
  try {
    await build(name, work, site, bin, yaml, gallery);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (!built()) throw new Error(`portfolio build left no ${site}/dist/_headers.json`);
  return site;
}

/**
 * A repository of its own in `work` for a site made from other content than
 * the repository's: `content/` with site.yaml `yaml` and the variant's one
 * project (with `gallery`, a gallery on it), the site's sources in `site/`
 * with the repository's packages linked, and the schemas. `portfolio build`,
 * `serve` and `dev` run in it as in the repository.
 */
export function scratchRepository(work: string, yaml: string, gallery?: VariantGallery) {
  const site = path.join(work, 'site');
  const content = path.join(work, 'content');
  mkdirSync(path.join(content, 'projects'), { recursive: true });
  writeFileSync(path.join(content, 'site.yaml'), yaml);
  cpSync(path.join(repo, 'content', 'projects', project), path.join(content, 'projects', project), { recursive: true });
  if (gallery) {
    const folder = path.join(content, 'projects', project, 'gallery');
    mkdirSync(folder);
    for (const f of gallery.files) cpSync(path.join(repo, f.from), path.join(folder, f.name));
    const projectYaml = path.join(content, 'projects', project, 'project.yaml');
    writeFileSync(projectYaml, `${readFileSync(projectYaml, 'utf8').trimEnd()}\n${gallery.block.trimEnd()}\n`);
  }
  // The site's sources, its packages linked. (Not the repository's image
  // cache: a build removes from its cache what its content does not use.)
  for (const entry of readdirSync(path.join(repo, 'site'))) {
    if (['node_modules', 'dist', '.ssr', 'test-results', 'playwright-report'].includes(entry)) continue;
    cpSync(path.join(repo, 'site', entry), path.join(site, entry), {
      recursive: true,
      filter: (src) => !/[/\\](src[/\\]generated|public[/\\]img|public[/\\]docs)$/.test(src),
    });
  }
  symlinkSync(path.join(repo, 'site', 'node_modules'), path.join(site, 'node_modules'));
  // The copied lock file must not look newer than the installed packages:
  // `portfolio build` would run `npm ci` there, through the link, emptying
  // the repository's node_modules.
  utimesSync(path.join(site, 'package-lock.json'), 0, 0);
  // `portfolio build` writes its outputs below the folder it runs in, which
  // must look like the repository (site/ and schema/), or it would build
  // in the repository above it.
  cpSync(path.join(repo, 'schema'), path.join(work, 'schema'), { recursive: true });
  linkDecap(work);
  return { content, site };
}

/**
 * Gives the scratch repository in `work` what the build of another one
 * (`from`, a folder scratchRepository made) already made of the same
 * project: its image variants, social cards and icons (hard links: a build
 * writes each file whole under a new name, never into one) and the records
 * of them (copies). The build then checks each against its source and
 * settings, as every build does, and makes only what differs (the variants
 * differ in their analytics, which no image shows) instead of all again.
 */
export function warmImages(from: string, work: string) {
  const link = (src: string, dst: string) => {
    if (!existsSync(src)) return;
    if (statSync(src).isDirectory()) {
      mkdirSync(dst, { recursive: true });
      for (const name of readdirSync(src)) link(path.join(src, name), path.join(dst, name));
    } else if (!existsSync(dst)) linkSync(src, dst);
  };
  link(path.join(from, 'site', 'public', 'img'), path.join(work, 'site', 'public', 'img'));
  if (existsSync(path.join(from, '.cache', 'images'))) cpSync(path.join(from, '.cache', 'images'), path.join(work, '.cache', 'images'), { recursive: true });
  mkdirSync(path.join(work, 'site', 'src', 'generated'), { recursive: true });
  for (const manifest of ['images.json', 'cards.json', 'icons.json']) {
    const src = path.join(from, 'site', 'src', 'generated', manifest);
    if (existsSync(src)) cpSync(src, path.join(work, 'site', 'src', 'generated', manifest));
  }
}

async function build(name: string, work: string, site: string, bin: string, yaml: string, gallery: VariantGallery | undefined) {
  for (const old of existsSync(root) ? readdirSync(root) : [])
    if (old.startsWith(`${name}-`) && !old.endsWith('.lock')) rmSync(path.join(root, old), { recursive: true, force: true });
  const { content } = scratchRepository(work, yaml, gallery);
  // A variant built before (this run's or an earlier one's) has made the
  // project's images already.
  const donor = readdirSync(root)
    .map((d) => path.join(root, d))
    .find((d) => d !== work && !d.endsWith('.lock') && existsSync(path.join(d, 'site', 'dist', '_headers.json')));
  try {
    if (donor) warmImages(donor, work);
  } catch {
    // Another run removed it meanwhile: what was linked is checked by the
    // build like the rest, and what was not is made.
  }
  try {
    await promisify(execFile)(bin, ['--content', content, 'build', '--site', site], { cwd: work, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`portfolio build of the ${name} site failed:\n${stdout?.slice(-3000)}\n${stderr?.slice(-3000)}`);
  }
}

/** A running `portfolio serve` of a variant. */
export interface Served {
  origin: string;
  stop: () => void;
}

/** Serves the built variant in `site` on a port of its own, as the suite's own server serves dist/. */
export async function serveVariant(site: string): Promise<Served> {
  const { origin, server } = await startServe(command(), site, path.join(site, '..', 'data'), path.dirname(site));
  return { origin, stop: () => server.kill() };
}
