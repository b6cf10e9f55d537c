package editor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"charm.land/huh/v2"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/gallery"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/prompt"
)

// Actions of the accessible mode's menu.
const (
	actMove     = "move"
	actAdd      = "add"
	actRemove   = "remove"
	actDescribe = "describe"
	actSave     = "save"
	actQuit     = "quit"
)

// runAccessible edits the gallery through plain questions, one line at a
// time: the list, then a menu, then the chosen action's questions. Nothing
// is written until "save"; quitting with changes asks first, and the end
// of the input writes nothing.
func runAccessible(ctx context.Context, opts *Options, g *gallery.Gallery) error {
	out := prompt.AccessibleOutput(opts.IO)
	ask := prompt.NewAccessible(ctx, opts.IO.In, out)
	changed := false
	cancel := func(err error) error {
		if errors.Is(err, huh.ErrUserAborted) || errors.Is(err, cmdutil.ErrCancel) || errors.Is(err, context.Canceled) {
			if changed {
				fmt.Fprintln(opts.IO.ErrOut, "nothing was changed")
			}
			return cmdutil.ErrCancel
		}
		return err
	}
	for {
		if err := printList(out, g); err != nil {
			return err
		}
		var action string
		options := []huh.Option[string]{
			huh.NewOption("move an image", actMove),
			huh.NewOption("add images", actAdd),
			huh.NewOption("remove an image", actRemove),
			huh.NewOption("write an image's alt text and caption", actDescribe),
			huh.NewOption("save the changes and quit", actSave),
			huh.NewOption("quit", actQuit),
		}
		if err := ask.Run(false, huh.NewGroup(huh.NewSelect[string]().Title("What next?").Options(options...).Value(&action))); err != nil {
			return cancel(err)
		}
		var err error
		switch action {
		case actMove:
			err = askMove(ask, g)
		case actAdd:
			err = askAdd(ask, out, opts, g)
		case actRemove:
			err = askRemove(ask, g)
		case actDescribe:
			err = askDescribe(ask, g)
		case actSave:
			if !changed {
				fmt.Fprintln(out, "nothing to save")
				return nil
			}
			return apply(ctx, opts, g, "saved")
		case actQuit:
			if !changed {
				return nil
			}
			discard := false
			if err := ask.Run(true, huh.NewGroup(huh.NewConfirm().Title("Discard your changes?").Value(&discard))); err != nil || !discard {
				if err == nil {
					continue
				}
				return cancel(err)
			}
			fmt.Fprintln(opts.IO.ErrOut, "nothing was changed")
			return cmdutil.ErrCancel
		}
		if err != nil {
			if e := cancel(err); errors.Is(e, cmdutil.ErrCancel) {
				return e
			}
			fmt.Fprintf(out, "error: %v\n", err)
			continue
		}
		changed = true
	}
}

// askMove asks which image to move where, and moves it.
func askMove(ask *prompt.Accessible, g *gallery.Gallery) error {
	n := len(g.Images)
	var from, to string
	if err := ask.Run(false, huh.NewGroup(
		numberInput("Image to move", &from, n),
		numberInput("New position", &to, n),
	)); err != nil {
		return err
	}
	a, _ := strconv.Atoi(from)
	b, _ := strconv.Atoi(to)
	return g.Move(a, b)
}

// askAdd asks which files to add at which position, adds them, and asks
// about shrinking the large ones unless --max-edge was given.
func askAdd(ask *prompt.Accessible, out io.Writer, opts *Options, g *gallery.Gallery) error {
	n := len(g.Images)
	var files string
	at := strconv.Itoa(n + 1)
	if err := ask.Run(false, huh.NewGroup(
		huh.NewInput().Title("Image files or a folder").Description("separated by commas or spaces, quoted or not; in the order they should appear").
			Value(&files).Validate(validatePaths),
		numberInput("At position", &at, n+1),
	)); err != nil {
		return err
	}
	p, _ := strconv.Atoi(at)
	before := len(g.Images)
	err := g.Insert(p, fieldcheck.ParseGallery(files)...)
	if err == nil && !opts.MaxEdgeSet {
		err = offerResize(ask, out, g, g.Images[p-1:p-1+len(g.Images)-before])
	}
	return err
}

// askRemove asks which image to remove, and removes it once confirmed.
func askRemove(ask *prompt.Accessible, g *gallery.Gallery) error {
	var num string
	if err := ask.Run(false, huh.NewGroup(numberInput("Image to remove", &num, len(g.Images)))); err != nil {
		return err
	}
	p, _ := strconv.Atoi(num)
	sure := true
	err := ask.Run(false, huh.NewGroup(huh.NewConfirm().Title(fmt.Sprintf("Remove image %d, %s?", p, describe(g, g.Images[p-1]))).Value(&sure)))
	if err == nil && sure {
		err = g.Remove(p)
	}
	return err
}

// askDescribe asks which image to describe, then its alt text and caption.
func askDescribe(ask *prompt.Accessible, g *gallery.Gallery) error {
	var num string
	if err := ask.Run(false, huh.NewGroup(numberInput("Image to describe", &num, len(g.Images)))); err != nil {
		return err
	}
	p, _ := strconv.Atoi(num)
	alt, caption := g.Images[p-1].Alt, g.Images[p-1].Caption
	if err := ask.Run(false, textGroup(&alt, &caption)); err != nil {
		return err
	}
	return g.SetText(p, alt, caption)
}

// numberInput asks for an image number from 1 to n.
func numberInput(title string, value *string, n int) *huh.Input {
	return huh.NewInput().Title(title).Value(value).Validate(func(s string) error {
		p, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || p < 1 || p > n {
			return fmt.Errorf("give a number from 1 to %d", n)
		}
		return nil
	})
}

// textGroup asks for an image's alt text and caption, checked as validate
// checks them.
func textGroup(alt, caption *string) *huh.Group {
	return huh.NewGroup(
		huh.NewInput().Title("Alt text").Description("what the picture shows, for people who cannot see it; read after \"<title> <n>: \"; may be empty").
			CharLimit(250).Value(alt).Validate(fieldcheck.ValidateAlt),
		huh.NewInput().Title("Caption").Description("shown with the image in the lightbox; may be empty").
			CharLimit(300).Value(caption),
	)
}

// validatePaths checks files typed or pasted as the add question takes them.
func validatePaths(s string) error {
	paths := fieldcheck.ParseGallery(s)
	if len(paths) == 0 {
		return errors.New("give at least one image file or folder")
	}
	_, _, err := fieldcheck.ExpandGallery(paths)
	return err
}

// offerResize asks whether to shrink the added images larger than the
// gallery's MaxEdge (prompt.OfferResize); those kept are copied at their
// size.
func offerResize(ask *prompt.Accessible, out io.Writer, g *gallery.Gallery, added []gallery.Image) error {
	var large []*gallery.Image
	var sizes []importimage.Large
	for i := range added {
		if l, ok := importimage.Oversize(added[i].Source, g.MaxEdge); ok {
			large, sizes = append(large, &added[i]), append(sizes, l)
		}
	}
	keep, err := prompt.OfferResize(func(gr *huh.Group) error { return ask.Run(false, gr) }, out, sizes, g.MaxEdge)
	if err != nil {
		return err
	}
	for i, im := range large {
		im.KeepSize = keep[i]
	}
	return nil
}
