package pipeline

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/iostreams"
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
// the record of what the build read and wrote.
func markBuilt(t *testing.T, at time.Time) {
	t.Helper()
	write(t, "site/dist/index.html", "<h1>", at)
	write(t, "site/dist/about/index.html", "<h1>About", at)
	files, err := Inputs("content", "site")
	if err != nil {
		t.Fatal(err)
	}
	outputs, err := Outputs("site")
	if err != nil {
		t.Fatal(err)
	}
	if err := saveRecord(at, files, outputs); err != nil {
		t.Fatal(err)
	}
}

// git runs git in the current folder, as a person of its own.
func git(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
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

// buildFixture writes a small repository as the build sees it, every file dated
// at: content, schemas, the site's sources, lock files and outputs, and a
// node program first on PATH. No variable the site's build reads is set.
func buildFixture(t *testing.T, at time.Time) {
	t.Helper()
	t.Chdir(t.TempDir())
	write(t, "content/site.yaml", "name: x", at)
	write(t, "content/projects/a/project.yaml", "title: a", at)
	write(t, "content/projects/a/gallery/01.jpg", "photo one", at)
	write(t, "content/projects/a/gallery/02.jpg", "photo two", at)
	write(t, "content/projects/b/project.yaml", "title: b", at)
	write(t, "schema/project.schema.json", "{}", at)
	write(t, "site/src/App.tsx", "", at)
	write(t, "site/package-lock.json", `{"v":1}`, at)
	write(t, "site/public/img/x-480.webp", "", at)
	write(t, "site/src/generated/content.ts", "", at)
	write(t, "site/node_modules/.package-lock.json", `{"packages":{}}`, at)
	write(t, "bin/node", "#!/bin/sh\necho v22.0.0", at)
	abs, err := filepath.Abs("bin")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", abs+string(filepath.ListSeparator)+os.Getenv("PATH"))
	if err := os.Chmod("bin/node", 0o755); err != nil {
		t.Fatal(err)
	}
	// The program: a small stand-in, which hashes in no time.
	write(t, "bin/portfolio", "portfolio v1", at)
	executable = func() (string, error) { return filepath.Join(abs, "portfolio"), nil }
	t.Cleanup(func() { executable = os.Executable })
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); builtEnv(name) {
			t.Setenv(name, "")
			os.Unsetenv(name)
		}
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
		setup   func(t *testing.T)
	}{
		{"up to date", false, nil, "", nil},
		{"never built", true, nil, "not been built", nil},
		{"built without a record (npm run build)", false, func(t *testing.T) { os.Remove(recordFile) }, "no record", nil},
		{"content changed", false, func(t *testing.T) { write(t, "content/projects/a/project.yaml", "title: b", later) }, "project.yaml changed", nil},
		{"same size, same time, other bytes", false, func(t *testing.T) { write(t, "content/projects/a/project.yaml", "title: b", old) }, "project.yaml changed", nil},
		{"saved again unchanged", false, func(t *testing.T) { write(t, "content/projects/a/project.yaml", "title: a", later) }, "", nil},
		{"two gallery files swapped", false, func(t *testing.T) {
			move(t, "content/projects/a/gallery/01.jpg", "content/projects/a/gallery/tmp.jpg")
			move(t, "content/projects/a/gallery/02.jpg", "content/projects/a/gallery/01.jpg")
			move(t, "content/projects/a/gallery/tmp.jpg", "content/projects/a/gallery/02.jpg")
		}, "gallery/01.jpg changed", nil},
		{"a photo moved in", false, func(t *testing.T) {
			write(t, "elsewhere/03.jpg", "photo three", old)
			move(t, "elsewhere/03.jpg", "content/projects/a/gallery/03.jpg")
		}, "gallery/03.jpg is new", nil},
		{"a project folder deleted", false, func(t *testing.T) { os.RemoveAll("content/projects/b") }, "content/projects/b/project.yaml was removed", nil},
		{"a project folder renamed", false, func(t *testing.T) { move(t, "content/projects/b", "content/projects/c") }, "content/projects/b/project.yaml was removed", nil},
		{"a schema changed", false, func(t *testing.T) { write(t, "schema/project.schema.json", "{ }", old) }, "project.schema.json changed", nil},
		{"site code changed", false, func(t *testing.T) { write(t, "site/src/App.tsx", "x", old) }, "App.tsx changed", nil},
		{"the lock file changed", false, func(t *testing.T) { write(t, "site/package-lock.json", `{"v":2}`, old) }, "package-lock.json changed", nil},
		{"the installed packages changed", false, func(t *testing.T) {
			write(t, "site/node_modules/.package-lock.json", `{"packages":{"node_modules/vitest":{"dev":true}}}`, old)
		}, "site/node_modules/.package-lock.json changed", nil},
		// Another checkout linking the installed packages (cp -al, as the
		// getting-started walk and git worktrees do) changes the record's
		// change time and link count, not what is installed.
		{"the installed packages linked from elsewhere", false, func(t *testing.T) {
			if err := os.Link("site/node_modules/.package-lock.json", "linked.json"); err != nil {
				t.Fatal(err)
			}
		}, "", nil},
		{"an .env file the site's build reads", false, func(t *testing.T) { write(t, "site/.env.production", "VITE_ANALYTICS=off", old) }, "site/.env.production is new", nil},
		{"a variable the site's build reads", false, func(t *testing.T) { t.Setenv("VITE_ANALYTICS", "off") }, "$VITE_ANALYTICS is set", nil},
		{"another content folder for the sitemap's dates", false, func(t *testing.T) { t.Setenv("PORTFOLIO_CONTENT", "/elsewhere") }, "$PORTFOLIO_CONTENT is set", nil},
		{"a variable it does not read", false, func(t *testing.T) { t.Setenv("EDITOR", "vi") }, "", nil},
		{"a new portfolio program", false, func(t *testing.T) { write(t, "bin/portfolio", "portfolio v2", old) }, "(the portfolio program) changed", nil},
		{"a new year (the footer's copyright)", false, func(t *testing.T) {
			clock = func() time.Time { return time.Now().AddDate(1, 0, 0) }
			t.Cleanup(func() { clock = time.Now })
		}, "(the year) changed", nil},
		{"another Node", false, func(t *testing.T) { write(t, "bin/node", "#!/bin/sh\necho v24.0.0", old) }, "(the node program) changed", nil},
		{"a commit of the content (the sitemap's dates)", false, func(t *testing.T) {
			git(t, "commit", "-q", "--allow-empty", "-m", "two")
		}, "(the content's git commit) changed", func(t *testing.T) {
			git(t, "init", "-q")
			git(t, "add", "content")
			git(t, "commit", "-q", "-m", "one")
		}},
		{"a built page removed", false, func(t *testing.T) { os.Remove("site/dist/about/index.html") }, "site/dist/about/index.html was removed", nil},
		{"a built page touched", false, func(t *testing.T) { write(t, "site/dist/about/index.html", "<h1>About", later) }, "site/dist/about/index.html changed", nil},
		{"a file put into dist", false, func(t *testing.T) { write(t, "site/dist/stray.html", "x", old) }, "site/dist/stray.html is new", nil},
		{"a variant removed", false, func(t *testing.T) { os.Remove("site/public/img/x-480.webp") }, "site/public/img/x-480.webp was removed", nil},
		{"the generated module rewritten", false, func(t *testing.T) { write(t, "site/src/generated/content.ts", "export {}", later) }, "site/src/generated/content.ts changed", nil},
		{"a stray variant, which would be published", false, func(t *testing.T) { write(t, "site/public/img/y-480.webp", "x", old) }, "site/public/img/y-480.webp is new since the last build", nil},
		{"hidden files do not count", false, func(t *testing.T) { write(t, "content/projects/a/.DS_Store", "x", later) }, "", nil},
		{"many changes are summed up", false, func(t *testing.T) { os.RemoveAll("content/projects") }, "and 1 more changes", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			buildFixture(t, old)
			if tt.setup != nil {
				tt.setup(t)
			}
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

// A build whose inputs and outputs are as the last build left them does
// nothing and says so in one line; --force builds all the same, and a
// build that fails leaves no record that claims the site is current.
func TestBuildNothingToDo(t *testing.T) {
	built := time.Date(2026, 3, 4, 5, 6, 7, 0, time.Local)
	buildFixture(t, built.Add(-time.Hour))
	markBuilt(t, built)

	ios, _, out, errOut := iostreams.Test()
	if err := Build(&BuildOptions{IO: ios, ContentDir: "content", SiteDir: "site"}); err != nil {
		t.Fatalf("Build: %v\n%s%s", err, out, errOut)
	}
	want := "site/dist is up to date (inputs unchanged since 2026-03-04 05:06:07); --force rebuilds\n"
	if out.String() != want || errOut.Len() != 0 {
		t.Errorf("output %q, errors %q; want only %q", out, errOut, want)
	}

	// Forced, it runs the chain: the fixture's content is not valid, so
	// the first step fails, and the record is gone.
	ios, _, out, _ = iostreams.Test()
	if err := Build(&BuildOptions{IO: ios, ContentDir: "content", SiteDir: "site", Force: true}); err == nil {
		t.Fatalf("forced Build of invalid content succeeded:\n%s", out)
	}
	if !strings.Contains(out.String(), "[1/4] validate the content") {
		t.Errorf("forced Build did not validate:\n%s", out)
	}
	if _, err := os.Stat(recordFile); !os.IsNotExist(err) {
		t.Errorf("a failed build left its record (%v)", err)
	}
	if stale, why := Stale("content", "site"); !stale || !strings.Contains(why, "no record") {
		t.Errorf("after a failed build Stale = %v, %q; want no record", stale, why)
	}
}

// A changed input makes the build say why it runs.
func TestBuildSaysWhy(t *testing.T) {
	buildFixture(t, time.Now().Add(-time.Hour))
	markBuilt(t, time.Now())
	write(t, "content/projects/a/project.yaml", "title: \x1b[31mb", time.Now())
	move(t, "content/projects/a", "content/projects/a\x1b[2J")
	ios, _, out, _ := iostreams.Test()
	_ = Build(&BuildOptions{IO: ios, ContentDir: "content", SiteDir: "site"})
	first, _, _ := strings.Cut(out.String(), "\n")
	if !strings.HasPrefix(first, "Building: content/projects/a") || !strings.HasSuffix(first, "since the last build.") || strings.Contains(first, "\x1b") {
		t.Errorf("first line %q; want the reason, escaped", first)
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
