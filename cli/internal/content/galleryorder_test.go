package content

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/photofacts"
)

func TestResolveGallery(t *testing.T) {
	yes, no := true, false
	// The site's, as the schema's defaults leave it.
	site := Gallery{Columns: GalleryColumns{XS: 4, MD: 2, LG: 3}, Exif: "hide", Order: "name"}
	for _, tt := range []struct {
		name  string
		block GalleryBlock
		cat   *GalleryOptions
		site  Gallery
		want  GalleryOptions
	}{
		{"nothing set: the site's", GalleryBlock{}, nil, site,
			GalleryOptions{Columns: GalleryColumns{XS: 4, MD: 2, LG: 3}, Exif: "hide", Order: "name", Reverse: &no}},
		{"the category's over the site's, per breakpoint", GalleryBlock{},
			&GalleryOptions{Columns: GalleryColumns{XS: 1, SM: 2}, Exif: "show", Reverse: &yes}, site,
			GalleryOptions{Columns: GalleryColumns{XS: 1, SM: 2, MD: 2, LG: 3}, Exif: "show", Order: "name", Reverse: &yes}},
		{"the block's over the category's, per breakpoint",
			GalleryBlock{Columns: GalleryColumns{SM: 3, XL: 5}, Order: "taken", Reverse: &no},
			&GalleryOptions{Columns: GalleryColumns{XS: 1, SM: 2}, Exif: "show", Order: "name", Reverse: &yes}, site,
			GalleryOptions{Columns: GalleryColumns{XS: 1, SM: 3, MD: 2, LG: 3, XL: 5}, Exif: "show", Order: "taken", Reverse: &no}},
		{"a category without gallery settings", GalleryBlock{Exif: "show"}, &GalleryOptions{},
			Gallery{Columns: GalleryColumns{XS: 2}, Exif: "hide", Order: "taken", Reverse: true},
			GalleryOptions{Columns: GalleryColumns{XS: 2}, Exif: "show", Order: "taken", Reverse: &yes}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.block
			resolveGallery(&b, tt.cat, tt.site)
			got := GalleryOptions{Columns: b.Columns, Exif: b.Exif, Order: b.Order, Reverse: b.Reverse}
			if got.Columns != tt.want.Columns || got.Exif != tt.want.Exif || got.Order != tt.want.Order ||
				got.Reverse == nil || *got.Reverse != *tt.want.Reverse {
				t.Errorf("resolved %+v (reverse %v), want %+v (reverse %v)", got, deref(got.Reverse), tt.want, *tt.want.Reverse)
			}
		})
	}
}

func deref(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

// takenOn is a JPEG taken at the given EXIF date ("" for none), with a
// camera and an exposure.
func takenOn(date string) []byte {
	f := photofacts.Facts{Make: "FUJIFILM", Model: "X-T4", FNumber: photofacts.Rational{Num: 2, Den: 1}, ExposureTime: photofacts.Rational{Num: 1, Den: 500}, DateTimeOriginal: date}
	return imagetest.WithExif(imagetest.JPEG(8, 8), photofacts.Record(f, 1))
}

// orderedSite is the test site with its web design category's galleries
// set by catGallery, a YAML flow mapping ("" for none).
func orderedSite(catGallery string) string {
	if catGallery == "" {
		return testSite
	}
	return strings.Replace(testSite, "description: Web.}", "description: Web., gallery: "+catGallery+"}", 1)
}

// orderedProject is the test project (of web design) whose gallery block
// has the settings given, as YAML lines under the block.
func orderedProject(block string) string {
	return strings.Replace(testProject, "  - type: gallery\n", "  - type: gallery\n"+block, 1)
}

func TestGalleryOrder(t *testing.T) {
	photos := map[string]string{
		"01.jpg": "2024:06:01 10:00:00",
		"02.jpg": "",                    // no date
		"03.jpg": "2023:01:15 08:30:00", // the oldest
		"04.jpg": "2024:06:01 10:00:00", // the same time as 01
		"05.png": "",                    // a PNG: no record
		"10.jpg": "2024:12:24 18:00:00", // the newest
	}
	for _, tt := range []struct {
		name, catGallery, block string
		want                    []string
		undated                 []string // warned about
		facts                   bool
	}{
		{"file names, by default", "", "", []string{"01.jpg", "02.jpg", "03.jpg", "04.jpg", "05.png", "10.jpg"}, nil, false},
		{"file names reversed", "", "    reverse: true\n", []string{"10.jpg", "05.png", "04.jpg", "03.jpg", "02.jpg", "01.jpg"}, nil, false},
		{"taken, oldest first; ties and the undated in file-name order", "", "    order: taken\n",
			[]string{"03.jpg", "01.jpg", "04.jpg", "10.jpg", "02.jpg", "05.png"}, []string{"02.jpg", "05.png"}, false},
		{"taken, newest first; the undated still last", "", "    order: taken\n    reverse: true\n",
			[]string{"10.jpg", "01.jpg", "04.jpg", "03.jpg", "02.jpg", "05.png"}, []string{"02.jpg", "05.png"}, false},
		{"taken and facts from the category", "{order: taken, exif: show}", "",
			[]string{"03.jpg", "01.jpg", "04.jpg", "10.jpg", "02.jpg", "05.png"}, []string{"02.jpg", "05.png"}, true},
		{"the block's name order over the category's", "{order: taken, exif: show}", "    order: name\n",
			[]string{"01.jpg", "02.jpg", "03.jpg", "04.jpg", "05.png", "10.jpg"}, nil, true},
		{"texts: the files it names in its order, then the rest by name", "", "    order: texts\n    texts:\n      - file: 10.jpg\n      - file: 02.jpg\n        alt: Second\n",
			[]string{"10.jpg", "02.jpg", "01.jpg", "03.jpg", "04.jpg", "05.png"}, nil, false},
		{"texts reversed", "", "    order: texts\n    reverse: true\n    texts:\n      - file: 10.jpg\n      - file: 02.jpg\n",
			[]string{"05.png", "04.jpg", "03.jpg", "01.jpg", "02.jpg", "10.jpg"}, nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := validFiles(t)
			for name := range files {
				if strings.Contains(name, "/gallery/") {
					delete(files, name)
				}
			}
			for name, date := range photos {
				if strings.HasSuffix(name, ".png") {
					files["projects/alpha/gallery/"+name] = pngBytes(t, 8, 8)
					continue
				}
				files["projects/alpha/gallery/"+name] = takenOn(date)
			}
			files["site.yaml"] = []byte(orderedSite(tt.catGallery))
			files["projects/alpha/project.yaml"] = []byte(orderedProject(tt.block))
			c, diags, err := Load(tree(t, files), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got, warned []string
			for _, img := range c.Projects[0].Gallery {
				got = append(got, strings.TrimPrefix(img.Path, "gallery/"))
				if hasFacts := img.Facts != nil; hasFacts != (tt.facts && strings.HasSuffix(img.Path, ".jpg")) {
					t.Errorf("%s: facts %+v, want them: %v", img.Path, img.Facts, tt.facts)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("order %q, want %q", got, tt.want)
			}
			for _, d := range diags {
				if d.Severity == diag.Error || !strings.Contains(d.Message, "no date taken") {
					t.Errorf("unexpected: %+v", d)
					continue
				}
				warned = append(warned, strings.TrimPrefix(strings.Fields(d.Message)[0], "gallery/"))
				if d.Line != 15 {
					t.Errorf("warning at line %d, want the gallery block's (15): %+v", d.Line, d)
				}
			}
			if !slices.Equal(warned, tt.undated) {
				t.Errorf("warned about %q, want %q", warned, tt.undated)
			}
			// The block carries what was resolved, and the alt texts
			// follow the order shown.
			if b := c.Projects[0].galleryBlock(); b.Reverse == nil || b.Order == "" || b.Columns.XS == 0 {
				t.Errorf("block not resolved: %+v", b)
			}
			if alt := c.Projects[0].Gallery[0].Alt; alt != "Alpha 1" {
				t.Errorf("first alt %q", alt)
			}
		})
	}
}

// The facts as the generated module will say them.
func TestGalleryFactsSaid(t *testing.T) {
	files := validFiles(t)
	files["projects/alpha/gallery/1.jpg"] = takenOn("2024:06:01 10:00:00")
	files["projects/alpha/project.yaml"] = []byte(orderedProject("    exif: show\n"))
	c, diags, err := Load(tree(t, files), Options{})
	if err != nil || len(diags) != 0 {
		t.Fatal(err, diags)
	}
	f := c.Projects[0].Gallery[0].Facts
	if f == nil {
		t.Fatal("no facts")
	}
	got := fmt.Sprint(f.Camera(), " ", f.Aperture(), " ", f.Shutter(), " ", f.Taken())
	if want := "Fujifilm X-T4 f/2 1/500 s 2024-06-01T10:00:00"; got != want {
		t.Errorf("said %q, want %q", got, want)
	}
}
