package docrun

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/metastrip/metatest"
	"portfolio/cli/internal/privatestore"
)

const guide = "docs/getting-started.md"

// photoDir holds real camera photos once Debian's wallpaper packages are
// installed (.ci/test installs mate-backgrounds).
const photoDir = "/usr/share/backgrounds"

// TestGettingStarted walks docs/getting-started.md as a new owner would,
// on a copy of the repository made as GitHub's "Use this template" makes
// one (the files git tracks or would add, one commit): each ```sh block
// runs in order from the copy's root, with HOME a folder of its own whose
// ~/Pictures holds real photos at every path the guide names, and each edit
// the guide asks for (renaming the first category, say) is made where the
// guide asks it. The one
// change to a command: a server block gets --addr 127.0.0.1:0, so that it
// listens where nothing else does. Then the content must validate, and the
// built pages must be the new owner's, with none of the sample's.
func TestGettingStarted(t *testing.T) {
	if testing.Short() {
		t.Skip("walks " + guide + ": a copy of the repository, a build; a minute or two")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(root, guide))
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := Parse(md)
	if err != nil {
		t.Fatalf("%s: %v", guide, err)
	}
	photos := realPhotos(t)
	for _, tool := range []string{"git", "node", "npm", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the guide needs it", tool)
		}
	}

	work := t.TempDir()
	repo := filepath.Join(work, "my-portfolio")
	templateCopy(t, root, repo)
	home := filepath.Join(work, "home")
	bin := filepath.Join(work, "bin")
	env := guideEnv(t, home, bin)
	givePhotos(t, home, blocks, photos)

	for _, b := range blocks {
		where := fmt.Sprintf("%s:%d", guide, b.Line)
		switch b.Kind {
		case Skip:
			t.Logf("%s: not run (%s):\n%s", where, b.Reason, b.Code)
		case Run:
			start := time.Now()
			cmd := exec.Command("sh", "-e", "-c", b.Code)
			cmd.Dir, cmd.Env = repo, env
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: this block failed (%v):\n%s\noutput:\n%s", where, err, b.Code, out)
			}
			t.Logf("%s: ran in %.1f s:\n%s", where, time.Since(start).Seconds(), b.Code)
		case Serve:
			serve(t, where, b.Code, repo, env)
		case Edit:
			file := filepath.Join(repo, filepath.FromSlash(b.File))
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%s: the edit's file: %v", where, err)
			}
			out, err := ApplyEdit(data, b.Code)
			if err != nil {
				t.Fatalf("%s: %s: %v", where, b.File, err)
			}
			if err := os.WriteFile(file, out, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: edited %s:\n%s", where, b.File, b.Code)
		default:
			t.Fatalf("%s: a block of kind %d, which the walk does not know", where, b.Kind)
		}
	}

	// The outcome: the owner's content validates; the pages built are the
	// owner's, one per project, and none names the sample's owner.
	cmd := exec.Command(filepath.Join(bin, "portfolio"), "validate")
	cmd.Dir, cmd.Env = repo, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("portfolio validate after the guide: %v\n%s", err, out)
	}
	owner := siteName(t, filepath.Join(repo, "content", "site.yaml"))
	samples, _ := filepath.Glob(filepath.Join(repo, "content-sample-*", "site.yaml"))
	if len(samples) != 1 {
		t.Fatalf("the sample moved aside: %v, want one content-sample-*/site.yaml", samples)
	}
	sampleOwner := siteName(t, samples[0])
	if owner == sampleOwner {
		t.Fatalf("content/site.yaml still names the sample's owner %q", owner)
	}
	dist := filepath.Join(repo, "site", "dist")
	store := filepath.Join(repo, filepath.FromSlash(privatestore.Dir))
	if _, err := os.Stat(filepath.Join(dist, "private")); err == nil {
		t.Errorf("site/dist/private exists: a private project's files are published")
	}
	if home, err := os.ReadFile(filepath.Join(dist, "index.html")); err != nil || !bytes.Contains(home, []byte(owner)) {
		t.Errorf("the home page does not name %q (%v)", owner, err)
	}
	projects, err := os.ReadDir(filepath.Join(repo, "content", "projects"))
	if err != nil || len(projects) == 0 {
		t.Fatalf("no project made by the guide (%v)", err)
	}
	for _, p := range projects {
		page := filepath.Join(dist, "projects", p.Name(), "index.html")
		if yml, _ := os.ReadFile(filepath.Join(repo, "content", "projects", p.Name(), "project.yaml")); regexp.MustCompile(`(?m)^access: private$`).Match(yml) {
			// Not published: in the deploy's store (decision 0089).
			page = filepath.Join(store, "private", p.Name(), "index.html", privatestore.BlobFile)
		}
		if _, err := os.Stat(page); err != nil {
			t.Errorf("no page for the project %s: %v", p.Name(), err)
		}
	}
	pages := 0
	if err := filepath.WalkDir(dist, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".html") {
			return err
		}
		pages++
		data, err := os.ReadFile(path)
		if bytes.Contains(data, []byte(sampleOwner)) {
			t.Errorf("%s names the sample's owner %q", path, sampleOwner)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pages built for %s", pages, owner)
	checkPhotographer(t, dist)
	// What the guide committed holds the owner's content, not the sample,
	// and none of what the build made: the private project's ZIP of the
	// client's photos above all (issue 48).
	zip := filepath.Join(repo, "site", "public", "private", "lindgren-wedding", "lindgren-wedding-web.zip")
	if _, err := os.Stat(zip); err != nil {
		t.Errorf("the private project's download was not built: %v", err)
	}
	cmd = exec.Command("git", "status", "--porcelain", "--untracked-files=all")
	cmd.Dir, cmd.Env = repo, env
	if out, err := cmd.Output(); err != nil || len(out) > 0 {
		t.Errorf("after the guide's build and commit, git status says (%v):\n%s", err, out)
	}
	// The guide's `git add -A` commits what git does not ignore: every file
	// its commits added beside the template's must be the owner's content.
	template := map[string]bool{}
	for _, f := range gitFiles(t, root, "--cached", "--others", "--exclude-standard") {
		template[f] = true
	}
	for _, f := range gitFiles(t, repo) {
		if !template[f] && !strings.HasPrefix(f, "content/") {
			t.Errorf("the guide's commits hold %s, which the build made: .gitignore must cover it", f)
		}
	}
	privateCountsNothing(t, dist, store)
	uploadKeepsNoGPS(t, repo, bin, env)
}

// privateCountsNothing checks that the private project's pages load no
// analytics and name no provider, where the public pages do (the guide's
// Plausible): a client's visits are not counted, nor the project's title
// and address sent anywhere (issue 48).
func privateCountsNothing(t *testing.T, dist, store string) {
	t.Helper()
	tag := regexp.MustCompile(`<script[^>]*\sdata-provider="`)
	if home, _ := os.ReadFile(filepath.Join(dist, "index.html")); !tag.Match(home) {
		t.Fatalf("the home page loads no analytics: the guide's --analytics plausible is not on it")
	}
	pages := 0
	// Each page is the blob of a key ending in .html (decision 0089).
	if err := filepath.WalkDir(filepath.Join(store, "private"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != privatestore.BlobFile || !strings.HasSuffix(filepath.Dir(path), ".html") {
			return err
		}
		pages++
		data, err := os.ReadFile(path)
		if tag.Match(data) || bytes.Contains(bytes.ToLower(data), []byte("plausible")) {
			t.Errorf("%s, a private page, loads analytics or names Plausible", path)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if pages == 0 {
		t.Errorf("no private page under %s to check", filepath.Join(store, "private"))
	}
}

// gitFiles lists the files of the repository at dir as git ls-files does
// with args.
func gitFiles(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"ls-files", "-z"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files in %s: %v", dir, err)
	}
	return strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
}

// uploadKeepsNoGPS writes a photo carrying a GPS position and serial
// numbers into a gallery as the editor on the host commits an upload,
// byte for byte; validate must name it, and `portfolio strip`, which the
// guide gives for it, must leave no image in content/ carrying either.
func uploadKeepsNoGPS(t *testing.T, repo, bin string, env []string) {
	t.Helper()
	upload := filepath.Join(repo, "content", "projects", "harbour-faces", "gallery", "99-upload.jpg")
	if err := os.WriteFile(upload, metatest.JPEG(64, 48), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(filepath.Join(bin, "portfolio"), args...)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("portfolio %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	if out := run("validate"); !strings.Contains(out, "gallery/99-upload.jpg carries its GPS position, camera serial number") {
		t.Errorf("validate does not name the uploaded photo's GPS position and serial number:\n%s", out)
	}
	run("strip")
	if err := filepath.WalkDir(filepath.Join(repo, "content"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		found, err := metastrip.ScanFile(p)
		if len(found) > 0 || err != nil {
			t.Errorf("%s carries %q after portfolio strip (%v)", p, found, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(upload); bytes.Contains(data, []byte(metatest.Serial)) {
		t.Errorf("%s still holds the serial number %s", upload, metatest.Serial)
	}
}

// realPhotos finds camera photos, JPEGs at most 3000 px wide (enough for
// every image size the site makes, quick to process), or skips.
func realPhotos(t *testing.T) []string {
	t.Helper()
	var found []string
	_ = filepath.WalkDir(photoDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(strings.ToLower(path), ".jpg") {
			return nil
		}
		if info, err := imagecheck.File(path, imagecheck.DefaultMaxPixels); err == nil && info.Width >= 1200 && info.Width <= 3000 {
			found = append(found, path)
		}
		return nil
	})
	if len(found) < 5 {
		t.Skipf("%d camera photos under %s, 5 needed: install Debian's wallpapers (apt-get install mate-backgrounds; .ci/test does) to walk %s",
			len(found), photoDir, guide)
	}
	slices.Sort(found)
	return found
}

// templateCopy copies the repository at root to dir as "Use this
// template" does: the files git tracks or would add (the working tree's
// versions, so that an edit is tested before it is committed), in one new
// commit. The site's installed npm packages come along as hard links, so
// that the copy does not download them again; without them the guide's
// build installs them.
func templateCopy(t *testing.T, root, dir string) {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		src := filepath.Join(root, name)
		fi, err := os.Lstat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted in the working tree, or a link
		}
		dst := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
		// Times kept: the build compares package-lock.json's with the
		// installed packages'.
		if err := os.Chtimes(dst, fi.ModTime(), fi.ModTime()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "site", "node_modules", ".package-lock.json")); err == nil {
		if out, err := exec.Command("cp", "-al", filepath.Join(root, "site", "node_modules"), filepath.Join(dir, "site", "node_modules")).CombinedOutput(); err != nil {
			t.Fatalf("linking the npm packages: %v\n%s", err, out)
		}
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "Initial commit"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), gitIdentity...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

var gitIdentity = []string{"GIT_AUTHOR_NAME=Mara Lindqvist", "GIT_AUTHOR_EMAIL=mara@example.com",
	"GIT_COMMITTER_NAME=Mara Lindqvist", "GIT_COMMITTER_EMAIL=mara@example.com", "GIT_CONFIG_NOSYSTEM=1"}

// guideEnv is the reader's environment: HOME their own (photos, drafts),
// Go's bin folder first on PATH. Go's and npm's caches stay the machine's,
// as they would on the reader's machine after the first time.
func guideEnv(t *testing.T, home, bin string) []string {
	t.Helper()
	keep := map[string]string{}
	for _, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		keep[name] = strings.TrimSpace(string(out))
	}
	npmCache := filepath.Join(os.Getenv("HOME"), ".npm")
	if out, err := exec.Command("npm", "config", "get", "cache").Output(); err == nil {
		npmCache = strings.TrimSpace(string(out))
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "HOME", "PATH", "GOBIN", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "npm_config_cache":
		default:
			env = append(env, kv)
		}
	}
	env = append(env, "HOME="+home, "GOBIN="+bin, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOCACHE="+keep["GOCACHE"], "GOMODCACHE="+keep["GOMODCACHE"], "GOPATH="+keep["GOPATH"],
		"npm_config_cache="+npmCache, "NO_COLOR=1")
	return append(env, gitIdentity...)
}

var picturePath = regexp.MustCompile(`~/Pictures/[^\s"'\\]+`)

// givePhotos puts a real photo at every ~/Pictures path the runnable
// blocks name that ends like an image, and a folder of three at every
// other; each photo is used once.
func givePhotos(t *testing.T, home string, blocks []Block, photos []string) {
	t.Helper()
	var paths []string
	for _, b := range blocks {
		if b.Kind != Skip {
			paths = append(paths, picturePath.FindAllString(b.Code, -1)...)
		}
	}
	next := 0
	take := func(dst string) {
		if next == len(photos) {
			t.Skipf("the guide names more photos than the %d found under %s", len(photos), photoDir)
		}
		data, err := os.ReadFile(photos[next])
		if err != nil {
			t.Fatal(err)
		}
		next++
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range slices.Compact(slices.Sorted(slices.Values(paths))) {
		dst := filepath.Join(home, strings.TrimPrefix(p, "~/"))
		switch strings.ToLower(filepath.Ext(p)) {
		case ".jpg", ".jpeg":
			take(dst)
		default:
			for i := 1; i <= 3; i++ {
				take(filepath.Join(dst, fmt.Sprintf("%02d.jpg", i)))
			}
		}
	}
}

// serve starts a server block, waits for the address it prints, fetches
// its home page (which must name the owner in content/site.yaml), then
// interrupts it as Ctrl-C does.
func serve(t *testing.T, where, code, repo string, env []string) {
	t.Helper()
	start := time.Now()
	line := strings.TrimSpace(code) + " --addr 127.0.0.1:0"
	cmd := exec.Command("sh", "-c", "exec "+line)
	cmd.Dir, cmd.Env = repo, env
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	log := &lockedBuffer{}
	cmd.Stderr = log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	}()
	address := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sent := false
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := httpAddress.FindString(sc.Text()); m != "" && !sent {
				address <- m
				sent = true
			}
		}
		if !sent {
			close(address)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var origin string
	select {
	case a, ok := <-address:
		if !ok {
			_ = cmd.Wait()
			stopped = true
			t.Fatalf("%s: %s stopped before serving:\n%s", where, line, log.String())
		}
		origin = a
	case <-ctx.Done():
		t.Fatalf("%s: %s did not serve within 10 minutes:\n%s", where, line, log.String())
	}
	res, err := http.Get(origin + "/")
	if err != nil {
		t.Fatalf("%s: GET %s/: %v", where, origin, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	owner := siteName(t, filepath.Join(repo, "content", "site.yaml"))
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(owner)) {
		t.Errorf("%s: GET %s/: %s, the page names %q: %v", where, origin, res.Status, owner, bytes.Contains(body, []byte(owner)))
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	stopped = true
	if code := cmd.ProcessState.ExitCode(); err != nil && code != 130 {
		t.Errorf("%s: %s after Ctrl-C: %v\n%s", where, line, err, log.String())
	}
	t.Logf("%s: %s served %s in %.1f s, then stopped", where, line, origin, time.Since(start).Seconds())
}

var httpAddress = regexp.MustCompile(`http://\S+`)

// lockedBuffer collects a server's output from two goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) WriteString(s string) { _, _ = l.Write([]byte(s)) }

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// siteName is the name site.yaml gives.
func siteName(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Name string `yaml:"name"`
	}
	if err := yaml.Unmarshal(data, &s); err != nil || s.Name == "" {
		t.Fatalf("%s: no name (%v)", path, err)
	}
	return s.Name
}

// checkPhotographer checks the pages of the guide's photographer, as
// `init --kind photographer` and her categories make them: her categories
// in the navigation (Weddings, with no project yet, not built), cards
// without a role, galleries of one photo across on a phone and two from
// 600 px, and none of the sample designer's words.
func checkPhotographer(t *testing.T, dist string) {
	t.Helper()
	read := func(page string) string {
		data, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(page)))
		if err != nil {
			t.Fatalf("the photographer's site: %v", err)
		}
		return string(data)
	}
	home := read("index.html")
	nav := regexp.MustCompile(`(?s)<nav[^>]*aria-label="Main".*?</nav>`).FindString(home)
	for _, c := range []struct{ slug, title string }{{"portraits", "Portraits"}, {"landscapes", "Landscapes"}} {
		if !strings.Contains(nav, `href="/`+c.slug+`"`) || !strings.Contains(nav, ">"+c.title+"<") {
			t.Errorf("the home page's Main navigation has no link %q to /%s:\n%s", c.title, c.slug, nav)
		}
		if page := read(c.slug + "/index.html"); strings.Contains(page, "Role:") {
			t.Errorf("/%s: a card shows a role; a photographer's cards show none", c.slug)
		}
	}
	if _, err := os.Stat(filepath.Join(dist, "weddings", "index.html")); err == nil || strings.Contains(nav, `href="/weddings"`) {
		t.Errorf("/weddings, with no project, is built or in the navigation (%v)", err)
	}
	// The gallery's image sizes follow its columns: the whole width below
	// 600 px, half of it from 600 px.
	project := read("projects/harbour-faces/index.html")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`sizes="[^"]*\(min-width: 600px\) calc\(\(100vw - \d+px\) / 2\), calc\(\(100vw - 32px\) / 1\)"`),
	} {
		if !want.MatchString(project) {
			t.Errorf("/projects/harbour-faces: no gallery image with sizes matching %s", want)
		}
	}
	if err := filepath.WalkDir(dist, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".html") {
			return err
		}
		data, err := os.ReadFile(path)
		for _, sample := range designerWords {
			if bytes.Contains(data, []byte(sample)) {
				t.Errorf("%s holds the sample designer's %q", path, sample)
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// designerWords are the sample designer's headings and placeholders, which
// a photographer's site must not show.
var designerWords = []string{"Fun Facts", "human-centered", "Accessibility is part of the brief", "UX/UI"}
