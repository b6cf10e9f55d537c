// Package headers owns the site's response headers as a value: the
// Content-Security-Policy (from the content's other origins and the facts
// only the prerender knows), the other security headers and the caching of
// hashed files. `portfolio build` writes the value twice into the built
// site: `_headers`, the file Netlify applies to the deployed site, and
// `_headers.json`, which `portfolio serve` decodes to send the same headers
// locally. Nothing reads `_headers` back.
package headers

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/rights"
)

// Rule is the headers of the paths a pattern names: "/*" every path,
// "/assets/*" that folder and everything under it, "/about/" that page
// (letters in either case).
type Rule struct {
	Path string `json:"path"`
	// Comment is written above the rule in `_headers`.
	Comment string   `json:"comment,omitempty"`
	Headers []Header `json:"headers"`
}

// Header is one header of a rule.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Set is the site's rules, in order.
type Set []Rule

// Facts are what only the prerender knows, written to FactsFile: whether
// the pages load the analytics tag, the hashes ('sha256-…') of the inline
// scripts they run, the paths of the pages it wrote, and what every page's
// first paint needs from the server (its style sheet, its fonts).
type Facts struct {
	Analytics    bool      `json:"analytics"`
	ScriptHashes []string  `json:"scriptHashes"`
	Pages        []string  `json:"pages"`
	Preload      []Preload `json:"preload"`
}

// Preload is a file a page links in its head and needs for its first paint.
type Preload struct {
	Href string `json:"href"`
	// As is the request's destination: "style" or "font".
	As string `json:"as"`
	// Type is the file's MIME type, for fonts.
	Type string `json:"type,omitempty"`
	// CrossOrigin: fonts are fetched in CORS mode, and a preload only
	// serves the page's own request when both modes agree.
	CrossOrigin bool `json:"crossorigin,omitempty"`
}

// Link is the preload in an HTTP Link header's syntax (RFC 8288).
func (p Preload) Link() string {
	v := "<" + p.Href + ">; rel=preload; as=" + p.As
	if p.Type != "" {
		v += `; type="` + p.Type + `"`
	}
	if p.CrossOrigin {
		v += "; crossorigin"
	}
	return v
}

var (
	sitePath = regexp.MustCompile(`^/[A-Za-z0-9._~/-]*$`)
	mimeType = regexp.MustCompile(`^[a-z]+/[a-z0-9.+-]+$`)
)

// check refuses facts that would write a header the prerender cannot mean:
// a page or file that is not a plain site path (a comma, quote or angle
// bracket would end the Link header's value early), an unknown destination.
func (f Facts) check() error {
	if len(f.Pages) > maxPages || len(f.Preload) > maxPreloads {
		return fmt.Errorf("%d pages and %d preloads: at most %d and %d", len(f.Pages), len(f.Preload), maxPages, maxPreloads)
	}
	for _, p := range f.Pages {
		if !sitePath.MatchString(p) || strings.Contains(p, "//") {
			return fmt.Errorf("page %q is not a site path such as /about/", p)
		}
	}
	for _, p := range f.Preload {
		switch {
		case !sitePath.MatchString(p.Href) || strings.Contains(p.Href, "//"):
			return fmt.Errorf("preload %q is not a site path such as /assets/site.css", p.Href)
		case p.As != "style" && p.As != "font":
			return fmt.Errorf("preload %s: as %q, want style or font", p.Href, p.As)
		case p.Type != "" && !mimeType.MatchString(p.Type):
			return fmt.Errorf("preload %s: type %q is not a MIME type", p.Href, p.Type)
		}
	}
	return nil
}

// Bounds on the facts: the site has a few dozen pages and preloads three files.
const (
	maxPages    = 10_000
	maxPreloads = 16
)

// Files, relative to the built site (dist).
const (
	NetlifyFile = "_headers"
	JSONFile    = "_headers.json"
	FactsFile   = ".vite/prerender.json"
)

// Origins are the other origins the pages reach: the hosts of external
// images and of embedded prototypes, sorted, and the analytics service
// site.yaml chooses.
type Origins struct {
	Images, Frames []string
	Analytics      content.Analytics
	// Private says the site has a private project, published under
	// content.PrivateRoute (docs/decisions/0080).
	Private bool
	// Rights say whether every response carries the AI-training opt-out
	// (the zero value does: it is the default, decision 0101).
	Rights content.Rights
}

// OriginsOf collects them from the content, as the site shows them: a
// gallery's external images and prototype blocks.
func OriginsOf(c *content.Content) Origins {
	var o Origins
	add := func(list *[]string, raw string) {
		if u, err := url.Parse(raw); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
			if origin := u.Scheme + "://" + u.Host; !slices.Contains(*list, origin) {
				*list = append(*list, origin)
			}
		}
	}
	for _, p := range c.Projects {
		o.Private = o.Private || p.Private()
		for _, img := range p.Gallery {
			add(&o.Images, img.URL)
		}
		for _, b := range p.Body {
			if proto, ok := b.(*content.PrototypeBlock); ok {
				add(&o.Frames, proto.URL)
			}
		}
	}
	slices.Sort(o.Images)
	slices.Sort(o.Frames)
	o.Analytics = c.Analytics()
	o.Rights = c.Rights()
	return o
}

// analyticsHosts are the origins the chosen provider's code may load
// scripts from, and send to (fetch, beacon or image): GA4 loads gtag.js and
// sends to Google's hosts; the cookieless providers load nothing and the
// page script sends one request to their origin (docs/site.md §7).
func analyticsHosts(a content.Analytics) (scripts, data []string) {
	switch {
	case !a.On():
		return nil, nil
	case a.Provider == content.ProviderGA4:
		return []string{"https://www.googletagmanager.com"},
			[]string{"https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"}
	case a.Origin != "":
		return nil, []string{a.Origin}
	}
	return nil, nil
}

// For is the site's headers. Only the site itself may run scripts (and the
// inline ones the facts name) and nothing may frame it; images, frames and
// connections reach exactly the other origins the content and the chosen
// analytics provider use (none when the prerender says the pages load no
// analytics). Styles allow inline rules: emotion writes them. Inline
// speculation rules are JSON, never run.
func For(o Origins, f Facts) Set {
	var ga, gaData, gaImages []string
	if f.Analytics {
		ga, gaData = analyticsHosts(o.Analytics)
		// GA4 may send a hit as an image; the others only connect.
		if o.Analytics.Provider == content.ProviderGA4 {
			gaImages = gaData
		}
	}
	hashes := make([]string, len(f.ScriptHashes))
	for i, h := range f.ScriptHashes {
		hashes[i] = "'" + h + "'"
	}
	frames := "frame-src 'none'"
	if len(o.Frames) > 0 {
		frames = "frame-src " + strings.Join(o.Frames, " ")
	}
	src := func(fixed string, lists ...[]string) string {
		return strings.Join(append([]string{fixed}, slices.Concat(lists...)...), " ")
	}
	csp := strings.Join([]string{
		"default-src 'self'",
		src("script-src 'self' 'inline-speculation-rules'", hashes, ga),
		src("connect-src 'self'", gaData),
		src("img-src 'self' data:", o.Images, gaImages),
		"style-src 'self' 'unsafe-inline'",
		"font-src 'self'",
		frames,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	immutable := []Header{{"Cache-Control", "public, max-age=31536000, immutable"}}
	set := Set{
		{Path: "/*", Headers: []Header{
			{"Content-Security-Policy", csp},
			{"Strict-Transport-Security", "max-age=63072000; includeSubDomains"},
			{"X-Content-Type-Options", "nosniff"},
			{"X-Frame-Options", "DENY"},
			{"Referrer-Policy", "strict-origin-when-cross-origin"},
			{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()"},
			// No Cross-Origin-Opener-Policy: on public pages it protects
			// nothing, and it costs every first visit a new renderer
			// process (decision 75).
		}},
	}
	// The AI-training opt-out (decision 0101): TDMRep's reservation and
	// the noai convention, with every response.
	for _, h := range rights.Headers(o.Rights) {
		set[0].Headers = append(set[0].Headers, Header{h.Name, h.Value})
	}
	// The folders the build publishes: every name in them carries a hash.
	for i, folder := range content.PublishedFolders {
		r := Rule{Path: "/" + folder + "/*", Headers: immutable}
		if i == 0 {
			r.Comment = "Names carry a hash of the content: cached for a year, never revalidated."
		}
		set = append(set, r)
	}
	set = append(set, Editor())
	if o.Private {
		set = append(set, PrivateRule)
	}
	if len(f.Preload) == 0 {
		return set
	}
	links := make([]string, len(f.Preload))
	for i, p := range f.Preload {
		links[i] = p.Link()
	}
	link := []Header{{"Link", strings.Join(links, ", ")}}
	for i, page := range f.Pages {
		r := Rule{Path: page, Headers: link}
		if i == 0 {
			r.Comment = "Pages: the style sheet and fonts their first paint needs, requested with the page's\n# headers, before its HTML is read (each page also links them)."
		}
		set = append(set, r)
	}
	return set
}

// EditorCSP is the browser editor's policy (/admin, decisions 79, 0114,
// 0120), its own and wider than the pages': Sveltia CMS runs no string as
// code, but the page compiles the WebAssembly that strips each photo it sends
// ('wasm-unsafe-eval', decision 0084); it shows uploads as blob: and data:
// images and the owner's GitHub avatar, reads its uploads back from blob:
// addresses and an icon of its own from a data: one, talks to GitHub's API,
// and loads its fonts from /admin/fonts (site/scripts/admin.mjs rewrites
// their addresses; its update check and GitHub's status page stay blocked,
// and nothing needs them).
// Signing in through Netlify's OAuth provider opens a window of its own,
// which no directive of this page governs.
const EditorCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com; " +
	"connect-src 'self' blob: data: https://api.github.com; font-src 'self' data:; frame-src 'self' blob:; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// Editor is the rule of the browser editor's folder: its policy replaces
// the site's (a later rule's header wins, on Netlify as in Match), and its
// files, whose names carry no hash, are revalidated on every load.
func Editor() Rule {
	return Rule{
		Path:    "/" + content.EditorFolder + "/*",
		Comment: "The browser editor (decisions 79, 0120): its own policy, which Sveltia CMS needs; revalidated.",
		Headers: []Header{{"Content-Security-Policy", EditorCSP}, {"Cache-Control", "no-cache"}},
	}
}

// PrivateRule is sent with everything under the private prefix, pages and
// files alike: it holds one client's work, so the opener policy that
// public pages go without is worth its cost here (decision 75), nothing
// is indexed, and no shared cache keeps a copy (docs/decisions/0080).
// The Edge Function in front of the prefix sends the same headers. Its
// X-Robots-Tag replaces the noai one every path gets: behind the secret
// no crawler reads the pages, and noindex already keeps them out of
// every index (decision 0101).
var PrivateRule = Rule{
	Path:    strings.TrimSuffix(content.PrivateRoute, "/") + "/*",
	Comment: "Private client work (access: private): behind the owner's secret, kept by no shared cache.",
	Headers: []Header{
		{"Cross-Origin-Opener-Policy", "same-origin"},
		{"X-Robots-Tag", "noindex"},
		{"Cache-Control", "private, max-age=0, must-revalidate"},
	},
}

// Netlify is the set in Netlify's `_headers` format.
func (s Set) Netlify() []byte {
	var b strings.Builder
	b.WriteString("# Generated by `portfolio build`. Netlify applies this file to the\n# deployed site; `portfolio serve` sends the same headers (_headers.json).\n")
	for i, r := range s {
		if r.Comment != "" {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString("# " + r.Comment + "\n")
		}
		b.WriteString(r.Path + "\n")
		for _, h := range r.Headers {
			b.WriteString("  " + h.Name + ": " + h.Value + "\n")
		}
	}
	return []byte(b.String())
}

// Match is the headers the set gives a request's path.
func (s Set) Match(urlPath string) http.Header {
	out := http.Header{}
	for _, r := range s {
		if r.matches(urlPath) {
			for _, h := range r.Headers {
				out.Set(h.Name, h.Value)
			}
		}
	}
	return out
}

// matches says whether the rule names the path: "/*" every path, "/dir/*"
// that folder and everything under it, any other pattern that one path,
// with or without its trailing slash; letters in either case.
func (r Rule) matches(urlPath string) bool {
	prefix, wild := strings.CutSuffix(r.Path, "/*")
	switch {
	case !wild:
		return strings.EqualFold(strings.TrimSuffix(urlPath, "/"), strings.TrimSuffix(r.Path, "/"))
	case prefix == "":
		return true
	default:
		return strings.EqualFold(strings.TrimSuffix(urlPath, "/"), prefix) ||
			len(urlPath) > len(prefix) && strings.EqualFold(urlPath[:len(prefix)+1], prefix+"/")
	}
}

// Write puts the set into dist as `_headers` and `_headers.json`.
func Write(dist string, s Set) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := fsutil.WriteFileAtomic(filepath.Join(dist, JSONFile), append(data, '\n'), 0o644); err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(filepath.Join(dist, NetlifyFile), s.Netlify(), 0o644)
}

// Build writes the headers of the site the prerender left in dist, from
// the content and the prerender's facts.
func Build(dist string, c *content.Content) error {
	var f Facts
	name := filepath.Join(dist, FactsFile)
	if err := readJSON(name, "the prerender writes it; run `portfolio build`", &f); err != nil {
		return err
	}
	if err := f.check(); err != nil {
		return fmt.Errorf("%s: %w: the prerender writes it; run `portfolio build`", name, err)
	}
	return Write(dist, For(OriginsOf(c), f))
}

// Read decodes the set Write put into dist.
func Read(dist string) (Set, error) {
	var s Set
	err := readJSON(filepath.Join(dist, JSONFile), "`portfolio build` writes it", &s)
	return s, err
}

// maxFile bounds what readJSON reads: both files are a few kilobytes.
const maxFile = 1 << 20

func readJSON(name, hint string, v any) error {
	info, err := os.Stat(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s is missing: %s", name, hint)
	case err != nil:
		return err
	case info.Size() > maxFile:
		return fmt.Errorf("%s is larger than %d bytes: %s", name, maxFile, hint)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %v: %s", name, err, hint)
	}
	return nil
}
