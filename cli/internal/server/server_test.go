package server_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/server"
)

// A small built site: pages, a hashed script, an image, the not-found page
// and the host's header rules.
var siteHeaders = headers.Set{
	{Path: "/*", Headers: []headers.Header{{Name: "X-Content-Type-Options", Value: "nosniff"}, {Name: "Content-Security-Policy", Value: "default-src 'self'"}}},
	{Path: "/assets/*", Headers: []headers.Header{{Name: "Cache-Control", Value: "public, max-age=31536000, immutable"}}},
}

// contactPage holds the contact form exactly as the site's prerender writes
// it (CONTRACT-FORM.md); the about page keeps a hidden copy, which the
// server must not take for the form.
const contactPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact</title></head><body><main>
<h1>Contact</h1>
<form name="contact" method="post" action="/contact/sent/" data-netlify="true" netlify-honeypot="bot-field" class="MuiBox-root">
<input type="hidden" name="form-name" value="contact">
<p class="visually-hidden"><label for="bot-field">Leave this empty</label><input id="bot-field" name="bot-field" tabindex="-1" autocomplete="off"></p>
<div class="field"><label for="name">Name</label><input id="name" name="name" required maxlength="100" aria-describedby="name-error" class="MuiInputBase-input"><p id="name-error" data-error-for="name" class="MuiFormHelperText-root"></p></div>
<div class="field"><label for="email">Email</label><input id="email" name="email" type="email" required maxlength="255" aria-describedby="email-error" value=""><p id="email-error" data-error-for="email"></p></div>
<div class="field"><label for="message">Message</label><textarea id="message" name="message" rows="6" required maxlength="1000" aria-describedby="message-error"></textarea><p id="message-error" data-error-for="message"><span></span></p></div>
<div data-form-status class="status"></div>
<button type="submit">Send Message</button>
</form>
</main></body></html>`

var script = "console.log('hello');\n" + strings.Repeat("export const x = 1;\n", 100)

func writeSite(t *testing.T) string {
	t.Helper()
	parent := t.TempDir()
	dir := filepath.Join(parent, "dist")
	files := map[string]string{
		"index.html":              "<!doctype html><h1>Home</h1>" + strings.Repeat(" ", 600),
		"about/index.html":        "<!doctype html><h1>About</h1><form name=\"contact\" hidden><input name=\"name\"></form>",
		"404.html":                "<!doctype html><h1>404</h1>",
		"assets/app-3f2a.js":      script,
		"img/photo-480.webp":      "RIFF....WEBPVP8 ",
		"_headers":                string(siteHeaders.Netlify()),
		"../secret.txt":           "secret outside the site",
		"sitemap.xml":             "<urlset/>",
		"assets/styles-1.css":     "body{}",
		"contact/index.html":      contactPage,
		"contact/sent/index.html": "<!doctype html><h1>Message sent successfully!</h1>",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(parent, "secret.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// storeAdapter stores what the form accepted, trimmed, in the real database.
type storeAdapter struct{ s *messages.Store }

func (a storeAdapter) Add(ctx context.Context, m server.Message) error {
	t := contact.Message{Name: m.Name, Email: m.Email, Message: m.Message}.Trimmed()
	_, err := a.s.Add(ctx, messages.Message{Name: t.Name, Email: t.Email, Body: t.Message, Client: m.Client, Language: m.Language})
	return err
}

type site struct {
	url   string
	store *messages.Store
}

func start(t *testing.T, limit server.Limit) site {
	t.Helper()
	return startWith(t, func(c *server.Config) { c.Limit = limit })
}

// startWith serves the test site with the configuration change applies.
func startWith(t *testing.T, change func(*server.Config)) site {
	t.Helper()
	return serveDir(t, writeSite(t), change)
}

// serveDir serves the built site in dir, its Image CDN's cache in a
// folder of the test's, with the configuration change applies.
func serveDir(t *testing.T, dir string, change func(*server.Config)) site {
	t.Helper()
	store, err := messages.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	cfg := server.Config{
		SiteDir: dir,
		Headers: siteHeaders.Match,
		Validate: func(m server.Message) map[string]string {
			return contact.Validate(contact.Message{Name: m.Name, Email: m.Email, Message: m.Message})
		},
		Store:   storeAdapter{store},
		MaxBody: 8 << 10,
		Images:  server.ImageCDNConfig{CacheDir: t.TempDir()},
	}
	change(&cfg)
	h, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return site{url: srv.URL, store: store}
}

// get asks for path without letting Go's client decompress or clean it.
func get(t *testing.T, base, path string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

func TestPages(t *testing.T) {
	s := start(t, server.DefaultLimit)
	tests := []struct {
		path, status, contentType, body, cache string
	}{
		{"/", "200", "text/html; charset=utf-8", "<h1>Home</h1>", "public, max-age=0, must-revalidate"},
		{"/about", "200", "text/html; charset=utf-8", "<h1>About</h1>", "public, max-age=0, must-revalidate"},
		{"/about/", "200", "text/html; charset=utf-8", "<h1>About</h1>", "public, max-age=0, must-revalidate"},
		{"/about/index.html", "200", "text/html; charset=utf-8", "<h1>About</h1>", "public, max-age=0, must-revalidate"},
		{"/no-such-page", "404", "text/html; charset=utf-8", "<h1>404</h1>", "public, max-age=0, must-revalidate"},
		{"/projects/no-such-project", "404", "text/html; charset=utf-8", "<h1>404</h1>", "public, max-age=0, must-revalidate"},
		{"/assets/app-3f2a.js", "200", "text/javascript; charset=utf-8", "console.log", "public, max-age=31536000, immutable"},
		{"/assets/missing.js", "404", "text/html; charset=utf-8", "<h1>404</h1>", "public, max-age=0, must-revalidate"},
		{"/img/photo-480.webp", "200", "image/webp", "RIFF", "public, max-age=0, must-revalidate"},
		{"/sitemap.xml", "200", "application/xml", "<urlset/>", "public, max-age=0, must-revalidate"},
		{"/_headers", "404", "text/html; charset=utf-8", "<h1>404</h1>", "public, max-age=0, must-revalidate"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res, body := get(t, s.url, tt.path, nil)
			if got := fmt.Sprint(res.StatusCode); got != tt.status {
				t.Errorf("status = %s, want %s", got, tt.status)
			}
			if got := res.Header.Get("Content-Type"); got != tt.contentType {
				t.Errorf("Content-Type = %q, want %q", got, tt.contentType)
			}
			if !bytes.Contains(body, []byte(tt.body)) {
				t.Errorf("body = %.60q, want it to contain %q", body, tt.body)
			}
			if got := res.Header.Get("Cache-Control"); got != tt.cache {
				t.Errorf("Cache-Control = %q, want %q", got, tt.cache)
			}
			// The host's security headers on every response, the not-found page included.
			if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options = %q, want nosniff", got)
			}
			if got := res.Header.Get("Content-Security-Policy"); got != "default-src 'self'" {
				t.Errorf("Content-Security-Policy = %q", got)
			}
		})
	}
}

// rawGet sends the request line exactly as written: no client cleans the path.
func rawGet(t *testing.T, base, target string) (int, string) {
	t.Helper()
	u, _ := url.Parse(base)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, u.Host)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

func TestNoPathLeavesTheSite(t *testing.T) {
	s := start(t, server.DefaultLimit)
	for _, target := range []string{
		"/../secret.txt",
		"/..%2fsecret.txt",
		"/%2e%2e/secret.txt",
		"/%2e%2e%2fsecret.txt",
		"/assets/../../secret.txt",
		"/assets/..%2f..%2fsecret.txt",
		"/..\\secret.txt",
		"/%2e%2e%5csecret.txt",
		"//../secret.txt",
		"/link.txt", // a symbolic link to the file outside
		"/%00/../secret.txt",
	} {
		t.Run(target, func(t *testing.T) {
			status, body := rawGet(t, s.url, target)
			if strings.Contains(body, "secret outside the site") {
				t.Fatalf("GET %s answered %d with the file outside the site", target, status)
			}
			if status == http.StatusOK {
				t.Errorf("GET %s answered 200 (%.40q)", target, body)
			}
		})
	}
}

func TestCompression(t *testing.T) {
	s := start(t, server.DefaultLimit)
	tests := []struct {
		accept  string
		gzipped bool
	}{
		{"gzip", true},
		{"gzip, deflate, br", true},
		{"br;q=1.0, gzip;q=0.8", true},
		{"gzip;q=0", false},
		{"identity", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.accept, func(t *testing.T) {
			res, body := get(t, s.url, "/assets/app-3f2a.js", map[string]string{"Accept-Encoding": tt.accept})
			if got := res.Header.Get("Content-Encoding") == "gzip"; got != tt.gzipped {
				t.Fatalf("gzip = %v, want %v", got, tt.gzipped)
			}
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("Vary = %q, want Accept-Encoding", res.Header.Get("Vary"))
			}
			if tt.gzipped {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				body, _ = io.ReadAll(zr)
			}
			if string(body) != script {
				t.Errorf("body differs from the file (%d bytes, want %d)", len(body), len(script))
			}
		})
	}
}

func TestConditionalRequests(t *testing.T) {
	s := start(t, server.DefaultLimit)
	res, _ := get(t, s.url, "/about", nil)
	etag := res.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	res, body := get(t, s.url, "/about", map[string]string{"If-None-Match": etag})
	if res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match: status %d with %d bytes, want 304 and none", res.StatusCode, len(body))
	}
	res, _ = get(t, s.url, "/about", map[string]string{"If-None-Match": `"other"`})
	if res.StatusCode != http.StatusOK {
		t.Errorf("another ETag: status %d, want 200", res.StatusCode)
	}
}

func TestMethods(t *testing.T) {
	s := start(t, server.DefaultLimit)
	tests := []struct {
		method, path, allow string
		status              int
	}{
		{http.MethodHead, "/about", "", http.StatusOK},
		{http.MethodPut, "/", "GET, HEAD, POST", http.StatusMethodNotAllowed},
		{http.MethodDelete, "/about", "GET, HEAD, POST", http.StatusMethodNotAllowed},
		{http.MethodPatch, "/assets/app-3f2a.js", "GET, HEAD, POST", http.StatusMethodNotAllowed},
		{"OPTIONS", "/about", "GET, HEAD, POST", http.StatusMethodNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, s.url+tt.path, strings.NewReader("x=1"))
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tt.status {
				t.Errorf("status = %d, want %d", res.StatusCode, tt.status)
			}
			if got := res.Header.Get("Allow"); got != tt.allow {
				t.Errorf("Allow = %q, want %q", got, tt.allow)
			}
		})
	}
}

func form(values map[string]string) url.Values {
	v := url.Values{"form-name": {"contact"}, "bot-field": {""}}
	for k, val := range values {
		v.Set(k, val)
	}
	return v
}

type answer struct {
	status int
	body   struct {
		OK     bool              `json:"ok"`
		Errors map[string]string `json:"errors"`
		Error  string            `json:"error"`
	}
	retryAfter string
}

func post(t *testing.T, client *http.Client, base, contentType, body string) answer {
	t.Helper()
	res, err := client.Post(base+"/", contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var a answer
	a.status = res.StatusCode
	a.retryAfter = res.Header.Get("Retry-After")
	if err := json.NewDecoder(res.Body).Decode(&a.body); err != nil {
		t.Fatalf("status %d, body not JSON: %v", res.StatusCode, err)
	}
	return a
}

const urlencoded = "application/x-www-form-urlencoded"

func TestFormPosts(t *testing.T) {
	valid := map[string]string{"name": "  Ada Lovelace ", "email": "ada@example.com", "message": "Hello there"}
	tests := []struct {
		name        string
		contentType string
		body        string
		status      int
		errors      map[string]string
		stored      int
	}{
		{"valid", urlencoded, form(valid).Encode(), 200, nil, 1},
		{"valid, charset given", urlencoded + "; charset=UTF-8", form(valid).Encode(), 200, nil, 1},
		{"honeypot filled: answered, dropped", urlencoded, form(map[string]string{"name": "Bot", "email": "b@example.com", "message": "spam", "bot-field": "http://spam"}).Encode(), 200, nil, 0},
		{"every field invalid", urlencoded, form(map[string]string{"name": "   ", "email": "not-an-email", "message": ""}).Encode(), 400,
			map[string]string{"name": "Name is required", "email": "Invalid email address", "message": "Message is required"}, 0},
		{"too long", urlencoded, form(map[string]string{"name": strings.Repeat("n", 101), "email": "a@b.co", "message": strings.Repeat("m", 1001)}).Encode(), 400,
			map[string]string{"name": "Name must be less than 100 characters", "message": "Message must be less than 1000 characters"}, 0},
		{"oversize body", urlencoded, form(map[string]string{"name": "A", "email": "a@b.co", "message": strings.Repeat("x", 9<<10)}).Encode(), 413, nil, 0},
		{"JSON instead of a form", "application/json", `{"name":"A"}`, 415, nil, 0},
		{"another form", urlencoded, "form-name=newsletter&email=a%40b.co", 404, nil, 0},
		{"no form name", urlencoded, "name=A&email=a%40b.co&message=hi", 404, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, server.DefaultLimit)
			a := post(t, http.DefaultClient, s.url, tt.contentType, tt.body)
			if a.status != tt.status {
				t.Errorf("status = %d (%+v), want %d", a.status, a.body, tt.status)
			}
			if a.status == 200 && !a.body.OK {
				t.Errorf("200 without ok: %+v", a.body)
			}
			if fmt.Sprint(a.body.Errors) != fmt.Sprint(tt.errors) && (len(a.body.Errors) > 0 || len(tt.errors) > 0) {
				t.Errorf("errors = %v, want %v", a.body.Errors, tt.errors)
			}
			if a.status >= 400 && len(tt.errors) == 0 && a.body.Error == "" {
				t.Errorf("status %d without an explanation", a.status)
			}
			list, err := s.store.List(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != tt.stored {
				t.Fatalf("stored %d messages, want %d", len(list), tt.stored)
			}
			if tt.stored == 1 {
				m := list[0]
				if m.Name != "Ada Lovelace" || m.Email != "ada@example.com" || m.Body != "Hello there" {
					t.Errorf("stored %+v, want the trimmed values", m)
				}
			}
		})
	}
}

func TestRateLimitPerClient(t *testing.T) {
	s := start(t, server.Limit{Burst: 2, Every: time.Hour})
	body := form(map[string]string{"name": "A", "email": "a@b.co", "message": "hi"}).Encode()
	for i := range 2 {
		if a := post(t, http.DefaultClient, s.url, urlencoded, body); a.status != 200 {
			t.Fatalf("post %d: status %d, want 200", i+1, a.status)
		}
	}
	a := post(t, http.DefaultClient, s.url, urlencoded, body)
	if a.status != http.StatusTooManyRequests || a.retryAfter == "" || a.body.Error == "" {
		t.Fatalf("third post: status %d, Retry-After %q, error %q; want 429 with both", a.status, a.retryAfter, a.body.Error)
	}
	// Another client is not held back.
	if a := post(t, clientFrom(t, "127.0.0.2"), s.url, urlencoded, body); a.status != 200 {
		t.Errorf("another client: status %d, want 200", a.status)
	}
	if n, _ := s.store.Count(context.Background()); n != 3 {
		t.Errorf("stored %d, want 3", n)
	}
}

// clientFrom is an HTTP client whose connections come from ip (any
// 127.x.y.z address reaches the loopback interface).
func clientFrom(t *testing.T, ip string) *http.Client {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	transport := &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 8}
	t.Cleanup(transport.CloseIdleConnections)
	return &http.Client{Transport: transport, Timeout: 30 * time.Second}
}

func TestConcurrentPostsAreAllStored(t *testing.T) {
	if testing.Short() {
		t.Skip("2000 posts")
	}
	s := start(t, server.Unlimited)
	const clients, perClient = 50, 40
	var wg sync.WaitGroup
	failures := make(chan string, clients*perClient)
	for c := range clients {
		client := clientFrom(t, fmt.Sprintf("127.0.1.%d", c+1))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perClient {
				body := form(map[string]string{"name": fmt.Sprintf("Client %d", c), "email": "c@example.com", "message": fmt.Sprintf("message %d", i)}).Encode()
				res, err := client.Post(s.url+"/", urlencoded, strings.NewReader(body))
				if err != nil {
					failures <- err.Error()
					continue
				}
				_, err = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if err != nil {
					failures <- err.Error()
					continue
				}
				if res.StatusCode != 200 {
					failures <- fmt.Sprintf("client %d post %d: status %d", c, i, res.StatusCode)
				}
			}
		}()
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	n, err := s.store.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n != clients*perClient {
		t.Fatalf("stored %d messages, want %d", n, clients*perClient)
	}
}
