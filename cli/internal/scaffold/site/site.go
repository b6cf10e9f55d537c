// Package site makes a new owner's site.yaml, as the scaffold package makes
// a project: the settings' model (shaped like the file, so an answers file
// is a site.yaml with some of its keys), each setting checked by the site
// schema in the words of `portfolio validate`, the file rendered with its
// schema modeline and short comments, and written by the one stage →
// check → place path (package stage; Create). `portfolio init` is its command.
package site

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/fieldcheck"
)

// Site holds the settings of a new site.yaml. It is shaped like the file, so
// an answers file (--from) is a site.yaml with only some of its keys.
type Site struct {
	// Kind is the kind of work shown (Presets): it chooses the defaults
	// of what is not given. Not a key of site.yaml.
	Kind          string     `yaml:"-"`
	Name          string     `yaml:"name"`
	Taglines      Taglines   `yaml:"taglines"`
	Hero          string     `yaml:"hero"`
	Description   string     `yaml:"description"`
	URL           string     `yaml:"url"`
	Languages     []string   `yaml:"languages"`
	MeasurementID string     `yaml:"measurementId"`
	Analytics     Analytics  `yaml:"analytics"`
	Social        Social     `yaml:"social"`
	About         About      `yaml:"about"`
	Contact       Contact    `yaml:"contact"`
	Categories    []Category `yaml:"categories"`
	Gallery       Gallery    `yaml:"gallery"`
	// Previews is what links to the pages show (content.PreviewCards or
	// PreviewPhotos); "" writes none, the schema's default.
	Previews string `yaml:"previews"`
	// Fonts is the pages' typefaces (content.FontsTheme or FontsSystem);
	// "" writes none, the schema's default.
	Fonts string `yaml:"fonts"`
	// Images is where the widths of the images are made; "" writes none.
	Images Images `yaml:"images"`
}

// Images is site.yaml's images: who makes the widths of the images,
// content.DeliveryBuild or DeliveryNetlify.
type Images struct {
	Delivery string `yaml:"delivery"`
}

// Analytics chooses the analytics service other than Google Analytics 4
// (which measurementId alone chooses) and its setting.
type Analytics struct {
	Provider  string `yaml:"provider"`
	Domain    string `yaml:"domain,omitempty"`
	WebsiteID string `yaml:"websiteId,omitempty"`
	Code      string `yaml:"code,omitempty"`
}

// Gallery is how project galleries are laid out.
type Gallery struct {
	Columns *Columns `yaml:"columns"`
}

// Columns are a gallery's columns by breakpoint; nil ones are left out.
type Columns struct {
	XS *int `yaml:"xs,omitempty"`
	SM *int `yaml:"sm,omitempty"`
	MD *int `yaml:"md,omitempty"`
	LG *int `yaml:"lg,omitempty"`
	XL *int `yaml:"xl,omitempty"`
}

// Card says which fields a category's project cards show; nil ones are
// left out (shown).
type Card struct {
	Role        *bool `yaml:"role,omitempty"`
	Skills      *bool `yaml:"skills,omitempty"`
	Description *bool `yaml:"description,omitempty"`
	Category    *bool `yaml:"category,omitempty"`
}

// Taglines are the two lines under the owner's name on the home page.
type Taglines struct {
	Role    string `yaml:"role"`
	Mission string `yaml:"mission"`
}

// Link is a profile link.
type Link struct {
	Label string `yaml:"label"`
	URL   string `yaml:"url"`
}

// Social are the profiles linked from the hero and the footer, each
// optional: an empty address leaves the profile out.
type Social struct {
	ProfessionalNetwork Link `yaml:"professionalNetwork"`
	CodeHosting         Link `yaml:"codeHosting"`
	Microblog           Link `yaml:"microblog"`
	PhotoSharing        Link `yaml:"photoSharing"`
}

// About is the About Me page.
type About struct {
	Description string    `yaml:"description"`
	Intro       string    `yaml:"intro"`
	Skills      []string  `yaml:"skills"`
	Sections    []Section `yaml:"sections"`
}

// Section is one section of the About page.
type Section struct {
	Title string   `yaml:"title"`
	Width string   `yaml:"width,omitempty"`
	Items []string `yaml:"items"`
}

// Section returns the bullets of the designer's section with that title
// (the --about-summary, --about-value and --about-fun-fact flags'), adding
// the section (in that kind's order) when the About page has none yet.
func (a *About) Section(title string) *[]string {
	designer, _ := PresetOf(Designer)
	return a.section(title, designer.About)
}

// section returns the bullets of the section with that title, adding it
// in the order of sections when the About page has none yet.
func (a *About) section(title string, sections []AboutSection) *[]string {
	if i := slices.IndexFunc(a.Sections, func(s Section) bool { return s.Title == title }); i >= 0 {
		return &a.Sections[i].Items
	}
	order := slices.IndexFunc(sections, func(s AboutSection) bool { return s.Title == title })
	at := len(a.Sections)
	for i, s := range a.Sections {
		if j := slices.IndexFunc(sections, func(d AboutSection) bool { return d.Title == s.Title }); j > order {
			at = i
			break
		}
	}
	sec := Section{Title: title}
	if order >= 0 {
		sec.Width = sections[order].Width
	}
	a.Sections = slices.Insert(a.Sections, at, sec)
	return &a.Sections[at].Items
}

// Contact is the Contact page.
type Contact struct {
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	Heading     string `yaml:"heading"`
	Intro       string `yaml:"intro"`
}

// Category is one category page. The owner's own: an answers file (--from)
// may list them; without, the site starts with one (DefaultCategory).
type Category struct {
	Slug        string `yaml:"slug"`
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	Blurb       string `yaml:"blurb"`
	// Card and PhotoGalleries come from the kind's preset when not given.
	Card           *Card `yaml:"card"`
	PhotoGalleries *bool `yaml:"photoGalleries"`
}

// DefaultCategory is the slug and title of the one category a new site
// starts with when the answers name none: every project needs a category
// to name, and which ones the owner wants is theirs to add in site.yaml.
var DefaultCategory = Category{Slug: "work", Title: "Work"}

// ReadAnswers reads an answers file (--from): a site.yaml with only some of
// its keys (name, taglines: {role, mission}, social: {codeHosting: {url}},
// …). An unknown key is an error at its line, so a misspelt one is not
// silently left out.
func ReadAnswers(path string) (Site, error) {
	var s Site
	err := draft.Read(path, &s, "those of site.yaml (name, taglines.role, social.codeHosting.url, …)")
	return s, err
}

// Field is one text setting: its place in site.yaml, its flag, and whether
// it must be given (it has no sensible default).
type Field struct {
	Key      string // dotted path in site.yaml: "taglines.role"
	Flag     string
	Usage    string
	Required bool
	// Optional settings may stay empty: they are left out of the file.
	Optional bool
	get      func(*Site) *string
}

// Value is the setting's text in s.
func (f Field) Value(s *Site) *string { return f.get(s) }

// ListField is a list setting; Comma lists are given as one line with commas
// (skills), the others one item per flag (bullets hold commas).
type ListField struct {
	Key, Flag, Usage string
	Comma            bool
	// Pointer is where site.yaml holds it, when not at its key: the
	// section init writes, in init's order.
	Pointer string
	get     func(*Site) *[]string
}

// Value is the setting's list in s.
func (f ListField) Value(s *Site) *[]string { return f.get(s) }

func link(key, flag, what string, get func(*Site) *Link) []Field {
	return []Field{
		{Key: "social." + key + ".label", Flag: flag + "-label", Usage: "name of your " + what + " service, e.g. " + DefaultLabels[key], Optional: true,
			get: func(s *Site) *string { return &get(s).Label }},
		{Key: "social." + key + ".url", Flag: flag + "-url", Usage: "https address of your " + what + " profile (optional: the site links the profiles given)", Optional: true,
			get: func(s *Site) *string { return &get(s).URL }},
	}
}

// DefaultLabels are the example services' names, by profile key: the
// label a profile link gets when only its address is given.
var DefaultLabels = map[string]string{
	"professionalNetwork": "LinkedIn", "codeHosting": "GitHub", "microblog": "Bluesky", "photoSharing": "Instagram",
}

// Fields are the text settings, in the order of site.yaml.
var Fields = func() []Field {
	f := []Field{
		{Key: "name", Flag: "name", Usage: "your name: navigation brand, hero heading, footer", Required: true,
			get: func(s *Site) *string { return &s.Name }},
		{Key: "taglines.role", Flag: "role-tagline", Usage: `what you do, e.g. "UX/UI Designer · Frontend Developer" (default "` + defaultRole + `")`,
			get: func(s *Site) *string { return &s.Taglines.Role }},
		{Key: "taglines.mission", Flag: "mission-tagline", Usage: "why, in a phrase (default: for a designer \"" + defaultMission + "\", for the other kinds the categories' titles)",
			get: func(s *Site) *string { return &s.Taglines.Mission }},
		{Key: "hero", Flag: "hero", Usage: "short introduction on the home page (default: the description)",
			get: func(s *Site) *string { return &s.Hero }},
		{Key: "description", Flag: "description", Usage: "the home page's meta description: one or two sentences", Required: true,
			get: func(s *Site) *string { return &s.Description }},
		{Key: "url", Flag: "url", Usage: "the site's public https address, without a trailing slash", Required: true,
			get: func(s *Site) *string { return &s.URL }},
		{Key: "measurementId", Flag: "measurement-id", Usage: "Google Analytics 4 measurement ID, G-… (default: no analytics)", Optional: true,
			get: func(s *Site) *string { return &s.MeasurementID }},
	}
	f = append(f, link("professionalNetwork", "professional-network", "professional networking", func(s *Site) *Link { return &s.Social.ProfessionalNetwork })...)
	f = append(f, link("codeHosting", "code-hosting", "code-hosting", func(s *Site) *Link { return &s.Social.CodeHosting })...)
	f = append(f, link("microblog", "microblog", "microblog", func(s *Site) *Link { return &s.Social.Microblog })...)
	f = append(f, link("photoSharing", "photo-sharing", "photo-sharing", func(s *Site) *Link { return &s.Social.PhotoSharing })...)
	f = append(f,
		Field{Key: "about.description", Flag: "about-description", Usage: "the About page's meta description (default: made from name and role)",
			get: func(s *Site) *string { return &s.About.Description }},
		Field{Key: "about.intro", Flag: "about-intro", Usage: "opening paragraph of the About page (default: the hero text)",
			get: func(s *Site) *string { return &s.About.Intro }},
		Field{Key: "contact.title", Flag: "contact-title", Usage: `the Contact page's header (default "Contact")`,
			get: func(s *Site) *string { return &s.Contact.Title }},
		Field{Key: "contact.description", Flag: "contact-description", Usage: "the Contact page's meta description",
			get: func(s *Site) *string { return &s.Contact.Description }},
		Field{Key: "contact.heading", Flag: "contact-heading", Usage: `heading of the contact section (default "Let's Connect")`,
			get: func(s *Site) *string { return &s.Contact.Heading }},
		Field{Key: "contact.intro", Flag: "contact-intro", Usage: "sentence above the contact form",
			get: func(s *Site) *string { return &s.Contact.Intro }},
	)
	return f
}()

// ListFields are the list settings, in the order of site.yaml.
var ListFields = []ListField{
	{Key: "about.summary", Flag: "about-summary", Usage: "a bullet of the About page's Summary (repeatable)", Pointer: "/about/sections/0/items",
		get: func(s *Site) *[]string { return s.About.Section("Summary") }},
	{Key: "about.values", Flag: "about-value", Usage: "a bullet of the About page's Values (repeatable)", Pointer: "/about/sections/1/items",
		get: func(s *Site) *[]string { return s.About.Section("Values") }},
	{Key: "about.funFacts", Flag: "about-fun-fact", Usage: "a bullet of the About page's Fun Facts (repeatable)", Pointer: "/about/sections/2/items",
		get: func(s *Site) *[]string { return s.About.Section("Fun Facts") }},
	{Key: "about.skills", Flag: "about-skills", Usage: "skill tags of the About page, comma-separated (default: from the role tagline)", Comma: true,
		get: func(s *Site) *[]string { return &s.About.Skills }},
	{Key: content.LanguagesKey, Flag: "language", Usage: "a language of the site, the default first (repeatable, or comma-separated): " + LanguageCodes() + " (default: en alone)", Comma: true,
		get: func(s *Site) *[]string { return &s.Languages }},
}

// LanguageCodes lists the languages a site may have, for help and
// questions: "en (English), sv (Swedish)".
func LanguageCodes() string {
	parts := make([]string, len(content.ShippedLanguages))
	for i, l := range content.ShippedLanguages {
		parts[i] = l.Code + " (" + l.Name + ")"
	}
	return strings.Join(parts, ", ")
}

// WritesLanguages says whether site.yaml gets a languages line: for more
// than one language, or one other than the default (decision 0115), so a
// site in English alone is written as before there were languages.
func (s *Site) WritesLanguages() bool {
	return len(s.Languages) > 1 || len(s.Languages) == 1 && s.Languages[0] != content.DefaultLanguage
}

// CheckLanguages checks the languages by the site schema, then that the
// site ships its own strings in each.
func CheckLanguages(items []string) error {
	if err := CheckList(content.LanguagesKey, items); err != nil {
		return err
	}
	for _, code := range items {
		if !content.Shipped(strings.TrimSpace(code)) {
			return &fieldcheck.FieldError{Field: content.LanguagesKey,
				Msg: fmt.Sprintf("%q: the site ships its own strings in %s only", strings.TrimSpace(code), LanguageCodes())}
		}
	}
	return nil
}

// FieldNamed returns the text setting with the given key.
func FieldNamed(key string) (Field, bool) {
	i := slices.IndexFunc(Fields, func(f Field) bool { return f.Key == key })
	if i < 0 {
		return Field{}, false
	}
	return Fields[i], true
}

// Defaults of the texts an owner can well edit later. Those that say
// something only the owner can say are content.Placeholders, which
// `portfolio validate` warns about while they stay.
const (
	defaultRole  = "Designer"
	defaultSkill = "Design"
)

var defaultMission = content.PlaceholderText("/taglines/mission")

// Normalize trims every text and drops empty list items, so that what is
// checked is what is written.
func (s *Site) Normalize() {
	for _, f := range Fields {
		p := f.get(s)
		*p = strings.TrimSpace(*p)
	}
	// The About sections directly: a list field's getter adds its section.
	s.About.Skills = fieldcheck.TrimList(s.About.Skills)
	s.Languages = fieldcheck.TrimList(s.Languages)
	for i, l := range s.Languages {
		s.Languages[i] = strings.ToLower(l)
	}
	s.About.Sections = slices.Clone(s.About.Sections)
	for i := range s.About.Sections {
		sec := &s.About.Sections[i]
		sec.Title, sec.Width = strings.TrimSpace(sec.Title), strings.TrimSpace(sec.Width)
		sec.Items = fieldcheck.TrimList(sec.Items)
	}
}

// Prefilled returns the settings (normalized) with the defaults a form
// shows filled in, so the owner sees them and may keep them: the taglines
// and the profiles' service names.
func (s Site) Prefilled() Site {
	s.Normalize()
	if s.Taglines.Role == "" {
		s.Taglines.Role = s.preset().Role
	}
	if s.Taglines.Mission == "" {
		s.Taglines.Mission = s.DefaultMission()
	}
	for key, label := range DefaultLabels {
		f, _ := FieldNamed("social." + key + ".label")
		if p := f.get(&s); *p == "" {
			*p = label
		}
	}
	return s
}

// Answered reports whether a required setting is given: what makes a draft
// worth keeping.
func (s *Site) Answered() bool {
	for _, f := range Fields {
		if f.Required && *f.get(s) != "" {
			return true
		}
	}
	return false
}

// Missing lists the required settings that are empty, by key: the
// taglines too when the kind of work has no words for them.
func (s *Site) Missing() []Field {
	var out []Field
	own := s.preset().OwnTaglines
	for _, f := range Fields {
		if (f.Required || own && strings.HasPrefix(f.Key, "taglines.")) && *f.get(s) == "" {
			out = append(out, f)
		}
	}
	return out
}

// WithDefaults returns the settings with every text left empty filled in:
// placeholders made from the name, role and description, which the file's
// comments invite the owner to replace.
func (s Site) WithDefaults() Site {
	s.About.Sections = slices.Clone(s.About.Sections)
	for i := range s.About.Sections {
		s.About.Sections[i].Items = slices.Clone(s.About.Sections[i].Items)
	}
	s.About.Skills = slices.Clone(s.About.Skills)
	s.Normalize()
	def := func(p *string, v string) {
		if *p == "" {
			*p = v
		}
	}
	p := s.preset()
	def(&s.Taglines.Role, p.Role)
	def(&s.Taglines.Mission, s.DefaultMission())
	def(&s.Hero, s.Description)
	// A profile is linked when its address is given; its label defaults to
	// the example service's name. A label without an address is dropped.
	for key, label := range DefaultLabels {
		l, _ := FieldNamed("social." + key + ".label")
		u, _ := FieldNamed("social." + key + ".url")
		if *u.get(&s) == "" {
			*l.get(&s) = ""
		} else {
			def(l.get(&s), serviceName(*u.get(&s), label))
		}
	}
	def(&s.About.Description, fmt.Sprintf("About %s: %s.", s.Name, s.Taglines.Role))
	def(&s.About.Intro, s.Hero)
	s.aboutSections(p)
	if len(s.About.Skills) == 0 && p.Skills {
		s.About.Skills = skillsFrom(s.Taglines.Role)
	}
	def(&s.Contact.Title, "Contact")
	def(&s.Contact.Description, fmt.Sprintf("Contact %s about a project or a collaboration.", s.Name))
	def(&s.Contact.Heading, "Let's Connect")
	def(&s.Contact.Intro, content.PlaceholderText("/contact/intro"))
	if len(s.Categories) == 0 {
		s.Categories = p.Categories
	}
	s.Categories = slices.Clone(s.Categories)
	for i := range s.Categories {
		c := &s.Categories[i]
		def(&c.Title, c.Slug)
		def(&c.Description, fmt.Sprintf("%s by %s.", c.Title, s.Name))
		if c.Card == nil && p.Card != nil {
			card := *p.Card
			c.Card = &card
		}
		if c.PhotoGalleries == nil && p.PhotoGalleries {
			c.PhotoGalleries = yes()
		}
	}
	def(&s.Previews, p.Previews)
	def(&s.Fonts, p.Fonts)
	def(&s.Images.Delivery, p.Delivery)
	if s.Gallery.Columns == nil && p.GalleryColumns != nil {
		columns := *p.GalleryColumns
		s.Gallery.Columns = &columns
	}
	return s
}

// skillsFrom makes skill tags of a role tagline such as "UX/UI Designer ·
// Frontend Developer": its parts, when they make valid tags.
func skillsFrom(role string) []string {
	parts := fieldcheck.TrimList(strings.FieldsFunc(role, func(r rune) bool { return r == '·' || r == ',' || r == '|' }))
	if len(parts) == 0 || len(parts) > 8 {
		return []string{defaultSkill}
	}
	for i, p := range parts {
		if len([]rune(p)) > 40 || slices.Contains(parts[:i], p) {
			return []string{defaultSkill}
		}
	}
	return parts
}

// Prepare fills in the defaults and checks every setting by the site
// schema, in the words of `portfolio validate`. Problems come back as
// fieldcheck.Problems, one per setting, in the order of the file.
func Prepare(s Site) (Site, error) {
	s = s.WithDefaults()
	var problems fieldcheck.Problems
	add := func(key string, err error) {
		var fe *fieldcheck.FieldError
		switch {
		case err == nil:
		case errors.As(err, &fe):
			problems = append(problems, fe)
		default:
			problems = append(problems, &fieldcheck.FieldError{Field: key, Msg: err.Error()})
		}
	}
	for _, f := range Fields {
		if v := *f.get(&s); v != "" || !f.Optional {
			add(f.Key, CheckText(f.Key, v))
		}
	}
	if len(s.About.Skills) > 0 {
		add("about.skills", CheckList("about.skills", s.About.Skills))
	}
	for i, sec := range s.About.Sections {
		add(sectionKey(sec.Title), checkSection(i, sec))
	}
	if len(s.Languages) > 0 {
		add(content.LanguagesKey, CheckLanguages(s.Languages))
	}
	if s.Analytics.Provider != "" {
		add("analytics", CheckAnalytics(s.Analytics))
	}
	if s.Images.Delivery != "" {
		add("images.delivery", checkPart("images.delivery", "", s.Images.Delivery))
	}
	if len(problems) > 0 {
		return s, problems
	}
	return s, nil
}

// CheckText checks the text setting key (a Fields key) by the site schema.
func CheckText(key, value string) error { return checkPart(key, "", strings.TrimSpace(value)) }

// CheckList checks the list setting key (a ListFields key).
func CheckList(key string, items []string) error {
	list := make([]string, len(items))
	for i, s := range items {
		list[i] = strings.TrimSpace(s)
	}
	pointer := ""
	if i := slices.IndexFunc(ListFields, func(f ListField) bool { return f.Key == key }); i >= 0 {
		pointer = ListFields[i].Pointer
	}
	return checkPart(key, pointer, list)
}

// aboutSections gives the About page the kind's sections, each with its
// bullet until the owner writes theirs: the site's description, or a
// placeholder `portfolio validate` warns about. The sections are the
// owner's alone when any has a title of theirs (--from).
func (s *Site) aboutSections(p Preset) {
	for _, sec := range s.About.Sections {
		if !slices.ContainsFunc(p.About, func(a AboutSection) bool { return a.Title == sec.Title }) {
			return
		}
	}
	for _, a := range p.About {
		items := s.About.section(a.Title, p.About)
		switch {
		case len(*items) > 0:
		case a.Fill == "" && s.Description != "":
			*items = []string{s.Description}
		case a.Fill != "":
			*items = []string{content.PlaceholderText(a.Fill)}
		}
	}
}

// sectionKey is the key of the flag that gives the section titled title,
// for messages, or about.sections.
func sectionKey(title string) string {
	designer, _ := PresetOf(Designer)
	for i, a := range designer.About {
		if a.Title == title && i < len(ListFields) {
			return ListFields[i].Key
		}
	}
	return "about.sections"
}

// checkSection checks the About section at index i by the site schema.
func checkSection(i int, sec Section) error {
	pointer := fmt.Sprintf("/about/sections/%d", i)
	values := []schemacheck.Value{{Pointer: pointer + "/title", Value: sec.Title}, {Pointer: pointer + "/items", Value: sec.Items}}
	if sec.Width != "" {
		values = append(values, schemacheck.Value{Pointer: pointer + "/width", Value: sec.Width})
	}
	return fieldcheck.CheckPart(schemacheck.SiteSchema, sectionKey(sec.Title), pointer, values...)
}

// CheckAnalytics checks the analytics service and its setting by the site
// schema.
func CheckAnalytics(a Analytics) error {
	values := []schemacheck.Value{{Pointer: "/analytics/provider", Value: a.Provider}}
	for _, kv := range [][2]string{{"domain", a.Domain}, {"websiteId", a.WebsiteID}, {"code", a.Code}} {
		if kv[1] != "" {
			values = append(values, schemacheck.Value{Pointer: "/analytics/" + kv[0], Value: kv[1]})
		}
	}
	return fieldcheck.CheckPart(schemacheck.SiteSchema, "analytics", "/analytics", values...)
}

// checkPart checks value as the site setting key (at pointer, or at its
// key when ""), alone: the site schema's problems at the setting or inside
// it, as `portfolio validate` words them. The other settings, absent here,
// are not its concern.
func checkPart(key, pointer string, value any) error {
	if pointer == "" {
		pointer = "/" + strings.ReplaceAll(key, ".", "/")
	}
	return fieldcheck.CheckPart(schemacheck.SiteSchema, key, pointer, schemacheck.Value{Pointer: pointer, Value: value})
}

// services name the well-known profile hosts, by domain.
var services = map[string]string{
	"linkedin.com": "LinkedIn", "github.com": "GitHub", "gitlab.com": "GitLab", "codeberg.org": "Codeberg",
	"bsky.app": "Bluesky", "mastodon.social": "Mastodon", "x.com": "X", "twitter.com": "X", "threads.net": "Threads",
	"instagram.com": "Instagram", "flickr.com": "Flickr", "behance.net": "Behance", "dribbble.com": "Dribbble",
	"vimeo.com": "Vimeo", "youtube.com": "YouTube", "500px.com": "500px", "vsco.co": "VSCO",
}

// serviceName is the label of a profile at address: the service's name
// when its host is a known one, else fallback.
func serviceName(address, fallback string) string {
	u, err := url.Parse(address)
	if err != nil {
		return fallback
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	for domain, name := range services {
		if host == domain || strings.HasSuffix(host, "."+domain) {
			return name
		}
	}
	return fallback
}
