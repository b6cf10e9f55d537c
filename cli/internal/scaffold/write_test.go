package scaffold

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/stage"
	"portfolio/cli/internal/videocheck/videotest"
)

// fixture makes a content folder holding one project (alpha) and a folder
// of source images outside it; it returns the content folder and the
// sources folder.
// testSite titles the photography page "Photos", so a test can tell the
// category prefilled from the site's page title from the page's name.
var testSite = strings.Replace(contenttest.Site, "slug: photography, title: Photography,", "slug: photography, title: Photos,", 1)

func fixture(t *testing.T) (contentDir, src string) {
	t.Helper()
	root := t.TempDir()
	contentDir = filepath.Join(root, "content")
	writeFile(t, filepath.Join(contentDir, "site.yaml"), []byte(testSite))
	alpha := fullPlan()
	alpha.Answers.Title, alpha.Answers.Slug = "Alpha", "alpha"
	alpha.Gallery, alpha.Answers.Document, alpha.Answers.Prototype = nil, nil, nil
	alpha.Answers.CoverAlt = "A grey card"
	writeFile(t, filepath.Join(contentDir, "projects", "alpha", "project.yaml"), Render(alpha))
	writeFile(t, filepath.Join(contentDir, "projects", "alpha", "cover.jpg"), imagetest.JPEG(30, 20))
	src = filepath.Join(root, "photos")
	writeFile(t, filepath.Join(src, "Cover.JPG"), imagetest.JPEG(60, 40))
	for i, name := range []string{"b.jpg", "a.png", "c.jpeg"} {
		writeFile(t, filepath.Join(src, "set", name), imagetest.JPEG(20+i, 20))
	}
	// a.png is really a PNG: rewrite it as one.
	writeFile(t, filepath.Join(src, "set", "a.png"), imagetest.PNG(20, 20))
	return contentDir, src
}

func answers(src string) Answers {
	a := NewAnswers()
	a.Title = "Camp Photos"
	a.Subtitle = "A week of summer camp"
	a.Page = "photography"
	a.Description = "Photos of a summer camp for people with disabilities."
	a.Role = "Photographer"
	a.Skills = []string{"Photography", "Lightroom"}
	a.Cover = filepath.Join(src, "Cover.JPG")
	return a
}

func TestPrepareDefaults(t *testing.T) {
	contentDir, src := fixture(t)
	a := answers(src)
	a.Title = "  Café Night  "
	a.Gallery = []string{filepath.Join(src, "set", "c.jpeg"), filepath.Join(src, "set")}
	_, err := Prepare(contentDir, a)
	// c.jpeg comes twice: once named, once in the folder.
	if !strings.Contains(errString(err), "is listed twice") {
		t.Fatalf("err = %v, want listed twice", err)
	}
	a.Gallery = []string{filepath.Join(src, "set")}
	p, err := Prepare(contentDir, a)
	if err != nil {
		t.Fatal(err)
	}
	if p.Answers.Title != "Café Night" || p.Answers.Slug != "cafe-night" || p.Answers.Category != "Photos" {
		t.Errorf("answers = %+v", p.Answers)
	}
	if p.Dir != filepath.Join(contentDir, "projects", "cafe-night") || p.Cover.Name != "cover.jpg" {
		t.Errorf("dir %s, cover %+v", p.Dir, p.Cover)
	}
	var names []string
	for _, c := range p.Gallery {
		names = append(names, filepath.Base(c.Source)+"→"+c.Name)
	}
	if got := strings.Join(names, " "); got != "a.png→gallery/01.png b.jpg→gallery/02.jpg c.jpeg→gallery/03.jpeg" {
		t.Errorf("gallery: %s", got)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestPrepareGalleryWidth(t *testing.T) {
	contentDir, src := fixture(t)
	for i := range 12 {
		writeFile(t, filepath.Join(src, "many", strings.Repeat("x", i+1)+".jpg"), imagetest.JPEG(10, 10))
	}
	a := answers(src)
	a.Gallery = []string{filepath.Join(src, "many")}
	p, err := Prepare(contentDir, a)
	if err != nil {
		t.Fatal(err)
	}
	if p.Gallery[0].Name != "gallery/01.jpg" || p.Gallery[11].Name != "gallery/12.jpg" {
		t.Errorf("names %s … %s", p.Gallery[0].Name, p.Gallery[11].Name)
	}
	for i := range 100 {
		writeFile(t, filepath.Join(src, "lots", strings.Repeat("y", 1)+string(rune('0'+i/10))+string(rune('0'+i%10))+".jpg"), imagetest.JPEG(8, 8))
	}
	a.Gallery = []string{filepath.Join(src, "lots")}
	if p, err = Prepare(contentDir, a); err != nil {
		t.Fatal(err)
	}
	if p.Gallery[0].Name != "gallery/001.jpg" || p.Gallery[99].Name != "gallery/100.jpg" {
		t.Errorf("names %s … %s", p.Gallery[0].Name, p.Gallery[99].Name)
	}
}

func TestPrepareListsEveryProblem(t *testing.T) {
	contentDir, src := fixture(t)
	a := answers(src)
	a.Title = "Alpha"
	a.Page = "photos"
	a.Skills = []string{"Figma", "Figma"}
	a.Cover = filepath.Join(src, "nope.jpg")
	a.Document = &Document{Label: "Read", URL: "http://example.com"}
	_, err := Prepare(contentDir, a)
	var problems fieldcheck.Problems
	if !errors.As(err, &problems) {
		t.Fatalf("err = %v, want fieldcheck.Problems", err)
	}
	var fields []string
	for _, p := range problems {
		fields = append(fields, p.Field)
	}
	if got := strings.Join(fields, " "); got != "slug page skills cover document.url" {
		t.Errorf("fields %q; problems %v", got, problems)
	}
	if !errors.Is(err, fieldcheck.ErrExists) {
		t.Error("a taken slug should match fieldcheck.ErrExists")
	}
}

func TestPrepareNoContentFolder(t *testing.T) {
	_, src := fixture(t)
	_, err := Prepare(filepath.Join(t.TempDir(), "nope"), answers(src))
	if !strings.Contains(errString(err), "content folder not found") {
		t.Errorf("err = %v", err)
	}
}

func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func TestCreate(t *testing.T) {
	contentDir, src := fixture(t)
	a := answers(src)
	a.Featured, a.Active = true, false
	a.Gallery = []string{filepath.Join(src, "set", "c.jpeg"), filepath.Join(src, "set", "a.png")}
	a.Texts = []ImageText{{}, {Alt: "Campfire at dusk", Caption: "Night two: \"stories\""}}
	p, err := Prepare(contentDir, a)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Create(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(contentDir, "projects", "camp-photos")
	if res.Dir != dir || res.File != filepath.Join(dir, "project.yaml") {
		t.Errorf("result %+v", res)
	}
	if got := strings.Join(listTree(t, dir), " "); got != ". cover.jpg gallery gallery/01.jpeg gallery/02.png project.yaml" {
		t.Errorf("tree: %s", got)
	}
	if got := strings.Join(listTree(t, filepath.Join(contentDir, "projects")), " "); strings.Contains(got, ".new-") {
		t.Errorf("staging folder left: %s", got)
	}
	// Featured but inactive is valid, with validate's warning.
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Message, "featured but inactive") ||
		res.Warnings[0].File != filepath.Join(dir, "project.yaml") {
		t.Errorf("warnings %+v", res.Warnings)
	}
	c, diags, err := content.Load(contentDir, content.Options{})
	if err != nil || diags.Errors() > 0 || len(c.Projects) != 2 {
		t.Fatalf("validate: %d projects, %v, %v", len(c.Projects), diags, err)
	}
	if got := c.Projects[1]; got.Slug != "camp-photos" || len(got.Gallery) != 2 || got.Gallery[0].Width != 22 {
		t.Errorf("loaded %+v", got)
	}
	// The texts reach the loaded gallery with their image (an alt text
	// after the title and number that every tile has).
	if g := c.Projects[1].Gallery; g[0].Alt != "Camp Photos 1" || g[1].Alt != "Camp Photos 2: Campfire at dusk" || g[1].Caption != `Night two: "stories"` {
		t.Errorf("gallery texts %+v", g)
	}
	// The modeline resolves from the project's folder to a schema
	// (here the repository's: the content folder is elsewhere).
	data, _ := os.ReadFile(res.File)
	first, _, _ := strings.Cut(string(data), "\n")
	ref, ok := strings.CutPrefix(first, "# yaml-language-server: $schema=")
	if !ok {
		t.Fatalf("project.yaml starts %q", first)
	}
	if fi, err := os.Stat(filepath.Join(filepath.Dir(res.File), filepath.FromSlash(ref))); err != nil || !strings.HasSuffix(ref, "schema/project.schema.json") || fi.IsDir() {
		t.Errorf("modeline %q does not resolve: %v", first, err)
	}

	// The same slug again: refused, nothing changed.
	before := listTree(t, contentDir)
	if _, err := Create(context.Background(), p); !errors.Is(err, fieldcheck.ErrExists) {
		t.Fatalf("second Create: err = %v, want fieldcheck.ErrExists", err)
	}
	if after := listTree(t, contentDir); !slices.Equal(before, after) {
		t.Errorf("tree changed:\n%v\n%v", before, after)
	}
}

func TestCreateLeavesNothingBehind(t *testing.T) {
	contentDir, src := fixture(t)
	before := listTree(t, contentDir)
	a := answers(src)
	a.Gallery = []string{filepath.Join(src, "set")}

	t.Run("cancelled", func(t *testing.T) {
		p, err := Prepare(contentDir, a)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Create(ctx, p); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
		if after := listTree(t, contentDir); !slices.Equal(before, after) {
			t.Errorf("tree changed:\n%v\n%v", before, after)
		}
	})
	t.Run("source vanished", func(t *testing.T) {
		p, err := Prepare(contentDir, a)
		if err != nil {
			t.Fatal(err)
		}
		p.Gallery[1].Source += ".gone"
		if _, err := Create(context.Background(), p); err == nil {
			t.Fatal("no error")
		}
		if after := listTree(t, contentDir); !slices.Equal(before, after) {
			t.Errorf("tree changed:\n%v\n%v", before, after)
		}
	})
	t.Run("invalid project", func(t *testing.T) {
		p, err := Prepare(contentDir, a)
		if err != nil {
			t.Fatal(err)
		}
		// An image that changed after it was checked: the loader refuses it.
		bad := writeFile(t, filepath.Join(t.TempDir(), "bad.jpg"), []byte("not a jpeg"))
		p.Gallery[0].Source = bad
		_, err = Create(context.Background(), p)
		var invalid *stage.InvalidError
		if !errors.As(err, &invalid) || invalid.Diagnostics.Errors() != 1 {
			t.Fatalf("err = %v, want InvalidError", err)
		}
		d := invalid.Diagnostics[0]
		if d.File != filepath.Join(contentDir, "projects", "camp-photos", "project.yaml") || !strings.Contains(d.Message, "gallery/01.png: not an image") {
			t.Errorf("diagnostic %+v", d)
		}
		if after := listTree(t, contentDir); !slices.Equal(before, after) {
			t.Errorf("tree changed:\n%v\n%v", before, after)
		}
	})
	t.Run("no projects folder yet", func(t *testing.T) {
		fresh := filepath.Join(t.TempDir(), "content")
		writeFile(t, filepath.Join(fresh, "site.yaml"), []byte(testSite))
		p, err := Prepare(fresh, a)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Create(ctx, p); err == nil {
			t.Fatal("no error")
		}
		if got := listTree(t, fresh); !slices.Equal(got, []string{".", "site.yaml"}) {
			t.Errorf("left behind: %v", got)
		}
		if _, err := Create(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPrepareGalleryTexts(t *testing.T) {
	contentDir, src := fixture(t)
	for _, tt := range []struct {
		texts []ImageText
		want  string
	}{
		{[]ImageText{{}, {}, {Alt: "x"}}, "3 alt texts or captions for 2 gallery images"},
		{[]ImageText{{Alt: "a.png"}}, `gallery image 1: the alt text "a.png" is a file name`},
		{[]ImageText{{}, {Caption: strings.Repeat("c", 301)}}, "gallery image 2: "},
	} {
		a := answers(src)
		a.Gallery = []string{filepath.Join(src, "set", "c.jpeg"), filepath.Join(src, "set", "a.png")}
		a.Texts = tt.texts
		if _, err := Prepare(contentDir, a); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("texts %v: err = %v, want %q", tt.texts, err, tt.want)
		}
	}
}

// The copies lose a JPEG's EXIF record but keep its orientation; the
// result says so; the original is untouched.
func TestCreateStripsMetadata(t *testing.T) {
	contentDir, src := fixture(t)
	original := imagetest.WithExifOrientation(imagetest.JPEG(60, 40), 6, binary.BigEndian)
	original = append(original[:len(original):len(original)], []byte("trailing preview")...)
	writeFile(t, filepath.Join(src, "Cover.JPG"), original)
	a := answers(src)
	a.Gallery = []string{filepath.Join(src, "set", "a.png")}
	p, err := Prepare(contentDir, a)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Create(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Stripped.String(); got != "EXIF, data after the image (previews, depth maps) (from 1 image)" {
		t.Errorf("Stripped = %q", got)
	}
	copied, _ := os.ReadFile(filepath.Join(res.Dir, "cover.jpg"))
	info, err := imagecheck.Bytes("cover.jpg", copied, imagecheck.DefaultMaxPixels)
	if err != nil || info.Orientation != 6 || info.Width != 40 {
		t.Errorf("copied cover: %+v, %v; want orientation 6 kept (40 wide upright)", info, err)
	}
	if bytes.Contains(copied, []byte("trailing preview")) {
		t.Error("the data after the image was copied")
	}
	if now, _ := os.ReadFile(filepath.Join(src, "Cover.JPG")); !bytes.Equal(now, original) {
		t.Error("the original changed")
	}
}

// A gallery with videos: each is copied byte for byte with its poster
// beside it, copied from beside the source or drawn by ffmpeg; the new
// project is valid. Without ffmpeg, a video with no poster beside it stops
// the plan, saying what to do, and nothing is written.
func TestCreateWithVideos(t *testing.T) {
	contentDir, src := fixture(t)
	set := filepath.Join(src, "set")
	videotest.Make(t, set, "b2.mp4", videotest.H264...)                     // between b.jpg and c.jpeg; no poster
	withPoster := videotest.Make(t, set, "d.webm", videotest.VP9...)        // last; its poster beside it
	writeFile(t, filepath.Join(set, "d.poster.png"), imagetest.PNG(32, 24)) // not a gallery image of its own
	a := answers(src)
	a.Gallery = []string{set}
	p, err := Prepare(contentDir, a)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range append(p.Gallery, p.Posters...) {
		names = append(names, c.Name)
	}
	want := "gallery/01.png gallery/02.jpg gallery/03.mp4 gallery/04.jpeg gallery/05.webm gallery/03.poster.jpg gallery/05.poster.png"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("planned %s\nwant    %s", got, want)
	}
	res, err := Create(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if res.Warnings.Errors() != 0 {
		t.Fatalf("the new project has errors: %v", res.Warnings)
	}
	dir := filepath.Join(contentDir, "projects", "camp-photos", "gallery")
	if got, _ := os.ReadFile(filepath.Join(dir, "05.webm")); !bytes.Equal(got, must(os.ReadFile(withPoster))) {
		t.Error("05.webm is not the source video byte for byte")
	}
	if info, err := imagecheck.File(filepath.Join(dir, "03.poster.jpg"), imagecheck.DefaultMaxPixels); err != nil || info.Width != 320 {
		t.Errorf("03.poster.jpg, drawn by ffmpeg: %+v, %v", info, err)
	}
	if info, err := imagecheck.File(filepath.Join(dir, "05.poster.png"), imagecheck.DefaultMaxPixels); err != nil || info.Width != 32 {
		t.Errorf("05.poster.png, copied: %+v, %v", info, err)
	}

	t.Setenv("PATH", t.TempDir()) // no ffmpeg
	a.Title, a.Slug = "Camp Videos", ""
	_, err = Prepare(contentDir, a)
	if !strings.Contains(errString(err), "b2.mp4 has no poster image beside it, and ffmpeg is not installed") {
		t.Fatalf("without ffmpeg: %v", err)
	}
	if _, err := os.Stat(filepath.Join(contentDir, "projects", "camp-videos")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a project folder was written")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
