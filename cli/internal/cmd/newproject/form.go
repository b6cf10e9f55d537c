package newproject

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
)

// Kinds of link the form offers to add.
const (
	linkNone      = ""
	linkDocument  = "document"
	linkPrototype = "prototype"
)

// formState holds the answers as the form edits them: text as typed (skills
// and gallery as comma-separated lists).
type formState struct {
	Title, Slug, Subtitle, Page, Category, Description, Role, Skills string
	Featured, Active                                                 bool
	Cover, Gallery                                                   string
	Link                                                             string
	DocLabel, DocURL, ProtoTitle, ProtoURL                           string
	Confirmed                                                        bool
}

func stateFrom(a scaffold.Answers) *formState {
	s := &formState{
		Title: a.Title, Slug: a.Slug, Subtitle: a.Subtitle, Page: a.Page, Category: a.Category,
		Description: a.Description, Role: a.Role, Skills: strings.Join(a.Skills, ", "),
		Featured: a.Featured, Active: a.Active, Cover: a.Cover, Gallery: strings.Join(a.Gallery, ", "),
		Confirmed: true,
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
	if s.Page == "" {
		s.Page = scaffold.Pages[0].Name
	}
	return s
}

func (s *formState) answers() scaffold.Answers {
	a := scaffold.Answers{
		Title: s.Title, Slug: s.Slug, Subtitle: s.Subtitle, Page: s.Page, Category: s.Category,
		Description: s.Description, Role: s.Role, Skills: scaffold.ParseSkills(s.Skills),
		Featured: s.Featured, Active: s.Active, Cover: scaffold.CleanPath(s.Cover), Gallery: scaffold.ParseGallery(s.Gallery),
	}
	switch s.Link {
	case linkDocument:
		a.Document = &scaffold.Document{Label: s.DocLabel, URL: s.DocURL}
	case linkPrototype:
		a.Prototype = &scaffold.Prototype{Title: s.ProtoTitle, URL: s.ProtoURL}
	}
	a.Normalize()
	return a
}

// projectForm builds the form's groups over one state. The same groups
// serve the full-screen form and accessible mode.
type projectForm struct {
	state      *formState
	contentDir string
	accessible bool
	labels     map[string]string // default category label of each page
	// ask is the accessible mode's input, kept for the questions after the
	// project is written.
	ask *prompt.Accessible
	// shown is the full-screen form's YAML preview, told the screen's size
	// by the guard that runs the form.
	shown *prompt.Preview
}

func newProjectForm(contentDir string, a scaffold.Answers, accessible bool) *projectForm {
	return &projectForm{state: stateFrom(a), contentDir: contentDir, accessible: accessible,
		labels: scaffold.CategoryLabels(contentDir)}
}

// check adapts a validator for a form field: the message and its hint, and,
// in accessible mode, an empty answer stands for the value already there
// (accessible prompts keep it when Enter is pressed on an empty line).
func (f *projectForm) check(v func(string) error, current *string) func(string) error {
	return func(s string) error {
		if f.accessible && strings.TrimSpace(s) == "" {
			s = *current
		}
		err := v(s)
		if fe, ok := err.(*scaffold.FieldError); ok {
			return fmt.Errorf("%s", fe.Text())
		}
		return err
	}
}

// title adds, in accessible mode, the value Enter keeps: accessible prompts
// do not show it otherwise.
func (f *projectForm) title(t string, value string) string {
	if f.accessible && value != "" {
		return fmt.Sprintf("%s [%s]", t, value)
	}
	return t
}

func (f *projectForm) input(title, desc string, value *string, v func(string) error) *huh.Input {
	return huh.NewInput().Title(f.title(title, *value)).Description(desc).Value(value).Validate(f.check(v, value))
}

// description is a multi-line field on a screen (Enter goes on, Alt+Enter
// or Ctrl+J starts a new line), one line in accessible mode.
func (f *projectForm) description() huh.Field {
	const title, desc = "Description", "Card text and meta description: one or two sentences."
	s := f.state
	if f.accessible {
		return f.input(title, desc, &s.Description, scaffold.ValidateDescription)
	}
	return huh.NewText().Title(title).Description(desc + " Alt+Enter: new line.").Lines(3).
		Value(&s.Description).Validate(f.check(scaffold.ValidateDescription, &s.Description))
}

// imageExts are the kinds of file the image paths' Tab offers.
var imageExts = []string{".jpg", ".jpeg", ".png", ".webp"}

// path makes an input complete image paths on Tab (one, or with list
// several); accessible mode keeps plain typed paths.
func (f *projectForm) path(in *huh.Input, value *string, list bool) huh.Field {
	if f.accessible {
		return in
	}
	return prompt.NewPathInput(in, value, list, imageExts...)
}

// pathOf makes an input complete the path of one file of the kinds exts.
func (f *projectForm) pathOf(in *huh.Input, value *string, exts ...string) huh.Field {
	if f.accessible {
		return in
	}
	return prompt.NewPathInput(in, value, false, exts...)
}

func (f *projectForm) suggestSlug() string { return content.SuggestSlug(f.state.Title) }

func (f *projectForm) defaultCategory() string { return f.labels[f.state.Page] }

// detailGroups ask everything but the link's fields and the confirmation.
func (f *projectForm) detailGroups() []*huh.Group {
	s := f.state
	pages := make([]huh.Option[string], len(scaffold.Pages))
	for i, p := range scaffold.Pages {
		pages[i] = huh.NewOption(fmt.Sprintf("%-17s %s", p.Name, p.Blurb), p.Name)
	}
	return []*huh.Group{
		huh.NewGroup(
			f.input("Title", "The project's name: page heading and card title.", &s.Title, scaffold.ValidateTitle),
			f.auto(f.input("Slug", "Its address: /projects/<slug>, and its folder's name.", &s.Slug,
				func(v string) error { return scaffold.ValidateNewSlug(f.contentDir, v) }), "Slug", &s.Slug, f.suggestSlug),
			f.input("Subtitle", "One line under the title on the project page.", &s.Subtitle, scaffold.ValidateSubtitle),
		).Title("New project"),
		huh.NewGroup(
			huh.NewSelect[string]().Title("Page").Description("The category page that lists it.").Options(pages...).Value(&s.Page),
			f.auto(f.input("Category", "The badge on its card.", &s.Category, scaffold.ValidateCategory), "Category", &s.Category, f.defaultCategory),
			f.description(),
			f.input("Role", `Your role, e.g. "Lead UX Designer".`, &s.Role, scaffold.ValidateRole),
			f.input("Skills", "Skills and tools, separated by commas.", &s.Skills, scaffold.ValidateSkillList),
		),
		huh.NewGroup(
			huh.NewConfirm().Title("Featured?").Description("Shown in Selected Work on the home page.").Value(&s.Featured),
			huh.NewConfirm().Title("Active?").Description("Listed on its category page.").Value(&s.Active),
			f.path(f.input("Cover image", "Path of a .jpg, .png or .webp file; copied beside project.yaml.", &s.Cover, scaffold.ValidateCover), &s.Cover, false),
			f.path(f.input("Gallery images (optional)", "A folder, or image files separated by commas, in the order to show them.", &s.Gallery, scaffold.ValidateGallery), &s.Gallery, true),
			huh.NewSelect[string]().Title("Add a link?").Options(
				huh.NewOption("no", linkNone),
				huh.NewOption("a document (a PDF of yours, or https://…), opened in a new tab", linkDocument),
				huh.NewOption("a Figma prototype, embedded in the page", linkPrototype),
			).Value(&s.Link),
		),
	}
}

func (f *projectForm) documentGroup() *huh.Group {
	s := f.state
	return huh.NewGroup(
		f.input("Document link text", `e.g. "Read the Memo".`, &s.DocLabel, scaffold.ValidateDocumentLabel),
		f.pathOf(f.input("Document", "A PDF file (copied into the project folder), or the https://… address of one on another site.",
			&s.DocURL, scaffold.ValidateDocument), &s.DocURL, ".pdf"),
	).Title("Document")
}

func (f *projectForm) prototypeGroup() *huh.Group {
	s := f.state
	return huh.NewGroup(
		f.input("Prototype title", "Names the frame for screen readers.", &s.ProtoTitle, scaffold.ValidatePrototypeTitle),
		f.input("Prototype address", "https://embed.figma.com/… or https://www.figma.com/embed?…", &s.ProtoURL, scaffold.ValidatePrototypeURL),
	).Title("Figma prototype")
}

// confirmGroup shows the YAML to be written and asks to write it. preview
// is evaluated when shown: after the answers it shows are given. On a
// screen the YAML scrolls (prompt.Preview).
func (f *projectForm) confirmGroup() *huh.Group {
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

func (f *projectForm) target() string {
	return filepath.Join(f.contentDir, content.ProjectsDir, f.state.answers().Slug)
}

// preview renders the YAML the answers give, comments and all (on a
// screen it scrolls), or says what is still wrong.
func (f *projectForm) preview() string {
	p, err := scaffold.Prepare(f.contentDir, f.state.answers())
	if err != nil {
		return "Not ready: " + err.Error()
	}
	return string(scaffold.Render(p))
}

// fullForm is the full-screen form: every group, the link's fields shown
// only for the chosen link. Esc quits as Ctrl-C does.
func (f *projectForm) fullForm() *huh.Form {
	s := f.state
	groups := f.detailGroups()
	groups = append(groups,
		f.documentGroup().WithHideFunc(func() bool { return s.Link != linkDocument }),
		f.prototypeGroup().WithHideFunc(func() bool { return s.Link != linkPrototype }),
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

func (f *projectForm) auto(in *huh.Input, title string, value *string, suggest func() string) *autoInput {
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
