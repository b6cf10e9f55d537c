package newproject

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"charm.land/huh/v2"

	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/scaffold"
	"portfolio/cli/internal/termsafe"
)

// Answers to the resize question.
const (
	resizeAll  = "all"
	resizeNone = "none"
	resizeEach = "each"
)

// offerResize asks, when some originals are larger than the plan's
// MaxEdge, whether to shrink them: all at once, none, or one by one (with
// several), sizes shown. Shrinking is the default answer: the site never
// shows more than 2400 px, and the content folder is committed. An image
// kept is copied at its size (losing only its private metadata).
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
	n := len(large)
	fmt.Fprintf(out, "%d original%s larger than %d px on the long edge (the site shows at most 2400 px):\n", n, plural(n), plan.MaxEdge)
	for i, c := range large {
		fmt.Fprintf(out, "  %s: %s\n", termsafe.String(filepath.Base(c.Source)), sizes[i])
	}
	choice := resizeAll
	if n > 1 {
		sel := huh.NewSelect[string]().Title(fmt.Sprintf("Shrink them to %d px on the long edge?", plan.MaxEdge)).
			Description("a copy is shrunk, never your original; --max-edge sets the limit (0: keep every size)").
			Options(
				huh.NewOption(fmt.Sprintf("yes, all %d", n), resizeAll),
				huh.NewOption("no, keep every size", resizeNone),
				huh.NewOption("ask for each", resizeEach),
			).Value(&choice)
		if err := run(huh.NewGroup(sel)); err != nil {
			return err
		}
	}
	for i, c := range large {
		shrink := choice == resizeAll
		if choice == resizeEach || n == 1 {
			shrink = true
			confirm := huh.NewConfirm().
				Title(fmt.Sprintf("Shrink %s (%s)?", termsafe.String(filepath.Base(c.Source)), sizes[i])).
				Description("a copy is shrunk, never your original; --max-edge sets the limit (0: keep every size)").
				Affirmative("Shrink").Negative("Keep its size").Value(&shrink)
			if err := run(huh.NewGroup(confirm)); err != nil {
				return err
			}
		}
		c.KeepSize = !shrink
	}
	return nil
}
