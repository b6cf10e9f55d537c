// A second owner's site for a spec of its own: the repository's site
// sources and schemas copied into a scratch folder (its node_modules
// linked, never installed into), the owner's content written there, built
// once with the real `portfolio build`, and served by `portfolio serve` on
// a port of its own. owner-site.spec.ts and photographer-site.spec.ts use
// it; SCRATCH_SITE_KEEP=1 keeps the folder (and names it) for a look.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imagePool, keepImages, seedImages } from './image-pool';
import { startServe } from './serve';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface ScratchSite {
  /** The scratch folder: content/, site/, schema/. */
  work: string;
  content: string;
  origin: string;
  bin: string;
  buildSeconds: number;
  /** What `portfolio build` printed. */
  buildOutput: string;
  stop(): void;
}

/** The folder of Debian's mate-backgrounds photographs (`.ci/test` installs them): real photographs for a scratch site; throws, saying what to install, when they are missing. */
export function matePhotos(): string {
  const dir = '/usr/share/backgrounds/mate/nature';
  if (!existsSync(dir)) throw new Error(`${dir} is missing: apt-get install mate-backgrounds (.ci/test installs it)`);
  return dir;
}

/** A two-second clip from ffmpeg's test source (H.264, web-ready) at `clip`, and its poster beside it (`<name>.poster.jpg`). */
export function testClip(clip: string) {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25:duration=2',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    clip,
  ]);
  execFileSync('ffmpeg', ['-v', 'error', '-i', clip, '-frames:v', '1', clip.replace(/\.mp4$/, '.poster.jpg')]);
}

/**
 * Links the repository's .cache/admin into the scratch folder `work`, when
 * the repository has one: Decap CMS's bundle as scripts/admin.mjs fetched
 * it there (`npm pack`, checked against its integrity) for the repository's
 * build. Without it each scratch site's build fetched it again from the
 * registry: 4.7 s of CPU and half a minute of a worker each (decision 0112).
 */
export function linkDecap(work: string) {
  const decap = path.join(repo, '.cache', 'admin');
  if (!existsSync(decap) || existsSync(path.join(work, '.cache', 'admin'))) return;
  mkdirSync(path.join(work, '.cache'), { recursive: true });
  symlinkSync(decap, path.join(work, '.cache', 'admin'), 'dir');
}

/** A scratch folder with the repository's schemas and site sources, before any content is written. */
export function scratchFolder(prefix: string): { work: string; content: string; bin: string } {
  const work = mkdtempSync(path.join(os.tmpdir(), prefix));
  const bin = process.env.PORTFOLIO_BIN ?? path.join(work, 'portfolio');
  if (!process.env.PORTFOLIO_BIN) execFileSync('go', ['build', '-o', bin, './cli/cmd/portfolio'], { cwd: repo, stdio: 'inherit' });
  cpSync(path.join(repo, 'schema'), path.join(work, 'schema'), { recursive: true });
  const made = new Set(['node_modules', 'dist', '.ssr', 'test-results', 'playwright-report', 'src/generated', 'public/img', 'public/docs', 'public/video']);
  cpSync(path.join(repo, 'site'), path.join(work, 'site'), {
    recursive: true,
    preserveTimestamps: true,
    filter: (src) => !made.has(path.relative(path.join(repo, 'site'), src).split(path.sep).join('/')),
  });
  // The installed packages are the repository's, linked: the build installs
  // (`npm ci`, which would empty the link's target) only when the lock file
  // is newer than the install, so this refuses to go on in that case.
  const modules = path.join(repo, 'site', 'node_modules');
  const installed = path.join(modules, '.package-lock.json');
  if (!existsSync(installed) || statSync(path.join(work, 'site', 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs) {
    throw new Error('site/node_modules is missing or older than package-lock.json: run `npm ci` in site/ first');
  }
  symlinkSync(modules, path.join(work, 'site', 'node_modules'), 'dir');
  linkDecap(work);
  return { work, content: path.join(work, 'content'), bin };
}

/** A scratch folder (scratchFolder) whose content folder holds the owner's site.yaml, and the folder of photographs to copy in (matePhotos). */
export function scratchContent(prefix: string, siteYaml: string): { work: string; content: string; bin: string; photos: string } {
  const photos = matePhotos();
  const folder = scratchFolder(prefix);
  mkdirSync(folder.content, { recursive: true });
  writeFileSync(path.join(folder.content, 'site.yaml'), siteYaml);
  return { ...folder, photos };
}

/** A gallery file to write: a photograph copied from `from` (a path), or a test clip (testClip) when `from` is absent. */
export interface GalleryFile {
  from?: string;
  file: string;
  alt: string;
}

/** Writes each of files into the gallery folder of the project folder `project`; returns the gallery block's `texts` lines for them, one line each. */
export function writeGallery(project: string, files: GalleryFile[]): string {
  const dir = path.join(project, 'gallery');
  mkdirSync(dir, { recursive: true });
  return files
    .map(({ from, file, alt }) => {
      if (from) copyFileSync(from, path.join(dir, file));
      else testClip(path.join(dir, file));
      return `      - {file: ${file}, alt: ${alt}}\n`;
    })
    .join('');
}

/**
 * Builds the scratch folder's content and serves it on a port of its own;
 * resolves once it answers. The build starts from the image variants earlier
 * scratch sites' builds made (support/image-pool.ts), and leaves its own there.
 */
export async function buildAndServe(folder: { work: string; content: string; bin: string }): Promise<ScratchSite> {
  const { work, content, bin } = folder;
  const pool = imagePool(repo, bin);
  seedImages(pool, work);
  const started = Date.now();
  let buildOutput = '';
  try {
    buildOutput = execFileSync(bin, ['build', '--content', content, '--site', path.join(work, 'site')], {
      cwd: work,
      stdio: 'pipe',
      env: { ...process.env, PORTFOLIO_CONTENT: content },
    }).toString();
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`portfolio build failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`);
  }
  const buildSeconds = (Date.now() - started) / 1000;
  keepImages(pool, work);
  const { origin, server } = await startServe(bin, path.join(work, 'site'), path.join(work, 'data'), work);
  return {
    work,
    content,
    bin,
    origin,
    buildSeconds,
    buildOutput,
    stop() {
      server.kill();
      if (process.env.SCRATCH_SITE_KEEP) console.log(`scratch site kept in ${work} (built in ${buildSeconds.toFixed(1)} s)`);
      else rmSync(work, { recursive: true, force: true });
    },
  };
}
