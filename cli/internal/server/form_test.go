package server_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portfolio/cli/internal/server"
)

// nativePost posts as a browser's form does (Accept lists text/html) and
// does not follow redirects.
func nativePost(t *testing.T, base, target string, values url.Values, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+target, strings.NewReader(values.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", urlencoded)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func stored(t *testing.T, s site) int {
	t.Helper()
	n, err := s.store.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestNativePostSuccess(t *testing.T) {
	valid := form(map[string]string{"name": "Ada", "email": "ada@example.com", "message": "Hello"})
	tests := []struct {
		name, target string
		values       url.Values
		referer      string
		status       int
		location     string // for 303
		backLink     string // for the built-in page
		stored       int
	}{
		{"to a page: see other", "/contact/sent/", valid, "", 303, "/contact/sent/", "", 1},
		{"to a page without its slash", "/contact/sent", valid, "", 303, "/contact/sent", "", 1},
		{"to the home page", "/", valid, "", 303, "/", "", 1},
		{"honeypot: answered alike, dropped", "/contact/sent/", form(map[string]string{"name": "Bot", "email": "b@example.com", "message": "spam", "bot-field": "x"}), "", 303, "/contact/sent/", "", 0},
		{"not a page: built-in success page", "/thanks", valid, "", 200, "", "/", 1},
		{"back to a same-origin referer", "/no/such/page", valid, "SELF/contact?x=1", 200, "", "/contact?x=1", 1},
		{"a foreign referer is not linked", "/thanks", valid, "https://evil.example/phish", 200, "", "/", 1},
		{"a protocol-relative referer path is not linked", "/thanks", valid, "SELF//evil.example/", 200, "", "/", 1},
		{"a script referer is not linked", "/thanks", valid, "javascript:alert(1)", 200, "", "/", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, server.DefaultLimit)
			hdr := map[string]string{}
			if tt.referer != "" {
				hdr["Referer"] = strings.Replace(tt.referer, "SELF", s.url, 1)
			}
			res, body := nativePost(t, s.url, tt.target, tt.values, hdr)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %.200s", res.StatusCode, tt.status, body)
			}
			if tt.status == 303 && res.Header.Get("Location") != tt.location {
				t.Errorf("Location %q, want %q", res.Header.Get("Location"), tt.location)
			}
			if tt.status == 200 {
				if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
					t.Errorf("Content-Type %q", ct)
				}
				doc := parse(t, body)
				if got := text(find(doc, "h1")); got != "Thank you! Your message has been received." {
					t.Errorf("heading %q", got)
				}
				if a := find(doc, "a"); a == nil || attr(a, "href") != tt.backLink {
					t.Errorf("back link %v, want %q", a, tt.backLink)
				}
			}
			if got := res.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control %q, want no-store", got)
			}
			if n := stored(t, s); n != tt.stored {
				t.Errorf("stored %d, want %d", n, tt.stored)
			}
		})
	}
}

// An invalid native post gets the contact page back with everything the
// visitor typed in place, each invalid field marked and its message shown.
func TestNativePostInvalidRefillsThePage(t *testing.T) {
	s := start(t, server.DefaultLimit)
	typed := map[string]string{
		"name":    `"><script>alert(1)</script> & Ada`,
		"email":   `not an email' onfocus='x`,
		"message": "\nLine one </textarea><b>bold</b>\n&amp; done",
	}
	res, body := nativePost(t, s.url, "/contact/sent/", form(typed), nil)
	if res.StatusCode != 400 {
		t.Fatalf("status %d, want 400", res.StatusCode)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if res.Header.Get("Content-Security-Policy") == "" || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", res.Header)
	}
	if strings.Contains(body, "<script>") || strings.Contains(body, "<b>") {
		t.Fatalf("visitor text reached the page as markup:\n%s", body)
	}
	doc := parse(t, body)
	forms := findAll(doc, func(n *html.Node) bool { return n.Data == "form" })
	if len(forms) != 1 || attr(forms[0], "name") != "contact" {
		t.Fatalf("forms = %d, want the contact page's one form", len(forms))
	}
	f := forms[0]
	field := func(name string) *html.Node {
		return first(f, func(n *html.Node) bool { return (n.Data == "input" || n.Data == "textarea") && attr(n, "name") == name })
	}
	if got := attr(field("name"), "value"); got != typed["name"] {
		t.Errorf("name value %q, want %q", got, typed["name"])
	}
	if got := attr(field("email"), "value"); got != typed["email"] {
		t.Errorf("email value %q, want %q", got, typed["email"])
	}
	if got := text(field("message")); got != typed["message"] {
		t.Errorf("message text %q, want %q", got, typed["message"])
	}
	if got := attr(field("form-name"), "value"); got != "contact" {
		t.Errorf("form-name %q", got)
	}
	// The name is valid (it has text); the email is not; the message is.
	for name, invalid := range map[string]bool{"name": false, "email": true, "message": false} {
		if got := attr(field(name), "aria-invalid") == "true"; got != invalid {
			t.Errorf("%s aria-invalid %v, want %v", name, got, invalid)
		}
		msg := text(first(f, func(n *html.Node) bool { return attr(n, "data-error-for") == name }))
		if invalid && msg != "Invalid email address" || !invalid && msg != "" {
			t.Errorf("%s error text %q", name, msg)
		}
	}
	status := first(f, func(n *html.Node) bool { return hasAttr(n, "data-form-status") })
	if text(status) != "Please correct the fields below." || attr(status, "role") != "alert" {
		t.Errorf("status %q role %q", text(status), attr(status, "role"))
	}
	if n := stored(t, s); n != 0 {
		t.Errorf("stored %d", n)
	}

	// Every field invalid: each one marked, with its own message.
	res, body = nativePost(t, s.url, "/", form(map[string]string{"name": " ", "email": "", "message": strings.Repeat("m", 1001)}), nil)
	if res.StatusCode != 400 {
		t.Fatalf("status %d", res.StatusCode)
	}
	doc = parse(t, body)
	want := map[string]string{"name": "Name is required", "email": "Invalid email address", "message": "Message must be less than 1000 characters"}
	for name, msg := range want {
		el := first(doc, func(n *html.Node) bool { return attr(n, "data-error-for") == name })
		if text(el) != msg {
			t.Errorf("%s: %q, want %q", name, text(el), msg)
		}
	}
	if got := text(first(doc, func(n *html.Node) bool { return n.Data == "textarea" })); got != strings.Repeat("m", 1001) {
		t.Errorf("the long message was not put back whole (%d characters)", len(got))
	}
}

// A site in several languages (decision 0116): each language's contact
// form names its language in a hidden field; a message keeps it, and an
// invalid native post gets back the page of the language it was sent from.
func TestNativePostInEachLanguage(t *testing.T) {
	dir := writeSite(t)
	langPage := func(lang string) string {
		p := strings.Replace(contactPage, `<html lang="en">`, `<html lang="`+lang+`">`, 1)
		return strings.Replace(p, `<input type="hidden" name="form-name" value="contact">`,
			`<input type="hidden" name="form-name" value="contact"><input type="hidden" name="language" value="`+lang+`">`, 1)
	}
	for name, body := range map[string]string{"contact/index.html": langPage("sv"), "en/contact/index.html": langPage("en")} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What the prerender writes of the catalogue (hostmsg.File): the
	// status and the problems in each language (decision 0123).
	messages := `{"languages": ["sv", "en"], "messages": {
  "sv": {"gate": {}, "form": {"invalid": "Rätta fälten nedan.", "problems": {"Invalid email address": "Ogiltig e-postadress", "Name is required": "Skriv ditt namn"}}},
  "en": {"gate": {}, "form": {"invalid": "Please correct the fields below.", "problems": {"Invalid email address": "Invalid email address", "Name is required": "Name is required"}}}}}`
	if err := os.MkdirAll(filepath.Join(dir, ".vite"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".vite", "messages.json"), []byte(messages), 0o644); err != nil {
		t.Fatal(err)
	}
	s := serveDir(t, dir, func(c *server.Config) { c.Limit = server.Unlimited })
	says := map[string][3]string{
		"en": {"Please correct the fields below.", "Invalid email address", "Name is required"},
		"sv": {"Rätta fälten nedan.", "Ogiltig e-postadress", "Skriv ditt namn"},
	}
	for _, lang := range []string{"en", "sv"} {
		res, body := nativePost(t, s.url, "/contact/sent/", form(map[string]string{"name": " ", "email": "nope", "message": "Hej", "language": lang}), nil)
		if res.StatusCode != 400 {
			t.Fatalf("%s: status %d, want 400", lang, res.StatusCode)
		}
		doc := parse(t, body)
		if got := attr(find(doc, "html"), "lang"); got != lang {
			t.Errorf("a post from the %s form came back on the %s page", lang, got)
		}
		errorFor := func(field string) string {
			return text(first(doc, func(n *html.Node) bool { return attr(n, "data-error-for") == field }))
		}
		status := text(first(doc, func(n *html.Node) bool { return hasAttr(n, "data-form-status") }))
		if got := [3]string{status, errorFor("email"), errorFor("name")}; got != says[lang] {
			t.Errorf("a post from the %s form says %q, want %q", lang, got, says[lang])
		}
	}
	for _, sent := range []string{"en", "sv", "e<", "english", ""} {
		if res, _ := nativePost(t, s.url, "/contact/sent/", form(map[string]string{"name": "Ada", "email": "ada@example.com", "message": "Hello", "language": sent}), nil); res.StatusCode != 303 {
			t.Fatalf("language %q: status %d, want 303", sent, res.StatusCode)
		}
	}
	msgs, err := s.store.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range msgs {
		got = append(got, m.Language)
	}
	if want := []string{"en", "sv", "", "", ""}; !slices.Equal(got, want) {
		t.Errorf("languages stored %q, want %q (only a language code is kept)", got, want)
	}
}

// The other failures of a native post are small readable pages.
func TestNativePostFailuresAreReadablePages(t *testing.T) {
	valid := form(map[string]string{"name": "Ada", "email": "ada@example.com", "message": "Hello"})
	tests := []struct {
		name        string
		limit       server.Limit
		contentType string
		body        string
		status      int
		says        string
	}{
		{"unknown form", server.DefaultLimit, urlencoded, "form-name=%3Cb%3Enews%3C%2Fb%3E", 404, "There is no form named"},
		{"too large", server.DefaultLimit, urlencoded, form(map[string]string{"message": strings.Repeat("x", 9<<10)}).Encode(), 413, "too large"},
		{"wrong type", server.DefaultLimit, "multipart/form-data; boundary=x", "--x--", 415, "could not be read"},
		{"too many", server.Limit{Burst: 0, Every: 1<<62 - 1}, urlencoded, valid.Encode(), 429, "Too many messages"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, tt.limit)
			req, _ := http.NewRequest(http.MethodPost, s.url+"/contact/sent/", strings.NewReader(tt.body))
			req.Header.Set("Content-Type", tt.contentType)
			req.Header.Set("Accept", "text/html")
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			body := string(b)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Errorf("Content-Type %q", res.Header.Get("Content-Type"))
			}
			if !strings.Contains(body, tt.says) || strings.Contains(body, "<b>news") {
				t.Errorf("page does not say %q (or shows markup it was sent):\n%s", tt.says, body)
			}
			doc := parse(t, body)
			if find(doc, "h1") == nil || find(doc, "a") == nil || find(doc, "title") == nil {
				t.Errorf("want a title, a heading and a link back:\n%s", body)
			}
			if res.Header.Get("Content-Security-Policy") == "" {
				t.Error("no security headers")
			}
		})
	}
}

// A post to any path is a form post, as on the host; the island's fetch
// (no text/html in Accept) still gets JSON.
func TestPostAtAnyPath(t *testing.T) {
	s := start(t, server.DefaultLimit)
	body := form(map[string]string{"name": "Ada", "email": "ada@example.com", "message": "Hello"}).Encode()
	for i, target := range []string{"/contact", "/contact/sent/", "/no-such-page"} {
		res, err := http.Post(s.url+target, urlencoded, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b), `"ok":true`) || res.Header.Get("Content-Type") != "application/json" {
			t.Errorf("POST %s: %d %s %q", target, res.StatusCode, res.Header.Get("Content-Type"), b)
		}
		if n := stored(t, s); n != i+1 {
			t.Errorf("stored %d, want %d", n, i+1)
		}
	}
}

func parse(t *testing.T, body string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func findAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			out = append(out, d)
		}
	}
	return out
}

func first(n *html.Node, match func(*html.Node) bool) *html.Node {
	if all := findAll(n, match); len(all) > 0 {
		return all[0]
	}
	return nil
}

func find(n *html.Node, tag string) *html.Node {
	return first(n, func(n *html.Node) bool { return n.Data == tag })
}

func attr(n *html.Node, key string) string {
	if n == nil {
		return "<no element>"
	}
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func text(n *html.Node) string {
	if n == nil {
		return "<no element>"
	}
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

type failingStore struct{}

func (failingStore) Add(context.Context, server.Message) error {
	return errors.New("disk I/O error on /data/\x1b[31mmessages.db")
}

// A message that cannot be stored is never answered as sent: a browser
// gets a page saying so (its text is still in the form it goes back to), a
// script a 500; the log says why, escaped.
func TestStorageFailure(t *testing.T) {
	var log syncBuffer
	s := startWith(t, func(c *server.Config) { c.Store, c.Log = failingStore{}, &log })
	valid := form(map[string]string{"name": "Ada", "email": "ada@example.com", "message": "Hello"})
	res, body := nativePost(t, s.url, "/contact/sent/", valid, nil)
	if res.StatusCode != 500 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || !strings.Contains(body, "not sent") {
		t.Errorf("native post: %d %s\n%s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	if res.Header.Get("Content-Security-Policy") == "" {
		t.Error("no security headers")
	}
	a := post(t, http.DefaultClient, s.url, urlencoded, valid.Encode())
	if a.status != 500 || a.body.OK || a.body.Error == "" {
		t.Errorf("script post: %d %+v", a.status, a.body)
	}
	if got := log.String(); !strings.Contains(got, `cannot store a message`) || strings.Contains(got, "\x1b") {
		t.Errorf("log %q", got)
	}
}

// TestFormRefusalsInTheLanguage: a post serve refuses before checking its
// fields gets a page in the language the post names when its body was
// read (a form the site has not), else the site's default; each in the
// catalogue's words as the prerender wrote them (hostmsg.File; decision
// 0123, amended), and in English without them.
func TestFormRefusalsInTheLanguage(t *testing.T) {
	const messages = `{"languages": ["sv", "en"], "messages": {
  "sv": {"gate": {"wait": {"second": "en sekund", "seconds": "{n} sekunder", "minutes": "{n} minuter"}}, "form": {}, "notices": {
    "tooMany": {"title": "För många", "text": "Försök igen om {wait}."}, "tooLarge": {"title": "För stort", "text": "Gränsen är {limit} KB."},
    "unsupported": {"title": "Oläsligt", "text": "Skicka det från sidan."}, "unreadable": {"title": "Oläsligt", "text": "Gick inte att läsa."},
    "unknown": {"title": "Okänt formulär", "text": "Inget formulär heter {form} & så."}, "back": "Gå tillbaka", "home": "Gå till startsidan"}},
  "en": {"gate": {}, "form": {}, "notices": {}}}}`
	type refusal struct {
		name, contentType, body string
		status                  int
	}
	refusals := []refusal{
		{"unknown form", urlencoded, url.Values{"form-name": {"nope"}, "language": {"sv"}}.Encode(), http.StatusNotFound},
		{"unknown form, in English", urlencoded, url.Values{"form-name": {"nope"}, "language": {"en"}}.Encode(), http.StatusNotFound},
		{"not urlencoded", "text/plain", "form-name=contact&language=en", http.StatusUnsupportedMediaType},
		{"too large", urlencoded, "form-name=contact&language=en&message=" + strings.Repeat("x", 4096), http.StatusRequestEntityTooLarge},
		{"too many", urlencoded, "form-name=contact&language=en", http.StatusTooManyRequests},
	}
	want := map[bool]map[string][2]string{
		true: { // with the file
			"unknown form": {`<html lang="sv">`, `<h1>Okänt formulär</h1>
<p>Inget formulär heter &#34;nope&#34; &amp; så.</p>
<p><a href="/">Gå till startsidan</a></p>`},
			"unknown form, in English": {`<html lang="en">`, `<h1>Unknown form</h1>
<p>There is no form named &#34;nope&#34; on this site. Go back and send the page&#39;s own form.</p>
<p><a href="/">Go to the home page</a></p>`},
			"not urlencoded": {`<html lang="sv">`, "<h1>Oläsligt</h1>\n<p>Skicka det från sidan.</p>"},
			"too large":      {`<html lang="sv">`, "<h1>För stort</h1>\n<p>Gränsen är 2 KB.</p>"},
			"too many":       {`<html lang="sv">`, "<h1>För många</h1>\n<p>Försök igen om 60 sekunder.</p>"},
		},
		false: {
			"unknown form":             {`<html lang="en">`, "<h1>Unknown form</h1>"},
			"unknown form, in English": {`<html lang="en">`, "<h1>Unknown form</h1>"},
			"not urlencoded":           {`<html lang="en">`, "<h1>The form could not be read</h1>"},
			"too large":                {`<html lang="en">`, "<h1>The message is too large</h1>\n<p>The message is too large to send (the limit is 2 KB)."},
			"too many":                 {`<html lang="en">`, "<h1>Too many messages</h1>\n<p>Too many messages came from your address. Please try again in 60 seconds;"},
		},
	}
	for _, withFile := range []bool{true, false} {
		dir := writeSite(t)
		if withFile {
			if err := os.MkdirAll(filepath.Join(dir, ".vite"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, ".vite", "messages.json"), []byte(messages), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s := serveDir(t, dir, func(c *server.Config) { c.MaxBody = 2048; c.Limit = server.Limit{Burst: 4, Every: time.Minute} })
		for _, tt := range refusals {
			req, err := http.NewRequest(http.MethodPost, s.url+"/contact/", strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", tt.contentType)
			req.Header.Set("Accept", "text/html")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			w := want[withFile][tt.name]
			if res.StatusCode != tt.status || !strings.Contains(string(b), w[0]) || !strings.Contains(string(b), w[1]) {
				t.Errorf("with the file %v, %s: status %d, want %d with %q and %q:\n%s", withFile, tt.name, res.StatusCode, tt.status, w[0], w[1], b)
			}
		}
	}
}
