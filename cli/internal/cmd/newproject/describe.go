package newproject

import (
	"context"
	"fmt"

	"charm.land/huh/v2"

	gallerycmd "portfolio/cli/internal/cmd/gallery"
	"portfolio/cli/internal/gallery"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
)

// describeGallery offers, once the project is written, to give its gallery
// images alt texts and captions: in a terminal the gallery list opens, in
// accessible mode each image is asked in turn. Declining (the default)
// changes nothing; the project is valid either way.
func describeGallery(ctx context.Context, opts *Options, form *projectForm, plan *scaffold.Plan) error {
	n := len(plan.Gallery)
	sure := false
	confirm := huh.NewConfirm().Title(fmt.Sprintf("Describe the %d gallery image%s now (alt text and caption)?", n, plural(n))).
		Description("screen readers read the alt text; you can also do it later with `portfolio gallery " + plan.Answers.Slug + "`").
		Value(&sure)
	if form.ask == nil { // the full-screen form
		err := prompt.Form(huh.NewGroup(confirm)).WithInput(opts.IO.In).WithOutput(opts.IO.Out).RunWithContext(ctx)
		if err != nil || !sure {
			return nil
		}
		return gallerycmd.Run(ctx, &gallerycmd.Options{IO: opts.IO, ContentDir: opts.ContentDir, Slug: plan.Answers.Slug, Terminal: true})
	}
	if err := form.ask.Run(true, huh.NewGroup(confirm)); err != nil || !sure {
		return nil
	}
	g, err := gallery.Open(opts.ContentDir, plan.Answers.Slug)
	if err != nil {
		return err
	}
	for i, c := range plan.Gallery {
		var alt, caption string
		group := huh.NewGroup(
			huh.NewInput().Title(fmt.Sprintf("Image %d of %d (%s): alt text", i+1, n, c.Name)).
				Description("what the picture shows; Enter alone keeps the default").CharLimit(250).Value(&alt).Validate(scaffold.ValidateAlt),
			huh.NewInput().Title("Caption").Description("shown with the image; may be empty").CharLimit(300).Value(&caption).Validate(scaffold.ValidateCaption),
		)
		if err := form.ask.Run(i == n-1, group); err != nil {
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
	fmt.Fprintf(opts.IO.Out, "✓ %d of %d gallery images described in %s\n", described, n, plan.Answers.Slug)
	return nil
}
