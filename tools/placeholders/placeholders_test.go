package main

import (
	"bytes"
	"crypto/sha256"
	"reflect"
	"testing"

	"github.com/goccy/go-yaml"
)

func TestCollectImagePaths(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string
	}{
		{
			name: "cover only",
			doc:  "title: X\ncover: cover.jpg\n",
			want: []string{"cover.jpg"},
		},
		{
			name: "blocks at depth",
			doc: `
cover: cover.jpg
body:
  - type: image
    src: images/journey-map.jpg
  - type: caseStudy
    hero:
      src: hero.jpg
      alt: Home page
  - type: screenshots
    items:
      - src: screenshots/02-menu.png
      - src: screenshots/01-start.png
`,
			want: []string{"cover.jpg", "hero.jpg", "images/journey-map.jpg", "screenshots/01-start.png", "screenshots/02-menu.png"},
		},
		{
			name: "extensions are case-insensitive and webp counts",
			doc:  "cover: Cover.JPEG\nbody:\n  - src: a.PNG\n  - src: b.webp\n  - src: c.Jpg\n",
			want: []string{"Cover.JPEG", "a.PNG", "b.webp", "c.Jpg"},
		},
		{
			name: "other keys and non-images are ignored",
			doc: `
cover: cover.jpg
thumbnail: thumb.jpg
body:
  - type: gallery
    external:
      - url: https://example.com/a.jpg
        width: 10
        height: 10
  - type: image
    src: clip.mp4
    alt: photo.jpg
  - srcset: big.jpg
`,
			want: []string{"cover.jpg"},
		},
		{
			name: "values nested under cover or src, deduplicated",
			doc:  "cover:\n  - a.jpg\n  - {path: b.png}\nbody:\n  - src: a.jpg\n",
			want: []string{"a.jpg", "b.png"},
		},
		{
			name: "nothing",
			doc:  "title: none\n",
			want: []string{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var doc any
			if err := yaml.Unmarshal([]byte(tc.doc), &doc); err != nil {
				t.Fatal(err)
			}
			got := collectImagePaths(doc)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCleanRel(t *testing.T) {
	for in, ok := range map[string]bool{
		"cover.jpg":             true,
		"images/./a.jpg":        true,
		"../other/cover.jpg":    false,
		"/etc/cover.jpg":        false,
		"https://x.org/a.jpg":   false,
		`images\a.jpg`:          false,
		"images/../../a.jpg":    false,
		"gallery/../cover.jpeg": true,
	} {
		if _, err := cleanRel(in); (err == nil) != ok {
			t.Errorf("cleanRel(%q): err = %v, want ok = %v", in, err, ok)
		}
	}
}

// TestRenderDeterministic renders small versions of every style twice and
// expects identical bytes, and different bytes for a different path.
func TestRenderDeterministic(t *testing.T) {
	pal := palettes[3]
	jobs := []job{
		{slug: "s", rel: "gallery/01.jpg", style: stylePhoto, kind: kindGallery, index: 1, w: 240, h: 160, label: "01"},
		{slug: "s", rel: "cover.jpg", style: stylePoster, kind: kindCover, w: 240, h: 160},
		{slug: "s", rel: "gallery/02.jpg", style: styleLogo, kind: kindGallery, index: 2, w: 160, h: 160},
		{slug: "s", rel: "hero.jpg", style: styleMockup, kind: kindHero, w: 320, h: 180},
		{slug: "s", rel: "screenshots/04-question.png", style: styleScreen, kind: kindScreenshot, format: formatPNG, w: 320, h: 200},
		{slug: "s", rel: "images/journey-map-wall.jpg", style: styleEdu, kind: kindImage, w: 240, h: 160, label: "journey map"},
	}
	for _, j := range jobs {
		j.pal = pal
		a, err := encode(j)
		if err != nil {
			t.Fatal(err)
		}
		b, err := encode(j)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renders differ (%x vs %x)", j.rel, sha256.Sum256(a), sha256.Sum256(b))
		}
		j.rel = "other/" + j.rel
		c, err := encode(j)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(a, c) && j.style != styleLogo && j.style != styleScreen {
			t.Errorf("%s: a different path gave the same image", j.rel)
		}
	}
}

func TestGalleryAspectsMix(t *testing.T) {
	for slug, n := range galleryCounts {
		seen := map[string]bool{}
		for _, a := range galleryAspects(slug, n) {
			switch {
			case a.w > a.h:
				seen["landscape"] = true
			case a.w < a.h:
				seen["portrait"] = true
			default:
				seen["square"] = true
			}
		}
		if len(seen) != 3 {
			t.Errorf("%s: gallery aspects %v do not mix all three shapes", slug, seen)
		}
	}
}

func TestPalettesDistinct(t *testing.T) {
	slugs := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "unc-greensboro", "hugs-camp"}
	got := assignPalettes(slugs)
	seen := map[string]string{}
	for _, s := range slugs {
		name := got[s].name
		if other, ok := seen[name]; ok {
			t.Errorf("%s and %s share palette %s", s, other, name)
		}
		seen[name] = s
	}
	if got["unc-greensboro"].name != "navy-gold" {
		t.Errorf("unc-greensboro got %s", got["unc-greensboro"].name)
	}
}
