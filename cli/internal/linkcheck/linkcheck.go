// Package linkcheck checks a built site's internal links: every href, src,
// srcset and action that points at the site itself (a relative address, a
// root path, or an absolute URL on the site's own host) must resolve to a
// file of the build as Netlify serves it (pretty URLs; an Image CDN address
// by the file its url names), and every #fragment to an id of the target
// page.
package linkcheck

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strings"

	"golang.org/x/net/html"

	"portfolio/cli/internal/content"
)

// Problem is one broken reference.
type Problem struct {
	Page string // the page's file, relative to the build
	Kind string // "missing file", "missing fragment", "bad address"
	Ref  string // the reference as written
	Attr string // the element and attribute, e.g. a[href]
	Line int    // the line of the element's start tag, from 1
	Col  int    // its column, in bytes from 1
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s=%q", p.Page, p.Line, p.Col, p.Kind, p.Attr, p.Ref)
}

// maxPageBytes bounds a page read.
const maxPageBytes = 32 << 20

type page struct {
	ids  map[string]bool
	refs []ref
}

type ref struct {
	attr, value string
	line, col   int
}

// Check reads every .html file of dist and returns the problems, sorted by
// page, and the number of references checked. host is the site's own host
// (from site.yaml's url), e.g. "averymorgan.design"; "" treats no absolute
// URL as internal.
func Check(dist fs.FS, host string) (problems []Problem, checked int, err error) {
	pages := map[string]*page{}
	err = fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && p == content.EditorFolder {
			return fs.SkipDir // the browser editor (/admin): Sveltia CMS's page, not the site's
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > maxPageBytes {
			return fmt.Errorf("%s: larger than %d MB", p, maxPageBytes>>20)
		}
		f, err := dist.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		pg, err := parse(f)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		pages[p] = pg
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		base := pageURL(name)
		for _, r := range pages[name].refs {
			for _, v := range values(r) {
				internal, kind := resolve(dist, pages, base, host, v)
				if internal {
					checked++
				}
				if kind != "" {
					problems = append(problems, Problem{Page: name, Kind: kind, Ref: v, Attr: r.attr, Line: r.line, Col: r.col})
				}
			}
		}
	}
	return problems, checked, nil
}

// values splits a srcset (an img's or source's srcset, a preload link's
// imagesrcset) into its addresses; other attributes are one.
func values(r ref) []string {
	if !strings.HasSuffix(r.attr, "[srcset]") && !strings.HasSuffix(r.attr, "[imagesrcset]") {
		return []string{strings.TrimSpace(r.value)}
	}
	var out []string
	for _, cand := range strings.Split(r.value, ",") {
		if f := strings.Fields(cand); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

// pageURL is the address a file is served at: a/index.html at /a/, a.html
// at /a (Netlify's pretty URLs).
func pageURL(file string) *url.URL {
	p := "/" + file
	if strings.HasSuffix(p, "/index.html") {
		p = strings.TrimSuffix(p, "index.html")
	} else {
		p = strings.TrimSuffix(p, ".html")
	}
	return &url.URL{Path: p}
}

var checkedAttrs = map[string]bool{"href": true, "src": true, "srcset": true, "action": true, "imagesrcset": true, "poster": true}

// parse reads a page with the HTML tokenizer, which keeps the position of
// every tag (the tree parser does not): each reference carries the line and
// column of its element's start tag. The tokenizer handles raw text (script,
// style, textarea, title) as the parser does, so nothing inside them is
// taken for markup.
func parse(r io.Reader) (*page, error) {
	pg := &page{ids: map[string]bool{}}
	z := html.NewTokenizer(r)
	line, col := 1, 1
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return nil, err
			}
			return pg, nil
		}
		raw := z.Raw()
		tagLine, tagCol := line, col
		if n := bytes.Count(raw, []byte{'\n'}); n > 0 {
			line += n
			col = len(raw) - bytes.LastIndexByte(raw, '\n')
		} else {
			col += len(raw)
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		var prop, content string
		for _, a := range tok.Attr {
			if a.Namespace != "" {
				continue
			}
			switch {
			case a.Key == "id" || a.Key == "name" && tok.Data == "a":
				pg.ids[a.Val] = true
			case checkedAttrs[a.Key]:
				pg.refs = append(pg.refs, ref{attr: tok.Data + "[" + a.Key + "]", value: a.Val, line: tagLine, col: tagCol})
			}
			switch a.Key {
			case "property", "name":
				prop = a.Val
			case "content":
				content = a.Val
			}
		}
		// Social previews name the site's own files by absolute URL.
		if tok.Data == "meta" && (prop == "og:image" || prop == "twitter:image" || prop == "og:url") {
			pg.refs = append(pg.refs, ref{attr: "meta[" + prop + "]", value: content, line: tagLine, col: tagCol})
		}
	}
}

// resolve says whether v names the site itself and, if so, what is wrong
// with it ("" when it resolves).
func resolve(dist fs.FS, pages map[string]*page, base *url.URL, host, v string) (internal bool, kind string) {
	if v == "" {
		return true, "empty address"
	}
	u, err := url.Parse(v)
	if err != nil {
		return true, "bad address"
	}
	switch u.Scheme {
	case "":
		if u.Host != "" && !strings.EqualFold(u.Hostname(), host) { // //other.example/x
			return false, ""
		}
	case "http", "https":
		if host == "" || !strings.EqualFold(u.Hostname(), host) {
			return false, ""
		}
	default: // mailto:, tel:, data:, …
		return false, ""
	}
	return true, target(dist, pages, base, u)
}

// imageCDN is the path of Netlify Image CDN, which a site with
// images.delivery: netlify names its images' widths by.
const imageCDN = "/.netlify/images"

func target(dist fs.FS, pages map[string]*page, base *url.URL, u *url.URL) string {
	target := base.ResolveReference(u)
	if target.Path == imageCDN {
		// Made by the host from the file its url parameter names: that
		// file must be in the build (a remote one is not the site's).
		src, err := url.Parse(target.Query().Get("url"))
		switch {
		case err != nil || src.Path == "" && src.Host == "":
			return "Image CDN address without a url"
		case src.Scheme != "" || src.Host != "":
			return ""
		}
		if _, ok := fileFor(dist, src.Path); !ok {
			return "missing file"
		}
		return ""
	}
	file, ok := fileFor(dist, target.Path)
	if !ok {
		return "missing file"
	}
	frag := u.Fragment
	if frag == "" || frag == "top" && u.Path == "" {
		return ""
	}
	pg := pages[file]
	if pg == nil {
		return "fragment on a file that is not a page"
	}
	if !pg.ids[frag] {
		return "missing fragment"
	}
	return ""
}

// fileFor is the file Netlify serves for an address path.
func fileFor(dist fs.FS, p string) (string, bool) {
	clean := strings.TrimPrefix(path.Clean("/"+p), "/")
	var tries []string
	if strings.HasSuffix(p, "/") || clean == "" {
		tries = []string{path.Join(clean, "index.html")}
	} else {
		tries = []string{clean, clean + ".html", path.Join(clean, "index.html")}
	}
	for _, t := range tries {
		if fi, err := fs.Stat(dist, t); err == nil && !fi.IsDir() {
			return t, true
		}
	}
	return "", false
}
