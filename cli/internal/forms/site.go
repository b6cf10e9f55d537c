package forms

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"charm.land/huh/v2"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold/site"
)

// Site asks for the settings that make the site the owner's: name,
// taglines, texts of the home page, address, analytics and profiles. The
// other texts (About, Contact, category pages) keep what flags or --from
// gave, or their defaults; the confirmation shows them all, and the
// file's comments say where to change them.
type Site struct {
	site       *site.Site // edited in place by the form
	dir        string
	schemaRef  string
	accessible bool
	confirmed  bool
	// shown is the full-screen form's YAML preview, told the screen's size
	// by the guard that runs the form.
	shown *prompt.Preview
	// categories, analytics and languages are typed as --category,
	// --analytics and --language take them; each valid answer is applied
	// to site.
	categories, analytics, languages string
}

// NewSite is the new site form for the content folder dir, filled with
// the settings given beforehand; accessible asks one plain line at a time.
func NewSite(dir string, s site.Site, accessible bool) *Site {
	s = s.Prefilled()
	if s.Kind == "" {
		s.Kind = site.DefaultKind
	}
	return &Site{site: &s, dir: dir, schemaRef: site.SchemaRef(dir), accessible: accessible, confirmed: true,
		analytics: s.AnalyticsText(), languages: strings.Join(s.Languages, ", ")}
}

// languagesInput asks the site's languages, comma-separated as --language
// takes them (decision 0115); empty is English alone.
func (f *Site) languagesInput() *huh.Input {
	apply := func(v string) error {
		var list []string
		for item := range strings.SplitSeq(v, ",") {
			if item = strings.ToLower(strings.TrimSpace(item)); item != "" {
				list = append(list, item)
			}
		}
		if len(list) > 0 {
			if err := site.CheckLanguages(list); err != nil {
				return err
			}
		}
		f.site.Languages = list
		return nil
	}
	return huh.NewInput().Title(prompt.Title("Languages (optional)", f.languages, f.accessible)).
		Description("The site's languages, the default first, comma-separated: " + site.LanguageCodes() + "; empty: English alone.").
		Value(&f.languages).Validate(fieldCheck(apply, &f.languages, f.accessible))
}

// input is a form field for the setting key, checked as it is typed; a
// setting that is not required may stay empty (it is left out, or gets
// its default).
func (f *Site) input(key, title, desc string) *huh.Input {
	field, ok := site.FieldNamed(key)
	if !ok {
		panic("forms: no setting " + key)
	}
	value := field.Value(f.site)
	required := field.Required || slices.ContainsFunc(f.site.Missing(), func(m site.Field) bool { return m.Key == key })
	check := func(s string) error {
		if !required && strings.TrimSpace(s) == "" {
			return nil
		}
		return site.CheckText(field.Key, s)
	}
	return huh.NewInput().Title(prompt.Title(title, *value, f.accessible)).Description(desc).Value(value).
		Validate(fieldCheck(check, value, f.accessible))
}

// kindGroup asks the kind of work shown, which chooses the defaults of
// what the form does not ask (site.Presets).
func (f *Site) kindGroup() *huh.Group {
	options := make([]huh.Option[string], len(site.Presets))
	for i, p := range site.Presets {
		options[i] = huh.NewOption(p.Label+": "+p.Hint, p.Kind)
	}
	return huh.NewGroup(huh.NewSelect[string]().Title("What kind of work do you show?").
		Description("It chooses your categories, what your project cards show, gallery columns and your About page's headings: all yours to change in site.yaml later.").
		Options(options...).Value(&f.site.Kind)).Title("New site")
}

// categoriesGroup asks the categories, the kind's shown: kept, or the
// owner's own, written as --category takes them.
func (f *Site) categoriesGroup() *huh.Group {
	f.categories = f.site.CategoriesText()
	apply := func(v string) error { return f.site.SetCategoriesText(v) }
	return huh.NewGroup(huh.NewInput().Title(prompt.Title("Your categories", f.categories, f.accessible)).
		Description(`The pages of your work, in navigation order, comma-separated; each is at /<address>, made from its title, or written "address=Title".`).
		Value(&f.categories).Validate(fieldCheck(apply, &f.categories, f.accessible)))
}

// analyticsInput asks the analytics service and its setting, written as
// --analytics takes them.
func (f *Site) analyticsInput() *huh.Input {
	apply := func(v string) error { return f.site.SetAnalyticsText(v) }
	return huh.NewInput().Title(prompt.Title("Analytics (optional)", f.analytics, f.accessible)).
		Description("ga4:G-…, plausible, umami:WEBSITE-ID, goatcounter:CODE or none; empty: no analytics.").
		Value(&f.analytics).Validate(fieldCheck(apply, &f.analytics, f.accessible))
}

// chooseKind applies the kind chosen: the role and mission shown become
// its own, unless the owner gave them.
func (f *Site) chooseKind(before string) {
	was := *f.site
	was.Kind = before
	shown := was.Prefilled().Taglines // the earlier kind's defaults
	if f.site.Taglines.Role == shown.Role {
		f.site.Taglines.Role = ""
	}
	if f.site.Taglines.Mission == shown.Mission {
		f.site.Taglines.Mission = ""
	}
	*f.site = f.site.Prefilled()
}

func (f *Site) detailGroups() []*huh.Group {
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
			f.analyticsInput(),
			f.languagesInput(),
		),
	}
	for _, l := range []struct{ key, what string }{
		{"professionalNetwork", "Professional network"}, {"codeHosting", "Code hosting"},
		{"microblog", "Microblog"}, {"photoSharing", "Photo sharing"},
	} {
		groups = append(groups, huh.NewGroup(
			f.input("social."+l.key+".label", l.what+": service", "Its name, read by screen readers, e.g. "+site.DefaultLabels[l.key]+"."),
			f.input("social."+l.key+".url", l.what+": profile address (optional)", "https://…; empty: no link to this kind of profile."),
		).Title("Profiles linked from the home page and the footer (each optional)"))
	}
	return groups
}

// confirmGroup shows the YAML to be written and asks to write it. The
// preview is evaluated when shown: after the answers it shows are given.
// On a screen it scrolls (prompt.Preview).
func (f *Site) confirmGroup() *huh.Group {
	confirm := huh.NewConfirm().Value(&f.confirmed).Affirmative("Write it").Negative("Cancel").
		Title(fmt.Sprintf("Write %s?", site.File(f.dir)))
	if f.accessible {
		return huh.NewGroup(huh.NewNote().Title("site.yaml").Description(f.preview()), confirm)
	}
	f.shown = prompt.NewPreview(func() string { return "site.yaml" }, f.preview)
	return huh.NewGroup(f.shown, confirm)
}

// preview renders the YAML the answers give, comments and all, or says
// what is still wrong.
func (f *Site) preview() string {
	s, err := site.Prepare(*f.site)
	if err != nil {
		return "Not ready: " + err.Error()
	}
	return string(site.Render(s, f.schemaRef))
}

// fullForm is the full-screen form. Esc quits as Ctrl-C does.
func (f *Site) fullForm() *huh.Form {
	groups := append(f.detailGroups(), f.confirmGroup())
	return prompt.Form(groups...)
}

// runAccessible asks one line at a time, for screen readers and for answers
// piped in: the settings, then the YAML and the confirmation, a form of its
// own so that the preview shows the answers. The end of the input before
// the confirmation cancels: nothing is written.
func (f *Site) runAccessible(ctx context.Context, in io.Reader, out io.Writer) error {
	run := prompt.NewAccessible(ctx, in, out).Run
	before := f.site.Kind
	if err := run(false, f.kindGroup()); err != nil {
		return err
	}
	f.chooseKind(before)
	if err := run(false, f.categoriesGroup()); err != nil {
		return err
	}
	if err := run(false, f.detailGroups()...); err != nil {
		return err
	}
	f.confirmed = false // an answer is needed: Enter alone does not write
	return run(true, f.confirmGroup())
}

// siteLeaving is the question the full-screen form asks on Esc or Ctrl-C.
const siteLeaving = "Leave the form? Nothing is written; your answers so far are kept as a draft for --from."

// Run asks the questions: full screen, or one plain line at a time. It
// returns cmdutil.ErrCancel when the owner answers Cancel at the
// confirmation, and the form's error when it is left (prompt.Left).
func (f *Site) Run(ctx context.Context, ios *iostreams.IOStreams) error {
	var err error
	if f.accessible {
		err = f.runAccessible(ctx, ios.In, prompt.AccessibleOutput(ios))
	} else {
		before := f.site.Kind
		err = prompt.RunGuarded(ctx, prompt.Form(f.kindGroup()), siteLeaving, ios.In, ios.Out)
		if err == nil {
			f.chooseKind(before)
			err = prompt.RunGuarded(ctx, prompt.Form(f.categoriesGroup()), siteLeaving, ios.In, ios.Out)
		}
		if err == nil {
			err = prompt.RunGuarded(ctx, f.fullForm(), siteLeaving, ios.In, ios.Out, f.shown)
		}
	}
	if err == nil && !f.confirmed { // "Cancel" at the confirmation
		err = cmdutil.ErrCancel
	}
	return err
}

// Settings are the settings given.
func (f *Site) Settings() site.Site { return *f.site }

// KeepDraft saves the settings given so far, when a required one is, as a
// file shaped like site.yaml, which --from reads back, and says so on
// errOut.
func (f *Site) KeepDraft(errOut io.Writer) {
	if !f.site.Answered() {
		return
	}
	resume := "portfolio init"
	if f.dir != content.DefaultDir {
		resume += " " + f.dir
	}
	if f.site.Kind != site.DefaultKind { // not a key of site.yaml, nor of the draft
		resume += " --kind " + f.site.Kind
	}
	draft.Keep(errOut, "init", "# Answers of `portfolio init`, kept when the form was left.\n", "answers", f.site, resume)
}
