package tsgen

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/jpeg"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/privateaccess"
)

// What the favourites are checked against (issue 48): each private
// project's title and its gallery's file names, as its form names them;
// nothing of a public project.
func TestGalleriesJSON(t *testing.T) {
	c := &content.Content{Projects: []*content.Project{
		{Slug: "smith-wedding", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "The Smith Wedding"}, Access: content.AccessPrivate}, Gallery: []content.GalleryImage{
			{Path: "gallery/IMG_0101.jpg"}, {Path: "gallery/more/IMG_0104.mp4"}, {URL: "https://example.com/x.jpg"},
		}},
		{Slug: "empty", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "Nothing yet"}, Access: content.AccessPrivate}},
		{Slug: "public", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "Public"}}, Gallery: []content.GalleryImage{{Path: "gallery/p.jpg"}}},
	}}
	g, err := privateaccess.ReadGalleries(must(galleriesJSON(c)))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Projects) != 2 {
		t.Errorf("projects %v, want the two private ones", g.Projects)
	}
	if got := g.Projects["smith-wedding"]; got.Title != "The Smith Wedding" || len(got.Photos) != 2 || got.Photos[0] != "IMG_0101.jpg" || got.Photos[1] != "IMG_0104.mp4" {
		t.Errorf("smith-wedding: %+v", got)
	}
	if got := g.Projects["empty"]; got.Photos == nil || len(got.Photos) != 0 {
		t.Errorf("empty: %+v, want no photos (a list, not null)", got)
	}
	none, _ := privateaccess.ReadGalleries(must(galleriesJSON(&content.Content{})))
	if none.Projects == nil {
		t.Error("without a private project: want an empty object, not null")
	}
}

// Decision 0094: a private project's last day reaches the gate, with the
// owner's name for the page that refuses it; a project whose access does
// not end carries neither.
func TestGalleriesJSONExpires(t *testing.T) {
	c := &content.Content{Site: &content.Site{Name: "Avery Morgan"}, Projects: []*content.Project{
		{Slug: "ends", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "Ends"}, Access: content.AccessPrivate, Expires: "2026-12-31"}},
		{Slug: "open", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "Open"}, Access: content.AccessPrivate}},
	}}
	data := must(galleriesJSON(c))
	g, err := privateaccess.ReadGalleries(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Projects["ends"]; got.Expires != "2026-12-31" || got.Owner != "Avery Morgan" {
		t.Errorf("ends: %+v, want its last day and the owner", got)
	}
	if got := g.Projects["open"]; got.Expires != "" || got.Owner != "" {
		t.Errorf("open: %+v, want no last day and no owner", got)
	}
	if !strings.Contains(string(data), `"expires": "2026-12-31"`) || strings.Count(string(data), `"owner"`) != 1 {
		t.Errorf("written as:\n%s", data)
	}
}

// Decision 0096: the gate admits the clients not revoked, so only their
// names reach it; a project without clients writes no list.
func TestGalleriesJSONClients(t *testing.T) {
	c := &content.Content{Projects: []*content.Project{
		{Slug: "named", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "Named"}, Access: content.AccessPrivate, Clients: []content.Client{
			{Name: "Anna Smith"}, {Name: "Bob Jones", Revoked: true}, {Name: "Zoë"},
		}}},
		{Slug: "plain", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "Plain"}, Access: content.AccessPrivate}},
	}}
	data := must(galleriesJSON(c))
	g, err := privateaccess.ReadGalleries(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Projects["named"].Clients; !slices.Equal(got, []string{"Anna Smith", "Zoë"}) {
		t.Errorf("named: clients %q, want the two not revoked", got)
	}
	if got := g.Projects["plain"].Clients; got != nil {
		t.Errorf("plain: clients %q, want none", got)
	}
	if strings.Contains(string(data), "Bob") || strings.Count(string(data), `"clients"`) != 1 {
		t.Errorf("written as:\n%s", data)
	}
}

// Issue 48: with images.delivery: netlify, a private project's image (a
// video's poster, every <img src>) named /.netlify/images?url=/img/…, a
// file that is only under the project's prefix. Every address of an
// image, public or private, is made from where the file is published.
func TestImageAddressesFollowThePublishedFile(t *testing.T) {
	cdn := manifest.Asset{
		Key: "k", Width: 3000, Height: 2000, Delivery: content.DeliveryNetlify, Widths: []int{480, 800, 1200, 2000},
		Variants: []manifest.Variant{{Type: manifest.JPEG, Width: 3000, Height: 2000, File: "k-3000.jpg"}},
	}
	own := manifest.Asset{
		Key: "o", Width: 800, Height: 600,
		Variants: []manifest.Variant{{Type: manifest.JPEG, Width: 480, Height: 360, File: "o-480.jpg"}, {Type: manifest.WebP, Width: 800, Height: 600, File: "o-800.webp"}, {Type: manifest.JPEG, Width: 800, Height: 600, File: "o-800.jpg"}},
	}
	photo := cdn
	photo.AVIF = true // a photograph: the pages ask for its AVIF (decision 0104)
	private := &content.Project{Slug: "smith-wedding", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "S"}, Access: content.AccessPrivate}}
	public := &content.Project{Slug: "shore", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "P"}}}
	for _, c := range []struct {
		name    string
		project *content.Project
		asset   manifest.Asset
		want    *regexp.Regexp // every address
		srcsets []string       // the srcset's keys, in order
	}{
		{"private, Image CDN", private, cdn, regexp.MustCompile(`^/private/smith-wedding/img/k-3000\.jpg$`), []string{"fallback"}},
		{"private, Image CDN, a photograph", private, photo, regexp.MustCompile(`^/private/smith-wedding/img/k-3000\.jpg$`), []string{"fallback"}},
		{"private, own variants", private, own, regexp.MustCompile(`^/private/smith-wedding/img/o-(480|800)\.(jpg|webp)$`), []string{"webp", "fallback"}},
		{"public, Image CDN", public, cdn, regexp.MustCompile(`^/\.netlify/images\?url=%2Fimg%2Fk-3000\.jpg&w=(480|800|1200|2000)$`), []string{"fallback"}},
		{"public, Image CDN, a photograph", public, photo, regexp.MustCompile(`^/\.netlify/images\?url=%2Fimg%2Fk-3000\.jpg&w=(480|800|1200|2000)(&fm=avif)?$`), []string{"avif", "fallback"}},
		{"public, own variants", public, own, regexp.MustCompile(`^/img/o-(480|800)\.(jpg|webp)$`), []string{"webp", "fallback"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := resolver{project: c.project, assets: Assets{c.asset.Key: c.asset}, pub: newPublished()}
			got, err := r.asset(c.asset.Key)
			if err != nil {
				t.Fatal(err)
			}
			addresses := 0
			var srcsets []string
			var walk func(v any)
			walk = func(v any) {
				switch v := v.(type) {
				case obj:
					for _, f := range v {
						switch f.k {
						case "src":
							addresses++
							if s := f.v.(string); !c.want.MatchString(s) {
								t.Errorf("src %q, want %v", s, c.want)
							}
						case "srcset":
							walk(f.v)
						default:
							if s, ok := f.v.(string); ok && f.k != "placeholder" {
								srcsets = append(srcsets, f.k)
								if f.k == "avif" && strings.Count(s, "&fm=avif") != len(c.asset.Widths) {
									t.Errorf("srcset avif %q: want every address in AVIF", s)
								}
								for _, part := range strings.Split(s, ", ") {
									addresses++
									if u, _, _ := strings.Cut(part, " "); !c.want.MatchString(u) {
										t.Errorf("srcset %s: %q, want %v", f.k, u, c.want)
									}
								}
							}
						}
					}
				}
			}
			walk(got)
			if !slices.Equal(srcsets, c.srcsets) {
				t.Errorf("srcsets %v, want %v", srcsets, c.srcsets)
			}
			if addresses < 2 {
				t.Errorf("checked %d addresses in %v", addresses, got)
			}
		})
	}
}

// Decision 0099: each photo of a private project whose downloads are web
// or originals has its own download, /private/<slug>/download/<file>: the
// original's name (web: with its widest fallback variant's extension),
// numbered when another photo has it, its address escaped; none for a
// video, an external image, downloads none or a public project.
func TestPhotoDownloads(t *testing.T) {
	asset := func(key string) manifest.Asset {
		return manifest.Asset{Key: key, Width: 800, Height: 600, Variants: []manifest.Variant{
			{Type: manifest.JPEG, Width: 480, Height: 360, File: key + "-480.jpg"},
			{Type: manifest.WebP, Width: 800, Height: 600, File: key + "-800.webp"},
			{Type: manifest.JPEG, Width: 800, Height: 600, File: key + "-800.jpg"},
		}}
	}
	assets := Assets{"a": asset("a"), "b": asset("b"), "c": asset("c"), "v": asset("v")}
	gallery := []content.GalleryImage{
		{Path: "gallery/IMG 1#.jpg", Key: "a"}, {Path: "gallery/more/IMG 1#.jpg", Key: "b"}, {Path: "gallery/c.png", Key: "c"},
		{Path: "gallery/v.mp4", Key: "v", Poster: "gallery/v.jpg"}, {URL: "https://example.com/x.jpg", Width: 10, Height: 10},
	}
	project := func(access, downloads string) *content.Project {
		return &content.Project{Slug: "smith-wedding", ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "S"}, Access: access, Downloads: downloads}, Gallery: gallery}
	}
	for _, c := range []struct {
		name    string
		project *content.Project
		want    []PhotoDownload
		links   []string
	}{
		{"originals", project(content.AccessPrivate, content.DownloadsOriginals), []PhotoDownload{
			{Image: "gallery/IMG 1#.jpg", Name: "IMG 1#.jpg"}, {Image: "gallery/more/IMG 1#.jpg", Name: "IMG 1#-2.jpg"}, {Image: "gallery/c.png", Name: "c.png"},
		}, []string{"/private/smith-wedding/download/IMG%201%23.jpg", "/private/smith-wedding/download/IMG%201%23-2.jpg", "/private/smith-wedding/download/c.png"}},
		{"web", project(content.AccessPrivate, "web"), []PhotoDownload{
			{Image: "gallery/IMG 1#.jpg", Name: "IMG 1#.jpg", Variant: "a-800.jpg"}, {Image: "gallery/more/IMG 1#.jpg", Name: "IMG 1#-2.jpg", Variant: "b-800.jpg"}, {Image: "gallery/c.png", Name: "c.jpg", Variant: "c-800.jpg"},
		}, nil},
		{"none", project(content.AccessPrivate, content.DownloadsNone), nil, nil},
		{"public", project("", content.DownloadsOriginals), nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := PhotoDownloads(c.project, assets)
			if len(got) != len(c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("%d: %+v, want %+v", i, got[i], c.want[i])
				}
				if i < len(c.links) {
					if l := DownloadLink(c.project, got[i].Name); l != c.links[i] {
						t.Errorf("%d: link %q, want %q", i, l, c.links[i])
					}
				}
			}
		})
	}
}

func must(data []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return data
}

// Decision 0095: the secret page shows the project's title unless the
// owner hides it, and a blurred cover only when the owner opts in: a tiny
// JPEG inlined as a data: URI, made from the cover's file; the site's
// name for every page.
func TestGalleriesJSONSecretPage(t *testing.T) {
	dir := t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 1200, 800))
	for y := range 800 {
		for x := range 1200 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x / 5), uint8(y / 4), 120, 255})
		}
	}
	f, err := os.Create(filepath.Join(dir, "cover.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(f, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	no, yes := false, true
	project := func(slug string, sp *content.SecretPage) *content.Project {
		return &content.Project{Slug: slug, Dir: dir, ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: "The Smith Wedding"}, Access: content.AccessPrivate, Cover: "cover.jpg", SecretPage: sp}}
	}
	c := &content.Content{Site: &content.Site{Name: "Avery Morgan"}, Projects: []*content.Project{
		project("plain", nil),
		project("hidden", &content.SecretPage{Title: &no}),
		project("cover", &content.SecretPage{Title: &yes, Cover: true}),
		project("cover-only", &content.SecretPage{Title: &no, Cover: true}),
	}}
	data := must(galleriesJSON(c))
	g, err := privateaccess.ReadGalleries(data)
	if err != nil {
		t.Fatal(err)
	}
	if g.Site == nil || g.Site.Name != "Avery Morgan" {
		t.Errorf("site %+v, want the owner's name", g.Site)
	}
	if p := g.Projects["plain"].Page; p == nil || p.Title != "The Smith Wedding" || p.Cover != "" {
		t.Errorf("plain: page %+v, want the title and no cover", p)
	}
	if p := g.Projects["hidden"].Page; p != nil {
		t.Errorf("hidden: page %+v, want nothing of the project", p)
	}
	if strings.Count(string(data), "data:") != 2 {
		t.Errorf("want a cover for the two projects that opt in, and no other:\n%s", data)
	}
	for _, slug := range []string{"cover", "cover-only"} {
		p := g.Projects[slug].Page
		if p == nil || !privateaccess.CoverURI.MatchString(p.Cover) {
			t.Fatalf("%s: page %+v, want a cover as a data: URI", slug, p)
		}
		if len(p.Cover) > 1500 {
			t.Errorf("%s: the cover is %d bytes in the page, want a small one", slug, len(p.Cover))
		}
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(p.Cover, "data:image/jpeg;base64,"))
		if err != nil {
			t.Fatal(err)
		}
		small, err := jpeg.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if b := small.Bounds(); b.Dx() != 24 || b.Dy() != 16 {
			t.Errorf("%s: the cover is %v, want 24×16 (the cover's shape, 24 px on its longer side)", slug, b.Size())
		}
		t.Logf("%s: cover %d bytes in the page", slug, len(p.Cover))
	}
	if p := g.Projects["cover-only"].Page; p.Title != "" {
		t.Errorf("cover-only: title %q shown, want it hidden", p.Title)
	}
}

// Decision 0095: once the site is built, the secret page learns where
// its fonts are; a font not found exactly once is left to the fallback.
// A site of system fonts (decision 0124) names none: its pages use none.
func TestSetGateFonts(t *testing.T) {
	tests := []struct {
		name          string
		fonts         string
		text, display string
	}{
		{"the theme's fonts", content.FontsTheme, "/assets/inter-DWCdPg6A.woff2", ""},
		{"system fonts", content.FontsSystem, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, privateaccess.GalleriesFile)
			dist := filepath.Join(dir, "dist")
			if err := os.MkdirAll(filepath.Join(dist, "assets"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"inter-DWCdPg6A.woff2", "fraunces-Bp1.woff2", "fraunces-Bp2.woff2", "index-x.js"} {
				if err := os.WriteFile(filepath.Join(dist, "assets", name), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c := &content.Content{Site: &content.Site{Name: "Avery Morgan", Fonts: tt.fonts}}
			if err := os.WriteFile(file, must(galleriesJSON(c)), 0o644); err != nil {
				t.Fatal(err)
			}
			if site := gateSite(t, file, dist); site == nil || site.Name != "Avery Morgan" || site.Text != tt.text || site.Display != tt.display {
				t.Errorf("site %+v, want text %q and display %q (Fraunces has two candidates)", site, tt.text, tt.display)
			}
		})
	}
}

// gateSite runs SetGateFonts on file with the site built in dist and
// returns the site's part of what it wrote.
func gateSite(t *testing.T, file, dist string) *privateaccess.Site {
	t.Helper()
	if err := SetGateFonts(file, dist); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	g, err := privateaccess.ReadGalleries(data)
	if err != nil {
		t.Fatal(err)
	}
	return g.Site
}

// Decision 0123: once the site is built, the secret page learns its words
// in each of the site's languages, from what the prerender wrote of the
// catalogue; a site built before has none, and the page is in English.
func TestSetGateFontsGivesTheGateItsWords(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, privateaccess.GalleriesFile)
	dist := filepath.Join(dir, "dist")
	if err := os.MkdirAll(filepath.Join(dist, ".vite"), 0o755); err != nil {
		t.Fatal(err)
	}
	c := &content.Content{Site: &content.Site{Name: "Avery Morgan"}}
	if err := os.WriteFile(file, must(galleriesJSON(c)), 0o644); err != nil {
		t.Fatal(err)
	}
	read := func() *privateaccess.Site { return gateSite(t, file, dist) }
	if s := read(); s.Languages != nil || s.Messages != nil {
		t.Errorf("without the prerender's words: %+v, want none", s)
	}
	words := `{"languages": ["sv", "en"], "messages": {
  "sv": {"gate": {"title": "Privat galleri", "wrong": "Fel lösenord."}, "form": {"invalid": "Rätta fälten nedan.", "problems": {}}},
  "en": {"gate": {"title": "Private gallery", "wrong": "Wrong password."}, "form": {"invalid": "Please correct the fields below.", "problems": {}}}}}`
	if err := os.WriteFile(filepath.Join(dist, ".vite", "messages.json"), []byte(words), 0o644); err != nil {
		t.Fatal(err)
	}
	s := read()
	if !slices.Equal(s.Languages, []string{"sv", "en"}) || s.Messages["sv"].Title != "Privat galleri" || s.Messages["en"].Wrong != "Wrong password." || s.Name != "Avery Morgan" {
		t.Errorf("site %+v, want both languages' words", s)
	}
	if lang, m := s.GateLanguage("/private/x/en/photos/1"); lang != "en" || m.Title != "Private gallery" {
		t.Errorf("/private/x/en/photos/1: %s %+v", lang, m)
	}
	if err := os.WriteFile(filepath.Join(dist, ".vite", "messages.json"), []byte(`{"languages": ["sv"], "messages": {}}`), 0o644); err == nil {
		if err := SetGateFonts(file, dist); err == nil || !strings.Contains(err.Error(), `no strings in "sv"`) {
			t.Errorf("a file without a language's words: %v, want an error naming it", err)
		}
	}
}

// Decision 0123, amended: the secret page at a language's address shows
// the project's title in that language, where its translation gives one
// of its own, and none when the owner hides the title.
func TestGalleriesJSONTranslatedTitles(t *testing.T) {
	no := false
	project := func(slug, title string, sp *content.SecretPage) *content.Project {
		return &content.Project{Slug: slug, ProjectData: content.ProjectData{ProjectDetails: content.ProjectDetails{Title: title}, Access: content.AccessPrivate, SecretPage: sp}}
	}
	c := &content.Content{Site: &content.Site{Name: "Avery Morgan"}, Lang: "en", Projects: []*content.Project{
		project("wedding", "The Smith Wedding", nil),
		project("same", "Oslo", nil),
		project("hidden", "The Berg Wedding", &content.SecretPage{Title: &no}),
	}}
	c.Translations = []*content.Content{
		{Lang: "sv", Projects: []*content.Project{project("wedding", "Smiths bröllop", nil), project("same", "Oslo", nil), project("hidden", "Bergs bröllop", &content.SecretPage{Title: &no})}},
		{Lang: "de", Projects: []*content.Project{project("wedding", "Die Hochzeit", nil), project("same", "", nil), project("hidden", "Die Berg-Hochzeit", &content.SecretPage{Title: &no})}},
	}
	g, err := privateaccess.ReadGalleries(must(galleriesJSON(c)))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*privateaccess.Page{
		"wedding": {Title: "The Smith Wedding", Titles: map[string]string{"sv": "Smiths bröllop", "de": "Die Hochzeit"}},
		"same":    {Title: "Oslo"},
		"hidden":  nil,
	}
	for slug, w := range want {
		got := g.Projects[slug].Page
		if (got == nil) != (w == nil) || got != nil && (got.Title != w.Title || !maps.Equal(got.Titles, w.Titles)) {
			t.Errorf("%s: page %+v, want %+v", slug, got, w)
		}
	}
}
