// Package images turns every local image of the content into web variants:
// several widths, each in WebP and in a fallback format (JPEG, or PNG for a
// transparent image), upright, with no metadata, plus a tiny blurred
// placeholder. Output names come from a hash of the source bytes and the
// options, so a run only makes what changed; see cache.go for the layout.
package images

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/metastrip"
)

// Defaults of the command's flags.
var DefaultWidths = []int{160, 480, 800, 1200, 1600, importimage.WidestShown}

const (
	DefaultQuality  = 80
	DefaultOutDir   = content.PublicDir + "/" + content.ImagesFolder
	DefaultCacheDir = ".cache/images"
	DefaultManifest = "site/src/generated/images.json"
)

// originalsPerCore is how many images each core works on at once with
// images.delivery: netlify (see Run).
const originalsPerCore = 4

// pipelineVersion is part of every key: change it when the same source and
// options would give different files (a new resampling filter, say), so old
// outputs are not reused. 2: transparent images' placeholders keep their
// alpha. 3: opaque images' placeholders are CSS gradients. 4: AVIF variants,
// where they pay. 5: AVIF's keep-or-drop weighs widths from 480 px only.
const pipelineVersion = 5

// Options configure a run.
type Options struct {
	Widths    []int // ascending
	Quality   int   // 1–100, for WebP and JPEG
	MaxPixels int64 // refuse larger images; 0 means imagecheck.DefaultMaxPixels
	Workers   int   // images processed at once; 0 means one per CPU core
	OutDir    string
	CacheDir  string
	GC        bool // remove outputs and cache entries no image needs
	// Delivery is site.yaml's images.delivery: with
	// content.DeliveryNetlify each source's original is published for
	// Netlify Image CDN instead of its variants (originals.go).
	Delivery string
	// OnEvent, when set, is told about each image as it is finished, one
	// call at a time.
	OnEvent func(Event)
	// Rights are the owner's, written into every variant as XMP
	// (decision 0102): site.yaml's rights. The zero Rights write
	// nothing, and keep every key and byte as before.
	Rights metastrip.Rights
}

// fingerprint is everything besides the source bytes that decides the
// output, WebP encoder included: the system's libwebp when one is installed,
// else the portable build (see WebPEncoder), whose bytes differ slightly;
// and the AVIF encoder, or none (see AVIFEncoder), with its settings. A file
// name therefore always stands for the same bytes, and an image made
// without AVIF is made again by a build that has it.
func (o Options) fingerprint() string { return o.variantFingerprint(true) }

// variantFingerprint is fingerprint, without AVIF (and without opening
// libavif) when withAVIF is false.
func (o Options) variantFingerprint(withAVIF bool) string {
	avif := "none"
	if withAVIF {
		if name, err := AVIFEncoder(); err == nil {
			avif = fmt.Sprintf("%s/q%d/s%d/%s/saving%d", name, avifQuality(o.Quality), avifSpeed, avifOptions, AVIFMinSaving)
		}
	}
	f := fmt.Sprintf("portfolio-images/%d widths=%v quality=%d webp=%s/m%d avif=%s placeholder=%d/%d",
		pipelineVersion, o.Widths, o.Quality, WebPEncoder(), webpMethod, avif, placeholderSize, placeholderQuality)
	if !o.Rights.IsZero() { // absent without rights: the keys stay as they were
		f += fmt.Sprintf(" rights=%q", o.Rights.XMP())
	}
	return f
}

// Source is one local image of the content.
type Source struct {
	Rel  string // relative to the content folder, '/'-separated: the manifest key
	Path string // on disk
	Info imagecheck.Info
	// Watermark is drawn into the image's variants (a private project's
	// `watermark`, decision 0093); "" for none. It is part of the key.
	Watermark string
	// WatermarkImage is the bytes of an image drawn into the variants
	// instead (a private project's `watermarkImage`, decision 0093); nil
	// for none. Its hash is part of the key.
	WatermarkImage []byte
}

// Sources lists every local image the content uses (covers, heroes, inline
// images, screenshots, galleries), in path order. Images that failed their
// checks while loading are not listed: the loader reported them.
func Sources(c *content.Content) []Source {
	var out []Source
	for _, p := range c.Projects {
		mark, markImage := "", []byte(nil)
		if p.Private() { // a public project's is an error, never drawn
			mark, markImage = p.Watermark, p.WatermarkMark
		}
		for rel, info := range p.Images {
			out = append(out, Source{
				Rel:            p.ImageKey(rel),
				Path:           filepath.Join(p.Dir, filepath.FromSlash(rel)),
				Info:           info,
				Watermark:      mark,
				WatermarkImage: markImage,
			})
		}
	}
	slices.SortFunc(out, func(a, b Source) int { return content.NaturalCompare(a.Rel, b.Rel) })
	return out
}

// Outcome is what happened to one image.
type Outcome int

const (
	Made   Outcome = iota // variants were made
	Reused                // everything was already there
	Failed
)

// Event reports one finished image.
type Event struct {
	Source   Source
	Outcome  Outcome
	Err      error // when Failed
	Variants int   // variant files of the image
	BytesOut int64 // their total size
	Elapsed  time.Duration
}

// Failure is an image that could not be processed.
type Failure struct {
	Source Source
	Err    error
}

// Summary counts a run.
type Summary struct {
	Images, Made, Reused, Failed int
	VariantsMade, VariantsReused int
	BytesIn, BytesOut            int64 // sources read; variants of the finished images
	Unused                       int   // files no image needs (removed with GC)
	UnusedBytes                  int64
	Removed                      bool // the unused files were removed
	Elapsed                      time.Duration
	// NoAVIF says why this run made no AVIF variant at all (this build
	// of portfolio has no AVIF encoder); "" when it made them.
	NoAVIF string
	// WebPOnly counts the images without AVIF variants although the run
	// makes them: AVIF did not pay (see avifPays).
	WebPOnly int
}

// Result is a finished run. The manifest lists every image that has its
// variants, failed ones aside.
type Result struct {
	Manifest *manifest.Manifest
	Summary  Summary
	Failures []Failure
}

// ErrLocked is returned when another run is working in the same folders.
var ErrLocked = errors.New("another `portfolio images` is running on these folders")

// Run makes the variants of every source. A failing image is recorded in the
// result and the others are still done; the error is for what stops the
// whole run (folders that cannot be written, another run in progress, ctx
// cancelled). After a cancellation, whatever was finished is kept whole and
// the next run picks up from there. Its steps: the folders locked, the
// images made on every worker, then the cache index saved and what is no
// longer used counted (and removed with GC).
func Run(ctx context.Context, sources []Source, opts Options) (*Result, error) {
	start := time.Now()
	opts = opts.withDefaults()
	unlock, err := claimFolders(opts)
	if err != nil {
		return nil, err
	}
	defer unlock()
	r, noAVIF := newRunner(opts, start)
	r.makeAll(ctx, sources)
	keep := map[string]bool{}
	for _, s := range sources {
		keep[s.Path] = true
	}
	if err := r.index.save(keep); err != nil {
		return nil, fmt.Errorf("saving the image cache index: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return r.res, err
	}
	if noAVIF != nil {
		r.res.Summary.NoAVIF = noAVIF.Error()
	}
	if err := r.collectUnused(); err != nil {
		return nil, err
	}
	slices.SortFunc(r.res.Failures, func(a, b Failure) int { return content.NaturalCompare(a.Source.Rel, b.Source.Rel) })
	r.res.Summary.Elapsed = time.Since(start)
	return r.res, nil
}

// withDefaults fills in the pixel limit and the number of workers.
func (opts Options) withDefaults() Options {
	if opts.MaxPixels <= 0 {
		opts.MaxPixels = imagecheck.DefaultMaxPixels
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
		if opts.Delivery == content.DeliveryNetlify {
			// Publishing an original is mostly waiting: reading it, and
			// writing it safely (fsync) once it is prepared; its CPU is a
			// scaled decode. More workers keep the cores busy meanwhile.
			opts.Workers *= originalsPerCore
		}
	}
	return opts
}

// claimFolders makes the output and cache folders, locks them for this
// run (ErrLocked when another holds them) and removes the temporary files
// an interrupted run left; unlock ends the claim.
func claimFolders(opts Options) (unlock func(), err error) {
	for _, dir := range []string{opts.OutDir, opts.CacheDir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	unlock, err = lock(filepath.Join(opts.CacheDir, lockFile))
	if errors.Is(err, errLocked) {
		return nil, fmt.Errorf("%w (%s is locked); wait for it to finish", ErrLocked, opts.CacheDir)
	}
	if err != nil {
		return nil, err
	}
	removeTemps(opts.OutDir, opts.CacheDir)
	return unlock, nil
}

// newRunner is a run's state: its fingerprints, whether it makes AVIF
// (and why not, noAVIF), the cache index, an empty result.
func newRunner(opts Options, start time.Time) (r *runner, noAVIF error) {
	// Under delivery: netlify the Image CDN makes the host's AVIF: libavif
	// is not opened at all.
	fingerprint := opts.originalFingerprint()
	// A watermarked image always gets variants, even with delivery:
	// netlify: its proof is drawn into them, and the original is never
	// published for it (decision 0093). Those have no AVIF then.
	proofFingerprint := opts.variantFingerprint(false)
	if opts.Delivery != content.DeliveryNetlify {
		fingerprint = opts.fingerprint()
		proofFingerprint = fingerprint
		_, noAVIF = avifCodec.open()
	}
	return &runner{
		opts:             opts,
		avif:             noAVIF == nil && opts.Delivery != content.DeliveryNetlify,
		fingerprint:      fingerprint,
		proofFingerprint: proofFingerprint,
		index:            openIndex(opts.CacheDir, start),
		res: &Result{Manifest: &manifest.Manifest{
			OutDir: opts.OutDir,
			Images: map[string]manifest.Image{},
		}},
	}, noAVIF
}

// makeAll processes the sources on opts.Workers workers, biggest first so
// that no large image is left alone at the end, until ctx ends.
func (r *runner) makeAll(ctx context.Context, sources []Source) {
	queue := slices.Clone(sources)
	slices.SortStableFunc(queue, func(a, b Source) int { return cmp.Compare(b.Info.Pixels(), a.Info.Pixels()) })
	work := make(chan Source)
	var wg sync.WaitGroup
	for range min(r.opts.Workers, max(1, len(queue))) {
		wg.Go(func() {
			for s := range work {
				r.finish(r.process(ctx, s))
			}
		})
	}
	for _, s := range queue {
		if ctx.Err() != nil {
			break
		}
		work <- s
	}
	close(work)
	wg.Wait()
}

// collectUnused counts the variants no image of the manifest uses, and
// removes them with GC when every image was made.
func (r *runner) collectUnused() error {
	sum := &r.res.Summary
	keys := map[string]bool{}
	for _, img := range r.res.Manifest.Images {
		keys[img.Key] = true
	}
	paths, bytes := unused(r.opts.OutDir, r.opts.CacheDir, keys)
	sum.Unused, sum.UnusedBytes = len(paths), bytes
	if r.opts.GC && len(paths) > 0 && len(r.res.Failures) == 0 {
		if err := removeAll(paths); err != nil {
			return fmt.Errorf("removing unused images: %w", err)
		}
		sum.Removed = true
	}
	return nil
}

type runner struct {
	opts        Options
	avif        bool // AVIF variants are made
	fingerprint string
	// proofFingerprint is a watermarked image's, before its watermark's.
	proofFingerprint string
	index            *statIndex
	keyLocks         sync.Map // key → *sync.Mutex: one source's bytes are made once

	mu  sync.Mutex
	res *Result
}

// outcome is one processed image, before it is counted.
type outcome struct {
	source  Source
	image   manifest.Image
	made    bool
	bytesIn int64
	err     error
	elapsed time.Duration
}

func (r *runner) finish(o outcome) {
	if errors.Is(o.err, context.Canceled) || errors.Is(o.err, context.DeadlineExceeded) {
		return // not a failure of the image; the run reports the interruption
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	sum := &r.res.Summary
	sum.Images++
	ev := Event{Source: o.source, Elapsed: o.elapsed}
	switch {
	case o.err != nil:
		sum.Failed++
		r.res.Failures = append(r.res.Failures, Failure{o.source, o.err})
		ev.Outcome, ev.Err = Failed, o.err
	default:
		r.res.Manifest.Images[o.source.Rel] = o.image
		ev.Variants = len(o.image.Variants)
		for _, v := range o.image.Variants {
			ev.BytesOut += v.Bytes
		}
		sum.BytesIn += o.bytesIn
		sum.BytesOut += ev.BytesOut
		if r.avif && !slices.ContainsFunc(o.image.Variants, func(v manifest.Variant) bool { return v.Type == manifest.AVIF }) {
			sum.WebPOnly++
		}
		if o.made {
			sum.Made++
			sum.VariantsMade += ev.Variants
			ev.Outcome = Made
		} else {
			sum.Reused++
			sum.VariantsReused += ev.Variants
			ev.Outcome = Reused
		}
	}
	if r.opts.OnEvent != nil {
		r.opts.OnEvent(ev)
	}
}

// process makes or reuses the variants of one source.
func (r *runner) process(ctx context.Context, s Source) (o outcome) {
	begin := time.Now()
	o.source = s
	defer func() { o.elapsed = time.Since(begin) }()
	if err := ctx.Err(); err != nil {
		o.err = err
		return o
	}
	fi, err := os.Stat(s.Path)
	if err != nil {
		o.err = describe(err)
		return o
	}
	id := identify(fi)
	o.bytesIn = id.Size
	o.image.Source = manifest.Source{Size: id.Size, ModTime: id.ModTime}

	sum, known := r.index.lookup(s.Path, id)
	var data []byte
	if !known {
		if data, err = readSource(s.Path, id); err != nil {
			o.err = err
			return o
		}
		sum = sha256Hex(data)
		r.index.record(s.Path, id, sum)
	}
	fingerprint := r.fingerprint
	marked := s.Watermark != "" || s.WatermarkImage != nil
	if marked {
		fingerprint = r.proofFingerprint + watermarkFingerprint(s.Watermark) + markFingerprint(s.WatermarkImage)
	}
	key := assetKey(sum, fingerprint)

	mu, _ := r.keyLocks.LoadOrStore(key, &sync.Mutex{})
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()

	if a, ok := cachedAsset(r.opts.CacheDir, r.opts.OutDir, key); ok {
		o.image.Asset = a
		return o
	}
	if data == nil {
		if data, err = readSource(s.Path, id); err != nil {
			o.err = err
			return o
		}
		if got := sha256Hex(data); got != sum { // the index was wrong: trust the bytes
			r.index.record(s.Path, id, got)
			key = assetKey(got, fingerprint)
		}
	}
	if r.opts.Delivery == content.DeliveryNetlify && !marked {
		o.image.Asset, o.err = r.makeOriginal(ctx, key, s.Path, data)
	} else {
		o.image.Asset, o.err = r.make(ctx, key, s.Path, data, s.Watermark, s.WatermarkImage)
	}
	o.made = o.err == nil
	return o
}

// checkedDecode decodes a source's bytes. The header is read again from
// the very bytes about to be decoded, so the pixel limit holds even if the
// file changed since it was checked.
func (r *runner) checkedDecode(path string, data []byte) (imagecheck.Info, image.Image, error) {
	info, err := imagecheck.Bytes(path, data, r.opts.MaxPixels)
	if err != nil {
		return info, nil, err // an *imagecheck.Problem, with its hint
	}
	img, err := decode(data, info.Format)
	if err != nil {
		return info, nil, fmt.Errorf("cannot decode the image (%v); re-export it from the original", err)
	}
	return info, img, nil
}

// make decodes one source and writes its variants and cache entry.
// watermark or markImage, when set, is drawn into every variant.
func (r *runner) make(ctx context.Context, key, path string, data []byte, watermark string, markImage []byte) (manifest.Asset, error) {
	info, img, err := r.checkedDecode(path, data)
	if err != nil {
		return manifest.Asset{}, err
	}
	enc := encoding{quality: r.opts.Quality, avif: r.avif, watermark: watermark, rights: r.opts.Rights}
	if markImage != nil {
		if enc.mark, err = decodeMark(markImage); err != nil {
			return manifest.Asset{}, err
		}
	}
	res, err := render(ctx, img, info, r.opts.Widths, enc)
	if err != nil {
		return manifest.Asset{}, err
	}
	a := manifest.Asset{Key: key, Placeholder: res.placeholder}
	for _, v := range res.variants {
		v.File = key + "-" + strconv.Itoa(v.Width) + extensions[v.Type]
		if err := ctx.Err(); err != nil {
			return manifest.Asset{}, err
		}
		if err := fsutil.WriteFileAtomic(filepath.Join(r.opts.OutDir, v.File), v.data, 0o644); err != nil {
			return manifest.Asset{}, fmt.Errorf("writing %s: %w", v.File, err)
		}
		a.Variants = append(a.Variants, v.Variant)
		if v.Width > a.Width {
			a.Width, a.Height = v.Width, v.Height
		}
	}
	slices.SortFunc(a.Variants, func(x, y manifest.Variant) int {
		return cmp.Or(strings.Compare(x.Type, y.Type), cmp.Compare(x.Width, y.Width))
	})
	if err := storeAsset(r.opts.CacheDir, a); err != nil {
		return manifest.Asset{}, fmt.Errorf("writing the cache entry: %w", err)
	}
	return a, nil
}

// readSource reads a whole source file and checks that it did not change
// while being read, so the bytes match the identity recorded for them.
func readSource(path string, id fileID) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, describe(err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, imagecheck.MaxFileBytes+1))
	if err != nil {
		return nil, describe(err)
	}
	if int64(len(data)) > imagecheck.MaxFileBytes {
		return nil, fmt.Errorf("the file is larger than %d MB", imagecheck.MaxFileBytes>>20)
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, describe(err)
	}
	if identify(fi) != id || int64(len(data)) != id.Size {
		return nil, errors.New("the file changed while it was being read; run again when it is saved")
	}
	return data, nil
}

// describe turns a file error into words without the Go error chain.
func describe(err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return errors.New("the file no longer exists")
	case errors.Is(err, os.ErrPermission):
		return errors.New("permission denied: make the file readable")
	}
	return err
}
