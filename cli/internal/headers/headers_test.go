package headers_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/headers"
)

// The owner's content as of this change: one external image host, one
// prototype host.
var siteOrigins = headers.Origins{
	Images:    []string{"https://averymorgan.myportfolio.com"},
	Frames:    []string{"https://embed.figma.com"},
	Analytics: content.Analytics{Provider: content.ProviderGA4, MeasurementID: "G-TEST1234"},
}

// What the prerender writes for a site of two pages: every page links one
// style sheet and preloads two fonts.
var sitePreloads = headers.Facts{
	Pages: []string{"/", "/about/"},
	Preload: []headers.Preload{
		{Href: "/assets/site-0123456789.css", As: "style"},
		{Href: "/assets/inter-AbC.woff2", As: "font", Type: "font/woff2", CrossOrigin: true},
	},
}

func TestNetlifyGolden(t *testing.T) {
	tests := []struct {
		name  string
		o     headers.Origins
		facts headers.Facts
	}{
		{"analytics", siteOrigins, headers.Facts{Analytics: true}},
		{"no-analytics", siteOrigins, headers.Facts{}},
		{"inline-loader", siteOrigins, headers.Facts{ScriptHashes: []string{"sha256-AAAA"}}},
		{"no-origins", headers.Origins{}, headers.Facts{}},
		{"preload", siteOrigins, sitePreloads},
		{"private", headers.Origins{Private: true}, headers.Facts{}},
		{"ai-allowed", headers.Origins{Private: true, Rights: content.Rights{AITraining: content.AITrainingAllow}}, headers.Facts{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := headers.For(tt.o, tt.facts).Netlify()
			golden.File(t, filepath.Join("testdata", tt.name+".golden"), got)
		})
	}
}

// The CSP names exactly the chosen provider's hosts, each in the
// directives its code uses, and nothing of another provider; with the
// pages' analytics off (VITE_ANALYTICS=off, or GA4 without an id) none.
func TestAnalyticsHosts(t *testing.T) {
	google := []string{"https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"}
	tests := []struct {
		name            string
		a               content.Analytics
		pagesLoadIt     bool
		script, connect []string
		img             []string
	}{
		{"ga4", content.Analytics{Provider: "ga4", MeasurementID: "G-A1B2"}, true, []string{"https://www.googletagmanager.com"}, google, google},
		{"ga4 with consent", content.Analytics{Provider: "ga4", MeasurementID: "G-A1B2", Consent: true}, true, []string{"https://www.googletagmanager.com"}, google, google},
		{"ga4 without an id", content.Analytics{Provider: "ga4"}, true, nil, nil, nil},
		{"plausible", content.Analytics{Provider: "plausible", Origin: "https://plausible.io"}, true, nil, []string{"https://plausible.io"}, nil},
		{"plausible self-hosted", content.Analytics{Provider: "plausible", Origin: "https://stats.example.com"}, true, nil, []string{"https://stats.example.com"}, nil},
		{"umami", content.Analytics{Provider: "umami", Origin: "https://cloud.umami.is"}, true, nil, []string{"https://cloud.umami.is"}, nil},
		{"goatcounter", content.Analytics{Provider: "goatcounter", Origin: "https://jo.goatcounter.com"}, true, nil, []string{"https://jo.goatcounter.com"}, nil},
		{"none", content.Analytics{Provider: "none"}, true, nil, nil, nil},
		{"pages without analytics", content.Analytics{Provider: "plausible", Origin: "https://plausible.io"}, false, nil, nil, nil},
	}
	directive := func(csp, name string) []string {
		for d := range strings.SplitSeq(csp, "; ") {
			if f := strings.Fields(d); len(f) > 0 && f[0] == name {
				var other []string
				for _, v := range f[1:] {
					if strings.HasPrefix(v, "https://") {
						other = append(other, v)
					}
				}
				return other
			}
		}
		t.Fatalf("CSP %q has no %s", csp, name)
		return nil
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			csp := headers.For(headers.Origins{Analytics: tt.a}, headers.Facts{Analytics: tt.pagesLoadIt}).Match("/").Get("Content-Security-Policy")
			for _, d := range []struct {
				name string
				want []string
			}{{"script-src", tt.script}, {"connect-src", tt.connect}, {"img-src", tt.img}} {
				if got := directive(csp, d.name); !slices.Equal(got, d.want) {
					t.Errorf("%s names %v, want %v\n%s", d.name, got, d.want, csp)
				}
			}
		})
	}
}

func TestMatch(t *testing.T) {
	set := headers.For(siteOrigins, sitePreloads)
	tests := []struct {
		path      string
		immutable bool
		preload   bool
	}{
		{"/", false, true},
		{"/about/", false, true},
		{"/about", false, true},
		{"/ABOUT/", false, true},
		{"/about/me/", false, false},
		{"/abou/", false, false},
		{"/contact/", false, false},
		{"/assets", true, false},
		{"/assets/", true, false},
		{"/assets/index-abc.js", true, false},
		{"/ASSETS/a/b.css", true, false},
		{"/assets-old/a.css", false, false},
		{"/img/a/b-640.webp", true, false},
		{"/docs/memo.pdf", true, false},
		{"/projects/img/", false, false},
	}
	for _, tt := range tests {
		h := set.Match(tt.path)
		if got := h.Get("Link") != ""; got != tt.preload {
			t.Errorf("%s: Link %q, want the page's preloads %v", tt.path, h.Get("Link"), tt.preload)
		}
		if got := h.Get("Cache-Control") != ""; got != tt.immutable {
			t.Errorf("%s: Cache-Control %q, want immutable %v", tt.path, h.Get("Cache-Control"), tt.immutable)
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'") || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: the security headers are missing: %v", tt.path, h)
		}
	}
}

// Under the private prefix, pages and files alike get the opener policy
// back, noindex and no shared caching (docs/decisions/0080); a public
// path gets none of it, and a site without a private project has no
// such rule at all (its _headers stay as they were).
func TestMatchPrivate(t *testing.T) {
	withPrivate := siteOrigins
	withPrivate.Private = true
	set := headers.For(withPrivate, sitePreloads)
	for _, p := range []string{"/private/", "/private/a-client/", "/private/a-client/photos/2", "/private/a-client/img/k-480.webp", "/PRIVATE/a-client/"} {
		h := set.Match(p)
		if h.Get("Cross-Origin-Opener-Policy") != "same-origin" || h.Get("X-Robots-Tag") != "noindex" || !strings.HasPrefix(h.Get("Cache-Control"), "private,") {
			t.Errorf("%s: %v, want COOP same-origin, noindex and private caching", p, h)
		}
	}
	for _, p := range []string{"/", "/projects/a-client", "/img/k-480.webp", "/privateer/"} {
		if h := set.Match(p); h.Get("Cross-Origin-Opener-Policy") != "" || strings.Contains(h.Get("X-Robots-Tag"), "noindex") {
			t.Errorf("%s: %v, want no private headers", p, h)
		}
	}
	if bytes.Contains(headers.For(siteOrigins, sitePreloads).Netlify(), []byte("/private")) {
		t.Error("a site without a private project has a /private rule")
	}
}

// What `serve` reads is what Netlify gets: Build writes both files from one
// value, and Read gives that value back.
func TestBuildThenRead(t *testing.T) {
	dist := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dist, ".vite"), 0o755); err != nil {
		t.Fatal(err)
	}
	facts := `{"analytics": false, "scriptHashes": ["sha256-BBBB"]}`
	if err := os.WriteFile(filepath.Join(dist, headers.FactsFile), []byte(facts), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &content.Content{Projects: []*content.Project{{
		Gallery: []content.GalleryImage{{URL: "https://images.example.org/a.jpg"}, {Path: "local.jpg"}},
		ProjectData: content.ProjectData{Body: content.Blocks{
			&content.PrototypeBlock{Type: "prototype", URL: "https://embed.figma.com/proto/x?node-id=1"},
			&content.DocumentBlock{Type: "document", URL: "https://elsewhere.example.com/memo.pdf"},
		}},
	}}}
	if err := headers.Build(dist, c); err != nil {
		t.Fatal(err)
	}
	read, err := headers.Read(dist)
	if err != nil {
		t.Fatal(err)
	}
	netlify, err := os.ReadFile(filepath.Join(dist, headers.NetlifyFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(read.Netlify(), netlify) {
		t.Errorf("_headers.json and _headers differ:\n%s\n---\n%s", read.Netlify(), netlify)
	}
	csp := read.Match("/").Get("Content-Security-Policy")
	for _, want := range []string{"img-src 'self' data: https://images.example.org;", "frame-src https://embed.figma.com;", "script-src 'self' 'inline-speculation-rules' 'sha256-BBBB';"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "elsewhere.example.com") {
		t.Errorf("CSP %q names a linked document's host", csp)
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"missing", "", "_headers.json is missing: `portfolio build` writes it"},
		{"not JSON", "/*\n  X-Frame-Options: DENY\n", "_headers.json: invalid character '/'"},
		{"too large", "[" + strings.Repeat(" ", 1<<20) + "]", "is larger than 1048576 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dist := t.TempDir()
			if tt.body != "" {
				if err := os.WriteFile(filepath.Join(dist, headers.JSONFile), []byte(tt.body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := headers.Read(dist)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read: %v, want an error with %q", err, tt.want)
			}
		})
	}
	if err := headers.Build(t.TempDir(), &content.Content{}); err == nil || !strings.Contains(err.Error(), "prerender.json is missing: the prerender writes it") {
		t.Errorf("Build without the prerender's facts: %v", err)
	}
}

// Facts that would write a header the prerender cannot mean are refused,
// naming the file and the value, and nothing is written: a page or file
// that is not a plain site path (a comma, quote, angle bracket, space or
// line break would end or split the header), an unknown destination, too
// many entries.
func TestBuildRefusesFacts(t *testing.T) {
	tests := []struct {
		name, facts, want string
	}{
		{"comma in a file", `{"pages":["/"],"preload":[{"href":"/a.css>, </evil.js","as":"style"}]}`, `preload "/a.css>, </evil.js" is not a site path`},
		{"line break in a page", `{"pages":["/a/\nX-Frame-Options: ALLOW"],"preload":[]}`, `page "/a/\nX-Frame-Options: ALLOW" is not a site path`},
		{"another host", `{"pages":["/"],"preload":[{"href":"//cdn.example.com/a.css","as":"style"}]}`, `preload "//cdn.example.com/a.css" is not a site path`},
		{"relative page", `{"pages":["about/"]}`, `page "about/" is not a site path`},
		{"destination", `{"pages":["/"],"preload":[{"href":"/a.js","as":"script"}]}`, `preload /a.js: as "script", want style or font`},
		{"type", `{"pages":["/"],"preload":[{"href":"/a.woff2","as":"font","type":"font/woff2\"; x"}]}`, `is not a MIME type`},
		{"count", `{"pages":["/"],"preload":[` + strings.Repeat(`{"href":"/a.css","as":"style"},`, 16) + `{"href":"/a.css","as":"style"}]}`, "17 preloads: at most"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dist := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dist, ".vite"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dist, headers.FactsFile), []byte(tt.facts), 0o644); err != nil {
				t.Fatal(err)
			}
			err := headers.Build(dist, &content.Content{})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "prerender.json") {
				t.Errorf("Build: %v, want an error naming prerender.json with %q", err, tt.want)
			}
			for _, name := range []string{headers.NetlifyFile, headers.JSONFile} {
				if _, err := os.Stat(filepath.Join(dist, name)); err == nil {
					t.Errorf("%s was written from refused facts", name)
				}
			}
		})
	}
}

// The browser editor's folder gets its own policy (Sveltia CMS's), and no
// public page does: theirs is the site's, as before.
func TestEditorPolicyIsTheEditorsAlone(t *testing.T) {
	set := headers.For(headers.Origins{}, headers.Facts{Pages: []string{"/", "/about/"}})
	for _, path := range []string{"/admin/", "/admin/config.yml", "/admin/sveltia-cms.js", "/admin/fonts/noto-mono-latin-400-normal.woff2"} {
		h := set.Match(path)
		if got := h.Get("Content-Security-Policy"); got != headers.EditorCSP {
			t.Errorf("%s: policy %q, want the editor's", path, got)
		}
		if h.Get("Cache-Control") != "no-cache" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: %v", path, h)
		}
	}
	for _, path := range []string{"/", "/about/", "/administration/", "/img/a-480.webp"} {
		if got := set.Match(path).Get("Content-Security-Policy"); strings.Contains(got, "unsafe-eval") || !strings.HasPrefix(got, "default-src 'self'; script-src 'self' 'inline-speculation-rules'") {
			t.Errorf("%s: policy %q", path, got)
		}
	}
}

// The editor's policy evaluates no string as code, compiles the strip's
// WebAssembly, lets Sveltia read its data: icon, and loads fonts from
// /admin only (decisions 0114, 0120).
func TestEditorPolicy(t *testing.T) {
	directives := map[string][]string{}
	for _, d := range strings.Split(headers.EditorCSP, ";") {
		f := strings.Fields(d)
		directives[f[0]] = f[1:]
	}
	for _, tc := range []struct {
		directive, source string
		want              bool
	}{
		{"script-src", "'unsafe-eval'", false},
		{"script-src", "'wasm-unsafe-eval'", true},
		{"script-src", "'unsafe-inline'", false},
		{"connect-src", "data:", true},
		{"connect-src", "https://unpkg.com", false},
		{"font-src", "https://cdn.jsdelivr.net", false},
		{"font-src", "'self'", true},
	} {
		if got := slices.Contains(directives[tc.directive], tc.source); got != tc.want {
			t.Errorf("%s has %s: %v, want %v (%s)", tc.directive, tc.source, got, tc.want, headers.EditorCSP)
		}
	}
}

// The AI-training opt-out (decision 0101) is with every response when the
// rights disallow AI training (and when they say nothing: the default),
// its policy the licence when that is an address; under the private
// prefix, behind the secret, X-Robots-Tag is noindex alone, as the Edge
// Function sends it. With AI training allowed none of it is sent.
func TestRightsHeaders(t *testing.T) {
	licence := "https://creativecommons.org/licenses/by-nc-nd/4.0/"
	tests := []struct {
		name   string
		rights content.Rights
		path   string
		// want is the headers' values, "" for a header that is not sent.
		reservation, policy, robots string
	}{
		{"default", content.Rights{}, "/", "1", "", "noai, noimageai"},
		{"disallow", content.Rights{AITraining: content.AITrainingDisallow, Licence: content.AllRightsReserved}, "/about/", "1", "", "noai, noimageai"},
		{"disallow, licence", content.Rights{AITraining: content.AITrainingDisallow, Licence: licence}, "/img/k-480.webp", "1", licence, "noai, noimageai"},
		{"disallow, private", content.Rights{AITraining: content.AITrainingDisallow}, "/private/a-client/", "1", "", "noindex"},
		{"allow", content.Rights{AITraining: content.AITrainingAllow, Licence: licence}, "/", "", "", ""},
		{"allow, private", content.Rights{AITraining: content.AITrainingAllow}, "/private/a-client/", "", "", "noindex"},
	}
	for _, tt := range tests {
		o := siteOrigins
		o.Private, o.Rights = true, tt.rights
		h := headers.For(o, sitePreloads).Match(tt.path)
		if got := [3]string{h.Get("tdm-reservation"), h.Get("tdm-policy"), h.Get("X-Robots-Tag")}; got != [3]string{tt.reservation, tt.policy, tt.robots} {
			t.Errorf("%s: %s: tdm-reservation, tdm-policy, X-Robots-Tag = %q, want %q", tt.name, tt.path, got, [3]string{tt.reservation, tt.policy, tt.robots})
		}
	}
}
