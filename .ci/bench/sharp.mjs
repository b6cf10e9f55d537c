// The sharp side of the image benchmark (cli/cmd/imagebench runs it; see .ci/bench/images).
//
//   node sharp.mjs --out DIR [--widths 480,800,1200,1600,2400] [--quality 80] [--concurrency N] FILE...
//
// Makes the same variants as `portfolio images`, the way a typical sharp user would: for every
// file and width, one pipeline per output, sharp(file).rotate().resize({ width }).webp({ quality })
// .toFile(…), and the same for JPEG. Everything else is sharp's default: WebP effort 4, JPEG
// without the mozjpeg settings, metadata stripped, sharp.concurrency() untouched. At most N
// files are in flight at once; the outputs of one file run together.
//
// Widths follow the portfolio's rule (targetWidths in cli/internal/images/pipeline.go): the
// largest variant is the source width (after EXIF rotation) capped at the largest requested
// width; a smaller requested width is kept when it is below 0.9 × that. Never upscales.
// Outputs are named <file name without extension>-<width>.webp / .jpg. Prints one JSON line
// at the end:
// {"files":…,"outputs":…,"bytes":{"webp":…,"jpeg":…},"versions":{…},"vipsThreads":…}.
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";

function fail(message) {
  console.error(`sharp.mjs: ${message}`);
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        out: { type: "string" },
        widths: { type: "string", default: "480,800,1200,1600,2400" },
        quality: { type: "string", default: "80" },
        concurrency: { type: "string", default: String(os.availableParallelism()) },
      },
    });
  } catch (err) {
    fail(err.message);
  }
  const { values, positionals } = parsed;
  if (!values.out) fail("--out DIR is required");
  if (positionals.length === 0) fail("no input files");
  const widths = values.widths.split(",").map(Number);
  if (widths.some((w) => !Number.isInteger(w) || w <= 0)) fail(`--widths ${values.widths}: want positive integers`);
  const quality = Number(values.quality);
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) fail(`--quality ${values.quality}: want 1 to 100`);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) fail(`--concurrency ${values.concurrency}: want 1 or more`);
  return { out: values.out, widths, quality, concurrency, files: positionals };
}

// The widths made for a source displayed sourceWidth pixels wide, ascending.
function targetWidths(widths, sourceWidth) {
  const largest = Math.min(sourceWidth, Math.max(...widths));
  const kept = widths.filter((w) => w < largest && w < 0.9 * largest);
  return [...new Set([...kept, largest])].sort((a, b) => a - b);
}

// The displayed width: EXIF orientations 5 to 8 turn the image a quarter.
async function displayedWidth(file) {
  const m = await sharp(file).metadata();
  return (m.orientation ?? 1) >= 5 ? m.height : m.width;
}

async function processFile(file, opts, totals) {
  const name = path.basename(file, path.extname(file));
  const widths = targetWidths(opts.widths, await displayedWidth(file));
  const jobs = widths.flatMap((width) => [
    sharp(file)
      .rotate()
      .resize({ width })
      .webp({ quality: opts.quality })
      .toFile(path.join(opts.out, `${name}-${width}.webp`))
      .then((info) => { totals.webp += info.size; }),
    sharp(file)
      .rotate()
      .resize({ width })
      .jpeg({ quality: opts.quality })
      .toFile(path.join(opts.out, `${name}-${width}.jpg`))
      .then((info) => { totals.jpeg += info.size; }),
  ]);
  await Promise.all(jobs);
  totals.outputs += jobs.length;
}

async function main() {
  const opts = options();
  const names = new Map();
  for (const file of opts.files) {
    const name = path.basename(file, path.extname(file));
    if (names.has(name)) fail(`${file} and ${names.get(name)} would write the same outputs (${name}-*)`);
    names.set(name, file);
  }
  await mkdir(opts.out, { recursive: true });

  const totals = { outputs: 0, webp: 0, jpeg: 0 };
  let next = 0;
  async function worker() {
    while (next < opts.files.length) {
      const file = opts.files[next++];
      try {
        await processFile(file, opts, totals);
      } catch (err) {
        throw new Error(`${file}: ${err.message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, opts.files.length) }, worker));

  console.log(JSON.stringify({
    files: opts.files.length,
    outputs: totals.outputs,
    bytes: { webp: totals.webp, jpeg: totals.jpeg },
    versions: { sharp: sharp.versions.sharp, vips: sharp.versions.vips },
    vipsThreads: sharp.concurrency(),
  }));
}

main().catch((err) => {
  console.error(`sharp.mjs: ${err.message}`);
  process.exit(1);
});
