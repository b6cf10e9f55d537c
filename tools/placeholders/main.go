// Command placeholders generates calm, deterministic placeholder images for
// the portfolio's projects: every image a content/projects/*/project.yaml
// references under a cover or src key, plus each project's gallery files,
// and a one-page PDF for every document block's `file`.
//
//	go -C tools/placeholders run . [-content ../../content] [-force]
//
// (a module of its own: run from the repository's root as above, or with
// go run . from this folder).
//
// Existing files are left alone unless -force is given. Output is
// byte-for-byte reproducible: every image is drawn from a random generator
// seeded by its project slug and path.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

func main() {
	content := flag.String("content", "content", "content folder holding projects/<slug>/project.yaml")
	force := flag.Bool("force", false, "overwrite files that already exist")
	workers := flag.Int("j", runtime.NumCPU(), "number of images drawn in parallel")
	flag.Parse()
	if err := run(os.Stdout, os.Stderr, *content, *force, max(*workers, 1)); err != nil {
		fmt.Fprintln(os.Stderr, "placeholders:", err)
		os.Exit(1)
	}
}

func run(stdout, stderr io.Writer, content string, force bool, workers int) error {
	projects, warnings, err := loadProjects(filepath.Join(content, "projects"))
	if err != nil {
		return err
	}
	if len(projects) == 0 {
		return fmt.Errorf("no %s found", filepath.Join(content, "projects", "*", "project.yaml"))
	}
	known := map[string]bool{}
	slugs := make([]string, len(projects))
	for i, p := range projects {
		slugs[i] = p.slug
		known[p.slug] = true
	}
	var missing []string
	for s := range galleryCounts {
		if !known[s] {
			missing = append(missing, s)
		}
	}
	sort.Strings(missing)
	for _, s := range missing {
		warnings = append(warnings, fmt.Sprintf("%s: no project.yaml yet; its gallery is not generated", s))
	}

	jobs, w2 := planJobs(projects, assignPalettes(slugs), func(p project, rel string) string {
		return filepath.Join(p.dir, filepath.FromSlash(rel))
	})
	warnings = append(warnings, w2...)
	for _, w := range warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}

	var todo []job
	kept := 0
	for _, j := range jobs {
		if !force {
			if _, err := os.Stat(j.file); err == nil {
				kept++
				continue
			}
		}
		todo = append(todo, j)
	}

	type result struct {
		n   int
		err error
	}
	results := make([]chan result, len(todo))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	next := make(chan int)
	for range workers {
		go func() {
			for i := range next {
				n, err := generate(todo[i])
				results[i] <- result{n, err}
			}
		}()
	}
	go func() {
		for i := range todo {
			next <- i
		}
		close(next)
	}()

	// Report in job order, whatever order the workers finish in.
	var total int64
	var failed int
	for i, j := range todo {
		res := <-results[i]
		if res.err != nil {
			failed++
			fmt.Fprintf(stderr, "error: %s: %v\n", j.file, res.err)
			continue
		}
		total += int64(res.n)
		fmt.Fprintf(stdout, "wrote %s  %dx%d  %s\n", j.file, j.w, j.h, kb(int64(res.n)))
	}
	docs := 0 // documents written
	for _, p := range projects {
		for _, rel := range p.docs {
			file := filepath.Join(p.dir, filepath.FromSlash(rel))
			if _, err := os.Stat(file); err == nil && !force {
				kept++
				continue
			}
			data := placeholderPDF(p.title, p.subtitle, p.description)
			if err := writeAtomic(file, data); err != nil {
				failed++
				fmt.Fprintf(stderr, "error: %s: %v\n", file, err)
				continue
			}
			total += int64(len(data))
			docs++
			fmt.Fprintf(stdout, "wrote %s  PDF  %s\n", file, kb(int64(len(data))))
		}
	}
	fmt.Fprintf(stdout, "%d files written, %d bytes (%.1f MB); %d existing files left alone\n",
		len(todo)-failed+docs, total, float64(total)/1e6, kept)
	if failed > 0 {
		return fmt.Errorf("%d files failed", failed)
	}
	return nil
}

func kb(n int64) string { return fmt.Sprintf("%d KB", (n+512)/1024) }

// loadProjects reads every projects/<slug>/project.yaml, sorted by slug.
func loadProjects(dir string) ([]project, []string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*", "project.yaml"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(files)
	var out []project
	var warnings []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		pdir := filepath.Dir(f)
		p, w, err := parseProject(filepath.Base(pdir), pdir, data)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: cannot parse, skipped: %v", f, err))
			continue
		}
		warnings = append(warnings, w...)
		if p.page == "" {
			warnings = append(warnings, fmt.Sprintf("%s: no page field; using the graphics style", f))
		}
		out = append(out, p)
	}
	return out, warnings, nil
}

// generate draws, encodes and atomically writes one image; it returns the
// number of bytes written.
func generate(j job) (int, error) {
	data, err := encode(j)
	if err != nil {
		return 0, err
	}
	return len(data), writeAtomic(j.file, data)
}

func encode(j job) ([]byte, error) {
	img := render(j)
	var buf bytes.Buffer
	var err error
	switch j.format {
	case formatPNG:
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
	default:
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	}
	return buf.Bytes(), err
}

// render draws the image for j.
func render(j job) image.Image {
	r := rng("image", j.slug, j.rel)
	p := j.pal
	c := newCanvas(j.w, j.h, p.paper)
	grain := 0.0
	switch j.style {
	case stylePhoto:
		drawScene(c, p, r, 0, 0, j.w, j.h, sceneMood(j), urban(j.slug))
		grain = 1.6
	case stylePoster:
		if editorial(j) {
			documents(c, p, r, (j.index/2)%3)
		} else {
			drawPoster(c, p, r, sequence(j))
		}
	case styleLogo:
		drawLogo(c, p, r, j.index)
	case styleMockup:
		drawMockup(c, p, r, j)
	case styleScreen:
		drawScreen(c, p, r, 0, 0, float64(j.w), float64(j.h), screenVariant(j.rel, j.index))
	case styleEdu:
		drawEdu(c, p, r, j)
	}
	c.label(j.label, p.paper, p.ink)
	if j.format == formatPNG {
		return c.rgba(nil, 0, false)
	}
	return c.rgba(rng("grain", j.slug, j.rel), grain, true)
}

// sequence deals compositions to a project's images in a shuffled order, so
// that consecutive gallery images never repeat one while others are unused.
func sequence(j job) int {
	order := rng("sequence", j.slug).Perm(5)
	k := j.index
	if j.kind == kindImage {
		h, _ := hash64("sequence", j.slug, j.rel)
		k = int(h % 5)
	}
	return order[k%5]
}

// editorial reports whether a graphics image should show printed pages
// rather than a poster: reports and guides get spreads for their cover and
// every other gallery image.
func editorial(j job) bool {
	if !strings.Contains(j.slug, "report") && !strings.Contains(j.slug, "guide") {
		return false
	}
	return j.kind == kindCover || (j.kind == kindGallery && j.index%2 == 0)
}

func writeAtomic(file string, data []byte) error {
	dir := filepath.Dir(file)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".placeholder-*.tmp")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer os.Remove(name) // no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(name, file)
}
