package server_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/server"
)

// Past the gate, a private file comes from the deploy store the build
// moved it into (decision 0089), by the rule the Edge Function follows
// (privatefile.go): its metadata's headers, its ETag and 304, one byte
// range or none, never compressed.
func TestPrivateFileFromTheStore(t *testing.T) {
	s := newPrivateSite(t)
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	const video = "/private/alpha/video/v-1234.mp4"
	body := privateFiles["private/alpha/video/v-1234.mp4"]
	size := len(body)
	sum := sha256.Sum256([]byte(body))
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	whole := func(first, last int) string { return body[first : last+1] }
	for _, tc := range []struct {
		name    string
		method  string
		target  string
		header  http.Header
		status  int
		body    string
		rng     string // Content-Range
		noBytes bool   // 304: no Content-Length
	}{
		{"whole", "GET", video, nil, 200, body, "", false},
		{"gzip accepted, not sent", "GET", video, http.Header{"Accept-Encoding": {"gzip"}}, 200, body, "", false},
		{"one range", "GET", video, http.Header{"Range": {"bytes=0-18"}}, 206, mark, "bytes 0-18/" + strconv.Itoa(size), false},
		{"from a byte on", "GET", video, http.Header{"Range": {"bytes=100-"}}, 206, body[100:], "bytes 100-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size), false},
		{"the last bytes", "GET", video, http.Header{"Range": {"bytes=-10"}}, 206, body[size-10:], "bytes " + strconv.Itoa(size-10) + "-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size), false},
		{"more last bytes than the file", "GET", video, http.Header{"Range": {"bytes=-100000"}}, 206, body, "bytes 0-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size), false},
		{"past the end", "GET", video, http.Header{"Range": {"bytes=0-99999999"}}, 206, body, "bytes 0-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size), false},
		{"the unit in capitals", "GET", video, http.Header{"Range": {"BYTES=1-1"}}, 206, whole(1, 1), "bytes 1-1/" + strconv.Itoa(size), false},
		{"two ranges: the whole file", "GET", video, http.Header{"Range": {"bytes=0-1,5-6"}}, 200, body, "", false},
		{"two ranges, one past the end", "GET", video, http.Header{"Range": {"bytes=0-1, 99999-"}}, 200, body, "", false},
		{"two Range fields", "GET", video, http.Header{"Range": {"bytes=0-1", "bytes=5-6"}}, 200, body, "", false},
		{"unsatisfiable", "GET", video, http.Header{"Range": {"bytes=99999-"}}, 416, "", "bytes */" + strconv.Itoa(size), false},
		{"an empty suffix", "GET", video, http.Header{"Range": {"bytes=-0"}}, 416, "", "bytes */" + strconv.Itoa(size), false},
		{"a backwards range", "GET", video, http.Header{"Range": {"bytes=5-2"}}, 200, body, "", false},
		{"another unit", "GET", video, http.Header{"Range": {"items=0-5"}}, 200, body, "", false},
		{"no equals sign", "GET", video, http.Header{"Range": {"bytes 0-5"}}, 200, body, "", false},
		{"If-Range the ETag", "GET", video, http.Header{"Range": {"bytes=0-18"}, "If-Range": {etag}}, 206, mark, "bytes 0-18/" + strconv.Itoa(size), false},
		{"If-Range another", "GET", video, http.Header{"Range": {"bytes=0-18"}, "If-Range": {`"other"`}}, 200, body, "", false},
		{"If-Range weak", "GET", video, http.Header{"Range": {"bytes=0-18"}, "If-Range": {"W/" + etag}}, 200, body, "", false},
		{"If-Range a date", "GET", video, http.Header{"Range": {"bytes=0-18"}, "If-Range": {"Mon, 01 Jan 2001 00:00:00 GMT"}}, 200, body, "", false},
		{"If-None-Match the ETag", "GET", video, http.Header{"If-None-Match": {etag}}, 304, "", "", true},
		{"If-None-Match weak", "GET", video, http.Header{"If-None-Match": {"W/" + etag}}, 304, "", "", true},
		{"If-None-Match in a list", "GET", video, http.Header{"If-None-Match": {`"a,b", ` + etag}}, 304, "", "", true},
		{"If-None-Match in a second field", "GET", video, http.Header{"If-None-Match": {`"a"`, etag}}, 304, "", "", true},
		{"If-None-Match star", "GET", video, http.Header{"If-None-Match": {"*"}}, 304, "", "", true},
		{"If-None-Match another", "GET", video, http.Header{"If-None-Match": {`"other"`}}, 200, body, "", false},
		{"If-None-Match before Range", "GET", video, http.Header{"If-None-Match": {etag}, "Range": {"bytes=0-1"}}, 304, "", "", true},
		{"If-Modified-Since is not a validator here", "GET", video, http.Header{"If-Modified-Since": {"Mon, 01 Jan 2035 00:00:00 GMT"}}, 200, body, "", false},
		{"HEAD", "HEAD", video, nil, 200, "", "", false},
		{"HEAD with a range: ranges are for GET", "HEAD", video, http.Header{"Range": {"bytes=0-18"}}, 200, "", "", false},
		{"HEAD If-None-Match", "HEAD", video, http.Header{"If-None-Match": {etag}}, 304, "", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{"Cookie": {c.Name + "=" + c.Value}}
			for k, v := range tc.header {
				h[k] = v
			}
			r := s.do(tc.method, tc.target, "192.0.2.1", h, "")
			if r.status != tc.status || r.body != tc.body || r.header.Get("Content-Range") != tc.rng {
				t.Fatalf("status %d, Content-Range %q, %d bytes; want %d, %q, %d bytes", r.status, r.header.Get("Content-Range"), len(r.body), tc.status, tc.rng, len(tc.body))
			}
			want := map[string]string{
				"Content-Type":               "video/mp4",
				"ETag":                       etag,
				"Accept-Ranges":              "bytes",
				"Cross-Origin-Opener-Policy": "same-origin",
				"X-Robots-Tag":               "noindex",
				"Cache-Control":              "private, max-age=0, must-revalidate",
				"Content-Security-Policy":    "default-src 'self'",
				"X-Content-Type-Options":     "nosniff",
				"Content-Encoding":           "",
				"Vary":                       "",
			}
			switch {
			case tc.noBytes:
				want["Content-Length"] = ""
			case tc.status == 416:
				want["Content-Length"] = "0"
			case tc.method == "HEAD":
				want["Content-Length"] = strconv.Itoa(size)
			default:
				want["Content-Length"] = strconv.Itoa(len(tc.body))
			}
			for name, v := range want {
				if got := r.header.Get(name); got != v {
					t.Errorf("%s: %q, want %q", name, got, v)
				}
			}
		})
	}
}

// A photo's own download (decision 0099) is the gate's like every
// private file: 401 without the cookie, and past it an attachment named
// as its file, by the header the build put in its metadata (privatestore),
// which the Edge Function sends too.
func TestPhotoDownloadBehindTheGate(t *testing.T) {
	s := newPrivateSite(t)
	const target = "/private/alpha/download/IMG_0012.jpg"
	if r := s.do("GET", target, "192.0.2.1", nil, ""); r.status != http.StatusUnauthorized || strings.Contains(r.body, mark) {
		t.Fatalf("without the cookie: %d, the file's bytes %v; want 401 without them", r.status, strings.Contains(r.body, mark))
	}
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	r := s.do("GET", target, "192.0.2.1", http.Header{"Cookie": {c.Name + "=" + c.Value}}, "")
	if r.status != http.StatusOK || r.body != privateFiles["private/alpha/download/IMG_0012.jpg"] {
		t.Fatalf("with the cookie: %d, %q", r.status, r.body)
	}
	for name, want := range map[string]string{"Content-Type": "image/jpeg", "Content-Disposition": "attachment; filename=IMG_0012.jpg", "Cache-Control": "private, max-age=0, must-revalidate"} {
		if got := r.header.Get(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// The keys a path may name, first found wins, as for public files; a
// path with none, or a file left in dist/private by an older build, is
// the gate's 404, never the file.
func TestPrivateFileCandidates(t *testing.T) {
	s := newPrivateSite(t)
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	leftover := filepath.Join(s.dist, "private", "alpha", "old.jpg")
	if err := os.MkdirAll(filepath.Dir(leftover), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leftover, []byte(mark+" left in dist"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		target, file, contentType string
	}{
		{"/private/alpha/", "private/alpha/index.html", "text/html; charset=utf-8"},
		{"/private/alpha", "private/alpha/index.html", "text/html; charset=utf-8"},
		{"/private/alpha/index.html", "private/alpha/index.html", "text/html; charset=utf-8"},
		{"/private/alpha/photos/1", "private/alpha/photos/1/index.html", "text/html; charset=utf-8"},
		{"/private/alpha/photos/1/", "private/alpha/photos/1/index.html", "text/html; charset=utf-8"},
		{"/PRIVATE/alpha/img/p-480.jpg", "private/alpha/img/p-480.jpg", "image/jpeg"},
		{"/private/alpha/alpha-web.zip", "private/alpha/alpha-web.zip", "application/zip"},
		{"/private/alpha/photos/", "", ""},
		{"/private/alpha/IMG/p-480.jpg", "", ""},
		{"/private/alpha/img/p-480.jpg/", "", ""},
		{"/private/alpha/old.jpg", "", ""},
	} {
		r := s.do(http.MethodGet, tc.target, "192.0.2.1", http.Header{"Cookie": {c.Name + "=" + c.Value}, "Accept-Encoding": {"gzip"}}, "")
		if tc.file == "" {
			if r.status != http.StatusNotFound || !strings.Contains(r.body, "There is no page at this address.") || strings.Contains(r.body, mark) {
				t.Errorf("%s: status %d, %.80q; want the gate's 404", tc.target, r.status, r.body)
			}
			continue
		}
		if r.status != http.StatusOK || r.body != privateFiles[tc.file] || r.header.Get("Content-Type") != tc.contentType || r.header.Get("Content-Encoding") != "" {
			t.Errorf("%s: status %d, Content-Type %q, %.60q; want %s", tc.target, r.status, r.header.Get("Content-Type"), r.body, tc.file)
		}
	}
}

// Without a store (a copy of dist served alone), or with a damaged one,
// nothing private is served: the gate's 404, or 500 and a log line.
func TestPrivateFileWithoutAGoodStore(t *testing.T) {
	dir, store := writePrivateSite(t)
	var log bytes.Buffer
	newHandler := func(deploy string) *privateSite {
		h, err := server.New(server.Config{
			SiteDir: dir, Headers: privateRules.Match, Store: storeAdapter{store}, Log: &log,
			Validate: func(m server.Message) map[string]string {
				return contact.Validate(contact.Message{Name: m.Name, Email: m.Email, Message: m.Message})
			},
			Images:        server.ImageCDNConfig{CacheDir: t.TempDir()},
			PrivateStore:  deploy,
			PrivateSecret: func(string) string { return theSecret },
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { h.Close() })
		return &privateSite{h: h}
	}
	for _, deploy := range []string{"", filepath.Join(t.TempDir(), "none")} {
		s := newHandler(deploy)
		c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
		r := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", http.Header{"Cookie": {c.Name + "=" + c.Value}}, "")
		if r.status != http.StatusNotFound || strings.Contains(r.body, mark) {
			t.Errorf("store %q: status %d, want 404", deploy, r.status)
		}
	}
	meta := filepath.Join(deployStore(dir), "private", "alpha", "img", "p-480.jpg", "blob.meta.json")
	if err := os.WriteFile(meta, []byte(`{"contentType":"image/jpeg","etag":"\"x\"","size":1,"headers":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newHandler(deployStore(dir))
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	r := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", http.Header{"Cookie": {c.Name + "=" + c.Value}}, "")
	if r.status != http.StatusInternalServerError || strings.Contains(r.body, mark) || !strings.Contains(log.String(), "the metadata says 1 bytes") {
		t.Errorf("a damaged store: status %d, %.80q, log %q; want 500 and a log line", r.status, r.body, log.String())
	}
}
