// Package forms holds the questions the content commands ask, as huh forms
// over the field checks (fieldcheck): a new project (project.go), a new
// site (site.go) and a project's details to edit (edit.go). Each runs full
// screen (prompt.RunGuarded) or, for screen readers and piped answers,
// one plain line at a time (prompt.Accessible); each keeps the answers so
// far as a draft when it is left (draft.Keep). A project's details are
// flags too, the same in both project commands (flags.go).
package forms

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/gallery"
	"portfolio/cli/internal/gallery/editor"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
)

// Kinds of link the form offers to add.
const (
	linkNone      = ""
	linkDocument  = "document"
	linkPrototype = "prototype"
)

// formState holds the answers as the form edits them: the details
// (content.Details), a list detail's text as typed in lists, the gallery
// as a comma-separated list.
type formState struct {
	content.Details
	// lists are the list details (skills) as typed, by key: comma-separated.
	lists                Lists
	Slug, Cover, Gallery string
	Link                 string
	// Texts are the gallery's alt texts and captions given beforehand
	// (--alt, --caption, --from): kept as they are, in gallery order.
	Texts                                  []scaffold.ImageText
	DocLabel, DocURL, ProtoTitle, ProtoURL string
	Confirmed                              bool
}

func stateFrom(a scaffold.Answers, pages []scaffold.Page) *formState {
	s := &formState{
		Details: a.Details, lists: ListsOf(&a.Details), Slug: a.Slug, Cover: a.Cover,
		Gallery: strings.Join(a.Gallery, ", "), Texts: a.Texts, Confirmed: true,
	}
	if d := a.Document; d != nil {
		s.Link, s.DocLabel, s.DocURL = linkDocument, d.Label, d.URL
		if d.File != "" {
			s.DocURL = d.File
		}
	}
	if p := a.Prototype; p != nil {
		s.ProtoTitle, s.ProtoURL = p.Title, p.URL
		if s.Link == linkNone {
			s.Link = linkPrototype
		}
	}
	if s.Page == "" && len(pages) > 0 {
		s.Page = pages[0].Name
	}
	return s
}

func (s *formState) answers() scaffold.Answers {
	a := scaffold.Answers{Details: s.Details, Slug: s.Slug, Cover: fieldcheck.CleanPath(s.Cover),
		Gallery: fieldcheck.ParseGallery(s.Gallery), Texts: s.Texts}
	s.lists.Parse(&a.Details)
	a.CoverAlt = ""
	switch s.Link {
	case linkDocument:
		a.Document = &scaffold.Document{Label: s.DocLabel, URL: s.DocURL}
	case linkPrototype:
		a.Prototype = &scaffold.Prototype{Title: s.ProtoTitle, URL: s.ProtoURL}
	}
	if a.CoverOpensPage() { // elsewhere the cover has no alt text of its own
		a.CoverAlt = s.CoverAlt
	}
	a.Normalize()
	return a
}

// coverOpensPage reports whether the answers so far give a page that opens
// with its cover: only then is its alt text asked.
func (s *formState) coverOpensPage() bool {
	return len(fieldcheck.ParseGallery(s.Gallery)) == 0 && s.Link == linkNone
}

// Project builds the form's groups over one state. The same groups
// serve the full-screen form and accessible mode.
type Project struct {
	state      *formState
	contentDir string
	accessible bool
	labels     map[string]string // default category label of each page
	pages      []scaffold.Page   // the categories site.yaml declares
	// ask is the accessible mode's input, kept for the questions after the
	// project is written.
	ask *prompt.Accessible
	// shown is the full-screen form's YAML preview, told the screen's size
	// by the guard that runs the form.
	shown *prompt.Preview
}

// NewProject is the new project form, filled with the answers given
// beforehand (flags, --from); accessible asks one plain line at a time.
func NewProject(contentDir string, a scaffold.Answers, accessible bool) *Project {
	pages := scaffold.Categories(contentDir)
	return &Project{state: stateFrom(a, pages), contentDir: contentDir, accessible: accessible,
		labels: scaffold.CategoryLabels(contentDir), pages: pages}
}

// check adapts a validator for a form field (fieldCheck).
func (f *Project) check(v func(string) error, current *string) func(string) error {
	return fieldCheck(v, current, f.accessible)
}

// title adds, in accessible mode, the value Enter keeps (prompt.Title).
func (f *Project) title(t string, value string) string {
	return prompt.Title(t, value, f.accessible)
}

func (f *Project) input(title, desc string, value *string, v func(string) error) *huh.Input {
	return huh.NewInput().Title(f.title(title, *value)).Description(desc).Value(value).Validate(f.check(v, value))
}

// multiline is a multi-line field on a screen (Enter goes on, Alt+Enter
// or Ctrl+J starts a new line), one line in accessible mode.
func (f *Project) multiline(d content.DetailField, value *string) huh.Field {
	if f.accessible {
		return f.input(d.Title, d.Help, value, fieldcheck.Detail(d))
	}
	return huh.NewText().Title(d.Title).Description(d.Help + " Alt+Enter: new line.").Lines(3).
		Value(value).Validate(f.check(fieldcheck.Detail(d), value))
}

// imageExts are the kinds of file the image paths' Tab offers.
var imageExts = []string{".jpg", ".jpeg", ".png", ".webp"}

// path makes an input complete image paths on Tab (one, or with list
// several); accessible mode keeps plain typed paths.
func (f *Project) path(in *huh.Input, value *string, list bool) huh.Field {
	if f.accessible {
		return in
	}
	return prompt.NewPathInput(in, value, list, imageExts...)
}

// pathOf makes an input complete the path of one file of the kinds exts.
func (f *Project) pathOf(in *huh.Input, value *string, exts ...string) huh.Field {
	if f.accessible {
		return in
	}
	return prompt.NewPathInput(in, value, false, exts...)
}

func (f *Project) suggestSlug() string { return content.SuggestSlug(f.state.Title) }

func (f *Project) defaultCategory() string { return f.labels[f.state.Page] }

// detailGroups ask everything but the link's fields and the confirmation:
// the details in their groups (askGroups), the slug after the title, the
// cover, the gallery and the kind of link after the last.
func (f *Project) detailGroups() []*huh.Group {
	s := f.state
	slug := f.auto(f.input("Slug", "Its address: /projects/<slug>, and its folder's name.", &s.Slug,
		func(v string) error { return fieldcheck.ValidateNewSlug(f.contentDir, v) }), "Slug", &s.Slug, f.suggestSlug)
	groups := askGroups(f.detail, map[string][]huh.Field{"title": {slug}}, []huh.Field{
		f.path(f.input("Cover image", "Path of a .jpg, .png or .webp file; copied beside project.yaml.", &s.Cover, fieldcheck.ValidateCover), &s.Cover, false),
		f.path(f.input("Gallery images (optional)", "A folder, or image files separated by commas, in the order to show them.", &s.Gallery, fieldcheck.ValidateGallery), &s.Gallery, true),
		huh.NewSelect[string]().Title("Add a link?").Options(
			huh.NewOption("no", linkNone),
			huh.NewOption("a document (a PDF of yours, or https://…), opened in a new tab", linkDocument),
			huh.NewOption("a Figma prototype, embedded in the page", linkPrototype),
		).Value(&s.Link),
	})
	groups[0].Title("New project")
	return groups
}

// detail is the question of one detail: the page a choice of site.yaml's
// categories, a defaulted one (the category) following its default until
// edited, true or false a confirmation, a list typed with commas.
func (f *Project) detail(d content.DetailField) huh.Field {
	s := f.state
	switch v := d.Ptr(&s.Details).(type) {
	case *bool:
		return huh.NewConfirm().Title(d.Title).Description(d.Help).Value(v)
	case *[]string:
		return f.input(d.Title, d.Help, s.lists[d.Key], fieldcheck.Detail(d))
	case *string:
		switch {
		case d.Key == "page":
			return huh.NewSelect[string]().Title(d.Title).Description(d.Help).Options(PageOptions(f.pages, s.Page)...).Value(v)
		case d.Defaulted:
			return f.auto(f.input(d.Title, d.Help, v, fieldcheck.Detail(d)), d.Title, v, f.defaultCategory)
		case d.Multiline:
			return f.multiline(d, v)
		}
		return f.input(d.Title, d.Help, v, fieldcheck.Detail(d))
	}
	return nil
}

func (f *Project) documentGroup() *huh.Group {
	s := f.state
	return huh.NewGroup(
		f.input("Document link text", `e.g. "Read the Memo".`, &s.DocLabel, fieldcheck.ValidateDocumentLabel),
		f.pathOf(f.input("Document", "A PDF file (copied into the project folder), or the https://… address of one on another site.",
			&s.DocURL, fieldcheck.ValidateDocument), &s.DocURL, ".pdf"),
	).Title("Document")
}

// coverAltGroup asks what the cover shows, for a page that opens with it.
func (f *Project) coverAltGroup() *huh.Group {
	s := f.state
	return huh.NewGroup(
		f.input("Cover alt text", "The page opens with the cover: what it shows, for people who cannot see it.", &s.CoverAlt, fieldcheck.ValidateCoverAlt),
	).Title("Cover")
}

func (f *Project) prototypeGroup() *huh.Group {
	s := f.state
	return huh.NewGroup(
		f.input("Prototype title", "Names the frame for screen readers.", &s.ProtoTitle, fieldcheck.ValidatePrototypeTitle),
		f.input("Prototype address", "https://embed.figma.com/… or https://www.figma.com/embed?…", &s.ProtoURL, fieldcheck.ValidatePrototypeURL),
	).Title("Figma prototype")
}

// confirmGroup shows the YAML to be written and asks to write it. preview
// is evaluated when shown: after the answers it shows are given. On a
// screen the YAML scrolls (prompt.Preview).
func (f *Project) confirmGroup() *huh.Group {
	s := f.state
	confirm := huh.NewConfirm().Value(&s.Confirmed).Affirmative("Write it").Negative("Cancel")
	if f.accessible {
		confirm.Title(fmt.Sprintf("Write %s?", f.target()))
		return huh.NewGroup(huh.NewNote().Title("project.yaml").Description(f.preview()), confirm)
	}
	confirm.TitleFunc(func() string { return fmt.Sprintf("Write %s?", f.target()) }, s)
	f.shown = prompt.NewPreview(func() string { return "project.yaml" }, f.preview)
	return huh.NewGroup(f.shown, confirm)
}

func (f *Project) target() string {
	return filepath.Join(f.contentDir, content.ProjectsDir, f.state.answers().Slug)
}

// preview renders the YAML the answers give, comments and all (on a
// screen it scrolls), or says what is still wrong.
func (f *Project) preview() string {
	p, err := scaffold.Prepare(f.contentDir, f.state.answers())
	if err != nil {
		return "Not ready: " + err.Error()
	}
	return string(scaffold.Render(p))
}

// fullForm is the full-screen form: every group, the link's fields shown
// only for the chosen link. Esc quits as Ctrl-C does.
func (f *Project) fullForm() *huh.Form {
	s := f.state
	groups := f.detailGroups()
	groups = append(groups,
		f.documentGroup().WithHideFunc(func() bool { return s.Link != linkDocument }),
		f.prototypeGroup().WithHideFunc(func() bool { return s.Link != linkPrototype }),
		f.coverAltGroup().WithHideFunc(func() bool { return !s.coverOpensPage() }),
		f.confirmGroup(),
	)
	return prompt.Form(groups...)
}

// autoInput is an input whose value follows an earlier answer until the
// owner edits it: the slug follows the title, the category the page.
type autoInput struct {
	*huh.Input
	title      string
	value      *string
	suggest    func() string
	last       string // the value last put in automatically
	accessible bool
}

func (f *Project) auto(in *huh.Input, title string, value *string, suggest func() string) *autoInput {
	// A value given beforehand (a flag) counts as the owner's own unless it
	// is what would have been suggested anyway.
	return &autoInput{Input: in, title: title, value: value, suggest: suggest, last: suggest(), accessible: f.accessible}
}

// Focus puts the suggestion in, unless the owner changed the value.
func (a *autoInput) Focus() tea.Cmd {
	if *a.value == "" || *a.value == a.last {
		*a.value = a.suggest()
		a.last = *a.value
		a.Input.Value(a.value)
	}
	if a.accessible && *a.value != "" {
		a.Input.Title(fmt.Sprintf("%s [%s]", a.title, *a.value))
	}
	return a.Input.Focus()
}

// Update keeps the wrapper in the group, which stores what Update returns.
func (a *autoInput) Update(msg tea.Msg) (huh.Model, tea.Cmd) {
	_, cmd := a.Input.Update(msg)
	return a, cmd
}

// Run asks the questions: full screen, or one plain line at a time. It
// returns cmdutil.ErrCancel when the owner answers Cancel at the
// confirmation, and the form's error when it is left (prompt.Left).
func (f *Project) Run(ctx context.Context, ios *iostreams.IOStreams) error {
	var err error
	if f.accessible {
		err = f.runAccessible(ctx, ios.In, prompt.AccessibleOutput(ios))
	} else {
		err = prompt.RunGuarded(ctx, f.fullForm(), projectLeaving, ios.In, ios.Out, f.shown)
	}
	if err == nil && !f.state.Confirmed { // "Cancel" at the confirmation
		err = cmdutil.ErrCancel
	}
	return err
}

// Answers are the answers given, normalized.
func (f *Project) Answers() scaffold.Answers { return f.state.answers() }

// runAccessible asks the questions one line at a time, for screen readers
// and for answers piped in. The details come first, then the chosen link's
// fields, then the YAML and the confirmation, each a form of its own: huh's
// accessible mode asks every field of a form, hidden groups included. The
// end of the input before the confirmation cancels: nothing is written.
func (f *Project) runAccessible(ctx context.Context, in io.Reader, out io.Writer) error {
	f.ask = prompt.NewAccessible(ctx, in, out)
	run := f.ask.Run
	if err := run(false, f.detailGroups()...); err != nil {
		return err
	}
	switch f.state.Link {
	case linkDocument:
		if err := run(false, f.documentGroup()); err != nil {
			return err
		}
	case linkPrototype:
		if err := run(false, f.prototypeGroup()); err != nil {
			return err
		}
	}
	if f.state.coverOpensPage() {
		if err := run(false, f.coverAltGroup()); err != nil {
			return err
		}
	}
	f.state.Confirmed = false // an answer is needed: Enter alone does not write
	return run(true, f.confirmGroup())
}

// projectLeaving is the question the full-screen form asks on Esc or Ctrl-C.
const projectLeaving = "Leave the form? Nothing is written; your answers so far are kept as a draft for --from."

// draftAnswers are the answers so far as an answers file (--from): paths
// absolute, so the draft resumes from any folder; empty answers left out.
func (s *formState) draftAnswers() yaml.MapSlice {
	var out yaml.MapSlice
	text := func(k, v string) {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, yaml.MapItem{Key: k, Value: v})
		}
	}
	abs := func(p string) string {
		p = fieldcheck.ExpandHome(p)
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	for _, d := range content.AskedDetails() {
		switch v := d.Ptr(&s.Details).(type) {
		case *string:
			text(d.Key, *v)
		case *[]string:
			if list := fieldcheck.ParseSkills(*s.lists[d.Key]); len(list) > 0 {
				out = append(out, yaml.MapItem{Key: d.Key, Value: list})
			}
		case *bool:
			out = append(out, yaml.MapItem{Key: d.Key, Value: *v})
		}
		if d.Key == "title" {
			text("slug", s.Slug)
		}
	}
	if c := fieldcheck.CleanPath(s.Cover); c != "" {
		out = append(out, yaml.MapItem{Key: "cover", Value: abs(c)})
	}
	text("coverAlt", s.CoverAlt)
	if g := fieldcheck.ParseGallery(s.Gallery); len(g) > 0 {
		for i := range g {
			g[i] = abs(g[i])
		}
		out = append(out, yaml.MapItem{Key: "gallery", Value: g})
	}
	if len(s.Texts) > 0 {
		var texts []yaml.MapSlice
		for _, t := range s.Texts {
			texts = append(texts, yaml.MapSlice{{Key: "alt", Value: t.Alt}, {Key: "caption", Value: t.Caption}})
		}
		out = append(out, yaml.MapItem{Key: "texts", Value: texts})
	}
	switch s.Link {
	case linkDocument:
		out = append(out, yaml.MapItem{Key: "document", Value: yaml.MapSlice{{Key: "label", Value: s.DocLabel}, {Key: "url", Value: s.DocURL}}})
	case linkPrototype:
		out = append(out, yaml.MapItem{Key: "prototype", Value: yaml.MapSlice{{Key: "title", Value: s.ProtoTitle}, {Key: "url", Value: s.ProtoURL}}})
	}
	return out
}

// answered reports whether the owner has given anything worth keeping.
func (s *formState) answered() bool {
	typed := []string{s.Cover, s.CoverAlt, s.Gallery, s.DocLabel, s.DocURL, s.ProtoTitle, s.ProtoURL}
	for _, d := range content.AskedDetails() {
		switch v := d.Ptr(&s.Details).(type) {
		case *string:
			if d.Key != "page" && !d.Defaulted { // given before the owner types anything
				typed = append(typed, *v)
			}
		case *[]string:
			typed = append(typed, *s.lists[d.Key])
		}
	}
	for _, v := range typed {
		if strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}

// KeepDraft saves the answers so far, when there are any, as a draft that
// --from resumes, and says so on errOut.
func (f *Project) KeepDraft(errOut io.Writer) {
	if !f.state.answered() {
		return
	}
	draft.Keep(errOut, "new-project", "# Answers of `portfolio new project`, kept when the form was left.\n",
		"answers", f.state.draftAnswers(), "portfolio new project")
}

// OfferResize asks, when some originals are larger than the plan's
// MaxEdge, whether to shrink them (prompt.OfferResize); an image kept is
// copied at its size, losing only its private metadata.
func (f *Project) OfferResize(ctx context.Context, ios *iostreams.IOStreams, plan *scaffold.Plan) error {
	copies := []*scaffold.Copy{&plan.Cover}
	for i := range plan.Gallery {
		copies = append(copies, &plan.Gallery[i])
	}
	var large []*scaffold.Copy
	var sizes []importimage.Large
	for _, c := range copies {
		if l, ok := importimage.Oversize(c.Source, plan.MaxEdge); ok {
			large, sizes = append(large, c), append(sizes, l)
		}
	}
	if len(large) == 0 {
		return nil
	}
	run := func(g *huh.Group) error {
		if f.ask != nil {
			return f.ask.Run(true, g)
		}
		return prompt.Form(g).WithInput(ios.In).WithOutput(ios.Out).RunWithContext(ctx)
	}
	var out io.Writer = ios.Out
	if f.ask != nil {
		out = prompt.AccessibleOutput(ios)
	}
	keep, err := prompt.OfferResize(run, out, sizes, plan.MaxEdge)
	if err != nil {
		return err
	}
	for i, c := range large {
		c.KeepSize = keep[i]
	}
	return nil
}

// DescribeGallery offers, once the project is written, to give its gallery
// images alt texts and captions: in a terminal the gallery list opens, in
// accessible mode each image is asked in turn. Declining (the default)
// changes nothing; the project is valid either way.
func (f *Project) DescribeGallery(ctx context.Context, ios *iostreams.IOStreams, plan *scaffold.Plan) error {
	n := len(plan.Gallery)
	sure := false
	confirm := huh.NewConfirm().Title(fmt.Sprintf("Describe the %s now (alt text and caption)?", english.Count(n, "gallery image"))).
		Description("screen readers read the alt text; you can also do it later with `portfolio gallery " + plan.Answers.Slug + "`").
		Value(&sure)
	if f.ask == nil { // the full-screen form
		err := prompt.Form(huh.NewGroup(confirm)).WithInput(ios.In).WithOutput(ios.Out).RunWithContext(ctx)
		if err != nil || !sure {
			return nil
		}
		return editor.Run(ctx, &editor.Options{IO: ios, ContentDir: f.contentDir, Slug: plan.Answers.Slug, Terminal: true})
	}
	if err := f.ask.Run(true, huh.NewGroup(confirm)); err != nil || !sure {
		return nil
	}
	g, err := gallery.Open(f.contentDir, plan.Answers.Slug)
	if err != nil {
		return err
	}
	for i, c := range plan.Gallery {
		var alt, caption string
		group := huh.NewGroup(
			huh.NewInput().Title(fmt.Sprintf("Image %d of %d (%s): alt text", i+1, n, c.Name)).
				Description("what the picture shows; Enter alone keeps the default").CharLimit(250).Value(&alt).Validate(fieldcheck.ValidateAlt),
			huh.NewInput().Title("Caption").Description("shown with the image; may be empty").CharLimit(300).Value(&caption).Validate(fieldcheck.ValidateCaption),
		)
		if err := f.ask.Run(i == n-1, group); err != nil {
			break // the input ended: keep what was described so far
		}
		if err := g.SetText(i+1, alt, caption); err != nil {
			return err
		}
	}
	if _, err := g.Apply(ctx, nil); err != nil {
		return err
	}
	described := 0
	for _, im := range g.Images {
		if im.Alt != "" || im.Caption != "" {
			described++
		}
	}
	fmt.Fprintf(ios.Out, "✓ %d of %d gallery images described in %s\n", described, n, plan.Answers.Slug)
	return nil
}
