package server

import (
	"net/url"
	"path"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portfolio/cli/internal/privateaccess"
)

const fuzzPage = `<!doctype html><html><head><title>Contact</title></head><body>
<form name="contact" hidden><input name="name"></form>
<form name="contact" method="post"><input type="hidden" name="form-name" value="contact">
<input name="bot-field" tabindex="-1">
<input id="name" name="name" aria-describedby="name-error"><p data-error-for="name"></p>
<input name="email" type="email" value="old"><span data-error-for="email">old <b>text</b></span>
<textarea name="message" rows="6">
kept</textarea><div data-error-for="message"><div></div></div>
<div data-form-status></div><button type="submit">Send</button></form>
<p>after</p></body></html>`

// FuzzFillForm: whatever the visitor sends, the filled page parses back to
// the same elements (no markup injected), with each value and message
// exactly as sent (after the newline normalisation every HTML parser does).
func FuzzFillForm(f *testing.F) {
	for _, s := range [][3]string{
		{"Ada", "ada@example.com", "Hello"},
		{`"><script>alert(1)</script>`, `' onfocus='x`, "</textarea><b>x</b>"},
		{"a&amp;b", "<!--", "\n\nleading newlines"},
		{"\r\n", "\x00", "\r\rcr"},
		{"</form><form name=contact>", "&#0;", "]]><![CDATA["},
		{"\xff\xfe", "\u202e", "<textarea>"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, name, email, message string) {
		values := url.Values{"form-name": {"contact"}, "name": {name}, "email": {email}, "message": {message}}
		problems := map[string]string{"name": name, "message": "<b>bad</b> & " + message}
		out, ok := fillForm([]byte(fuzzPage), "contact", values, problems, "Please correct the fields below.")
		if !ok {
			t.Fatal("form not found")
		}
		// The same page filled with plain text: the elements must not differ.
		plain := url.Values{"form-name": {"contact"}, "name": {"x"}, "email": {"x"}, "message": {"x"}}
		want, _ := fillForm([]byte(fuzzPage), "contact", plain, map[string]string{"name": "x", "message": "x"}, "x")
		before := elements(t, string(want))
		after := elements(t, string(out))
		if strings.Join(before, " ") != strings.Join(after, " ") {
			t.Fatalf("elements changed:\n%v\n%v", before, after)
		}
		doc, _ := html.Parse(strings.NewReader(string(out)))
		form := nodes(doc, func(n *html.Node) bool { return n.Data == "form" })[1]
		field := func(n string) *html.Node {
			return nodes(form, func(x *html.Node) bool { return attrOf(x, "name") == n && x.Data != "p" })[0]
		}
		norm := func(s string) string {
			s = strings.ReplaceAll(s, "\r\n", "\n")
			s = strings.ReplaceAll(s, "\r", "\n")
			s = strings.ReplaceAll(s, "\x00", "\uFFFD")
			return strings.ToValidUTF8(s, "\uFFFD")
		}
		if got := norm(attrOf(field("name"), "value")); got != norm(name) {
			t.Errorf("name %q, want %q", got, name)
		}
		if got := norm(attrOf(field("email"), "value")); got != norm(email) {
			t.Errorf("email %q, want %q", got, email)
		}
		if got := norm(textOf(field("message"))); got != norm(message) {
			t.Errorf("message %q, want %q", got, message)
		}
		errMsg := nodes(form, func(x *html.Node) bool { return attrOf(x, "data-error-for") == "message" })[0]
		// In text between tags the parser drops NUL characters.
		if got := norm(textOf(errMsg)); got != norm(strings.ReplaceAll(problems["message"], "\x00", "")) {
			t.Errorf("message error %q, want %q", got, problems["message"])
		}
	})
}

// elements lists the start tags of a page as the HTML parser builds it.
func elements(t *testing.T, page string) []string {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range nodes(doc, func(*html.Node) bool { return true }) {
		out = append(out, n.Data)
	}
	return out
}

func nodes(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			out = append(out, d)
		}
	}
	return out
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// FuzzClassify: an accepted path has one meaning. Its segments are
// the raw segments decoded one by one, none of them empty, "." or "..",
// none holding a slash, backslash or control character; cleaning it
// changes nothing.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"/", "/about", "/about/", "/assets/..%2fabout", "/%2e%2e/x", "//x", "/a\\b", "/a%5cb",
		"/x.", "/x%20", "/a:b", "/%00", "/%ff", "/%252e", "/A/B", "/caf%C3%A9", "/a/./b", "/.../x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := url.ParseRequestURI(raw)
		if err != nil {
			return
		}
		c := classify(u)
		if c.Kind == privateaccess.Refused {
			return
		}
		p := c.Path
		if p != u.Path {
			t.Fatalf("%q: path %q differs from the parsed %q", raw, p, u.Path)
		}
		trimmed := strings.TrimSuffix(p, "/")
		if trimmed == "" {
			return
		}
		rawSegs := strings.Split(strings.TrimSuffix(u.EscapedPath(), "/")[1:], "/")
		segs := strings.Split(trimmed[1:], "/")
		if len(rawSegs) != len(segs) {
			t.Fatalf("%q: %d segments sent, %d served", raw, len(rawSegs), len(segs))
		}
		for i, seg := range segs {
			dec, _ := url.PathUnescape(rawSegs[i])
			if dec != seg || seg == "" || seg == "." || seg == ".." || strings.ContainsAny(seg, "/\\\x00\r\n") {
				t.Fatalf("%q: segment %q (sent %q)", raw, seg, rawSegs[i])
			}
		}
		if cleaned := pathClean(p); cleaned != trimmed {
			t.Fatalf("%q: cleaning %q gives %q", raw, p, cleaned)
		}
	})
}

func pathClean(p string) string { return path.Clean(p) }
