// Command imagebench compares `portfolio images` with sharp (libvips, through
// Node) on real photos, side by side in one run, and prints the time ratio,
// the bytes ratios and the peak memory of each.
//
//	.ci/bench/images [-corpus DIR] [-n 8] [-runs 3] [-j N] [-widths 480,800,…] [-quality 80] [-keep]
//
// .ci/bench/images installs what it needs (the photos, sharp) and runs this
// command from the repository root. It builds the portfolio binary and makes a
// content folder, both in a temporary folder (nothing is written in the
// repository), whose one project has the photos: the first as its cover, the
// rest as its gallery. Then, -runs times and alternating which goes first:
// `portfolio images` cold (empty output and cache), `portfolio images` warm
// (nothing changed) and `node .ci/bench/sharp.mjs` on the same files. Each
// child is timed by the wall clock; its CPU time and peak RSS come from its
// rusage; its output bytes are summed per format by walking its output
// folder. The table shows medians. The share of the CPU that other processes
// took before and during the runs is printed too: on a shared machine it
// says how far to trust the times.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg" // DecodeConfig reads JPEG headers
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

const defaultCorpus = "/usr/share/backgrounds"

// corpusPackages are the Debian packages whose wallpapers make the default corpus.
const corpusPackages = "mate-backgrounds lomiri-wallpapers ukui-wallpapers"

type config struct {
	corpus   string
	minWidth int
	n        int
	runs     int
	jobs     int
	widths   string
	quality  int
	keep     bool
	tags     string
}

func main() {
	var cfg config
	flag.StringVar(&cfg.corpus, "corpus", defaultCorpus, "folder searched recursively for JPEG photos")
	flag.IntVar(&cfg.minWidth, "min-width", 3000, "use only photos at least this many pixels wide")
	flag.IntVar(&cfg.n, "n", 8, "use at most this many photos (the first by path)")
	flag.IntVar(&cfg.runs, "runs", 3, "cold runs of each tool; the table shows medians")
	flag.IntVar(&cfg.jobs, "j", runtime.NumCPU(), "images in flight at once, on both sides (portfolio -j, sharp.mjs --concurrency)")
	flag.StringVar(&cfg.widths, "widths", "480,800,1200,1600,2400", "comma-separated output widths")
	flag.IntVar(&cfg.quality, "quality", 80, "WebP and JPEG quality, 1 to 100")
	flag.StringVar(&cfg.tags, "tags", "", "Go build tags for portfolio: nodynamic forces the portable WebP encoder even where the system has libwebp")
	flag.BoolVar(&cfg.keep, "keep", false, "keep the work folder (content, outputs, binary) and print its path")
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), `Compares portfolio images with sharp on real photos, side by side.

Usage: .ci/bench/images [flags]
   or: go run ./cli/cmd/imagebench [flags]   (from the repository root, with sharp installed)

`)
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := cfg.check(); err != nil || flag.NArg() > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected arguments: %s", strings.Join(flag.Args(), " "))
		}
		fmt.Fprintln(os.Stderr, "imagebench:", err)
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Stdout, os.Stderr, cfg)
	interrupted := ctx.Err() != nil
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "imagebench:", err)
		if interrupted {
			os.Exit(130)
		}
		os.Exit(1)
	}
}

func (c config) check() error {
	switch {
	case c.n < 1:
		return errors.New("-n: want 1 or more")
	case c.runs < 1:
		return errors.New("-runs: want 1 or more")
	case c.jobs < 1:
		return errors.New("-j: want 1 or more")
	case c.quality < 1 || c.quality > 100:
		return errors.New("-quality: want 1 to 100")
	}
	for _, w := range strings.Split(c.widths, ",") {
		if n, err := strconv.Atoi(w); err != nil || n <= 0 {
			return fmt.Errorf("-widths %s: want positive whole numbers separated by commas", c.widths)
		}
	}
	return nil
}

// photo is one file of the corpus.
type photo struct {
	path          string
	width, height int
	size          int64
}

// measurement is one run of one tool.
type measurement struct {
	wall, cpu   time.Duration
	maxRSS      int64 // bytes
	webp, jpeg  int64 // output bytes
	outputs     int
	lastLine    string // the child's last line on stdout (portfolio's summary, sharp.mjs's JSON)
	sharpReport sharpReport
}

// sharpReport is the JSON line sharp.mjs prints at the end.
type sharpReport struct {
	Files    int `json:"files"`
	Outputs  int `json:"outputs"`
	Versions struct {
		Sharp string `json:"sharp"`
		Vips  string `json:"vips"`
	} `json:"versions"`
	VipsThreads int `json:"vipsThreads"`
}

// bench holds the paths of one benchmark run.
type bench struct {
	root      string // the repository
	work      string // the temporary work folder
	portfolio string // the built binary
	content   string
	inputs    []string // the photos inside content, as both tools get them
	cfg       config
	version   string // `portfolio version`: names the WebP encoder in use
}

func run(ctx context.Context, stdout, stderr io.Writer, cfg config) (err error) {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return errors.New("node is not installed: install Node 20 or later")
	}
	if _, err := os.Stat(filepath.Join(root, ".ci/bench/node_modules/sharp/package.json")); err != nil {
		return errors.New("sharp is not installed: run .ci/bench/images (it runs npm ci in .ci/bench)")
	}
	photos, err := findPhotos(cfg.corpus, cfg.minWidth, cfg.n, stderr)
	if err != nil {
		return err
	}

	work, err := os.MkdirTemp("", "imagebench-")
	if err != nil {
		return err
	}
	if cfg.keep {
		defer fmt.Fprintln(stdout, "\nwork folder kept:", work)
	} else {
		defer func() {
			if rmErr := os.RemoveAll(work); err == nil {
				err = rmErr
			}
		}()
	}
	b := &bench{root: root, work: work, portfolio: filepath.Join(work, "portfolio"), cfg: cfg}

	fmt.Fprintln(stderr, "building portfolio…")
	build := exec.CommandContext(ctx, "go", "build", "-tags", cfg.tags, "-o", b.portfolio, "./cli/cmd/portfolio")
	build.Dir, build.Stdout, build.Stderr = root, stderr, stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("go build ./cli/cmd/portfolio: %w", err)
	}
	version, err := exec.CommandContext(ctx, b.portfolio, "version").Output()
	if err != nil {
		return fmt.Errorf("portfolio version: %w", err)
	}
	b.version = strings.TrimSpace(string(version))
	if help, err := exec.CommandContext(ctx, b.portfolio, "images", "--help").CombinedOutput(); err != nil || !bytes.Contains(help, []byte("portfolio images")) {
		return errors.New("this portfolio has no images command yet: `portfolio images --help` does not describe it")
	}
	if err := b.makeContent(root, photos); err != nil {
		return fmt.Errorf("making the bench content: %w", err)
	}
	if out, err := exec.CommandContext(ctx, b.portfolio, "validate", "--content", b.content).CombinedOutput(); err != nil {
		return fmt.Errorf("the bench content is not valid (%v):\n%s", err, out)
	}
	syscall.Sync() // the copies are written out before anything is timed

	// Other work on the machine makes the times noisy: measure how much
	// CPU it took just before and during the runs.
	var other otherLoad
	busy0, total0 := cpuTimes()
	time.Sleep(time.Second)
	busy1, total1 := cpuTimes()
	other.before = share(busy1-busy0, total1-total0)
	if other.before > 0.2 {
		fmt.Fprintf(stderr, "warning: other work is using %.0f%% of the CPU: the times will be noisy\n", 100*other.before)
	}

	var cold, warm, sharp []measurement
	var ours time.Duration // CPU time of the children
	for i := range cfg.runs {
		var c, w, s measurement
		steps := []func() error{
			func() (err error) {
				if c, err = b.portfolioImages(ctx, true); err != nil {
					return err
				}
				w, err = b.portfolioImages(ctx, false)
				return err
			},
			func() (err error) { s, err = b.sharp(ctx, node); return err },
		}
		if i%2 == 1 {
			slices.Reverse(steps)
		}
		for _, step := range steps {
			if err := step(); err != nil {
				return err
			}
		}
		fmt.Fprintf(stderr, "run %d/%d: portfolio cold %s, warm %s; sharp %s\n", i+1, cfg.runs, seconds(c.wall), seconds(w.wall), seconds(s.wall))
		cold, warm, sharp = append(cold, c), append(warm, w), append(sharp, s)
		ours += c.cpu + w.cpu + s.cpu
	}
	busy2, total2 := cpuTimes()
	other.during = share(busy2-busy1-ours, total2-total1)

	report(stdout, b, other, photos, cold, warm, sharp)
	return nil
}

// repoRoot is the folder above the working directory holding this module's go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(mod, []byte("module portfolio\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside the portfolio repository: run from its root (.ci/bench/images does)")
		}
		dir = parent
	}
}

// findPhotos returns the JPEG files under dir at least minWidth pixels wide,
// the first n by path.
func findPhotos(dir string, minWidth, n int, stderr io.Writer) ([]photo, error) {
	var photos []photo
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		ext := strings.ToLower(filepath.Ext(path))
		if !d.Type().IsRegular() || (ext != ".jpg" && ext != ".jpeg") {
			return nil
		}
		p, err := readPhoto(path)
		if err != nil {
			fmt.Fprintf(stderr, "skipping %s: %v\n", path, err)
			return nil
		}
		if p.width >= minWidth {
			photos = append(photos, p)
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if len(photos) == 0 {
		msg := fmt.Sprintf("no JPEG photos %d px wide or more under %s", minWidth, dir)
		if dir == defaultCorpus {
			return nil, fmt.Errorf("%s: install %s (apt-get install -y --no-install-recommends %s; .ci/bench/images does), or pass -corpus DIR", msg, corpusPackages, corpusPackages)
		}
		return nil, errors.New(msg)
	}
	// WalkDir visits in lexical order within each folder; sort the whole paths.
	slices.SortFunc(photos, func(a, b photo) int { return strings.Compare(a.path, b.path) })
	return photos[:min(n, len(photos))], nil
}

func readPhoto(path string) (photo, error) {
	f, err := os.Open(path)
	if err != nil {
		return photo{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return photo{}, err
	}
	c, _, err := image.DecodeConfig(bufio.NewReader(f))
	if err != nil {
		return photo{}, err
	}
	return photo{path: path, width: c.Width, height: c.Height, size: info.Size()}, nil
}

// makeContent writes a content folder with one project, bench, whose cover is
// the first photo and whose gallery is the rest, so that every photo is made
// once by each tool: portfolio names outputs by a hash of the source bytes and
// would make a photo used twice only once. With a single photo the gallery
// (which may not be empty) repeats it, and sharp gets it once.
func (b *bench) makeContent(root string, photos []photo) error {
	b.content = filepath.Join(b.work, "content")
	project := filepath.Join(b.content, "projects", "bench")
	if err := os.MkdirAll(filepath.Join(project, "gallery"), 0o755); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(root, "content", "site.yaml"), filepath.Join(b.content, "site.yaml")); err != nil {
		return err
	}
	coverExt := strings.ToLower(filepath.Ext(photos[0].path))
	cover := filepath.Join(project, "cover"+coverExt)
	if err := copyFile(photos[0].path, cover); err != nil {
		return err
	}
	b.inputs = append(b.inputs, cover)
	gallery, repeat := photos[1:], len(photos) == 1
	if repeat {
		gallery = photos
	}
	for i, p := range gallery {
		dst := filepath.Join(project, "gallery", fmt.Sprintf("%02d%s", i+1, strings.ToLower(filepath.Ext(p.path))))
		if err := copyFile(p.path, dst); err != nil {
			return err
		}
		if !repeat {
			b.inputs = append(b.inputs, dst)
		}
	}
	yaml := fmt.Sprintf(`title: Image benchmark
subtitle: Photos for comparing portfolio images with sharp
description: >-
  A gallery of %d real photos, made by cli/cmd/imagebench.
role: Photographer
skills:
  - Photography
category: Photography
page: photography
featured: false
active: true
cover: cover%s
body:
  - type: gallery
`, len(gallery), coverExt)
	return os.WriteFile(filepath.Join(project, "project.yaml"), []byte(yaml), 0o644)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// portfolioImages runs `portfolio images`, from an empty output and cache when cold.
func (b *bench) portfolioImages(ctx context.Context, cold bool) (measurement, error) {
	out, cache, manifest := filepath.Join(b.work, "portfolio-out"), filepath.Join(b.work, "portfolio-cache"), filepath.Join(b.work, "manifest.json")
	if cold {
		for _, p := range []string{out, cache, manifest} {
			if err := os.RemoveAll(p); err != nil {
				return measurement{}, err
			}
		}
	}
	name := "portfolio images (warm)"
	if cold {
		name = "portfolio images (cold)"
	}
	cmd := exec.CommandContext(ctx, b.portfolio, "images", "--content", b.content, "--out", out, "--cache", cache, "--manifest", manifest,
		"--widths", b.cfg.widths, "--quality", strconv.Itoa(b.cfg.quality), "-j", strconv.Itoa(b.cfg.jobs))
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	m, err := measure(name, cmd)
	if err != nil {
		return m, err
	}
	return m, sumOutputs(out, &m)
}

// sharp runs .ci/bench/sharp.mjs on the same files as portfolio.
func (b *bench) sharp(ctx context.Context, node string) (measurement, error) {
	out := filepath.Join(b.work, "sharp-out")
	if err := os.RemoveAll(out); err != nil {
		return measurement{}, err
	}
	args := []string{filepath.Join(b.root, ".ci/bench/sharp.mjs"), "--out", out,
		"--widths", b.cfg.widths, "--quality", strconv.Itoa(b.cfg.quality), "--concurrency", strconv.Itoa(b.cfg.jobs)}
	m, err := measure("node .ci/bench/sharp.mjs", exec.CommandContext(ctx, node, append(args, b.inputs...)...))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal([]byte(m.lastLine), &m.sharpReport); err != nil {
		return m, fmt.Errorf("node .ci/bench/sharp.mjs: its last line is not its JSON report: %q", m.lastLine)
	}
	return m, sumOutputs(out, &m)
}

// measure runs cmd and returns its wall time, CPU time and peak RSS.
func measure(name string, cmd *exec.Cmd) (measurement, error) {
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return measurement{}, fmt.Errorf("%s failed: %v\n%s", name, err, strings.TrimSpace(stderr.String()+"\n"+tail(stdout.String(), 5)))
	}
	m := measurement{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), lastLine: tail(stdout.String(), 1)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.maxRSS = int64(ru.Maxrss) * 1024 // kilobytes on Linux
	}
	return m, nil
}

// tail is the last n lines of s, trailing blank lines left out.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// sumOutputs adds up the WebP and JPEG files under dir.
func sumOutputs(dir string, m *measurement) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		var total *int64
		switch strings.ToLower(filepath.Ext(path)) {
		case ".webp":
			total = &m.webp
		case ".jpg", ".jpeg":
			total = &m.jpeg
		default:
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		*total += info.Size()
		m.outputs++
		return nil
	})
}

func report(w io.Writer, b *bench, other otherLoad, photos []photo, cold, warm, sharp []measurement) {
	var pixels, size int64
	for _, p := range photos {
		pixels += int64(p.width) * int64(p.height)
		size += p.size
	}
	cfg := b.cfg
	sr := sharp[0].sharpReport
	fmt.Fprintf(w, "machine: %s, %d cores; %s, sharp %s (libvips %s, %d libvips thread(s) per pipeline)\n",
		cpuModel(), runtime.NumCPU(), runtime.Version(), sr.Versions.Sharp, sr.Versions.Vips, sr.VipsThreads)
	fmt.Fprintf(w, "%s\n", b.version)
	fmt.Fprintf(w, "other work on the machine: %.0f%% of its CPU just before the runs, %.0f%% during them\n", 100*other.before, 100*other.during)
	noun := "photos"
	if len(photos) == 1 {
		noun = "photo"
	}
	fmt.Fprintf(w, "corpus: %d %s from %s, %.1f MP, %s (the first is the bench project's cover)\n",
		len(photos), noun, cfg.corpus, float64(pixels)/1e6, megabytes(size))
	for _, p := range photos {
		fmt.Fprintf(w, "  %s  %d×%d  %s\n", p.path, p.width, p.height, megabytes(p.size))
	}
	fmt.Fprintf(w, "widths %s, quality %d, %d image(s) in flight (-j), median of %d run(s)\n\n", cfg.widths, cfg.quality, cfg.jobs, cfg.runs)

	c, wm, s := median(cold), median(warm), median(sharp)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "tool\ttime\tCPU\tpeak RSS\tWebP bytes\tJPEG bytes\toutputs\t")
	for _, row := range []struct {
		name string
		m    measurement
	}{{"portfolio images, cold", c}, {"portfolio images, warm", wm}, {"sharp", s}} {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t\n", row.name, seconds(row.m.wall), seconds(row.m.cpu), megabytes(row.m.maxRSS), row.m.webp, row.m.jpeg, row.m.outputs)
	}
	tw.Flush()

	fmt.Fprintln(w, "\nportfolio cold / sharp (below 1: portfolio is faster, smaller or lighter):")
	fmt.Fprintf(w, "  time        %.2f\n", ratio(int64(c.wall), int64(s.wall)))
	fmt.Fprintf(w, "  CPU time    %.2f\n", ratio(int64(c.cpu), int64(s.cpu)))
	fmt.Fprintf(w, "  WebP bytes  %.3f\n", ratio(c.webp, s.webp))
	fmt.Fprintf(w, "  JPEG bytes  %.3f\n", ratio(c.jpeg, s.jpeg))
	fmt.Fprintf(w, "  peak RSS    %.2f\n", ratio(c.maxRSS, s.maxRSS))
	fmt.Fprintf(w, "warm no-op run: %s\n", seconds(wm.wall))
	if c.outputs != s.outputs {
		fmt.Fprintf(w, "warning: portfolio wrote %d outputs and sharp %d: the bytes are not like for like\n", c.outputs, s.outputs)
	}
	fmt.Fprintf(w, "\nportfolio's summary, cold: %s\n", cold[len(cold)-1].lastLine)
	fmt.Fprintf(w, "portfolio's summary, warm: %s\n", warm[len(warm)-1].lastLine)
}

// median takes the median of each number on its own.
func median(ms []measurement) measurement {
	pick := func(f func(measurement) int64) int64 {
		v := make([]int64, len(ms))
		for i, m := range ms {
			v[i] = f(m)
		}
		slices.Sort(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return measurement{
		wall:    time.Duration(pick(func(m measurement) int64 { return int64(m.wall) })),
		cpu:     time.Duration(pick(func(m measurement) int64 { return int64(m.cpu) })),
		maxRSS:  pick(func(m measurement) int64 { return m.maxRSS }),
		webp:    pick(func(m measurement) int64 { return m.webp }),
		jpeg:    pick(func(m measurement) int64 { return m.jpeg }),
		outputs: int(pick(func(m measurement) int64 { return int64(m.outputs) })),
	}
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func seconds(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func megabytes(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// cpuModel is the first "model name" in /proc/cpuinfo.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if key, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return "unknown CPU"
}

// otherLoad is the share of the machine's CPU time that went to other
// processes, from 0 to 1.
type otherLoad struct{ before, during float64 }

// cpuTimes returns the CPU time of all cores since boot, busy and in all,
// from the first line of /proc/stat (zero when it cannot be read). Steal
// time counts as busy: the hypervisor gave it to someone else.
func cpuTimes() (busy, total time.Duration) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(data), "\n")
	fields := strings.Fields(line) // cpu user nice system idle iowait irq softirq steal guest guest_nice
	if len(fields) < 9 || fields[0] != "cpu" {
		return 0, 0
	}
	const tick = 10 * time.Millisecond // USER_HZ is 100 on Linux
	for i, f := range fields[1:9] {    // guest time is already in user and nice
		n, _ := strconv.ParseInt(f, 10, 64)
		total += time.Duration(n) * tick
		if i != 3 && i != 4 { // idle, iowait
			busy += time.Duration(n) * tick
		}
	}
	return busy, total
}

// share is part/whole clamped to [0, 1].
func share(part, whole time.Duration) float64 {
	if whole <= 0 {
		return 0
	}
	return min(max(float64(part)/float64(whole), 0), 1)
}
