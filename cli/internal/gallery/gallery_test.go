package gallery

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/stage"
)

const projectYAML = `# yaml-language-server: $schema=../../../schema/project.schema.json
# The owner's comment stays.
title: Harbour
subtitle: Boats
description: Photos of boats.
role: Photographer
skills: [Photography]
category: Photography
page: photography
cover: cover.jpg
body:
  - type: gallery # the photos
    texts:
      # a comment inside texts is rewritten with it
      - file: 02.jpg
        alt: A red boat at dawn
  - type: text
    text: After the gallery.
`

// fixture writes a content folder with project "harbour" whose gallery
// holds images 01.jpg … of widths 101, 102, …: an image is known by its
// width wherever it moves.
func fixture(t testing.TB, n int) (contentDir string) {
	t.Helper()
	dir := t.TempDir()
	write := func(rel string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("site.yaml", []byte(contenttest.Site))
	write("projects/harbour/project.yaml", []byte(projectYAML))
	write("projects/harbour/cover.jpg", imagetest.JPEG(50, 50))
	for i := 1; i <= n; i++ {
		ext := ".jpg"
		data := imagetest.JPEG(100+i, 40)
		if i == 3 {
			ext, data = ".png", imagetest.PNG(100+i, 40)
		}
		write(fmt.Sprintf("projects/harbour/gallery/%02d%s", i, ext), data)
	}
	return dir
}

// state lists the gallery folder as "name:width", hidden files included.
func state(t testing.TB, contentDir string) []string {
	t.Helper()
	dir := filepath.Join(contentDir, "projects/harbour/gallery")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		info, err := imagecheck.File(filepath.Join(dir, e.Name()), imagecheck.DefaultMaxPixels)
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		out = append(out, fmt.Sprintf("%s:%d", e.Name(), info.Width))
	}
	slices.SortFunc(out, content.NaturalCompare)
	return out
}

func TestEdits(t *testing.T) {
	src := t.TempDir()
	newImage := filepath.Join(src, "new.JPG")
	if err := os.WriteFile(newImage, imagetest.JPEG(200, 40), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		n      int
		edit   func(g *Gallery) error
		want   []string
		golden string // testdata/<golden>.yaml: project.yaml after the edit
	}{
		{name: "move down", n: 4, edit: func(g *Gallery) error { return g.Move(1, 3) },
			want: []string{"01.jpg:102", "02.png:103", "03.jpg:101", "04.jpg:104"}, golden: "move"},
		{name: "move up keeps each extension", n: 4, edit: func(g *Gallery) error { return g.Move(3, 1) },
			want: []string{"01.png:103", "02.jpg:101", "03.jpg:102", "04.jpg:104"}},
		{name: "remove", n: 4, edit: func(g *Gallery) error { return g.Remove(1) },
			want: []string{"01.jpg:102", "02.png:103", "03.jpg:104"}, golden: "remove"},
		{name: "insert at 2", n: 3, edit: func(g *Gallery) error { return g.Insert(2, newImage) },
			want: []string{"01.jpg:101", "02.jpg:200", "03.jpg:102", "04.png:103"}},
		{name: "append", n: 2, edit: func(g *Gallery) error { return g.Insert(3, newImage) },
			want: []string{"01.jpg:101", "02.jpg:102", "03.jpg:200"}},
		{name: "tenth image keeps two digits", n: 9, edit: func(g *Gallery) error { return g.Insert(1, newImage) },
			want: []string{"01.jpg:200", "02.jpg:101", "03.jpg:102", "04.png:103", "05.jpg:104", "06.jpg:105", "07.jpg:106", "08.jpg:107", "09.jpg:108", "10.jpg:109"}},
		{name: "texts", n: 3, edit: func(g *Gallery) error {
			if err := g.SetText(1, "Harbour wall, \"low tide\": gulls", "Winter #1"); err != nil {
				return err
			}
			return g.SetText(2, "", "")
		}, want: []string{"01.jpg:101", "02.jpg:102", "03.png:103"}, golden: "texts"},
		{name: "removing every text removes texts", n: 2, edit: func(g *Gallery) error { return g.SetText(2, "", "") },
			want: []string{"01.jpg:101", "02.jpg:102"}, golden: "no-texts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixture(t, tt.n)
			g, err := Open(dir, "harbour")
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.edit(g); err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply(context.Background(), nil); err != nil {
				t.Fatal(err)
			}
			if got := state(t, dir); !slices.Equal(got, tt.want) {
				t.Errorf("gallery = %v, want %v", got, tt.want)
			}
			_, diags, err := content.Load(dir, content.Options{})
			if err != nil || diags.Errors() > 0 {
				t.Fatalf("the project is not valid after the edit: %v\n%v", err, diags)
			}
			got, _ := os.ReadFile(filepath.Join(dir, "projects/harbour/project.yaml"))
			if tt.golden != "" {
				golden.File(t, filepath.Join("testdata", tt.golden+".yaml"), got)
			}
		})
	}
}

// applied applies g's changes to the content in dir and returns the first
// project's gallery as the site reads it.
func applied(t *testing.T, g *Gallery, dir string) []content.GalleryImage {
	t.Helper()
	if _, err := g.Apply(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	c, diags, _ := content.Load(dir, content.Options{})
	if diags.Errors() > 0 {
		t.Fatal(diags)
	}
	return c.Projects[0].Gallery
}

// The texts follow their image through a move.
func TestTextsFollowTheirImage(t *testing.T) {
	dir := fixture(t, 3)
	g, _ := Open(dir, "harbour")
	if err := g.Move(2, 3); err != nil { // 02.jpg, described, becomes 03.jpg
		t.Fatal(err)
	}
	var alts []string
	for _, im := range applied(t, g, dir) {
		alts = append(alts, im.Path+"="+im.Alt)
	}
	want := "gallery/01.jpg=Harbour 1 gallery/02.png=Harbour 2 gallery/03.jpg=Harbour 3: A red boat at dawn"
	if strings.Join(alts, " ") != want {
		t.Errorf("gallery = %v, want %s", alts, want)
	}
}

func TestBadEdits(t *testing.T) {
	dir := fixture(t, 3)
	notImage := filepath.Join(t.TempDir(), "notes.jpg")
	if err := os.WriteFile(notImage, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := Open(dir, "harbour")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"move from 0", g.Move(0, 1), "image 0 is not in the gallery: give a number from 1 to 3"},
		{"move to 4", g.Move(1, 4), "position 4 is not in the gallery: give a number from 1 to 3"},
		{"remove 9", g.Remove(9), "image 9 is not in the gallery"},
		{"insert at 5", g.Insert(5, notImage), "position 5 is not in the gallery: give a number from 1 to 4"},
		{"insert a text file", g.Insert(1, notImage), "notes.jpg: not an image"},
		{"insert a missing file", g.Insert(1, "/nonexistent/x.jpg"), "/nonexistent/x.jpg"},
		{"alt is a file name", g.SetText(1, "DSC_0042.JPG", ""), `the alt text "DSC_0042.JPG" is a file name`},
	} {
		if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tt.name, tt.err, tt.want)
		}
	}
	if _, err := Open(dir, "nope"); err == nil || !strings.Contains(err.Error(), `no project "nope"`) {
		t.Errorf("Open(nope) = %v", err)
	}
	if _, err := Open(dir, "../harbour"); !errors.Is(err, fieldcheck.ErrNoProject) || !strings.Contains(err.Error(), `did you mean "harbour"?`) {
		t.Errorf("Open(../harbour) = %v", err)
	}
	if got := state(t, dir); !slices.Equal(got, []string{"01.jpg:101", "02.jpg:102", "03.png:103"}) {
		t.Errorf("a refused edit changed the gallery: %v", got)
	}
}

// A change that would leave the project invalid changes nothing.
func TestInvalidResultChangesNothing(t *testing.T) {
	dir := fixture(t, 2)
	before, _ := os.ReadFile(filepath.Join(dir, "projects/harbour/project.yaml"))
	g, _ := Open(dir, "harbour")
	for range 2 { // an empty gallery block is an error
		if err := g.Remove(1); err != nil {
			t.Fatal(err)
		}
	}
	_, err := g.Apply(context.Background(), nil)
	var inv *stage.InvalidError
	if !errorsAs(err, &inv) || !strings.Contains(inv.Diagnostics[0].Message, "the gallery is empty") {
		t.Fatalf("err = %v, want the empty gallery named", err)
	}
	if got := state(t, dir); !slices.Equal(got, []string{"01.jpg:101", "02.jpg:102"}) {
		t.Errorf("gallery = %v", got)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "projects/harbour/project.yaml"))
	if string(after) != string(before) {
		t.Error("project.yaml changed")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "projects"))
	if len(entries) != 1 {
		t.Errorf("projects/ holds %d entries, want the project alone (no staging left)", len(entries))
	}
}

// An added JPEG loses its EXIF record but keeps its orientation.
func TestInsertStripsMetadata(t *testing.T) {
	dir := fixture(t, 2)
	src := filepath.Join(t.TempDir(), "phone.jpg")
	if err := os.WriteFile(src, imagetest.WithExifOrientation(imagetest.JPEG(300, 40), 6, binary.LittleEndian), 0o644); err != nil {
		t.Fatal(err)
	}
	g, _ := Open(dir, "harbour")
	if err := g.Insert(1, src); err != nil {
		t.Fatal(err)
	}
	res, err := g.Apply(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Stripped.String(); got != "EXIF (from 1 image)" {
		t.Errorf("Stripped = %q", got)
	}
	info, err := imagecheck.File(filepath.Join(dir, "projects/harbour/gallery/01.jpg"), imagecheck.DefaultMaxPixels)
	if err != nil || info.Orientation != 6 {
		t.Errorf("01.jpg: %+v, %v", info, err)
	}
}

// With `order: texts` (decision 0081) the gallery opens in the site's order,
// and a move keeps the site showing what the command showed: every image
// gets an entry, in the new order.
func TestOrderByTexts(t *testing.T) {
	dir := fixture(t, 3)
	yaml := filepath.Join(dir, "projects/harbour/project.yaml")
	data, _ := os.ReadFile(yaml)
	data = []byte(strings.Replace(string(data), "  - type: gallery # the photos\n", "  - type: gallery # the photos\n    order: texts\n", 1))
	if err := os.WriteFile(yaml, data, 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := Open(dir, "harbour")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Names(); !slices.Equal(got, []string{"01.jpg", "02.jpg", "03.png"}) {
		t.Fatalf("names %v", got)
	}
	var opened []string
	for _, im := range g.Images {
		opened = append(opened, im.File)
	}
	if want := []string{"02.jpg", "01.jpg", "03.png"}; !slices.Equal(opened, want) {
		t.Errorf("opened in %v, want the texts' order %v", opened, want)
	}
	if err := g.Move(3, 1); err != nil { // 03.png first
		t.Fatal(err)
	}
	var shown []string
	for _, im := range applied(t, g, dir) {
		shown = append(shown, fmt.Sprintf("%s:%d", im.Path, im.Width))
	}
	if want := "gallery/01.png:103 gallery/02.jpg:102 gallery/03.jpg:101"; strings.Join(shown, " ") != want {
		t.Errorf("the site shows %v, want %s", shown, want)
	}
}
