package newproject

import (
	"context"
	"io"

	"charm.land/huh/v2"

	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
)

// offerResize asks, when some originals are larger than the plan's
// MaxEdge, whether to shrink them (prompt.OfferResize); an image kept is
// copied at its size, losing only its private metadata.
func offerResize(ctx context.Context, opts *Options, form *projectForm, plan *scaffold.Plan) error {
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
		if form.ask != nil {
			return form.ask.Run(true, g)
		}
		return prompt.Form(g).WithInput(opts.IO.In).WithOutput(opts.IO.Out).RunWithContext(ctx)
	}
	var out io.Writer = opts.IO.Out
	if form.ask != nil {
		out = prompt.AccessibleOutput(opts.IO)
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
