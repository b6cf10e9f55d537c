package pipeline

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/headers"
)

// Route is what one prerendered page weighs, as a browser first loads it.
type Route struct {
	Path string
	// HTML, JS and CSS are gzip sizes, as the host sends them: the page,
	// the scripts it names (entry and preloads; a page's own chunk comes on
	// top), and its inline style sheets.
	HTML, JS, CSS int64
	// Images and ImageBytes count the images the page loads at once
	// (not lazily), at the size of their src.
	Images     int
	ImageBytes int64
}

var (
	scriptRe = regexp.MustCompile(`<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="(/[^"]+)"`)
	styleRe  = regexp.MustCompile(`(?s)<style[^>]*>(.*?)</style>`)
	imgRe    = regexp.MustCompile(`<img\s[^>]*>`)
	srcRe    = regexp.MustCompile(`\ssrc="(/[^"]+)"`)
)

// Report measures every page of the built site in dist.
func Report(dist string) ([]Route, error) {
	return report(dist, nil)
}

// measured is what Report found of one page, by the SHA-256 of its HTML:
// the page's own figures and the scripts it names (shared, measured once
// per report).
type measured struct {
	Route
	Scripts []string `json:"scripts"`
}

// ReportKnown is Report, reusing the figures of every page whose HTML is
// byte for byte one that an earlier report (remembered in the file known)
// measured: compressing and scanning every page again would cost a build
// of a thousand pages seconds. The file is only a cache.
func ReportKnown(dist, known string) ([]Route, error) {
	memo := map[string]measured{}
	if data, err := os.ReadFile(known); err == nil {
		_ = json.Unmarshal(data, &memo)
	}
	routes, err := report(dist, memo)
	if err == nil {
		if data, err := json.Marshal(memo); err == nil && os.MkdirAll(filepath.Dir(known), 0o755) == nil {
			_ = fsutil.WriteFileAtomic(known, data, 0o644)
		}
	}
	return routes, err
}

// report measures dist; with memo, it takes and leaves there each page's
// figures by the hash of its HTML (only those of the pages measured now).
func report(dist string, memo map[string]measured) ([]Route, error) {
	var routes []Route
	gz := map[string]int64{} // scripts are shared: compress each once
	seen := map[string]measured{}
	err := filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p == filepath.Join(dist, content.EditorFolder) {
			return fs.SkipDir // the browser editor (/admin) is not a page of the site
		}
		if d.IsDir() || !strings.HasSuffix(p, ".html") {
			return nil
		}
		rel, _ := filepath.Rel(dist, p)
		rel = filepath.ToSlash(rel)
		route := "/" + strings.TrimSuffix(strings.TrimSuffix(rel, "index.html"), "/")
		if rel == "404.html" {
			route = "(not found)"
		}
		html, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(html)
		key := hex.EncodeToString(sum[:])
		m, ok := memo[key]
		if !ok {
			m = measure(dist, html)
		}
		seen[key] = m
		r := m.Route
		r.Path = route
		for _, name := range m.Scripts {
			if _, ok := gz[name]; !ok {
				b, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(path.Clean(name))))
				if err != nil {
					return fmt.Errorf("%s names %s: %w", rel, name, err)
				}
				gz[name] = gzipSize(b)
			}
			r.JS += gz[name]
		}
		routes = append(routes, r)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("measuring the built site: %w", err)
	}
	if memo != nil {
		clear(memo)
		maps.Copy(memo, seen)
	}
	slices.SortFunc(routes, func(a, b Route) int { return strings.Compare(a.Path, b.Path) })
	return routes, nil
}

// measure reads one page: its HTML and inline CSS compressed, the images
// it loads at once, and the scripts it names.
func measure(dist string, html []byte) measured {
	m := measured{Route: Route{HTML: gzipSize(html)}}
	for _, s := range scriptRe.FindAllSubmatch(html, -1) {
		m.Scripts = append(m.Scripts, string(s[1]))
	}
	var css []byte
	for _, s := range styleRe.FindAllSubmatch(html, -1) {
		css = append(css, s[1]...)
	}
	m.CSS = gzipSize(css)
	for _, tag := range imgRe.FindAll(html, -1) {
		if bytes.Contains(tag, []byte(`loading="lazy"`)) {
			continue
		}
		if s := srcRe.FindSubmatch(tag); s != nil {
			if info, err := os.Stat(filepath.Join(dist, filepath.FromSlash(path.Clean(string(s[1]))))); err == nil {
				m.Images++
				m.ImageBytes += info.Size()
			}
		}
	}
	return m
}

func gzipSize(b []byte) int64 {
	if len(b) == 0 {
		return 0
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return int64(buf.Len())
}

// WriteReport prints the routes as a table, with totals.
func WriteReport(w io.Writer, routes []Route) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "route\t%9s\t%9s\t%9s\t%s\n", "HTML", "JS", "CSS", "images at once")
	for _, r := range routes {
		fmt.Fprintf(tw, "%s\t%9s\t%9s\t%9s\t%s\n", r.Path, kB(r.HTML), kB(r.JS), kB(r.CSS), imagesCell(r))
	}
	tw.Flush()
	fmt.Fprintf(w, "%d pages. HTML, JS and CSS: gzip, as served; JS: the scripts the page names (its own chunk adds a few kB).\n"+
		"Images at once: those not loaded lazily, at the size of their fallback src.\n", len(routes))
}

func imagesCell(r Route) string {
	if r.Images == 0 {
		return "-"
	}
	return fmt.Sprintf("%d · %s", r.Images, kB(r.ImageBytes))
}

func kB(n int64) string { return fmt.Sprintf("%.1f kB", float64(n)/1000) }

// SiteSummary is the site step's line: how many pages, how long, how many
// of them were rendered again (rendered; -1 when the prerender does not
// say), and the heaviest page as served (HTML, JS and CSS, gzip), so a page
// that grew stands out without the table.
func SiteSummary(routes []Route, rendered int, elapsed time.Duration, verbose bool) string {
	line := fmt.Sprintf("%s prerendered in %s", english.Count(len(routes), "page"), elapsed.Round(100*time.Millisecond))
	if rendered >= 0 && rendered < len(routes) {
		line += fmt.Sprintf(" (%d rendered again, %d as they were)", rendered, len(routes)-rendered)
	}
	if len(routes) == 0 {
		return line
	}
	heaviest := routes[0]
	for _, r := range routes[1:] {
		if r.served() > heaviest.served() {
			heaviest = r
		}
	}
	line += fmt.Sprintf("; the heaviest, %s, is %s of HTML, JS and CSS (gzip)", heaviest.Path, kB(heaviest.served()))
	if !verbose {
		line += "; -v lists every page"
	}
	return line
}

// served is what the page weighs before its images: HTML, JS and CSS.
func (r Route) served() int64 { return r.HTML + r.JS + r.CSS }

// RenderedPages is how many pages the last prerender of dist rendered (the
// others were its cache's, unchanged), or -1 when it does not say.
func RenderedPages(dist string) int {
	data, err := os.ReadFile(filepath.Join(dist, headers.FactsFile))
	if err != nil {
		return -1
	}
	var facts struct {
		Rendered *int `json:"rendered"`
	}
	if json.Unmarshal(data, &facts) != nil || facts.Rendered == nil {
		return -1
	}
	return *facts.Rendered
}
