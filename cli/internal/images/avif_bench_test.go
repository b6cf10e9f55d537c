//go:build avifbench && linux

package images

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chai2010/webp"
	"github.com/disintegration/imaging"
	wasmavif "github.com/gen2brain/avif"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images/manifest"
)

// TestAVIFBench compares AVIF settings with today's WebP on two sets of
// images: bytes, a perceptual distance and encode time per image. Run by
// .ci/bench/avif, which installs the tools it needs; see there.
//
// Environment:
//
//	AVIF_BENCH_SETS      dir=name pairs, comma-separated (required)
//	AVIF_BENCH_SETTINGS  encoder settings, space-separated: cgo:q60:s8, wasm:q60:s10
//	AVIF_BENCH_WIDTH     the width each image is resized to first (1200)
//	AVIF_BENCH_LIMIT     at most this many images per set (all)
//	AVIF_BENCH_OUT       a folder for the per-image table (kept)
func TestAVIFBench(t *testing.T) {
	sets := os.Getenv("AVIF_BENCH_SETS")
	if sets == "" {
		t.Skip("AVIF_BENCH_SETS is not set: run .ci/bench/avif")
	}
	width := envInt(t, "AVIF_BENCH_WIDTH", 1200)
	limit := envInt(t, "AVIF_BENCH_LIMIT", 0)
	var settings []benchSetting
	for _, s := range strings.Fields(os.Getenv("AVIF_BENCH_SETTINGS")) {
		settings = append(settings, parseSetting(t, s))
	}
	out := os.Getenv("AVIF_BENCH_OUT")
	if out == "" {
		out = t.TempDir()
	}
	tmp := t.TempDir()
	if _, err := avifCodec.open(); err != nil {
		t.Logf("cgo libavif: %v", err)
	} else {
		name, _ := avifCodec.open()
		t.Logf("cgo: %s; webp: %s", name, WebPEncoder())
	}

	table, err := os.Create(filepath.Join(out, "avif-bench.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer table.Close()
	fmt.Fprintln(table, "set\timage\twidth\tencoder\tbytes\tseconds\tbutteraugli\tpnorm3\tssimulacra")

	for _, pair := range strings.Split(sets, ",") {
		dir, name, _ := strings.Cut(pair, "=")
		if !filepath.IsAbs(dir) {
			// go test runs in the package's folder; names are from the repository's root.
			dir = filepath.Join("..", "..", "..", dir)
		}
		files := benchImages(t, dir, limit)
		t.Logf("%s: %d images from %s at %d px", name, len(files), dir, width)
		var rows []benchRow
		var mu sync.Mutex
		sem := make(chan struct{}, 2)
		var wg sync.WaitGroup
		for i, file := range files {
			ref := benchReference(t, file, width)
			refPNG := filepath.Join(tmp, fmt.Sprintf("%s-%03d-ref.png", name, i))
			writePNG(t, refPNG, ref)
			encs := append([]benchSetting{{encoder: "webp", quality: DefaultQuality}}, settings...)
			for _, s := range encs {
				data, secs := s.encode(t, ref)
				stem := filepath.Join(tmp, fmt.Sprintf("%s-%03d-%s", name, i, s))
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					got := decodeForMetric(t, stem, s.encoder, data)
					rel, _ := filepath.Rel(dir, file)
					r := benchRow{set: name, image: rel, width: ref.Bounds().Dx(), setting: s.String(), bytes: len(data), seconds: secs}
					r.butteraugli, r.pnorm = butteraugli(t, refPNG, got)
					r.ssimulacra = ssimulacra(t, refPNG, got)
					mu.Lock()
					rows = append(rows, r)
					mu.Unlock()
				}()
			}
		}
		wg.Wait()
		slices.SortFunc(rows, func(a, b benchRow) int {
			return cmp.Or(cmp.Compare(a.image, b.image), cmp.Compare(a.setting, b.setting))
		})
		for _, r := range rows {
			fmt.Fprintf(table, "%s\t%s\t%d\t%s\t%d\t%.4f\t%.4f\t%.4f\t%.5f\n", r.set, r.image, r.width, r.setting, r.bytes, r.seconds, r.butteraugli, r.pnorm, r.ssimulacra)
		}
		summarise(name, rows)
	}
}

type benchRow struct {
	set, image, setting                     string
	width, bytes                            int
	seconds, butteraugli, pnorm, ssimulacra float64
}

// summarise prints one line per encoder setting: bytes against WebP's,
// median distances (lower is better for both), how many images are at
// least as good as WebP by the 3-norm, and encode time against WebP's.
func summarise(set string, rows []benchRow) {
	by := map[string][]benchRow{}
	var order []string
	for _, r := range rows {
		if _, ok := by[r.setting]; !ok {
			order = append(order, r.setting)
		}
		by[r.setting] = append(by[r.setting], r)
	}
	slices.Sort(order)
	webpRows := by["webp:q80"]
	webpByImage := map[string]benchRow{}
	var webpBytes int
	var webpSecs float64
	for _, r := range webpRows {
		webpByImage[r.image] = r
		webpBytes += r.bytes
		webpSecs += r.seconds
	}
	fmt.Printf("\n%s (%d images)\n", set, len(webpRows))
	fmt.Printf("%-16s %10s %7s %9s %9s %9s %8s %9s %7s\n", "encoder", "bytes", "÷webp", "butter.", "3-norm", "ssimul.", "≤webp", "encode s", "÷webp")
	for _, s := range order {
		var n, better int
		var bytes int
		var secs float64
		var b, p, ss []float64
		for _, r := range by[s] {
			n++
			bytes += r.bytes
			secs += r.seconds
			b = append(b, r.butteraugli)
			p = append(p, r.pnorm)
			ss = append(ss, r.ssimulacra)
			if w, ok := webpByImage[r.image]; ok && r.pnorm <= w.pnorm {
				better++
			}
		}
		fmt.Printf("%-16s %10d %7.3f %9.3f %9.4f %9.5f %4d/%-3d %9.2f %7.2f\n", s, bytes, float64(bytes)/float64(webpBytes),
			median(b), median(p), median(ss), better, n, secs, secs/webpSecs)
	}
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

type benchSetting struct {
	encoder string // webp, cgo (libavif with aom), svt, rav1e (libavif with those), wasm
	quality int
	speed   int
	options string // aom's options, key=value separated by commas
}

func (s benchSetting) String() string {
	if s.encoder == "webp" {
		return fmt.Sprintf("webp:q%d", s.quality)
	}
	str := fmt.Sprintf("%s:q%d:s%d", s.encoder, s.quality, s.speed)
	if s.options != "" {
		str += ":" + s.options
	}
	return str
}

var settingRE = regexp.MustCompile(`^(cgo|svt|rav1e|wasm|webp):q(\d+)(?::s(\d+))?(?::([a-z0-9=,-]+))?$`)

func parseSetting(t *testing.T, s string) benchSetting {
	m := settingRE.FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("setting %q: want cgo:q60:s8[:key=value,…], svt:…, rav1e:…, wasm:q60:s10 or webp:q80", s)
	}
	q, _ := strconv.Atoi(m[2])
	sp, _ := strconv.Atoi(cmp.Or(m[3], "0"))
	return benchSetting{encoder: m[1], quality: q, speed: sp, options: m[4]}
}

// encode encodes img and says how much CPU time it took: the thread's own
// (every encoder runs on one), so other work on a shared machine does not
// count.
func (s benchSetting) encode(t *testing.T, img *image.NRGBA) ([]byte, float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadCPU()
	var data []byte
	var err error
	switch s.encoder {
	case "webp":
		data, err = webpCodec.encode(img, s.quality)
	case "cgo", "svt", "rav1e":
		codec := s.encoder
		if codec == "cgo" {
			codec = ""
		}
		data, err = avifCodec.encode(img, avifParams{codec: codec, quantizer: avifQuantizer(s.quality), speed: s.speed, options: strings.ReplaceAll(s.options, ",", " ")})
	case "wasm":
		var b bytes.Buffer
		err = wasmavif.Encode(&b, img, wasmavif.Options{Quality: s.quality, QualityAlpha: 100, Speed: s.speed, ChromaSubsampling: image.YCbCrSubsampleRatio420})
		data = b.Bytes()
	}
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return data, threadCPU() - start
}

// threadCPU is the calling thread's CPU time (user and system) in seconds.
func threadCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// decodeForMetric writes the encoded image back out as PNG, decoded as a
// browser decodes it: WebP by libwebp, AVIF by libavif (with dav1d).
func decodeForMetric(t *testing.T, stem, encoder string, data []byte) string {
	got := stem + ".png"
	if encoder == "webp" {
		img, err := webp.DecodeRGBA(data) // libwebp: its fancy upsampling, as browsers decode

		if err != nil {
			t.Error(err)
			return got
		}
		writePNG(t, got, img)
		return got
	}
	img, err := avifCodec.decode(data)
	if err != nil {
		t.Error(err)
		return got
	}
	writePNG(t, got, img)
	return got
}

var pnormRE = regexp.MustCompile(`(?m)^3-norm:\s*([0-9.]+)`)

// butteraugli runs libjxl's butteraugli_main: its max-norm distance and
// its 3-norm (an average that libjxl uses to compare encoders).
func butteraugli(t *testing.T, ref, got string) (maxNorm, pnorm float64) {
	out, err := exec.Command("butteraugli_main", ref, got).Output()
	if err != nil {
		t.Errorf("butteraugli_main %s %s: %v\n%s", ref, got, err, out)
		return 0, 0
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	if sc.Scan() {
		maxNorm, _ = strconv.ParseFloat(strings.TrimSpace(sc.Text()), 64)
	}
	if m := pnormRE.FindSubmatch(out); m != nil {
		pnorm, _ = strconv.ParseFloat(string(m[1]), 64)
	}
	return maxNorm, pnorm
}

// ssimulacra runs libjxl's ssimulacra_main (0 is identical).
func ssimulacra(t *testing.T, ref, got string) float64 {
	out, err := exec.Command("ssimulacra_main", ref, got).Output()
	if err != nil {
		t.Errorf("ssimulacra_main %s %s: %v\n%s", ref, got, err, out)
		return 0
	}
	v, _ := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	return v
}

// benchReference decodes a source as the pipeline does, upright, and
// resizes it to width (never up): the pixels every encoder is given.
func benchReference(t *testing.T, path string, width int) *image.NRGBA {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := imagecheck.Bytes(path, data, imagecheck.DefaultMaxPixels)
	if err != nil {
		t.Fatal(err)
	}
	img, err := decode(data, info.Format)
	if err != nil {
		t.Fatal(err)
	}
	nrgba := imaging.Clone(img)
	if orient := orientations[info.Orientation]; orient != nil {
		nrgba = orient(nrgba)
	}
	if nrgba.Bounds().Dx() > width {
		nrgba = imaging.Resize(nrgba, width, 0, imaging.Lanczos)
	}
	return nrgba
}

func benchImages(t *testing.T, dir string, limit int) []string {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".jpg", ".jpeg", ".png", ".webp":
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	if limit > 0 && len(files) > limit {
		// Spread over the whole set rather than the first few folders.
		step := float64(len(files)) / float64(limit)
		var picked []string
		for i := range limit {
			picked = append(picked, files[int(float64(i)*step)])
		}
		files = picked
	}
	return files
}

func writePNG(t *testing.T, path string, img image.Image) {
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s=%q: not a number", name, v)
	}
	return n
}

// TestAVIFBenchRun times whole cold runs (every width, every format, the
// placeholders: what `portfolio images` does for each image) on each set,
// without AVIF (today's pipeline) and with it, alternating, and prints the
// medians and each set's bytes. AVIF_BENCH_RUNS runs of each (5), on
// AVIF_BENCH_LIMIT images of each set (all).
func TestAVIFBenchRun(t *testing.T) {
	sets := os.Getenv("AVIF_BENCH_SETS")
	if sets == "" {
		t.Skip("AVIF_BENCH_SETS is not set: run .ci/bench/avif")
	}
	if _, err := avifCodec.open(); err != nil {
		t.Fatal(err)
	}
	runs := envInt(t, "AVIF_BENCH_RUNS", 5)
	limit := envInt(t, "AVIF_BENCH_LIMIT", 0)
	for _, pair := range strings.Split(sets, ",") {
		dir, name, _ := strings.Cut(pair, "=")
		if !filepath.IsAbs(dir) {
			dir = filepath.Join("..", "..", "..", dir)
		}
		var sources []Source
		var pixels int64
		for _, file := range benchImages(t, dir, limit) {
			info, err := imagecheck.File(file, imagecheck.DefaultMaxPixels)
			if err != nil {
				t.Fatal(err)
			}
			sources = append(sources, Source{Rel: file, Path: file, Info: info})
			pixels += info.Pixels()
		}
		type sample struct{ wall, cpu float64 }
		results := map[bool][]sample{}
		var last map[bool]*Result
		for i := range runs {
			last = map[bool]*Result{}
			// Alternate which goes first, so a drift of the machine's speed
			// weighs on both alike.
			for _, avif := range []bool{i%2 == 1, i%2 == 0} {
				res, wall, cpu := coldRun(t, sources, avif)
				results[avif] = append(results[avif], sample{wall, cpu})
				last[avif] = res
			}
		}
		med := func(avif bool, pick func(sample) float64) float64 {
			var v []float64
			for _, s := range results[avif] {
				v = append(v, pick(s))
			}
			return median(v)
		}
		wall := func(s sample) float64 { return s.wall }
		cpu := func(s sample) float64 { return s.cpu }
		var pairRatio []float64
		for i := range runs {
			pairRatio = append(pairRatio, results[true][i].cpu/results[false][i].cpu)
		}
		bytesOf := func(res *Result, typ string) (n int64) {
			for _, img := range res.Manifest.Images {
				for _, v := range img.Variants {
					if v.Type == typ {
						n += v.Bytes
					}
				}
			}
			return n
		}
		on := last[true]
		fmt.Printf("\n%s: %d images, %.0f MP; cold runs, medians of %d, alternating\n", name, len(sources), float64(pixels)/1e6, runs)
		fmt.Printf("  without AVIF: wall %.1f s, CPU %.1f s\n", med(false, wall), med(false, cpu))
		fmt.Printf("  with AVIF:    wall %.1f s, CPU %.1f s\n", med(true, wall), med(true, cpu))
		fmt.Printf("  with ÷ without: wall %.2f, CPU %.2f (median of the pairs' CPU ratios %.2f)\n",
			med(true, wall)/med(false, wall), med(true, cpu)/med(false, cpu), median(pairRatio))
		webpAll := bytesOf(last[false], manifest.WebP)
		var webpOfAVIF int64
		for _, img := range on.Manifest.Images {
			has := slices.ContainsFunc(img.Variants, func(v manifest.Variant) bool { return v.Type == manifest.AVIF })
			for _, v := range img.Variants {
				if has && v.Type == manifest.WebP {
					webpOfAVIF += v.Bytes
				}
			}
		}
		avifBytes := bytesOf(on, manifest.AVIF)
		fmt.Printf("  WebP %d bytes; AVIF kept for %d of %d images: %d bytes against their WebP's %d (%.3f)\n",
			webpAll, len(on.Manifest.Images)-on.Summary.WebPOnly, len(on.Manifest.Images), avifBytes, webpOfAVIF, float64(avifBytes)/float64(max(webpOfAVIF, 1)))
		fmt.Printf("  a browser with AVIF loads %.3f of the WebP bytes (AVIF where kept, WebP elsewhere)\n",
			float64(webpAll-webpOfAVIF+avifBytes)/float64(webpAll))
	}
}

// coldRun runs the pipeline on empty folders, with or without AVIF, and
// says how long it took: wall time and the process's CPU time.
func coldRun(t *testing.T, sources []Source, avif bool) (*Result, float64, float64) {
	saved := avifCodec
	defer func() { avifCodec = saved }()
	if !avif {
		avifCodec = noAVIF{errors.New("off")}
	}
	dir := t.TempDir()
	opts := Options{Widths: DefaultWidths, Quality: DefaultQuality, OutDir: filepath.Join(dir, "out"), CacheDir: filepath.Join(dir, "cache")}
	runtime.GC()
	cpu0 := processCPU()
	start := time.Now()
	res, err := Run(context.Background(), sources, opts)
	wall := time.Since(start).Seconds()
	cpu := processCPU() - cpu0
	if err != nil || len(res.Failures) > 0 {
		t.Fatal(err, res.Failures)
	}
	os.RemoveAll(dir)
	return res, wall, cpu
}

// processCPU is the process's CPU time (user and system) in seconds.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// TestAVIFBenchWidths encodes every image of each set at every width the
// pipeline makes (DefaultWidths, never enlarged), in each setting of
// AVIF_BENCH_SETTINGS besides WebP at 80, AVIF_BENCH_REPEAT times (5),
// the settings taking turns within each repeat so that a drift of a shared
// machine's speed weighs on all alike. It prints, per setting, the bytes of
// the width sets, the median over repeats of the encoders' CPU time per
// image (the thread's own, so other work does not count) and the ratio to
// the first AVIF setting. Decoding and resizing are done once, before, and
// are not counted. With AVIF_BENCH_ONLY=setting it encodes in that setting
// alone, once, for a whole-process timer (time -v) to measure: the
// figures of decision 0105.
func TestAVIFBenchWidths(t *testing.T) {
	sets := os.Getenv("AVIF_BENCH_SETS")
	if sets == "" {
		t.Skip("AVIF_BENCH_SETS is not set: run .ci/bench/avif --widths")
	}
	repeat := envInt(t, "AVIF_BENCH_REPEAT", 5)
	limit := envInt(t, "AVIF_BENCH_LIMIT", 0)
	settings := []benchSetting{{encoder: "webp", quality: DefaultQuality}}
	for _, s := range strings.Fields(os.Getenv("AVIF_BENCH_SETTINGS")) {
		settings = append(settings, parseSetting(t, s))
	}
	if only := os.Getenv("AVIF_BENCH_ONLY"); only != "" {
		settings, repeat = []benchSetting{parseSetting(t, only)}, 1
	}
	for _, pair := range strings.Split(sets, ",") {
		dir, name, _ := strings.Cut(pair, "=")
		if !filepath.IsAbs(dir) {
			dir = filepath.Join("..", "..", "..", dir)
		}
		files := benchImages(t, dir, limit)
		// refs[i] holds image i at each width the pipeline makes of it.
		refs := make([][]*image.NRGBA, len(files))
		for i, file := range files {
			full := benchReference(t, file, 1<<30)
			w := full.Bounds().Dx()
			for _, width := range DefaultWidths {
				if width > w {
					width = w
				}
				img := full
				if width < w {
					img = imaging.Resize(full, width, 0, imaging.Lanczos)
				}
				refs[i] = append(refs[i], img)
				if width == w {
					break
				}
			}
		}
		// cpu[s][i] are the repeats' CPU seconds of setting s on image i;
		// bytes[s] the bytes of every width set in setting s.
		cpu := make([][][]float64, len(settings))
		bytes := make([]int, len(settings))
		for s := range settings {
			cpu[s] = make([][]float64, len(files))
		}
		for r := range repeat {
			for k := range settings {
				s := (k + r) % len(settings) // a different one first each repeat
				for i := range files {
					var secs float64
					for _, img := range refs[i] {
						data, sec := settings[s].encode(t, img)
						secs += sec
						if r == 0 {
							bytes[s] += len(data)
						}
					}
					cpu[s][i] = append(cpu[s][i], secs)
				}
			}
		}
		fmt.Printf("\n%s: %d images at widths %v (never enlarged); encode CPU, medians of %d\n", name, len(files), DefaultWidths, repeat)
		fmt.Printf("%-24s %10s %7s %14s %14s %10s\n", "setting", "bytes", "÷webp", "s per image", "s all images", "÷first avif")
		totals := make([]float64, len(settings))
		var firstAVIF float64
		for s, set := range settings {
			var total []float64
			for r := range repeat {
				var sum float64
				for i := range files {
					sum += cpu[s][i][r]
				}
				total = append(total, sum)
			}
			totals[s] = median(total)
			if firstAVIF == 0 && set.encoder != "webp" {
				firstAVIF = totals[s]
			}
		}
		for s, set := range settings {
			var perImage []float64
			for i := range files {
				perImage = append(perImage, median(cpu[s][i]))
			}
			fmt.Printf("%-24s %10d %7.3f %14.3f %14.2f %10.2f\n", set, bytes[s], float64(bytes[s])/float64(bytes[0]),
				median(perImage), totals[s], totals[s]/max(firstAVIF, 1e-9))
		}
	}
}
