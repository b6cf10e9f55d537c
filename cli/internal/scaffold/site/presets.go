package site

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
)

// Preset is how a kind of work starts a site: its categories, what its
// project cards show, how its galleries are laid out and the headings of
// its About page. The texts about the owner stay the owner's to write: a
// preset gives headings and descriptions of categories, never claims.
type Preset struct {
	// Kind is the name --kind takes; Label and Hint are the form's option.
	Kind, Label, Hint string
	// Role is taglines.role when none is given. Mission is
	// taglines.mission; "" makes it of the categories' titles (words of
	// the owner's, not a claim of the preset's).
	Role, Mission string
	// OwnTaglines asks the owner for both taglines: the kind has no words
	// to offer.
	OwnTaglines bool
	// Categories are the site's categories when the owner names none
	// (descriptions made from the owner's name when left empty).
	Categories []Category
	// Card says which fields the cards of its categories show; nil shows
	// them all (the schema's default), and writes nothing.
	Card *Card
	// PhotoGalleries marks its categories' galleries as the work itself.
	PhotoGalleries bool
	// GalleryColumns are the site's gallery columns; nil writes none (the
	// schema's defaults).
	GalleryColumns *Columns
	// About are the About page's sections; Skills makes its skill tags of
	// the role when none are given.
	About  []AboutSection
	Skills bool
	// PhotoHome writes the photograph home layout, commented out until the
	// owner has photographs to name.
	PhotoHome bool
	// Previews is site.yaml's previews: what links to the site's pages
	// show in chats and social networks; "" writes none (the schema's
	// default, drawn cards: the sample designer's, as SPEC leaves it).
	Previews string
	// Fonts is site.yaml's fonts; "" writes none (the schema's default,
	// the theme's web fonts).
	Fonts string
	// Delivery is site.yaml's images.delivery; "" writes none (the
	// schema's default, build).
	Delivery string
}

// AboutSection is a section of the About page that a kind starts with:
// its heading, its width, and what fills it until the owner writes its
// bullets: the site's description (Fill "") or the placeholder of that
// name (content.Placeholders), which `portfolio validate` warns about.
type AboutSection struct {
	Title, Width, Fill string
}

// placeholderBullet fills a section with the one placeholder bullet no
// trade owns.
const placeholderBullet = "funFacts"

// The kinds of work init knows. DefaultKind is the one without --kind or
// a form: the site init made before it asked.
const (
	Designer     = "designer"
	Photographer = "photographer"
	Illustrator  = "illustrator"
	Architect    = "architect"
	Other        = "other"
	DefaultKind  = Designer
)

func no() *bool    { b := false; return &b }
func yes() *bool   { b := true; return &b }
func n(i int) *int { return &i }

// Presets are the kinds of work, in the order the form offers them. Add a
// kind here: the form, --kind and its check follow.
var Presets = []Preset{
	{
		Kind: Designer, Label: "Designer", Hint: "interfaces, brands, print",
		Role: defaultRole, Mission: defaultMission,
		Categories: []Category{DefaultCategory},
		About:      []AboutSection{{Title: "Summary"}, {Title: "Values", Width: "half", Fill: "values"}, {Title: "Fun Facts", Width: "half", Fill: "funFacts"}},
		Skills:     true,
	},
	{
		Kind: Photographer, Label: "Photographer", Hint: "portraits, landscapes, weddings",
		Role: "Photographer",
		Categories: []Category{
			{Slug: "portraits", Title: "Portraits", Blurb: "Portraits of people, in the studio and on location."},
			{Slug: "landscapes", Title: "Landscapes", Blurb: "Landscapes and places, in every season and light."},
			{Slug: "weddings", Title: "Weddings", Blurb: "Weddings, from the first preparations to the last dance."},
		},
		Card:           &Card{Role: no(), Skills: no(), Description: yes(), Category: yes()},
		PhotoGalleries: true,
		GalleryColumns: &Columns{XS: n(1), SM: n(2)},
		About: []AboutSection{{Title: "About My Work"}, {Title: "Clients & Publications", Width: "half", Fill: placeholderBullet},
			{Title: "Exhibitions & Awards", Width: "half", Fill: placeholderBullet}},
		PhotoHome: true,
		// Her photographs are her link previews (issue 48): a category
		// shows its first project's cover, a project its cover untinted.
		Previews: content.PreviewPhotos,
		// Her photographs carry the look: the system font paints her
		// pages without a font to fetch and decode (decision 0124).
		Fonts: content.FontsSystem,
		// Netlify Image CDN makes her photographs' widths: a build on
		// Netlify makes no AVIF (its image has no libavif), and the one
		// encoder that needs none took 11.7 times our encoder's CPU over
		// a photograph's widths (decision 0105).
		Delivery: content.DeliveryNetlify,
	},
	{
		Kind: Illustrator, Label: "Illustrator", Hint: "editorial, books, personal work",
		Role: "Illustrator",
		Categories: []Category{
			{Slug: "editorial", Title: "Editorial", Blurb: "Illustrations for magazines, newspapers and online articles."},
			{Slug: "books", Title: "Books", Blurb: "Picture books, book covers and illustrated non-fiction."},
			{Slug: "personal", Title: "Personal Work", Blurb: "Sketchbooks, prints and self-initiated projects."},
		},
		Card:           &Card{Role: no(), Skills: yes(), Description: yes(), Category: yes()},
		PhotoGalleries: true,
		GalleryColumns: &Columns{XS: n(2)},
		About: []AboutSection{{Title: "About My Work"}, {Title: "Clients", Width: "half", Fill: placeholderBullet},
			{Title: "Tools & Media", Width: "half", Fill: placeholderBullet}},
	},
	{
		Kind: Architect, Label: "Architect", Hint: "residential, public buildings, competitions",
		Role: "Architect",
		Categories: []Category{
			{Slug: "residential", Title: "Residential", Blurb: "Houses, apartments and extensions."},
			{Slug: "public", Title: "Public Buildings", Blurb: "Schools, libraries and other buildings open to all."},
			{Slug: "competitions", Title: "Competitions", Blurb: "Competition entries and proposals."},
		},
		Card:           &Card{Role: yes(), Skills: no(), Description: yes(), Category: yes()},
		PhotoGalleries: true,
		GalleryColumns: &Columns{XS: n(1), SM: n(2)},
		About: []AboutSection{{Title: "Practice"}, {Title: "Selected Clients", Width: "half", Fill: placeholderBullet},
			{Title: "Awards & Publications", Width: "half", Fill: placeholderBullet}},
	},
	{
		Kind: Other, Label: "Other", Hint: "your own categories, nothing trade-specific",
		OwnTaglines: true,
		About:       []AboutSection{{Title: "Summary"}},
		Categories:  []Category{DefaultCategory},
	},
}

// Kinds are the kinds' names, in the form's order.
func Kinds() []string {
	out := make([]string, len(Presets))
	for i, p := range Presets {
		out[i] = p.Kind
	}
	return out
}

// PresetOf returns the preset of kind ("" is DefaultKind).
func PresetOf(kind string) (Preset, bool) {
	if kind == "" {
		kind = DefaultKind
	}
	i := slices.IndexFunc(Presets, func(p Preset) bool { return p.Kind == kind })
	if i < 0 {
		return Preset{}, false
	}
	return Presets[i], true
}

// CheckKind fails on a kind init does not know, naming those it knows and
// the closest.
func CheckKind(kind string) error {
	if _, ok := PresetOf(kind); ok {
		return nil
	}
	return choiceError("kinds of work", kind, Kinds())
}

// choiceError says that got is none of allowed, offering the closest.
func choiceError(what, got string, allowed []string) error {
	msg := fmt.Sprintf("%q is none of the %s init knows: %s", got, what, strings.Join(allowed, ", "))
	if near := schemacheck.Closest(strings.ToLower(strings.TrimSpace(got)), allowed); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	}
	return fmt.Errorf("%s", msg)
}

// preset is the settings' preset (DefaultKind's when Kind is unknown: the
// command checks it before).
func (s *Site) preset() Preset {
	p, ok := PresetOf(s.Kind)
	if !ok {
		p, _ = PresetOf(DefaultKind)
	}
	return p
}

// DefaultMission is the mission the settings get when none is given: the
// preset's, or the titles of the categories, "Portraits · Landscapes".
func (s *Site) DefaultMission() string {
	p := s.preset()
	if p.Mission != "" || p.OwnTaglines {
		return p.Mission
	}
	categories := s.Categories
	if len(categories) == 0 {
		categories = p.Categories
	}
	titles := make([]string, 0, len(categories))
	for _, c := range categories {
		if t := strings.TrimSpace(cmp.Or(c.Title, c.Slug)); t != "" {
			titles = append(titles, t)
		}
	}
	return strings.Join(titles, " · ")
}
