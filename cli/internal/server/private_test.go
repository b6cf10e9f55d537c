package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/privatestore"
	"portfolio/cli/internal/server"
)

// The attacks of issue 40 on a private project (docs/decisions/0080):
// every page and file under /private/<slug>/ is the secret's page, with
// none of the project's bytes, until the secret is entered.

const (
	theSecret = "correct horse battery staple"
	// Every private file's bytes carry this mark; no answer without the
	// cookie may contain it.
	mark = "ALPHA-PRIVATE-BYTES"
)

var privateFiles = map[string]string{
	"private/alpha/index.html":            "<!doctype html><h1>" + mark + " Secret Alpha</h1>",
	"private/alpha/photos/1/index.html":   "<!doctype html><h1>" + mark + " photo 1</h1>",
	"private/alpha/img/p-480.jpg":         "\xff\xd8\xff" + mark + strings.Repeat("j", 3000),
	"private/alpha/video/v-1234.mp4":      mark + strings.Repeat("v", 8192),
	"private/alpha/alpha-web.zip":         "PK" + mark,
	"private/alpha/download/IMG_0012.jpg": "\xff\xd8\xff" + mark + " the photo's own download",
	"private/alpha/download/DSC_1.jpg":    "\xff\xd8\xff" + mark,
	"private/beta/index.html":             "<!doctype html><h1>" + mark + " beta, no secret set</h1>",
}

// clock is a test's settable time.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type privateSite struct {
	h      *server.Handler
	dist   string // the built site
	clock  *clock
	store  *messages.Store
	secret *string
	// galleries is what the build says of the private projects' galleries.
	galleries *privateaccess.Galleries
	// storeFails makes storing a message fail, as a full disk would.
	storeFails *bool
}

// privateRules are the site's headers with the private rule, as the
// build writes them for a site with a private project.
var privateRules = append(append(headers.Set{}, siteHeaders...), headers.PrivateRule)

// writePrivateSite writes the site, with privateFiles under it moved into
// its deploy store (deployStore) as the build moves them, and opens a
// message store, closed when the test ends.
func writePrivateSite(t *testing.T) (string, *messages.Store) {
	t.Helper()
	dir := writeSite(t)
	for name, body := range privateFiles {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := privatestore.Move(dir, deployStore(dir), privateRules); err != nil {
		t.Fatal(err)
	}
	store, err := messages.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return dir, store
}

// deployStore is where writePrivateSite puts the private files of the
// site in dir.
func deployStore(dir string) string { return filepath.Join(filepath.Dir(dir), "deploy-store") }

func newPrivateSite(t *testing.T) *privateSite {
	t.Helper()
	dir, store := writePrivateSite(t)
	s := &privateSite{dist: dir, clock: &clock{now: time.Unix(1_800_000_000, 0)}, store: store, secret: new(string), storeFails: new(bool), galleries: &privateaccess.Galleries{
		Projects: map[string]privateaccess.Gallery{
			"alpha": {Title: "Secret Alpha", Photos: []string{"IMG_0012.jpg", "IMG_0047.jpg", "DSC_1.jpg"}},
			"beta":  {Title: "Secret Beta", Photos: []string{"B_1.jpg"}},
		},
	}}
	*s.secret = theSecret
	h, err := server.New(server.Config{
		SiteDir: dir,
		Headers: privateRules.Match,
		Validate: func(m server.Message) map[string]string {
			return contact.Validate(contact.Message{Name: m.Name, Email: m.Email, Message: m.Message})
		},
		Store:        failableStore{storeAdapter{store}, s.storeFails},
		Images:       server.ImageCDNConfig{CacheDir: t.TempDir()},
		PrivateStore: deployStore(dir),
		PrivateSecret: func(slug string) string {
			if slug == "alpha" {
				return *s.secret
			}
			return ""
		},
		Galleries: func() (privateaccess.Galleries, error) { return *s.galleries, nil },
		Now:       s.clock.Now,
		Activity:  activityAdapter{store},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	s.h = h
	return s
}

type reply struct {
	status int
	header http.Header
	body   string
}

func (s *privateSite) do(method, target, from string, header http.Header, body string) reply {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.RemoteAddr = from + ":40000"
	for k, vs := range header {
		req.Header[k] = vs
	}
	if method == http.MethodPost && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	return reply{rec.Code, rec.Header(), rec.Body.String()}
}

// enter posts the secret to path from the address and returns the answer.
func (s *privateSite) enter(path, from, secret string) reply {
	return s.do(http.MethodPost, path, from, http.Header{"Accept": {"text/html"}}, url.Values{"secret": {secret}}.Encode())
}

func cookieOf(t *testing.T, r reply) *http.Cookie {
	t.Helper()
	cookies := (&http.Response{Header: r.header}).Cookies()
	if len(cookies) != 1 {
		t.Fatalf("status %d: Set-Cookie %q, want one cookie", r.status, r.header.Values("Set-Cookie"))
	}
	return cookies[0]
}

// withholds fails unless the answer carries nothing of the project: not
// its bytes, not a range of them, not a success.
func withholds(t *testing.T, what string, r reply) {
	t.Helper()
	if strings.Contains(r.body, mark) || strings.Contains(r.body, "Secret Alpha") {
		t.Errorf("%s: status %d leaks the project's bytes: %.80q", what, r.status, r.body)
	}
	if r.status == http.StatusOK || r.status == http.StatusPartialContent || r.status == http.StatusNotModified || r.header.Get("Content-Range") != "" {
		t.Errorf("%s: status %d, Content-Range %q; want a refusal", what, r.status, r.header.Get("Content-Range"))
	}
}

var privateTargets = []string{
	"/private/alpha/", "/private/alpha", "/private/alpha/photos/1", "/private/alpha/photos/1/",
	"/private/alpha/img/p-480.jpg", "/private/alpha/video/v-1234.mp4", "/private/alpha/alpha-web.zip",
	"/private/alpha/index.html", "/private/alpha/no-such-page", "/private/beta/",
}

func TestPrivateWithoutCookieYieldsNothing(t *testing.T) {
	s := newPrivateSite(t)
	variants := map[string]http.Header{
		"plain":          {},
		"browser":        {"Accept": {"text/html"}, "Accept-Encoding": {"gzip"}},
		"range":          {"Range": {"bytes=0-99"}},
		"range suffix":   {"Range": {"bytes=-4096"}},
		"if-range":       {"Range": {"bytes=10-20"}, "If-Range": {"\"anything\""}},
		"conditional":    {"If-None-Match": {"*"}},
		"modified since": {"If-Modified-Since": {"Mon, 01 Jan 2001 00:00:00 GMT"}},
	}
	for _, target := range privateTargets {
		for name, h := range variants {
			for _, method := range []string{http.MethodGet, http.MethodHead} {
				r := s.do(method, target, "192.0.2.1", h, "")
				withholds(t, method+" "+target+" "+name, r)
				if method == http.MethodGet && !strings.Contains(r.body, `<label for="secret">Password</label>`) && r.status != http.StatusNotFound {
					t.Errorf("GET %s %s: status %d, not the secret's page: %.80q", target, name, r.status, r.body)
				}
				if r.header.Get("Cross-Origin-Opener-Policy") != "same-origin" || r.header.Get("X-Robots-Tag") != "noindex" {
					t.Errorf("%s %s: headers %v, want COOP and noindex", method, target, r.header)
				}
			}
		}
	}
	// A form posted under the prefix without the cookie is not taken.
	fav := url.Values{"form-name": {contact.FormName}, "name": {"Eve"}, "email": {"eve@example.com"}, "message": {"picks"}}.Encode()
	withholds(t, "POST a form", s.do(http.MethodPost, "/private/alpha/", "192.0.2.1", nil, fav))
	if n, _ := s.store.Count(context.Background()); n != 0 {
		t.Errorf("stored %d messages posted without the cookie, want 0", n)
	}
}

func TestPrivateSecretOpensThePrefix(t *testing.T) {
	s := newPrivateSite(t)
	r := s.enter("/private/alpha/photos/1", "192.0.2.1", theSecret)
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/private/alpha/photos/1" {
		t.Fatalf("the secret: status %d, Location %q; want 303 back to the page", r.status, r.header.Get("Location"))
	}
	c := cookieOf(t, r)
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/private/alpha" || c.MaxAge != int(privateaccess.Lifetime/time.Second) {
		t.Errorf("cookie %+v: want HttpOnly, SameSite=Lax, Path=/private/alpha, 30 days", c)
	}
	with := http.Header{"Cookie": {c.Name + "=" + c.Value}}
	for _, target := range privateTargets[:8] {
		got := s.do(http.MethodGet, target, "192.0.2.9", with, "")
		if target == "/private/alpha" || target == "/private/alpha/index.html" {
			continue // the host's redirects and names; served as the host does
		}
		if got.status != http.StatusOK || !strings.Contains(got.body, mark) {
			t.Errorf("GET %s with the cookie: status %d, body %.60q; want the file", target, got.status, got.body)
		}
	}
	// The video plays as a public one does: ranges.
	got := s.do(http.MethodGet, "/private/alpha/video/v-1234.mp4", "192.0.2.9", http.Header{"Cookie": with["Cookie"], "Range": {"bytes=0-18"}}, "")
	if got.status != http.StatusPartialContent || got.body != mark {
		t.Errorf("a range with the cookie: status %d, body %q; want 206 and the first bytes", got.status, got.body)
	}
	// The cookie opens its own project only.
	if got := s.do(http.MethodGet, "/private/beta/", "192.0.2.9", with, ""); got.status == http.StatusOK {
		t.Errorf("alpha's cookie opened beta: status %d", got.status)
	}
}

func TestPrivateCookieRefused(t *testing.T) {
	s := newPrivateSite(t)
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	exp, sig, _ := strings.Cut(c.Value, ".")
	later, _ := strconv.ParseInt(exp, 10, 64)
	forged := map[string]string{
		"altered signature":         exp + "." + strings.Map(func(r rune) rune { return r ^ 1 }, sig),
		"expiry moved later":        strconv.FormatInt(later+86400, 10) + "." + sig,
		"another project's":         privateaccess.Cookie(theSecret, "beta", s.clock.Now().Add(time.Hour)),
		"signed by another secret":  privateaccess.Cookie("a guess", "alpha", s.clock.Now().Add(time.Hour)),
		"the signature alone":       sig,
		"empty":                     "",
		"beyond the lifetime":       privateaccess.Cookie(theSecret, "alpha", s.clock.Now().Add(privateaccess.Lifetime+time.Hour)),
		"another cookie name value": "1",
	}
	for name, value := range forged {
		r := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", http.Header{"Cookie": {c.Name + "=" + value}}, "")
		withholds(t, name, r)
	}
	// The real one works, until it expires.
	with := http.Header{"Cookie": {c.Name + "=" + c.Value}}
	if r := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", with, ""); r.status != http.StatusOK {
		t.Fatalf("the real cookie: status %d", r.status)
	}
	s.clock.Add(privateaccess.Lifetime)
	withholds(t, "expired", s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", with, ""))
	// A new secret shuts out every cookie of the old one.
	s.clock.Add(-privateaccess.Lifetime)
	*s.secret = "a new secret"
	withholds(t, "after the secret changed", s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", with, ""))
}

func TestPrivateWrongSecretsAreRateLimited(t *testing.T) {
	s := newPrivateSite(t)
	limited := 0
	for i := range 1000 {
		r := s.enter("/private/alpha/", "192.0.2.66", "guess "+strconv.Itoa(i))
		withholds(t, "a wrong secret", r)
		if r.header.Get("Set-Cookie") != "" {
			t.Fatalf("wrong secret %d set a cookie", i)
		}
		if r.status == http.StatusTooManyRequests {
			limited++
			if r.header.Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
		}
	}
	if limited < 990 {
		t.Errorf("%d of 1000 wrong secrets were refused as too many, want all but the first few", limited)
	}
	// Held back: even the right secret waits, from that address.
	r := s.enter("/private/alpha/", "192.0.2.66", theSecret)
	if r.status != http.StatusTooManyRequests {
		t.Errorf("the right secret during the flood: status %d, want 429", r.status)
	}
	wait, _ := strconv.Atoi(r.header.Get("Retry-After"))
	// Another client is not held back by the flood.
	if r := s.enter("/private/alpha/", "192.0.2.7", theSecret); r.status != http.StatusSeeOther {
		t.Errorf("another client's right secret: status %d, want 303", r.status)
	}
	// After the wait, the right secret works from the flooding address too.
	s.clock.Add(time.Duration(wait) * time.Second)
	if r := s.enter("/private/alpha/", "192.0.2.66", theSecret); r.status != http.StatusSeeOther {
		t.Errorf("the right secret after Retry-After: status %d, want 303", r.status)
	}
}

// Decision 0080 limits wrong secrets per address: a right one never
// counts, so a client who opens the project from several devices behind
// one address, or again after a cookie expired, is never held back by
// their own successes. Each case enters secrets in order from one address
// (DefaultPrivateLimit: 5 at once, then one every 12 seconds) and expects
// each answer's status.
func TestPrivateLimitCountsOnlyWrongSecrets(t *testing.T) {
	const right, wrong = true, false
	repeat := func(n int, v bool) []bool {
		out := make([]bool, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	statuses := func(n, status int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = status
		}
		return out
	}
	for _, c := range []struct {
		name    string
		entries []bool
		want    []int
	}{
		{"twenty right secrets", repeat(20, right), statuses(20, http.StatusSeeOther)},
		{"right ones, then a wrong one", append(repeat(10, right), wrong), append(statuses(10, http.StatusSeeOther), http.StatusUnauthorized)},
		{"four wrong, then right ones", append(repeat(4, wrong), repeat(6, right)...), append(statuses(4, http.StatusUnauthorized), statuses(6, http.StatusSeeOther)...)},
		{"right and wrong by turns: the wrong ones add up", []bool{right, wrong, right, wrong, right, wrong, right, wrong, right, wrong, right},
			[]int{303, 401, 303, 401, 303, 401, 303, 401, 303, 401, 429}},
		{"five wrong: the sixth entry waits, right or wrong", append(repeat(5, wrong), right, wrong),
			append(statuses(5, http.StatusUnauthorized), http.StatusTooManyRequests, http.StatusTooManyRequests)},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newPrivateSite(t)
			for i, ok := range c.entries {
				secret := "guess " + strconv.Itoa(i)
				if ok {
					secret = theSecret
				}
				if r := s.enter("/private/alpha/", "192.0.2.9", secret); r.status != c.want[i] {
					t.Fatalf("entry %d (right: %v): status %d, want %d", i+1, ok, r.status, c.want[i])
				}
			}
		})
	}
}

func TestPrivateNoSecretSetAdmitsNobody(t *testing.T) {
	s := newPrivateSite(t)
	for _, secret := range []string{"", "anything", theSecret} {
		withholds(t, "beta with "+strconv.Quote(secret), s.enter("/private/beta/", "192.0.2.1", secret))
	}
}

func TestPrivatePathTricks(t *testing.T) {
	s := newPrivateSite(t)
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	alphaCookie := http.Header{"Cookie": {c.Name + "=" + c.Value}}
	for _, target := range []string{
		"/private/beta/../alpha/img/p-480.jpg",
		"/projects/../private/alpha/img/p-480.jpg",
		"/private/alpha/%2e%2e/alpha/img/p-480.jpg",
		"/private%2Falpha/img/p-480.jpg",
		"/private/alpha%2Fimg%2Fp-480.jpg",
		"/private//alpha/img/p-480.jpg",
		"//private/alpha/img/p-480.jpg",
		"/PRIVATE/alpha/img/p-480.jpg",
		"/Private/alpha/img/p-480.jpg",
		"/%70rivate/alpha/img/p-480.jpg",
		"/private/./alpha/img/p-480.jpg",
		"/private/alpha/img/./p-480.jpg",
		"/img/../private/alpha/img/p-480.jpg",
		"/.netlify/images?url=/private/alpha/img/p-480.jpg&w=100",
		"/.netlify/images?url=%2Fprivate%2Falpha%2Fimg%2Fp-480.jpg",
		"/.netlify/images?url=/PRIVATE/alpha/img/p-480.jpg",
	} {
		withholds(t, target, s.do(http.MethodGet, target, "192.0.2.1", nil, ""))
		// alpha's cookie opens nothing through beta's name or a trick.
		if strings.Contains(target, "beta") || strings.Contains(target, "images") {
			withholds(t, target+" with alpha's cookie", s.do(http.MethodGet, target, "192.0.2.1", alphaCookie, ""))
		}
	}
	// What the site serves publicly is untouched.
	if r := s.do(http.MethodGet, "/img/photo-480.webp", "192.0.2.1", nil, ""); r.status != http.StatusOK || !bytes.Contains([]byte(r.body), []byte("WEBP")) {
		t.Errorf("a public image: status %d", r.status)
	}
}

// The client's picks arrive where contact messages do, with the project's
// title and each photo's file name; only past the gate, only under the
// private prefix.
func TestFavouritesArriveAsAMessage(t *testing.T) {
	s := newPrivateSite(t)
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	picks := url.Values{
		"form-name": {contact.FavouritesFormName}, "bot-field": {""},
		"project": {"Secret Alpha"}, "photos": {"IMG_0012.jpg\nIMG_0047.jpg", "DSC_1.jpg"},
		"name": {"Jo Client"}, "email": {"jo@example.com"}, "message": {"Please print these two large."},
	}.Encode()
	with := http.Header{"Cookie": {c.Name + "=" + c.Value}, "Accept": {"text/html"}}
	// Without the cookie: refused, nothing stored.
	withholds(t, "favourites without the cookie", s.do(http.MethodPost, "/private/alpha/photos/1", "192.0.2.1", http.Header{"Accept": {"text/html"}}, picks))
	// Outside the prefix: no such form.
	if r := s.do(http.MethodPost, "/contact", "192.0.2.1", http.Header{"Accept": {"text/html"}}, picks); r.status != http.StatusNotFound {
		t.Errorf("favourites posted to a public page: status %d, want 404", r.status)
	}
	r := s.do(http.MethodPost, "/private/alpha/photos/1", "192.0.2.1", with, picks)
	if r.status != http.StatusOK || !strings.Contains(r.body, "Your favourites were sent") {
		t.Fatalf("favourites with the cookie: status %d, %.120q", r.status, r.body)
	}
	msgs, err := s.store.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 {
		t.Fatalf("stored %d messages, want 1", len(msgs))
	}
	want := "Favourites from “Secret Alpha” (3 photos):\nIMG_0012.jpg\nIMG_0047.jpg\nDSC_1.jpg\n\nPlease print these two large."
	if m := msgs[0]; m.Name != "Jo Client" || m.Email != "jo@example.com" || m.Body != want {
		t.Errorf("stored %+v, want body %q", m, want)
	}
	// No photo chosen: refused with the reason, nothing more stored.
	empty := strings.Replace(picks, "photos=", "nophotos=", -1)
	if r := s.do(http.MethodPost, "/private/alpha/", "192.0.2.1", with, empty); r.status != http.StatusBadRequest || !strings.Contains(r.body, "Choose at least one photo") {
		t.Errorf("no photos: status %d, %.120q", r.status, r.body)
	}
	if n, _ := s.store.Count(context.Background()); n != 1 {
		t.Errorf("stored %d, want still 1", n)
	}
}

// Issue 48: a holder of one project's cookie filed a list under another
// project's title, with names not in any gallery. The project is the one
// the gate admitted and every name must be in its gallery: the shared
// vectors' cases (privateaccess testdata/vectors.json, which the Edge
// Function's tests check too), posted to the admitted project's page.
func TestFavouritesAreTheAdmittedProjects(t *testing.T) {
	var v struct {
		Favourites struct {
			Gallery privateaccess.Gallery `json:"gallery"`
			Cases   []struct {
				Name, Project string
				Photos        []string
				Field         string
				Problem       string
			} `json:"cases"`
		} `json:"favourites"`
	}
	data, err := os.ReadFile(filepath.Join("..", "privateaccess", "testdata", "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	gallery := v.Favourites.Gallery
	if len(v.Favourites.Cases) < 5 {
		t.Fatalf("%d favourites cases in vectors.json", len(v.Favourites.Cases))
	}
	for _, c := range v.Favourites.Cases {
		t.Run(c.Name, func(t *testing.T) {
			s := newPrivateSite(t)
			s.galleries.Projects["alpha"] = gallery
			cookie := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
			post := url.Values{
				"form-name": {contact.FavouritesFormName}, "bot-field": {""}, "project": {c.Project},
				"photos": c.Photos, "name": {"Jo Client"}, "email": {"jo@example.com"},
			}.Encode()
			for _, accept := range []string{"application/json", "text/html"} {
				r := s.do(http.MethodPost, "/private/alpha/photos/1", "192.0.2.1", http.Header{"Cookie": {cookie.Name + "=" + cookie.Value}, "Accept": {accept}}, post)
				if c.Field == "" {
					if r.status != http.StatusOK {
						t.Errorf("%s: status %d, want 200: %.200s", accept, r.status, r.body)
					}
					continue
				}
				want := c.Problem
				if accept == "text/html" {
					want = html.EscapeString(c.Problem)
				}
				if r.status != http.StatusBadRequest || !strings.Contains(r.body, want) && !strings.Contains(r.body, jsonText(c.Problem)) {
					t.Errorf("%s: status %d, %.300s; want 400 with %q", accept, r.status, r.body, c.Problem)
				}
			}
			msgs, err := s.store.List(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if c.Field != "" {
				if len(msgs) != 0 {
					t.Errorf("refused, yet stored %d: %+v", len(msgs), msgs)
				}
				return
			}
			if len(msgs) != 2 {
				t.Fatalf("stored %d, want 2", len(msgs))
			}
			if want := "Favourites from “" + gallery.Title + "”"; !strings.HasPrefix(msgs[0].Body, want) {
				t.Errorf("stored %q, want it under %q", msgs[0].Body, want)
			}
		})
	}
}

// jsonText is s as encoding/json writes it inside a string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// Without the build's list of galleries, no list is stored: refused,
// never filed unchecked.
func TestFavouritesWithoutGalleriesAreRefused(t *testing.T) {
	s := newPrivateSite(t)
	s.galleries.Projects = nil
	cookie := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	post := url.Values{"form-name": {contact.FavouritesFormName}, "project": {"Secret Alpha"}, "photos": {"IMG_0012.jpg"}, "name": {"Jo"}, "email": {"jo@example.com"}}.Encode()
	r := s.do(http.MethodPost, "/private/alpha/", "192.0.2.1", http.Header{"Cookie": {cookie.Name + "=" + cookie.Value}}, post)
	if r.status != http.StatusServiceUnavailable {
		t.Errorf("status %d, want 503", r.status)
	}
	if n, _ := s.store.Count(context.Background()); n != 0 {
		t.Errorf("stored %d, want 0", n)
	}
}

// Issue 48: an unknown address under the prefix, past the gate, got the
// site's 404.html, which loads the analytics with the private address in
// it. It gets the server's own page instead, as from the Edge Function.
func TestPrivateUnknownAddressIsNotTheSitesNotFoundPage(t *testing.T) {
	s := newPrivateSite(t)
	c := cookieOf(t, s.enter("/private/alpha/", "192.0.2.1", theSecret))
	with := http.Header{"Cookie": {c.Name + "=" + c.Value}, "Accept": {"text/html"}}
	for _, target := range []string{"/private/alpha/no-such-page", "/private/alpha/photos/99", "/PRIVATE/alpha/nope"} {
		r := s.do(http.MethodGet, target, "192.0.2.1", with, "")
		if r.status != http.StatusNotFound || strings.Contains(r.body, "<h1>404</h1>") {
			t.Errorf("%s: status %d, %.200q; want 404 without the site's 404.html", target, r.status, r.body)
		}
	}
	// A public unknown address still gets the site's page.
	if r := s.do(http.MethodGet, "/no-such-page", "192.0.2.1", nil, ""); r.status != http.StatusNotFound || !strings.Contains(r.body, "<h1>404</h1>") {
		t.Errorf("a public unknown address: status %d, %.200q", r.status, r.body)
	}
}

// TestPrivateAccessEnds is decision 0094: after the project's last day (in
// UTC) the secret gives no cookie and a cookie given before opens nothing;
// both are told so politely, with the owner's contact page and nothing of
// the project. Before, and on the last day, the project opens as ever.
func TestPrivateAccessEnds(t *testing.T) {
	s := newPrivateSite(t)
	alpha := s.galleries.Projects["alpha"]
	alpha.Expires, alpha.Owner = "2027-01-15", "Avery Morgan" // the clock starts 2027-01-15T08:00:00Z
	s.galleries.Projects["alpha"] = alpha

	// Before the end: the secret opens it, and its cookie opens a file.
	open := s.enter("/private/alpha/", "192.0.2.1", theSecret)
	if open.status != http.StatusSeeOther {
		t.Fatalf("on the last day, the secret: status %d, want 303", open.status)
	}
	c := cookieOf(t, open)
	with := http.Header{"Cookie": {c.Name + "=" + c.Value}, "Accept": {"text/html"}}
	if got := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", with, ""); got.status != http.StatusOK {
		t.Fatalf("on the last day, the cookie: status %d, want the file", got.status)
	}
	s.clock.Add(16*time.Hour - time.Second) // 23:59:59 UTC, the last second of the last day
	if got := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", with, ""); got.status != http.StatusOK {
		t.Fatalf("the last second of the last day: status %d, want the file", got.status)
	}

	s.clock.Add(time.Second) // midnight UTC: the day is over
	closed := func(what string, r reply) {
		t.Helper()
		withholds(t, what, r)
		if r.status != http.StatusForbidden {
			t.Errorf("%s after the last day: status %d, want 403", what, r.status)
		}
		if r.header.Get("Set-Cookie") != "" {
			t.Errorf("%s after the last day: Set-Cookie %q", what, r.header.Get("Set-Cookie"))
		}
		if r.header.Get("Cache-Control") != "no-store" || r.header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("%s after the last day: headers %v, want no-store and noindex", what, r.header)
		}
		if r.status == http.StatusForbidden && (!strings.Contains(r.body, "<h1>This private page is closed</h1>") || !strings.Contains(r.body, `<a href="/contact">Write to Avery Morgan</a>`)) {
			t.Errorf("%s after the last day: not the closed page with the contact page: %q", what, r.body)
		}
		if strings.Contains(r.body, alpha.Expires) || strings.Contains(r.body, "IMG_0012") {
			t.Errorf("%s after the last day: the page names the project: %q", what, r.body)
		}
	}
	closed("the secret", s.enter("/private/alpha/", "192.0.2.1", theSecret))
	for _, target := range privateTargets[:8] {
		closed("GET "+target+" with the cookie", s.do(http.MethodGet, target, "192.0.2.1", with, ""))
	}
	fav := url.Values{"form-name": {contact.FavouritesFormName}, "name": {"Ann"}, "email": {"ann@example.com"}, "project": {"Secret Alpha"}, "photos": {"IMG_0012.jpg"}}.Encode()
	closed("favourites with the cookie", s.do(http.MethodPost, "/private/alpha/", "192.0.2.1", with, fav))
	if n, _ := s.store.Count(context.Background()); n != 0 {
		t.Errorf("stored %d lists after the last day, want 0", n)
	}
	// Without the secret or the cookie: the secret's page, as for any
	// project, which says nothing of the end.
	for _, r := range []reply{s.enter("/private/alpha/", "192.0.2.1", "a guess"), s.do(http.MethodGet, "/private/alpha/", "192.0.2.1", nil, "")} {
		if r.status != http.StatusUnauthorized || strings.Contains(r.body, "closed") {
			t.Errorf("without the secret after the last day: status %d, body %.80q; want the secret's page", r.status, r.body)
		}
	}
	// The owner moves the date on: the same cookie opens it again.
	alpha.Expires = "2027-02-15"
	s.galleries.Projects["alpha"] = alpha
	if got := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", with, ""); got.status != http.StatusOK {
		t.Errorf("with a later last day: status %d, want the file", got.status)
	}
}

// TestClosedPageFile: testdata/closed-page.html is the page `serve` sends
// once a project's access has ended, for an owner whose name needs
// escaping, and closed-page-sv.html the same page at a Swedish address of
// a site in two languages, in the catalogue's words (decision 0123,
// amended); the Edge Function's tests check that it sends the same bytes
// (netlify/private-gate/gate.test.mjs). `go test ./cli/internal/server
// -run ClosedPage -update` rewrites them.
func TestClosedPageFile(t *testing.T) {
	for _, tt := range []struct {
		file, path string
		site       *privateaccess.Site
	}{
		// The same sites the Edge Function's test gives (gate.test.mjs).
		{"closed-page.html", "/private/alpha/", &privateaccess.Site{Name: `Avery & Jo O'Neil <studio>`, Text: "/assets/inter-DWCdPg6A.woff2", Display: "/assets/fraunces-BpEfuOmu.woff2"}},
		{"closed-page-sv.html", "/private/alpha/sv/", twoLanguages},
	} {
		t.Run(tt.file, func(t *testing.T) {
			s := newPrivateSite(t)
			alpha := s.galleries.Projects["alpha"]
			alpha.Expires, alpha.Owner = "2027-01-14", `Avery & Jo O'Neil <studio>`
			s.galleries.Projects["alpha"] = alpha
			s.galleries.Site = tt.site
			r := s.enter(tt.path, "192.0.2.1", theSecret)
			if r.status != http.StatusForbidden {
				t.Fatalf("the secret after the last day: status %d, want 403", r.status)
			}
			if !golden.File(t, filepath.Join("testdata", tt.file), []byte(r.body)) {
				t.Log(edgeFunctionReadsIt)
			}
		})
	}
}

// failableStore stores through next, or fails while *fails is set.
type failableStore struct {
	next  storeAdapter
	fails *bool
}

func (f failableStore) Add(ctx context.Context, m server.Message) error {
	if *f.fails {
		return errors.New("disk full")
	}
	return f.next.Add(ctx, m)
}

// TestPrivateTooManyTriesInTheLanguage: the secret page's "too many
// tries" names the wait in the page's language, with the words the build
// took from the site's catalogue (decision 0123, amended): the phrase and
// the units alike; a file without them says the English catalogue's.
func TestPrivateTooManyTriesInTheLanguage(t *testing.T) {
	const sv = `{"name": "Avery Morgan", "languages": ["en", "sv"], "messages": {"en": {}, "sv": {
	  "title": "Privat galleri", "tooMany": "För många försök. Vänta {wait} & skriv lösenordet igen.",
	  "wait": {"second": "en sekund", "seconds": "{n} sekunder", "minutes": "{n} minuter"}}}}`
	var withWords privateaccess.Site
	if err := json.Unmarshal([]byte(sv), &withWords); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, path string
		site       *privateaccess.Site
		want       string
	}{
		{"Swedish", "/private/alpha/sv/", &withWords, "För många försök. Vänta 12 sekunder &amp; skriv lösenordet igen."},
		{"a language without the words", "/private/alpha/", &withWords, "Too many tries from your address. Wait 12 seconds, then enter the password again."},
		{"no words at all", "/private/alpha/sv/", nil, "Too many tries from your address. Wait 12 seconds, then enter the password again."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newPrivateSite(t)
			s.galleries.Site = tt.site
			var r reply
			for i := range 6 {
				r = s.enter(tt.path, "192.0.2.9", "guess "+strconv.Itoa(i))
			}
			if r.status != http.StatusTooManyRequests {
				t.Fatalf("status %d, want 429", r.status)
			}
			if !strings.Contains(r.body, `<p role="alert">`+tt.want+`</p>`) {
				t.Errorf("the page does not say %q:\n%s", tt.want, r.body)
			}
		})
	}
}
