package site

import (
	"cmp"
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/golden"
)

// owner gives the settings without a default, in no trade's words.
func owner(kind string) Site {
	s := Site{Kind: kind, Name: "Mara Lindqvist", Description: "Portfolio of Mara Lindqvist, Stockholm.", URL: "https://maralindqvist.se"}
	if p, _ := PresetOf(kind); p.OwnTaglines {
		s.Taglines = Taglines{Role: "Ceramicist", Mission: "Bowls for every day"}
	}
	return s
}

// otherTrades are words of the sample designer's site that no other kind
// may be given.
var otherTrades = regexp.MustCompile(`(?i)design|parking|fun facts|funFacts|accessib|interface`)

// Every kind's site.yaml is its golden file, and passes the checks of
// `portfolio validate` (the real schema and rules, by Create's loader) with
// no warning but the placeholders it names; a kind other than the
// designer's holds none of the designer's words.
func TestPresets(t *testing.T) {
	for _, p := range Presets {
		t.Run(p.Kind, func(t *testing.T) {
			s, err := Prepare(owner(p.Kind))
			if err != nil {
				t.Fatal(err)
			}
			data := Render(s, DefaultSchemaRef)
			golden.File(t, filepath.Join("testdata", "golden", "preset-"+p.Kind+".yaml"), data)
			dir := filepath.Join(t.TempDir(), "content")
			res, err := Create(context.Background(), dir, data)
			if err != nil {
				t.Fatalf("the %s site.yaml does not pass validate: %v", p.Kind, err)
			}
			for _, d := range res.Warnings {
				if d.Severity != diag.Warning || !strings.Contains(d.Message, "is still the placeholder that `portfolio init` wrote") {
					t.Errorf("not a placeholder warning: %+v", d)
				}
			}
			c, diags, err := content.Load(dir, content.Options{})
			if err != nil || diags.Errors() != 0 {
				t.Fatalf("load: %v %v", err, diags)
			}
			if len(c.Site.Categories) != len(p.Categories) {
				t.Errorf("%d categories, want the preset's %d", len(c.Site.Categories), len(p.Categories))
			}
			if p.Kind != Designer {
				if m := otherTrades.FindAll(data, -1); m != nil {
					t.Errorf("words of the designer's site in the %s's: %q", p.Kind, m)
				}
			}
		})
	}
}

// A photographer's site: cards without role or skills, photo galleries,
// one column of photos on phones and two from 600 px, the mission made of
// the categories given.
func TestPhotographerPreset(t *testing.T) {
	s := owner(Photographer)
	s.Categories = []Category{{Slug: "portraits", Title: "Portraits"}, {Slug: "weddings", Title: "Weddings"}}
	d := s.WithDefaults()
	if d.Taglines.Role != "Photographer" || d.Taglines.Mission != "Portraits · Weddings" {
		t.Errorf("taglines %+v", d.Taglines)
	}
	for _, c := range d.Categories {
		if c.Card == nil || *c.Card.Role || *c.Card.Skills || !*c.Card.Description || !*c.Card.Category {
			t.Errorf("%s: card %+v, want no role and no skills", c.Slug, c.Card)
		}
		if c.PhotoGalleries == nil || !*c.PhotoGalleries {
			t.Errorf("%s: not photo galleries", c.Slug)
		}
		if c.Description != c.Title+" by Mara Lindqvist." {
			t.Errorf("%s: description %q", c.Slug, c.Description)
		}
	}
	if col := d.Gallery.Columns; col == nil || *col.XS != 1 || *col.SM != 2 || col.MD != nil {
		t.Errorf("gallery columns %+v, want xs 1, sm 2", col)
	}
	if s.Categories[0].Card != nil {
		t.Error("WithDefaults changed its input's categories")
	}
	// The other kinds ask for their own taglines.
	var missing []string
	o := owner(Other)
	o.Taglines = Taglines{}
	for _, f := range o.Missing() {
		missing = append(missing, f.Flag)
	}
	if want := []string{"role-tagline", "mission-tagline"}; !slices.Equal(missing, want) {
		t.Errorf("other: missing %v, want %v", missing, want)
	}
}

// What links to a kind's pages show: a photographer's photographs (her
// category pages their first project's cover, her project pages their
// cover untinted), the designer's drawn cards as the sample has them (SPEC
// says nothing of previews, and the sample's must not change). An owner's
// own choice stands.
func TestPresetPreviews(t *testing.T) {
	for _, tc := range []struct {
		kind, given string
		want        string // in site.yaml; "" writes none: the schema's default, cards
	}{
		{Designer, "", ""},
		{Photographer, "", content.PreviewPhotos},
		{Photographer, content.PreviewCards, content.PreviewCards},
		{Illustrator, "", ""},
		{Architect, "", ""},
		{Other, "", ""},
		{Designer, content.PreviewPhotos, content.PreviewPhotos},
	} {
		t.Run(tc.kind+"/"+tc.given, func(t *testing.T) {
			s := owner(tc.kind)
			s.Previews = tc.given
			s, err := Prepare(s)
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "content")
			if _, err := Create(context.Background(), dir, Render(s, DefaultSchemaRef)); err != nil {
				t.Fatal(err)
			}
			c, diags, err := content.Load(dir, content.Options{})
			if err != nil || diags.Errors() != 0 {
				t.Fatalf("load: %v %v", err, diags)
			}
			// What the site reads, the schema's default applied.
			want := cmp.Or(tc.want, content.PreviewCards)
			if c.Site.Previews != want {
				t.Errorf("previews %q, want %q", c.Site.Previews, want)
			}
			written := regexp.MustCompile(`(?m)^previews: (\w+)$`).FindSubmatch(Render(s, DefaultSchemaRef))
			if (written == nil) != (tc.want == "") || (written != nil && string(written[1]) != tc.want) {
				t.Errorf("site.yaml says previews %q, want %q", written, tc.want)
			}
		})
	}
}
