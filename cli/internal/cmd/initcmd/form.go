package initcmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"charm.land/huh/v2"

	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
)

// siteForm asks for the settings that make the site the owner's: name,
// taglines, texts of the home page, address, analytics and profiles. The
// other texts (About, Contact, category pages) keep what flags or --from
// gave, or their defaults; the confirmation shows them all, and the
// file's comments say where to change them.
type siteForm struct {
	site       *Site // edited in place by the form
	dir        string
	schemaRef  string
	accessible bool
	confirmed  bool
	// shown is the full-screen form's YAML preview, told the screen's size
	// by the guard that runs the form.
	shown *prompt.Preview
}

func newSiteForm(dir string, s Site, accessible bool) *siteForm {
	s.Normalize()
	// Prefill what has a default, so the owner sees it and may keep it.
	if s.Taglines.Role == "" {
		s.Taglines.Role = defaultRole
	}
	if s.Taglines.Mission == "" {
		s.Taglines.Mission = defaultMission
	}
	for key, label := range defaultLabels {
		f, _ := FieldNamed("social." + key + ".label")
		if p := f.get(&s); *p == "" {
			*p = label
		}
	}
	return &siteForm{site: &s, dir: dir, schemaRef: SchemaRef(dir), accessible: accessible, confirmed: true}
}

// check adapts a setting's check for a form field: the message and its
// hint; a setting that is not required may stay empty (it is left out, or
// gets its default); in accessible mode, an empty
// answer stands for the value already there (accessible prompts keep it
// when Enter is pressed on an empty line).
func (f *siteForm) check(field Field, current *string) func(string) error {
	return func(s string) error {
		if f.accessible && strings.TrimSpace(s) == "" {
			s = *current
		}
		if !field.Required && strings.TrimSpace(s) == "" {
			return nil
		}
		err := CheckText(field.Key, s)
		if fe, ok := err.(*scaffold.FieldError); ok {
			return fmt.Errorf("%s", fe.Text())
		}
		return err
	}
}

// input is a form field for the setting key.
func (f *siteForm) input(key, title, desc string) *huh.Input {
	field, ok := FieldNamed(key)
	if !ok {
		panic("initcmd: no setting " + key)
	}
	value := field.get(f.site)
	if f.accessible && *value != "" {
		title = fmt.Sprintf("%s [%s]", title, *value)
	}
	return huh.NewInput().Title(title).Description(desc).Value(value).Validate(f.check(field, value))
}

func (f *siteForm) detailGroups() []*huh.Group {
	groups := []*huh.Group{
		huh.NewGroup(
			f.input("name", "Your name", "Navigation brand, home page heading, footer and copyright line."),
			f.input("taglines.role", "What you do", `First line under your name, e.g. "UX/UI Designer · Frontend Developer".`),
			f.input("taglines.mission", "Why, in a phrase", "Second line under your name."),
			f.input("description", "Site description", "Search results and link previews: one or two sentences."),
			f.input("hero", "Introduction (optional)", "A few sentences on the home page; empty: the description."),
		).Title("New site"),
		huh.NewGroup(
			f.input("url", "Site address", "Where the site will be published: https://…, without a trailing slash."),
			f.input("measurementId", "Google Analytics ID (optional)", "G-… to load Google Analytics 4; empty: no analytics."),
		),
	}
	for _, l := range []struct{ key, what string }{
		{"professionalNetwork", "Professional network"}, {"codeHosting", "Code hosting"},
		{"microblog", "Microblog"}, {"photoSharing", "Photo sharing"},
	} {
		groups = append(groups, huh.NewGroup(
			f.input("social."+l.key+".label", l.what+": service", "Its name, read by screen readers, e.g. "+defaultLabels[l.key]+"."),
			f.input("social."+l.key+".url", l.what+": profile address (optional)", "https://…; empty: no link to this kind of profile."),
		).Title("Profiles linked from the home page and the footer (each optional)"))
	}
	return groups
}

// confirmGroup shows the YAML to be written and asks to write it. The
// preview is evaluated when shown: after the answers it shows are given.
// On a screen it scrolls (prompt.Preview).
func (f *siteForm) confirmGroup() *huh.Group {
	confirm := huh.NewConfirm().Value(&f.confirmed).Affirmative("Write it").Negative("Cancel").
		Title(fmt.Sprintf("Write %s?", siteYAML(f.dir)))
	if f.accessible {
		return huh.NewGroup(huh.NewNote().Title("site.yaml").Description(f.preview()), confirm)
	}
	f.shown = prompt.NewPreview(func() string { return "site.yaml" }, f.preview)
	return huh.NewGroup(f.shown, confirm)
}

// preview renders the YAML the answers give, comments and all, or says
// what is still wrong.
func (f *siteForm) preview() string {
	s, err := Prepare(*f.site)
	if err != nil {
		return "Not ready: " + err.Error()
	}
	return string(Render(s, f.schemaRef))
}

// fullForm is the full-screen form. Esc quits as Ctrl-C does.
func (f *siteForm) fullForm() *huh.Form {
	groups := append(f.detailGroups(), f.confirmGroup())
	return prompt.Form(groups...)
}

// runAccessible asks one line at a time, for screen readers and for answers
// piped in: the settings, then the YAML and the confirmation, a form of its
// own so that the preview shows the answers. The end of the input before
// the confirmation cancels: nothing is written.
func (f *siteForm) runAccessible(ctx context.Context, in io.Reader, out io.Writer) error {
	run := prompt.NewAccessible(ctx, in, out).Run
	if err := run(false, f.detailGroups()...); err != nil {
		return err
	}
	f.confirmed = false // an answer is needed: Enter alone does not write
	return run(true, f.confirmGroup())
}
