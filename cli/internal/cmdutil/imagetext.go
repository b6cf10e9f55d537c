package cmdutil

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"portfolio/cli/internal/english"
)

// ImageText is one image's alt text and caption, as flags gave them.
type ImageText struct{ Alt, Caption string }

// ImageTexts pairs the --alt and --caption flags of a command that
// describes several images, in the order they are given on the command
// line: each --alt starts the next image's texts ("" keeps its default alt
// text), and a --caption belongs to the image of the --alt just before it.
// The pairing is never guessed: a --caption before any --alt, or a second
// --caption after the same --alt, is a flag error (exit status 2) naming
// --caption, before anything is read or written. Two lists filled apart
// would give a caption to the wrong photo, silently (issue 35).
type ImageTexts struct {
	List      []ImageText
	captioned []bool
}

// AddFlags defines --alt and --caption on fs.
func (t *ImageTexts) AddFlags(fs *pflag.FlagSet, altUsage, captionUsage string) {
	fs.Var(altValue{t}, "alt", altUsage)
	fs.Var(captionValue{t}, "caption", captionUsage)
}

// CheckTextCount refuses more --alt flags (texts) than the n images they
// describe, named for the message ("3 gallery images"), in the order
// named ("gallery order"): a usage error naming --alt.
func CheckTextCount(texts, n int, images, order string) error {
	if texts <= n {
		return nil
	}
	return Usagef("--alt: %s for %s: give at most one --alt per image, in %s", english.Count(texts, "alt text"), images, order)
}

type altValue struct{ t *ImageTexts }

func (v altValue) String() string { return "" }
func (v altValue) Type() string   { return "text" }
func (v altValue) Set(s string) error {
	v.t.List = append(v.t.List, ImageText{Alt: s})
	v.t.captioned = append(v.t.captioned, false)
	return nil
}

type captionValue struct{ t *ImageTexts }

func (v captionValue) String() string { return "" }
func (v captionValue) Type() string   { return "text" }
func (v captionValue) Set(s string) error {
	n := len(v.t.List)
	switch {
	case n == 0:
		return errors.New("a --caption belongs to the image of the --alt before it, and none came before: give --alt first (--alt '' keeps the default alt text)")
	case v.t.captioned[n-1]:
		return fmt.Errorf("the --alt %q has the caption %q already: each --caption follows the --alt of its own image", v.t.List[n-1].Alt, v.t.List[n-1].Caption)
	}
	v.t.List[n-1].Caption, v.t.captioned[n-1] = s, true
	return nil
}

// OnceString is a string flag that may be given once: a second value is a
// flag error (exit status 2) saying why, instead of silently winning.
func OnceString(p *string, name, why string) pflag.Value {
	return &onceValue{p: p, name: name, why: why}
}

type onceValue struct {
	p         *string
	name, why string
	set       bool
}

func (v *onceValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}
func (v *onceValue) Type() string { return "text" }
func (v *onceValue) Set(s string) error {
	if v.set {
		return fmt.Errorf("given twice: %s, give --%s once", v.why, v.name)
	}
	*v.p, v.set = s, true
	return nil
}
