package linkcheck

import (
	"reflect"
	"testing"
	"testing/fstest"
)

func TestCheck(t *testing.T) {
	page := func(body string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("<!doctype html><html><head><title>t</title></head><body>" + body + "</body></html>")}
	}
	site := func(extra map[string]*fstest.MapFile) fstest.MapFS {
		fsys := fstest.MapFS{
			"index.html":            page(`<h1 id="top-title">Home</h1><p id="work">w</p>`),
			"about/index.html":      page(`<h2 id="fun-facts">Fun</h2><a name="old">x</a>`),
			"404.html":              page(`<p>not found</p>`),
			"img/a-480.webp":        {Data: []byte("x")},
			"img/a-800.webp":        {Data: []byte("x")},
			"assets/app-123.js":     {Data: []byte("x")},
			"docs/memo.pdf":         {Data: []byte("%PDF")},
			"projects/x/index.html": page(`<div id="gallery"></div>`),
			// The browser editor's page is not checked: a problem there
			// would be "on another page" in every case below.
			"admin/index.html": page(`<script src="/admin/not-built.js"></script>`),
		}
		for k, v := range extra {
			fsys[k] = v
		}
		return fsys
	}
	cases := []struct {
		name string
		body string
		want []string // kinds, in order
	}{
		{"root path to a page", `<a href="/about">a</a><a href="/about/">a</a><a href="/">h</a>`, nil},
		{"relative path", `<a href="../about/">a</a><a href="x/">x</a>`, []string{"missing file"}},
		{"pretty URL of a .html file", `<a href="/404">n</a>`, nil},
		{"missing page", `<a href="/contact">c</a>`, []string{"missing file"}},
		{"own host, absolute", `<a href="https://example.design/docs/memo.pdf">m</a><a href="https://example.design/docs/gone.pdf">g</a>`, []string{"missing file"}},
		{"own host, upper case", `<a href="HTTPS://EXAMPLE.DESIGN/nothing">n</a>`, []string{"missing file"}},
		{"protocol-relative own host", `<img src="//example.design/img/none.webp" alt="">`, []string{"missing file"}},
		{"other hosts and schemes are not checked", `<a href="https://github.com/x">g</a><a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><img src="data:image/png;base64,AA" alt="">`, nil},
		{"fragment on this page", `<a href="#fun-facts">f</a><a href="#gone">g</a>`, []string{"missing fragment"}},
		{"fragment on another page", `<a href="/about#fun-facts">f</a><a href="/about/#old">o</a><a href="/#work">w</a><a href="/#nope">n</a>`, []string{"missing fragment"}},
		{"top and empty fragments are always valid", `<a href="#">t</a><a href="#top">t</a>`, nil},
		{"fragment on a file that is not a page", `<a href="/docs/memo.pdf#page=2">m</a>`, []string{"fragment on a file that is not a page"}},
		{"srcset, every candidate", `<img src="/img/a-480.webp" srcset="/img/a-480.webp 480w, /img/a-800.webp 800w, /img/a-1200.webp 1200w" alt="">`, []string{"missing file"}},
		{"a preload's imagesrcset, every candidate", `<link rel="preload" as="image" imagesrcset="/img/a-480.webp 480w, /img/a-800.webp 800w" imagesizes="100vw"><link rel="preload" as="image" imagesrcset="/img/a-480.webp 480w, /img/gone-800.webp 800w">`, []string{"missing file"}},
		{"script, link and form action", `<script src="/assets/app-123.js"></script><link rel="stylesheet" href="/assets/gone.css"><form action="/contact/sent/"></form>`, []string{"missing file", "missing file"}},
		{"social preview image on the own host", `<meta property="og:image" content="https://example.design/img/cards/none.jpg">`, []string{"missing file"}},
		{"empty href", `<a href="">e</a>`, []string{"empty address"}},
		{"bad address", `<a href="http://[::1">b</a>`, []string{"bad address"}},
		{"traversal stays in the site", `<a href="/../../etc/passwd">p</a>`, []string{"missing file"}},
		{"Image CDN addresses: the file their url names", `<img src="/.netlify/images?url=%2Fimg%2Fa-800.webp&amp;w=480" srcset="/.netlify/images?url=%2Fimg%2Fa-800.webp&amp;w=480 480w, /.netlify/images?url=/img/gone.jpg&amp;w=800 800w" alt="">`, []string{"missing file"}},
		{"Image CDN address on the own host, and one without a url", `<meta property="og:image" content="https://example.design/.netlify/images?url=%2Fimg%2Fa-480.webp&amp;w=480"><img src="/.netlify/images?w=480" alt="">`, []string{"Image CDN address without a url"}},
		{"Image CDN address of a remote image is not checked", `<img src="/.netlify/images?url=https%3A%2F%2Fother.example%2Fa.jpg&amp;w=480" alt="">`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := site(map[string]*fstest.MapFile{"about/index.html": page(`<h2 id="fun-facts">Fun</h2><a name="old">x</a>` + tc.body)})
			problems, _, err := Check(fsys, "example.design")
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, p := range problems {
				if p.Page != "about/index.html" {
					t.Errorf("problem on another page: %v", p)
				}
				kinds = append(kinds, p.Kind)
			}
			if !reflect.DeepEqual(kinds, tc.want) {
				t.Errorf("got %v, want %v", problems, tc.want)
			}
		})
	}
}

func TestCheckCountsOnlyInternal(t *testing.T) {
	fsys := fstest.MapFS{"index.html": {Data: []byte(`<a href="/">h</a><a href="https://other.example/">o</a><a href="https://example.design/">s</a>`)}}
	problems, checked, err := Check(fsys, "example.design")
	if err != nil || len(problems) != 0 || checked != 2 {
		t.Errorf("problems %v, checked %d, err %v; want none, 2", problems, checked, err)
	}
}

// A problem names the line and column of its element's start tag, counted
// past raw text (a script or style holding "<a href=…>" is not markup).
func TestCheckPositions(t *testing.T) {
	doc := "<!doctype html>\n<html><head><style>a{}\n</style><script>\nvar s = '<a href=\"/gone-in-script\">';\n</script></head>\n<body>\n  <p>x</p><a\n href=\"/gone\">g</a>\n<img alt=\"\" src=\"/img/none.webp\"></body></html>"
	fsys := fstest.MapFS{"about/index.html": {Data: []byte(doc)}}
	problems, _, err := Check(fsys, "example.design")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.String())
	}
	want := []string{
		`about/index.html:7:11: missing file: a[href]="/gone"`,
		`about/index.html:9:1: missing file: img[src]="/img/none.webp"`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
