package pipeline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestNodeVersion(t *testing.T) {
	tests := []struct {
		in   string
		ok   bool
		want bool // at least 20.19.0
	}{
		{"v20.19.0\n", true, true},
		{"v20.20.2", true, true},
		{"v22.1.0", true, true},
		{"v20.18.9", true, false},
		{"v18.20.4", true, false},
		{"v9.99.99", true, false},
		{"node: command not found", false, false},
	}
	for _, tt := range tests {
		v, ok := parseVersion(tt.in)
		if ok != tt.ok {
			t.Errorf("parseVersion(%q) ok = %v, want %v", tt.in, ok, tt.ok)
			continue
		}
		if ok && atLeast(v, minNode) != tt.want {
			t.Errorf("%q at least 20.19.0 = %v, want %v", tt.in, !tt.want, tt.want)
		}
	}
}

func write(t *testing.T, path, body string, mod time.Time) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

func TestPackagesStale(t *testing.T) {
	old, now := time.Now().Add(-time.Hour), time.Now()
	tests := []struct {
		name      string
		installed time.Time // zero: not installed
		lock      time.Time
		stale     bool
	}{
		{"never installed", time.Time{}, old, true},
		{"installed after the lock file", now, old, false},
		{"lock file changed since", old, now, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "package-lock.json"), "{}", tt.lock)
			if !tt.installed.IsZero() {
				write(t, filepath.Join(dir, "node_modules", ".package-lock.json"), "{}", tt.installed)
			}
			if stale, why := packagesStale(dir); stale != tt.stale || stale && why == "" {
				t.Errorf("stale = %v (%q), want %v with a reason", stale, why, tt.stale)
			}
		})
	}
}

// markBuilt leaves the tree as a finished build does: the site in dist and
// the record of what the build read.
func markBuilt(t *testing.T, at time.Time) {
	t.Helper()
	write(t, "site/dist/index.html", "<h1>", at)
	files, err := Inputs("content", "site")
	if err != nil {
		t.Fatal(err)
	}
	if err := saveRecord(files); err != nil {
		t.Fatal(err)
	}
}

// move renames from to to keeping both files' times, as mv does.
func move(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

// Staleness follows what the build reads, not modification times: a
// rename, a move or a deletion keeps every time as it was.
func TestStale(t *testing.T) {
	old, built, later := time.Now().Add(-2*time.Hour), time.Now().Add(-time.Hour), time.Now()
	tests := []struct {
		name    string
		noBuild bool
		change  func(t *testing.T)
		want    string // part of the reason; "" when up to date
	}{
		{"up to date", false, nil, ""},
		{"never built", true, nil, "not been built"},
		{"built without a record (npm run build)", false, func(t *testing.T) { os.Remove(recordFile) }, "no record"},
		{"content changed", false, func(t *testing.T) { write(t, "content/projects/a/project.yaml", "title: b", later) }, "project.yaml changed"},
		{"same size, same time, other bytes", false, func(t *testing.T) { write(t, "content/projects/a/project.yaml", "title: b", old) }, "project.yaml changed"},
		{"saved again unchanged", false, func(t *testing.T) { write(t, "content/projects/a/project.yaml", "title: a", later) }, ""},
		{"two gallery files swapped", false, func(t *testing.T) {
			move(t, "content/projects/a/gallery/01.jpg", "content/projects/a/gallery/tmp.jpg")
			move(t, "content/projects/a/gallery/02.jpg", "content/projects/a/gallery/01.jpg")
			move(t, "content/projects/a/gallery/tmp.jpg", "content/projects/a/gallery/02.jpg")
		}, "gallery/01.jpg changed"},
		{"a photo moved in", false, func(t *testing.T) {
			write(t, "elsewhere/03.jpg", "photo three", old)
			move(t, "elsewhere/03.jpg", "content/projects/a/gallery/03.jpg")
		}, "gallery/03.jpg is new"},
		{"a project folder deleted", false, func(t *testing.T) { os.RemoveAll("content/projects/b") }, "content/projects/b/project.yaml was removed"},
		{"a project folder renamed", false, func(t *testing.T) { move(t, "content/projects/b", "content/projects/c") }, "content/projects/b/project.yaml was removed"},
		{"a schema changed", false, func(t *testing.T) { write(t, "schema/project.schema.json", "{ }", old) }, "project.schema.json changed"},
		{"site code changed", false, func(t *testing.T) { write(t, "site/src/App.tsx", "x", old) }, "App.tsx changed"},
		{"the lock file changed", false, func(t *testing.T) { write(t, "site/package-lock.json", `{"v":2}`, old) }, "package-lock.json changed"},
		{"outputs of the build do not count", false, func(t *testing.T) {
			write(t, "site/public/img/y-480.webp", "new variant", later)
			write(t, "site/src/generated/content.ts", "export {}", later)
			write(t, "site/src/generated/fonts/inter.woff2", "font", later)
		}, ""},
		{"hidden files do not count", false, func(t *testing.T) { write(t, "content/projects/a/.DS_Store", "x", later) }, ""},
		{"many changes are summed up", false, func(t *testing.T) { os.RemoveAll("content/projects") }, "and 1 more changes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			write(t, "content/site.yaml", "name: x", old)
			write(t, "content/projects/a/project.yaml", "title: a", old)
			write(t, "content/projects/a/gallery/01.jpg", "photo one", old)
			write(t, "content/projects/a/gallery/02.jpg", "photo two", old)
			write(t, "content/projects/b/project.yaml", "title: b", old)
			write(t, "schema/project.schema.json", "{}", old)
			write(t, "site/src/App.tsx", "", old)
			write(t, "site/package-lock.json", `{"v":1}`, old)
			write(t, "site/public/img/x-480.webp", "", old)
			write(t, "site/src/generated/content.ts", "", old)
			if !tt.noBuild {
				markBuilt(t, built)
			}
			if tt.change != nil {
				tt.change(t)
			}
			stale, why := Stale("content", "site")
			if stale != (tt.want != "") || !strings.Contains(why, tt.want) {
				t.Errorf("Stale = %v, %q; want stale %v mentioning %q", stale, why, tt.want != "", tt.want)
			}
		})
	}
}

func TestReport(t *testing.T) {
	dist := t.TempDir()
	now := time.Now()
	page := `<!doctype html><head><script type="module" crossorigin src="/assets/index-1.js"></script>` +
		`<link rel="modulepreload" crossorigin href="/assets/vendor-2.js"><style data-emotion="css">body{color:red}</style></head>` +
		`<body><img src="/img/a-1200.jpg" loading="eager"><img src="/img/b-1200.jpg" loading="lazy"></body>`
	write(t, filepath.Join(dist, "index.html"), page, now)
	write(t, filepath.Join(dist, "about", "index.html"), `<h1>About</h1><script type="module" crossorigin src="/assets/index-1.js"></script>`, now)
	write(t, filepath.Join(dist, "404.html"), `<h1>404</h1>`, now)
	write(t, filepath.Join(dist, "assets", "index-1.js"), strings.Repeat("console.log(1);", 200), now)
	write(t, filepath.Join(dist, "assets", "vendor-2.js"), strings.Repeat("export const v = 2;", 200), now)
	write(t, filepath.Join(dist, "img", "a-1200.jpg"), strings.Repeat("j", 5000), now)
	write(t, filepath.Join(dist, "img", "b-1200.jpg"), strings.Repeat("j", 7000), now)

	routes, err := Report(dist)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]Route{}
	for _, r := range routes {
		byPath[r.Path] = r
	}
	if len(routes) != 3 {
		t.Fatalf("routes = %v, want /, /about and the not-found page", routes)
	}
	home, about := byPath["/"], byPath["/about"]
	if home.Images != 1 || home.ImageBytes != 5000 {
		t.Errorf("home images = %d (%d bytes), want the one eager image of 5000 bytes", home.Images, home.ImageBytes)
	}
	if home.JS <= about.JS || about.JS == 0 {
		t.Errorf("JS: home %d, about %d; want the home page's two scripts to weigh more than about's one", home.JS, about.JS)
	}
	if home.CSS == 0 || about.CSS != 0 {
		t.Errorf("CSS: home %d, about %d; want inline styles counted on home only", home.CSS, about.CSS)
	}
	if _, ok := byPath["(not found)"]; !ok {
		t.Error("the not-found page is missing from the report")
	}

	var out strings.Builder
	WriteReport(&out, routes)
	for _, want := range []string{"route", "/about", "1 · 5.0 kB", "3 pages"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestHasDevPackages(t *testing.T) {
	tests := []struct {
		name string
		lock string // "": no node_modules/.package-lock.json
		want bool
	}{
		{"nothing installed", "", false},
		{"installed with --omit=dev", `{"packages": {"node_modules/react": {"version": "19.3.1"}}}`, false},
		{"installed whole", `{"packages": {"node_modules/react": {"version": "19.3.1"}, "node_modules/vitest": {"version": "4.1.12", "dev": true}}}`, true},
		{"not JSON", `{"packages": `, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.lock != "" {
				write(t, filepath.Join(dir, "node_modules", ".package-lock.json"), tt.lock, time.Now())
			}
			if got := hasDevPackages(dir); got != tt.want {
				t.Errorf("hasDevPackages = %v, want %v", got, tt.want)
			}
		})
	}
}

// A page whose HTML is byte for byte one measured before is not measured
// again: its figures come from the file; a page that changed is measured.
func TestReportKnown(t *testing.T) {
	dist, known := t.TempDir(), filepath.Join(t.TempDir(), "report.json")
	now := time.Now()
	write(t, filepath.Join(dist, "index.html"), `<h1>Home</h1><script type="module" src="/assets/a.js"></script>`, now)
	write(t, filepath.Join(dist, "about", "index.html"), `<h1>About</h1><style>body{color:red}</style>`, now)
	write(t, filepath.Join(dist, "assets", "a.js"), strings.Repeat("console.log(1);", 100), now)
	want, err := Report(dist)
	if err != nil {
		t.Fatal(err)
	}
	first, err := ReportKnown(dist, known)
	if err != nil || !slices.Equal(first, want) {
		t.Fatalf("ReportKnown = %v, %v; want Report's %v", first, err, want)
	}

	// Figures in the file are taken as they are: make them recognisable.
	data, err := os.ReadFile(known)
	if err != nil {
		t.Fatal(err)
	}
	var memo map[string]measured
	if err := json.Unmarshal(data, &memo); err != nil || len(memo) != 2 {
		t.Fatalf("the file holds %v (%v), want the two pages", memo, err)
	}
	for k, m := range memo {
		m.HTML = 999_999
		memo[k] = m
	}
	data, _ = json.Marshal(memo)
	write(t, known, string(data), now)
	write(t, filepath.Join(dist, "about", "index.html"), `<h1>About us</h1><style>body{color:red}</style>`, now)

	second, err := ReportKnown(dist, known)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]Route{}
	for _, r := range second {
		byPath[r.Path] = r
	}
	if home := byPath["/"]; home.HTML != 999_999 || home.JS != want[0].JS {
		t.Errorf("unchanged page: %+v, want its remembered HTML size with the script measured", home)
	}
	if about := byPath["/about"]; about.HTML == 999_999 || about.HTML == 0 || about.CSS == 0 {
		t.Errorf("changed page: %+v, want it measured again", about)
	}
	if data, _ := os.ReadFile(known); strings.Count(string(data), `"HTML"`) != 2 {
		t.Errorf("the file keeps %s; want the two pages of this report only", data)
	}
}
