package server_test

import (
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/server"
)

// digits is a file of 300 bytes, too small to be compressed: ranges apply
// to its bytes as they are.
var digits = strings.Repeat("0123456789", 30)

// startRanges serves the test site with digits.txt and an empty file.
func startRanges(t *testing.T) site {
	t.Helper()
	return startWith(t, func(c *server.Config) {
		for name, body := range map[string]string{"digits.txt": digits, "empty.txt": ""} {
			if err := os.WriteFile(filepath.Join(c.SiteDir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// request sends method to base+path with header, as written (no
// decompression), and reads the whole answer.
func request(t *testing.T, method, base, path string, header http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for k, vs := range header {
		req.Header[k] = vs
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

// parts reads a multipart/byteranges body as "Content-Range body" lines.
func parts(t *testing.T, res *http.Response, body []byte) []string {
	t.Helper()
	mt, params, err := mime.ParseMediaType(res.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/byteranges" {
		t.Fatalf("Content-Type %q, want multipart/byteranges", res.Header.Get("Content-Type"))
	}
	var got []string
	mr := multipart.NewReader(strings.NewReader(string(body)), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		got = append(got, p.Header.Get("Content-Range")+" "+string(b))
	}
}

// Range requests follow RFC 9110 §14: a range is satisfiable when its
// first-pos is inside the file or its suffix-length is above zero; none
// satisfiable is 416 with the size; numbers of any length; a Range that is
// not valid, in another unit, on HEAD, or under an If-Range that does not
// match is ignored (200, the whole file).
func TestRanges(t *testing.T) {
	s := startRanges(t)
	first, _ := request(t, http.MethodGet, s.url, "/digits.txt", nil)
	etag, lastModified := first.Header.Get("ETag"), first.Header.Get("Last-Modified")
	if etag == "" || lastModified == "" {
		t.Fatalf("ETag %q, Last-Modified %q: want both", etag, lastModified)
	}
	d := digits
	many := make([]string, 101) // non-overlapping, ascending, one byte each
	for i := range many {
		many[i] = fmt.Sprintf("%d-%d", 2*i, 2*i)
	}
	tests := []struct {
		name         string
		method, path string // GET /digits.txt when empty
		header       http.Header
		status       int
		contentRange string
		body         string   // when not multipart
		parts        []string // "Content-Range body" of each part
	}{
		{name: "first bytes", header: hdr("Range", "bytes=0-3"), status: 206, contentRange: "bytes 0-3/300", body: d[:4]},
		{name: "to the end", header: hdr("Range", "bytes=295-"), status: 206, contentRange: "bytes 295-299/300", body: d[295:]},
		{name: "last-pos beyond the end", header: hdr("Range", "bytes=295-1000"), status: 206, contentRange: "bytes 295-299/300", body: d[295:]},
		{name: "one byte", header: hdr("Range", "bytes=7-7"), status: 206, contentRange: "bytes 7-7/300", body: "7"},
		{name: "leading zeros", header: hdr("Range", "bytes=0005-0007"), status: 206, contentRange: "bytes 5-7/300", body: d[5:8]},
		{name: "suffix", header: hdr("Range", "bytes=-3"), status: 206, contentRange: "bytes 297-299/300", body: d[297:]},
		{name: "suffix longer than the file", header: hdr("Range", "bytes=-1000"), status: 206, contentRange: "bytes 0-299/300", body: d},
		{name: "unit in capitals", header: hdr("Range", "BYTES=0-3"), status: 206, contentRange: "bytes 0-3/300", body: d[:4]},

		// Not satisfiable: 416 with the size.
		{name: "zero-length suffix", header: hdr("Range", "bytes=-0"), status: 416, contentRange: "bytes */300"},
		{name: "zero-length suffixes only", header: hdr("Range", "bytes=-0, -00"), status: 416, contentRange: "bytes */300"},
		{name: "first-pos at the end", header: hdr("Range", "bytes=300-"), status: 416, contentRange: "bytes */300"},
		{name: "first-pos beyond the end", header: hdr("Range", "bytes=1000-2000"), status: 416, contentRange: "bytes */300"},
		{name: "first-pos past any integer", header: hdr("Range", "bytes=99999999999999999999999-"), status: 416, contentRange: "bytes */300"},

		// Numbers longer than any integer still mean what they say.
		{name: "last-pos past any integer", header: hdr("Range", "bytes=10-99999999999999999999999"), status: 206, contentRange: "bytes 10-299/300", body: d[10:]},
		{name: "suffix past any integer", header: hdr("Range", "bytes=-99999999999999999999999"), status: 206, contentRange: "bytes 0-299/300", body: d},

		// Several ranges: one part each, unsatisfiable ones left out.
		{name: "two ranges", header: hdr("Range", "bytes=0-1,4-5"), status: 206, parts: []string{"bytes 0-1/300 01", "bytes 4-5/300 45"}},
		{name: "whitespace and empty elements in the list", header: hdr("Range", "bytes=0-1 ,\t, 4-5,"), status: 206, parts: []string{"bytes 0-1/300 01", "bytes 4-5/300 45"}},
		{name: "two overlapping ranges", header: hdr("Range", "bytes=0-5,3-8"), status: 206, parts: []string{"bytes 0-5/300 012345", "bytes 3-8/300 345678"}},
		{name: "unsatisfiable ranges among a satisfiable one", header: hdr("Range", "bytes=0-1,-0,500-"), status: 206, contentRange: "bytes 0-1/300", body: "01"},

		// Ignored: the whole file.
		{name: "three ranges over the same bytes", header: hdr("Range", "bytes=0-5,2-7,4-9"), status: 200, body: d},
		{name: "more than 100 ranges", header: hdr("Range", "bytes="+strings.Join(many, ",")), status: 200, body: d},
		{name: "last-pos before first-pos", header: hdr("Range", "bytes=5-1"), status: 200, body: d},
		{name: "last-pos before first-pos, both past any integer", header: hdr("Range", "bytes=99999999999999999999999-99999999999999999999998"), status: 200, body: d},
		{name: "one invalid range among valid ones", header: hdr("Range", "bytes=0-1,x"), status: 200, body: d},
		{name: "another unit", header: hdr("Range", "items=0-3"), status: 200, body: d},
		{name: "no equals sign", header: hdr("Range", "bytes 0-3"), status: 200, body: d},
		{name: "space before the equals sign", header: hdr("Range", "bytes =0-3"), status: 200, body: d},
		{name: "not numbers", header: hdr("Range", "bytes=a-b"), status: 200, body: d},
		{name: "a plus sign", header: hdr("Range", "bytes=+1-3"), status: 200, body: d},
		{name: "a negative suffix", header: hdr("Range", "bytes=--3"), status: 200, body: d},
		{name: "space inside a range", header: hdr("Range", "bytes=1 - 3"), status: 200, body: d},
		{name: "two dashes", header: hdr("Range", "bytes=1-2-3"), status: 200, body: d},
		{name: "no dash", header: hdr("Range", "bytes=5"), status: 200, body: d},
		{name: "dash only", header: hdr("Range", "bytes=-"), status: 200, body: d},
		{name: "no range", header: hdr("Range", "bytes="), status: 200, body: d},
		{name: "commas only", header: hdr("Range", "bytes=,,"), status: 200, body: d},
		{name: "two Range fields", header: http.Header{"Range": {"bytes=0-3", "bytes=4-5"}}, status: 200, body: d},
		{name: "HEAD", method: http.MethodHead, header: hdr("Range", "bytes=0-3"), status: 200},
		{name: "HEAD, unsatisfiable", method: http.MethodHead, header: hdr("Range", "bytes=-0"), status: 200},
		{name: "empty file", path: "/empty.txt", header: hdr("Range", "bytes=0-"), status: 200},
		{name: "empty file, zero-length suffix", path: "/empty.txt", header: hdr("Range", "bytes=-0"), status: 200},
		{name: "not-found page", path: "/no-such-page", header: hdr("Range", "bytes=0-3"), status: 404, body: "<!doctype html><h1>404</h1>"},

		// If-Range: only the file's own strong ETag keeps the Range.
		{name: "If-Range with the ETag", header: hdr("Range", "bytes=0-3", "If-Range", etag), status: 206, contentRange: "bytes 0-3/300", body: d[:4]},
		{name: "If-Range with another ETag", header: hdr("Range", "bytes=0-3", "If-Range", `"other"`), status: 200, body: d},
		{name: "If-Range with the ETag made weak", header: hdr("Range", "bytes=0-3", "If-Range", "W/"+etag), status: 200, body: d},
		{name: "If-Range with the Last-Modified date", header: hdr("Range", "bytes=0-3", "If-Range", lastModified), status: 200, body: d},
		{name: "If-Range not matching an unsatisfiable Range", header: hdr("Range", "bytes=-0", "If-Range", `"other"`), status: 200, body: d},
		{name: "If-Range without a Range", header: hdr("If-Range", etag), status: 200, body: d},
		// Preconditions come before the Range (RFC 9110 §13.2.2).
		{name: "If-None-Match before an unsatisfiable Range", header: hdr("Range", "bytes=-0", "If-None-Match", etag), status: 304},
		{name: "If-Match failing before a Range", header: hdr("Range", "bytes=0-3", "If-Match", `"other"`), status: 412},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method, path := tt.method, tt.path
			if method == "" {
				method = http.MethodGet
			}
			if path == "" {
				path = "/digits.txt"
			}
			res, body := request(t, method, s.url, path, tt.header)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d (Content-Range %q, body %.40q)", res.StatusCode, tt.status, res.Header.Get("Content-Range"), body)
			}
			if got := res.Header.Get("Content-Range"); got != tt.contentRange {
				t.Errorf("Content-Range %q, want %q", got, tt.contentRange)
			}
			switch {
			case tt.parts != nil:
				if got := parts(t, res, body); strings.Join(got, "|") != strings.Join(tt.parts, "|") {
					t.Errorf("parts %q, want %q", got, tt.parts)
				}
			case tt.status == 206 || tt.status == 200 && method == http.MethodGet || tt.status == 404:
				if string(body) != tt.body {
					t.Errorf("body %.40q (%d bytes), want %.40q (%d bytes)", body, len(body), tt.body, len(tt.body))
				}
			}
			if method == http.MethodHead && tt.status == 200 && res.ContentLength != int64(len(digits)) {
				t.Errorf("HEAD: Content-Length %d, want the whole file's %d", res.ContentLength, len(digits))
			}
		})
	}
}

// Ranges of a compressed answer are ranges of its gzip body, that
// representation's own bytes (with its own ETag); several ranges of it are
// not sent as parts, which a client would take for a gzip stream.
func TestRangesOfTheGzipBody(t *testing.T) {
	s := startRanges(t)
	gz := hdr("Accept-Encoding", "gzip")
	whole, zipped := request(t, http.MethodGet, s.url, "/assets/app-3f2a.js", gz)
	if whole.Header.Get("Content-Encoding") != "gzip" || len(zipped) < 20 {
		t.Fatalf("not compressed: Content-Encoding %q, %d bytes", whole.Header.Get("Content-Encoding"), len(zipped))
	}
	size := len(zipped)
	tests := []struct {
		name, rng    string
		status       int
		contentRange string
		body         string
	}{
		{"one range", "bytes=0-9", 206, fmt.Sprintf("bytes 0-9/%d", size), string(zipped[:10])},
		{"suffix", "bytes=-5", 206, fmt.Sprintf("bytes %d-%d/%d", size-5, size-1, size), string(zipped[size-5:])},
		{"two ranges", "bytes=0-1,4-5", 200, "", string(zipped)},
		{"zero-length suffix", "bytes=-0", 416, fmt.Sprintf("bytes */%d", size), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, body := request(t, http.MethodGet, s.url, "/assets/app-3f2a.js", hdr("Accept-Encoding", "gzip", "Range", tt.rng))
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			if got := res.Header.Get("Content-Range"); got != tt.contentRange {
				t.Errorf("Content-Range %q, want %q", got, tt.contentRange)
			}
			if tt.status == 416 {
				return
			}
			if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("ETag") != whole.Header.Get("ETag") {
				t.Errorf("Content-Encoding %q, ETag %q: want gzip and %q", res.Header.Get("Content-Encoding"), res.Header.Get("ETag"), whole.Header.Get("ETag"))
			}
			if string(body) != tt.body {
				t.Errorf("body of %d bytes, want %d bytes of the gzip body", len(body), len(tt.body))
			}
		})
	}
}

// hdr makes a header of name, value pairs.
func hdr(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}
