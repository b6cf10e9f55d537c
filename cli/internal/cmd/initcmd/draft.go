package initcmd

import (
	"fmt"
	"time"

	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/termsafe"
)

// leaving is the question the full-screen form asks on Esc or Ctrl-C.
const leaving = "Leave the form? Nothing is written; your answers so far are kept as a draft for --from."

// keepDraft saves the settings given so far as a file shaped like
// site.yaml, which --from reads back, and says how to resume.
func keepDraft(opts *Options, s *Site) {
	if s == nil {
		return
	}
	given := false
	for _, f := range Fields {
		if f.Required && *f.get(s) != "" {
			given = true
		}
	}
	if !given {
		return
	}
	path, err := draft.Save("init", "# Answers of `portfolio init`, kept when the form was left.\n", s, time.Now())
	if err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "your answers could not be kept as a draft: %s\n", termsafe.String(err.Error()))
		return
	}
	dir := ""
	if opts.Dir != "content" {
		dir = " " + termsafe.String(opts.Dir)
	}
	fmt.Fprintf(opts.IO.ErrOut, "your answers are kept in %s\n  resume with: portfolio init%s --from %s\n",
		termsafe.String(path), dir, termsafe.String(path))
}
