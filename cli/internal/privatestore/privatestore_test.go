package privatestore_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/privatestore"
)

// rules are a site's header rules as the build writes them: the security
// headers on every path, a year of caching on /img/, the private rule.
func rules(csp string) headers.Set {
	return headers.Set{
		{Path: "/*", Headers: []headers.Header{
			{Name: "Content-Security-Policy", Value: csp},
			{Name: "X-Content-Type-Options", Value: "nosniff"},
			{Name: "X-Frame-Options", Value: "DENY"},
		}},
		{Path: "/img/*", Headers: []headers.Header{{Name: "Cache-Control", Value: "public, max-age=31536000, immutable"}}},
		{Path: "/about/", Headers: []headers.Header{{Name: "Link", Value: "</assets/a.woff2>; rel=preload; as=font"}}},
		headers.PrivateRule,
	}
}

const csp = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"

// privateFiles are what a prerender leaves under dist/private: pages,
// photo pages, image variants, a video, a document, the ZIP.
var privateFiles = map[string]string{
	"private/smith-wedding/index.html":            "<!doctype html><h1>The Smith Wedding</h1>",
	"private/smith-wedding/photos/2/index.html":   "<!doctype html><h1>Photo 2</h1>",
	"private/smith-wedding/img/3f9c2a-1600.jpg":   "\xff\xd8\xff" + strings.Repeat("j", 5000),
	"private/smith-wedding/video/IMG_0104.mp4":    strings.Repeat("v", 70_000),
	"private/smith-wedding/docs/plan-9a8b.pdf":    "%PDF-1.7 plan",
	"private/smith-wedding/smith-wedding-web.zip": "PK\x03\x04 zip",
	"private/smith-wedding/download/IMG_0101.jpg": "\xff\xd8\xff original",
	"private/smith-wedding/download/Åsa ö.jpg":    "\xff\xd8\xff original",
}

var publicFiles = map[string]string{
	"index.html":            "<!doctype html><h1>Home</h1>",
	"img/0000aa-480.jpg":    "\xff\xd8\xff public",
	"_headers":              "/*\n",
	"projects/a/index.html": "<!doctype html><h1>A</h1>",
}

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// site is a repository folder with a built site/dist holding the public
// and private files, and the store's path beside site/.
func site(t *testing.T) (dist, store string) {
	t.Helper()
	repo := t.TempDir()
	dist = filepath.Join(repo, "site", "dist")
	write(t, dist, publicFiles)
	write(t, dist, privateFiles)
	store, err := privatestore.ForSite(filepath.Join(repo, "site"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(repo, ".netlify", "v1", "blobs", "deploy"); store != want {
		t.Fatalf("ForSite = %s, want %s", store, want)
	}
	return dist, store
}

// listStore lists the store's files by path in it.
func listStore(t *testing.T, store string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(store, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(store, p)
		got[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return got
}

func readMeta(t *testing.T, store, key string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(store, filepath.FromSlash(key), privatestore.MetaFile))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMoveTakesEveryPrivateFileOutOfDist(t *testing.T) {
	dist, store := site(t)
	// The store of an earlier build, with a project since removed.
	write(t, store, map[string]string{"private/gone/index.html/blob": "old", "private/gone/index.html/blob.meta.json": "{}"})
	res, err := privatestore.Move(dist, store, rules(csp))
	if err != nil {
		t.Fatal(err)
	}
	var bytes int64
	for _, body := range privateFiles {
		bytes += int64(len(body))
	}
	if res.Files != len(privateFiles) || res.Bytes != bytes {
		t.Errorf("Move = %+v, want %d files, %d bytes", res, len(privateFiles), bytes)
	}
	if _, err := os.Lstat(filepath.Join(dist, "private")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("dist/private is still there (%v)", err)
	}
	for name, body := range publicFiles {
		if data, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(name))); err != nil || string(data) != body {
			t.Errorf("public %s: %q, %v; want it kept", name, data, err)
		}
	}
	want := map[string]bool{}
	for key := range privateFiles {
		want[key+"/blob"] = true
		want[key+"/blob.meta.json"] = true
	}
	got := listStore(t, store)
	for p := range got {
		if !want[p] {
			t.Errorf("the store has %s, which no private file of this build is", p)
		}
	}
	for key, body := range privateFiles {
		if got[key+"/blob"] != body {
			t.Errorf("%s/blob is not the file's bytes", key)
		}
	}
	// Nothing is left beside the store (the temporary folders).
	entries, _ := os.ReadDir(filepath.Dir(store))
	if len(entries) != 1 || entries[0].Name() != "deploy" {
		t.Errorf("beside the store: %v, want deploy alone", entries)
	}
}

func TestMoveWritesEachFilesMetadata(t *testing.T) {
	dist, store := site(t)
	if _, err := privatestore.Move(dist, store, rules(csp)); err != nil {
		t.Fatal(err)
	}
	privateHeaders := map[string]any{
		"Content-Security-Policy":    csp,
		"X-Content-Type-Options":     "nosniff",
		"X-Frame-Options":            "DENY",
		"Cross-Origin-Opener-Policy": "same-origin",
		"X-Robots-Tag":               "noindex",
		"Cache-Control":              "private, max-age=0, must-revalidate",
	}
	for _, tc := range []struct {
		key, contentType string
		// disposition: a photo's own download is an attachment named as
		// its file (decision 0099).
		disposition string
	}{
		{"private/smith-wedding/index.html", "text/html; charset=utf-8", ""},
		{"private/smith-wedding/photos/2/index.html", "text/html; charset=utf-8", ""},
		{"private/smith-wedding/img/3f9c2a-1600.jpg", "image/jpeg", ""},
		{"private/smith-wedding/video/IMG_0104.mp4", "video/mp4", ""},
		{"private/smith-wedding/docs/plan-9a8b.pdf", "application/pdf", ""},
		{"private/smith-wedding/smith-wedding-web.zip", "application/zip", ""},
		{"private/smith-wedding/download/IMG_0101.jpg", "image/jpeg", "attachment; filename=IMG_0101.jpg"},
		{"private/smith-wedding/download/Åsa ö.jpg", "image/jpeg", "attachment; filename*=utf-8''%C3%85sa%20%C3%B6.jpg"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			body := privateFiles[tc.key]
			sum := sha256.Sum256([]byte(body))
			headers := maps.Clone(privateHeaders)
			if tc.disposition != "" {
				headers["Content-Disposition"] = tc.disposition
			}
			want := map[string]any{
				"contentType": tc.contentType,
				"etag":        `"` + hex.EncodeToString(sum[:16]) + `"`,
				"size":        float64(len(body)),
				"headers":     headers,
			}
			got := readMeta(t, store, tc.key)
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(want)
			if string(gotJSON) != string(wantJSON) {
				t.Errorf("meta\n got %s\nwant %s", gotJSON, wantJSON)
			}
		})
	}
}

// Netlify Blobs keeps a blob's metadata in one header of at most 2 KB,
// name and base64 value together (@netlify/blobs encodeMetadata): the
// build refuses longer metadata, and leaves the old store and dist as
// they were.
func TestMoveRefusesMetadataNetlifyCannotKeep(t *testing.T) {
	encoded := func(n int) int { return len("netlify-blobs-metadata") + len("b64;") + base64.StdEncoding.EncodedLen(n) }
	if encoded(privatestore.MaxMeta) > 2048 || encoded(privatestore.MaxMeta+1) <= 2048 {
		t.Fatalf("MaxMeta %d: %d encoded, and %d one byte more; the limit is 2048", privatestore.MaxMeta, encoded(privatestore.MaxMeta), encoded(privatestore.MaxMeta+1))
	}
	base := len(mustMeta(t, csp)) - len(csp)
	for _, tc := range []struct {
		name string
		pad  int
		ok   bool
	}{
		{"at the limit", privatestore.MaxMeta - base, true},
		{"one byte over", privatestore.MaxMeta - base + 1, false},
		{"a policy of many origins", 3000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dist, store := site(t)
			old := map[string]string{"private/old/index.html/blob": "old", "private/old/index.html/blob.meta.json": "{}"}
			write(t, store, old)
			long := csp + strings.Repeat("x", tc.pad-len(csp))
			_, err := privatestore.Move(dist, store, onlyZip(rules(long)))
			if tc.ok {
				if err != nil {
					t.Fatalf("Move: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "more than the 1515 that Netlify Blobs keeps") {
				t.Fatalf("Move = %v, want the metadata refused", err)
			}
			if got := listStore(t, store); len(got) != len(old) || got["private/old/index.html/blob"] != "old" {
				t.Errorf("the old store changed: %v", got)
			}
			for name := range privateFiles {
				if _, err := os.Stat(filepath.Join(dist, filepath.FromSlash(name))); err != nil {
					t.Errorf("dist lost %s: %v", name, err)
				}
			}
			if entries, _ := os.ReadDir(filepath.Dir(store)); len(entries) != 1 {
				t.Errorf("beside the store: %v, want deploy alone", entries)
			}
		})
	}
}

// onlyZip keeps the rules' policy for the ZIP, whose metadata mustMeta
// measures, and none elsewhere: the limit is hit by that file exactly.
func onlyZip(s headers.Set) headers.Set {
	s[0].Path = "/private/smith-wedding/smith-wedding-web.zip"
	return s
}

// mustMeta is the ZIP's metadata with the policy csp.
func mustMeta(t *testing.T, csp string) []byte {
	t.Helper()
	dist, store := site(t)
	if _, err := privatestore.Move(dist, store, onlyZip(rules(csp))); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(store, "private/smith-wedding/smith-wedding-web.zip", privatestore.MetaFile))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestMoveFailureLeavesTheOldStore(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dist string)
		want  string
	}{
		{"a link in dist/private", func(t *testing.T, dist string) {
			if err := os.Symlink("/etc/passwd", filepath.Join(dist, "private", "smith-wedding", "passwd")); err != nil {
				t.Fatal(err)
			}
		}, "is not a regular file"},
		{"a key longer than Netlify allows", func(t *testing.T, dist string) {
			write(t, dist, map[string]string{"private/smith-wedding/" + strings.Repeat("n", 250) + "/" + strings.Repeat("m", 250) + "/" + strings.Repeat("o", 100) + "/x.jpg": "x"})
		}, "more than the 600 Netlify Blobs allows"},
		{"dist/private is a file", func(t *testing.T, dist string) {
			if err := os.RemoveAll(filepath.Join(dist, "private")); err != nil {
				t.Fatal(err)
			}
			write(t, dist, map[string]string{"private": "x"})
		}, "is not a folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dist, store := site(t)
			old := map[string]string{"private/old/index.html/blob": "old", "private/old/index.html/blob.meta.json": "{}"}
			write(t, store, old)
			tc.setup(t, dist)
			_, err := privatestore.Move(dist, store, rules(csp))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Move = %v, want %q", err, tc.want)
			}
			if got := listStore(t, store); len(got) != 2 || got["private/old/index.html/blob"] != "old" {
				t.Errorf("the old store changed: %v", got)
			}
			if entries, _ := os.ReadDir(filepath.Dir(store)); len(entries) != 1 {
				t.Errorf("beside the store: %v, want deploy alone", entries)
			}
		})
	}
}

func TestMoveWithoutPrivateFilesRemovesTheStore(t *testing.T) {
	dist, store := site(t)
	if err := os.RemoveAll(filepath.Join(dist, "private")); err != nil {
		t.Fatal(err)
	}
	write(t, store, map[string]string{"private/gone/index.html/blob": "old"})
	write(t, filepath.Dir(filepath.Dir(filepath.Dir(store))), map[string]string{"state.json": "{}"}) // .netlify/state.json
	if _, err := privatestore.Move(dist, store, rules(csp)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(store); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the store is still there (%v)", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(store)); len(entries) != 0 {
		t.Errorf("beside the store: %v, want nothing", entries)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(store))), "state.json")); err != nil {
		t.Errorf("Netlify's own state went with the store: %v", err)
	}
}

func TestKeys(t *testing.T) {
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"/private/smith-wedding/", []string{"private/smith-wedding/index.html"}},
		{"/private/smith-wedding", []string{"private/smith-wedding", "private/smith-wedding/index.html", "private/smith-wedding.html"}},
		{"/PRIVATE/x/a.jpg", []string{"private/x/a.jpg", "private/x/a.jpg/index.html", "private/x/a.jpg.html"}},
		{"/Private/x/Photos/2/", []string{"private/x/Photos/2/index.html"}},
		{"/private/x/video/IMG_0104.mp4", []string{"private/x/video/IMG_0104.mp4", "private/x/video/IMG_0104.mp4/index.html", "private/x/video/IMG_0104.mp4.html"}},
		// No project: the gate's 404, never a key.
		{"/private/", nil},
		{"/private", nil},
		// Not under the prefix.
		{"/", nil},
		{"/about/", nil},
		{"/privatex/a.jpg", nil},
		{"/img/private/a.jpg", nil},
		// Segments no key has (canonicalPath refuses them before).
		{"/private/x/../y", nil},
		{"/private/x/./y", nil},
		{"/private/x//y", nil},
		{"/private/x/a\\b", nil},
		{"/private/x/a\x00", nil},
	} {
		if got := privatestore.Keys(tc.path); !slices.Equal(got, tc.want) {
			t.Errorf("Keys(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

func TestFind(t *testing.T) {
	dist, store := site(t)
	if _, err := privatestore.Move(dist, store, rules(csp)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, key string
	}{
		{"/private/smith-wedding/", "private/smith-wedding/index.html"},
		{"/private/smith-wedding", "private/smith-wedding/index.html"},
		{"/PRIVATE/smith-wedding/photos/2", "private/smith-wedding/photos/2/index.html"},
		{"/private/smith-wedding/photos/2/", "private/smith-wedding/photos/2/index.html"},
		{"/private/smith-wedding/img/3f9c2a-1600.jpg", "private/smith-wedding/img/3f9c2a-1600.jpg"},
		{"/private/smith-wedding/photos/", ""},
		{"/private/smith-wedding/IMG/3f9c2a-1600.jpg", ""},
		{"/private/other/", ""},
		{"/about/", ""},
	} {
		b, err := privatestore.Find(store, tc.path)
		if tc.key == "" {
			if !errors.Is(err, privatestore.ErrNotFound) {
				t.Errorf("Find(%s) = %v, want ErrNotFound", tc.path, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Find(%s): %v", tc.path, err)
			continue
		}
		data, _ := io.ReadAll(b.File)
		b.Close()
		if b.Key != tc.key || string(data) != privateFiles[tc.key] || b.Meta.Size != int64(len(data)) {
			t.Errorf("Find(%s) = %s, %d bytes; want %s", tc.path, b.Key, len(data), tc.key)
		}
	}
	if _, err := privatestore.Find(filepath.Join(t.TempDir(), "none"), "/private/smith-wedding/"); !errors.Is(err, privatestore.ErrNotFound) {
		t.Errorf("no store: %v, want ErrNotFound", err)
	}
	if _, err := privatestore.Find("", "/private/smith-wedding/"); !errors.Is(err, privatestore.ErrNotFound) {
		t.Errorf("no store named: %v, want ErrNotFound", err)
	}
}

// A store damaged or tampered with answers an error, never bytes from
// outside it or a response its metadata cannot describe.
func TestFindRefusesADamagedStore(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("outside"), 0o644); err != nil {
		t.Fatal(err)
	}
	key := "private/smith-wedding/index.html"
	for _, tc := range []struct {
		name   string
		damage func(dir string) error
		want   string
	}{
		{"no metadata", func(dir string) error { return os.Remove(filepath.Join(dir, privatestore.MetaFile)) }, "has no blob.meta.json"},
		{"a size that is not the blob's", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, privatestore.BlobFile), []byte("longer than it was, by far, much longer"), 0o644)
		}, "the metadata says"},
		{"metadata too long", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, privatestore.MetaFile), []byte(strings.Repeat(" ", 1600)+"{}"), 0o644)
		}, "longer than 1515 bytes"},
		{"a header with a line break", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, privatestore.MetaFile), []byte(`{"contentType":"text/html","etag":"\"a\"","size":41,"headers":{"X-A":"a\r\nSet-Cookie: x=1"}}`), 0o644)
		}, "is not a header name and value"},
		{"a weak etag", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, privatestore.MetaFile), []byte(`{"contentType":"text/html","etag":"W/\"a\"","size":41,"headers":{}}`), 0o644)
		}, "is not a strong entity tag"},
		{"a blob linked outside the store", func(dir string) error {
			if err := os.Remove(filepath.Join(dir, privatestore.BlobFile)); err != nil {
				return err
			}
			return os.Symlink(outside, filepath.Join(dir, privatestore.BlobFile))
		}, "escapes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dist, store := site(t)
			if _, err := privatestore.Move(dist, store, rules(csp)); err != nil {
				t.Fatal(err)
			}
			if err := tc.damage(filepath.Join(store, filepath.FromSlash(key))); err != nil {
				t.Fatal(err)
			}
			b, err := privatestore.Find(store, "/private/smith-wedding/")
			if err == nil {
				b.Close()
			}
			if err == nil || errors.Is(err, privatestore.ErrNotFound) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Find = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestForDist(t *testing.T) {
	repo := t.TempDir()
	for _, tc := range []struct {
		dist, want string
		ok         bool
	}{
		{filepath.Join(repo, "site", "dist"), filepath.Join(repo, ".netlify", "v1", "blobs", "deploy"), true},
		{filepath.Join(repo, "other", "dist"), filepath.Join(repo, ".netlify", "v1", "blobs", "deploy"), true},
		{filepath.Join(repo, "deploy-artifact"), "", false},
	} {
		got, ok := privatestore.ForDist(tc.dist)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ForDist(%s) = %s, %v; want %s, %v", tc.dist, got, ok, tc.want, tc.ok)
		}
	}
}
