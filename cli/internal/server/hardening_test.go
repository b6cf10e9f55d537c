package server_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"portfolio/cli/internal/server"
)

// syncBuffer is a log the server writes from its handlers' goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Visitor text in the log is escaped: it can neither start a line of its
// own nor act on the terminal.
func TestLogEscapesVisitorText(t *testing.T) {
	var log syncBuffer
	s := startWith(t, func(c *server.Config) { c.Log = &log })
	name := "Eve\r\n2026/07/01 contact form: message from Admin <admin@example.com> stored\x1b]0;owned\x07\u202e"
	email := "eve@example.com\x1b[2J"
	a := post(t, http.DefaultClient, s.url, urlencoded, form(map[string]string{"name": name, "email": email, "message": "hi"}).Encode())
	if a.status != 200 {
		t.Fatalf("status %d", a.status)
	}
	got := log.String()
	if strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "\n") {
		t.Errorf("log = %q, want exactly one line", got)
	}
	for _, bad := range []string{"\r", "\x1b", "\x07", "\u202e"} {
		if strings.Contains(got, bad) {
			t.Errorf("log = %q contains %q raw", got, bad)
		}
	}
	if !strings.Contains(got, `Eve\r\n2026/07/01`) || !strings.Contains(got, `\x1b]0;owned\a\u202e`) {
		t.Errorf("log = %q, want the escapes shown", got)
	}
}

// The security headers the site's _headers gives every path are on every
// answer, whatever its status.
func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	s := start(t, server.Limit{Burst: 1, Every: time.Hour})
	type req struct {
		name, method, target, contentType, accept, body string
		status                                          int
	}
	valid := form(map[string]string{"name": "Ada", "email": "ada@example.com", "message": "hi"}).Encode()
	reqs := []req{
		{"200", "GET", "/about", "", "", "", 200},
		{"404", "GET", "/nope", "", "", "", 404},
		{"304", "GET", "/about", "", "", "", 304}, // with the page's ETag, below
		{"405", "PUT", "/", "", "", "x", 405},
		{"400 path", "GET", "/assets/..%2fabout", "", "", "", 400},
		{"200 form", "POST", "/", urlencoded, "", valid, 200},
		{"429", "POST", "/", urlencoded, "", valid, 429},
		{"429 html", "POST", "/", urlencoded, "text/html", valid, 429},
	}
	// A fresh allowance for the other posts.
	s2 := start(t, server.Unlimited)
	posts := []req{
		{"400", "POST", "/", urlencoded, "", form(map[string]string{"name": ""}).Encode(), 400},
		{"400 html", "POST", "/contact", urlencoded, "text/html", form(map[string]string{"name": ""}).Encode(), 400},
		{"413", "POST", "/", urlencoded, "", form(map[string]string{"message": strings.Repeat("x", 9<<10)}).Encode(), 413},
		{"413 html", "POST", "/", urlencoded, "text/html", form(map[string]string{"message": strings.Repeat("x", 9<<10)}).Encode(), 413},
		{"415", "POST", "/", "application/json", "", "{}", 415},
		{"415 html", "POST", "/", "text/plain", "text/html", "x", 415},
		{"404 form", "POST", "/", urlencoded, "", "form-name=other", 404},
		{"404 form html", "POST", "/", urlencoded, "text/html", "form-name=other", 404},
		{"303", "POST", "/contact/sent/", urlencoded, "text/html", valid, 303},
	}
	res, _ := get(t, s.url, "/about", nil)
	etag := res.Header.Get("ETag")
	run := func(base string, r req) {
		t.Run(r.name, func(t *testing.T) {
			hr, err := http.NewRequest(r.method, base+r.target, strings.NewReader(r.body))
			if err != nil {
				t.Fatal(err)
			}
			hr.URL.Opaque = r.target // sent as written
			if r.contentType != "" {
				hr.Header.Set("Content-Type", r.contentType)
			}
			if r.accept != "" {
				hr.Header.Set("Accept", r.accept)
			}
			if r.status == 304 {
				hr.Header.Set("If-None-Match", etag)
			}
			res, err := http.DefaultTransport.RoundTrip(hr)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != r.status {
				t.Errorf("status %d, want %d", res.StatusCode, r.status)
			}
			for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options"} {
				if res.Header.Get(h) == "" {
					t.Errorf("%s missing on a %d", h, res.StatusCode)
				}
			}
		})
	}
	for _, r := range reqs {
		run(s.url, r)
	}
	for _, r := range posts {
		run(s2.url, r)
	}
}

// The header rules are matched on the path of the file served: a path
// whose meaning depends on how it is decoded or cleaned is refused, so it
// cannot borrow another path's rules (a year of immutable caching for a
// page, say).
func TestPathsThatDisagreeWithTheirFileAreRefused(t *testing.T) {
	s := start(t, server.DefaultLimit)
	for _, target := range []string{
		"/assets/..%2fabout",
		"/assets/%2e%2e/about",
		"/assets/%2E%2E%2Fabout",
		"/assets/..%5cabout",
		"/assets/..\\about",
		"/assets/../about",
		"/assets/./../about",
		"/assets//../about",
		"//about",
		"/assets/%2fabout",
		"/img/..%2f..%2fabout",
		"/assets/app-3f2a.js%00",
		"/assets/app-3f2a.js.",
		"/assets/app-3f2a.js%20",
		"/assets/app-3f2a.js::$DATA",
		"/assets/.%2e/about",
		"/assets/%252e%252e/about",
		"/about%0d%0aSet-Cookie:x=1",
		"/%ff",
	} {
		t.Run(target, func(t *testing.T) {
			status, hdr, body := rawRequest(t, s.url, "GET", target, nil, "")
			if strings.Contains(hdr.Get("Cache-Control"), "immutable") {
				t.Errorf("GET %s: Cache-Control %q, %.40q", target, hdr.Get("Cache-Control"), body)
			}
			if status == 200 {
				t.Errorf("GET %s answered 200 (%.40q)", target, body)
			}
			if hdr.Get("Content-Security-Policy") == "" {
				t.Errorf("GET %s: answered %d without the security headers", target, status)
			}
		})
	}
	// Canonical paths still work, upper-case letters in a name included.
	for target, want := range map[string]int{"/about": 200, "/about/": 200, "/assets/app-3f2a.js": 200, "/%61bout": 200, "/ABOUT": 404} {
		if status, _, _ := rawRequest(t, s.url, "GET", target, nil, ""); status != want {
			t.Errorf("GET %s: %d, want %d", target, status, want)
		}
	}
}

// rawRequest sends a request as written on its own connection and reads one
// answer.
func rawRequest(t *testing.T, base, method, target string, header map[string]string, body string) (int, http.Header, string) {
	t.Helper()
	u, _ := url.Parse(base)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n", method, target, u.Host)
	for k, v := range header {
		fmt.Fprintf(&b, "%s: %s\r\n", k, v)
	}
	b.WriteString("\r\n" + body)
	if _, err := io.WriteString(conn, b.String()); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	got, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(got)
}

// A gzip body and an identity body are two representations: their strong
// ETags differ, and a conditional request matches only its own.
func TestETagsDifferByEncoding(t *testing.T) {
	s := start(t, server.DefaultLimit)
	for _, path := range []string{"/assets/app-3f2a.js", "/"} {
		plain, _ := get(t, s.url, path, map[string]string{"Accept-Encoding": "identity"})
		zipped, _ := get(t, s.url, path, map[string]string{"Accept-Encoding": "gzip"})
		if zipped.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: not compressed", path)
		}
		pe, ze := plain.Header.Get("ETag"), zipped.Header.Get("ETag")
		if pe == "" || ze == "" || pe == ze || strings.HasPrefix(pe, "W/") || strings.HasPrefix(ze, "W/") {
			t.Fatalf("%s: ETags %q (identity) and %q (gzip), want two different strong ETags", path, pe, ze)
		}
		tests := []struct {
			encoding, ifNoneMatch string
			status                int
		}{
			{"identity", pe, 304},
			{"gzip", ze, 304},
			{"gzip", pe, 200},
			{"identity", ze, 200},
			{"gzip", pe + ", " + ze, 304},
			{"gzip", "W/" + ze, 304},
		}
		for _, tt := range tests {
			res, body := get(t, s.url, path, map[string]string{"Accept-Encoding": tt.encoding, "If-None-Match": tt.ifNoneMatch})
			if res.StatusCode != tt.status {
				t.Errorf("%s %s with If-None-Match %s: %d, want %d", path, tt.encoding, tt.ifNoneMatch, res.StatusCode, tt.status)
			}
			want := pe
			if tt.encoding == "gzip" {
				want = ze
			}
			if got := res.Header.Get("ETag"); got != want {
				t.Errorf("%s %s: ETag %q, want %q", path, tt.encoding, got, want)
			}
			if tt.status == 304 && len(body) != 0 {
				t.Errorf("304 with a body")
			}
		}
	}
}

// A request with both Content-Length and Transfer-Encoding is answered,
// then its connection is closed (RFC 9112 §6.3): what follows on it could
// be a smuggled request.
func TestAmbiguousLengthClosesTheConnection(t *testing.T) {
	s := start(t, server.Unlimited)
	u, _ := url.Parse(s.url)
	for _, method := range []string{"POST", "GET"} {
		t.Run(method, func(t *testing.T) {
			conn, err := net.Dial("tcp", u.Host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			body := form(map[string]string{"name": "Ada", "email": "ada@example.com", "message": "hi"}).Encode()
			smuggled := "GET /about HTTP/1.1\r\nHost: x\r\n\r\n"
			fmt.Fprintf(conn, "%s / HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n%s",
				method, u.Host, urlencoded, len(body), body, smuggled)
			if err := conn.SetDeadline(time.Now().Add(5 * time.Second)); err != nil {
				t.Fatal(err)
			}
			r := bufio.NewReader(conn)
			res, err := http.ReadResponse(r, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, res.Body); err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if !res.Close {
				t.Errorf("answer without Connection: close")
			}
			if next, err := http.ReadResponse(r, nil); err == nil {
				next.Body.Close()
				t.Fatalf("the connection stayed open: a second answer (%d) followed", next.StatusCode)
			} else if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("reading on: %v, want the connection closed", err)
			}
		})
	}
}
