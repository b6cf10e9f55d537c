package newproject

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/scaffold"
	"portfolio/cli/internal/termsafe"
)

// leaving is the question the full-screen form asks on Esc or Ctrl-C.
const leaving = "Leave the form? Nothing is written; your answers so far are kept as a draft for --from."

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
		p = scaffold.ExpandHome(p)
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	text("title", s.Title)
	text("slug", s.Slug)
	text("subtitle", s.Subtitle)
	text("page", s.Page)
	text("category", s.Category)
	text("description", s.Description)
	text("role", s.Role)
	if skills := scaffold.ParseSkills(s.Skills); len(skills) > 0 {
		out = append(out, yaml.MapItem{Key: "skills", Value: skills})
	}
	out = append(out, yaml.MapItem{Key: "featured", Value: s.Featured}, yaml.MapItem{Key: "active", Value: s.Active})
	if c := scaffold.CleanPath(s.Cover); c != "" {
		out = append(out, yaml.MapItem{Key: "cover", Value: abs(c)})
	}
	if g := scaffold.ParseGallery(s.Gallery); len(g) > 0 {
		for i := range g {
			g[i] = abs(g[i])
		}
		out = append(out, yaml.MapItem{Key: "gallery", Value: g})
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
	for _, v := range []string{s.Title, s.Subtitle, s.Description, s.Role, s.Skills, s.Cover, s.Gallery, s.DocLabel, s.DocURL, s.ProtoTitle, s.ProtoURL} {
		if strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}

// keepDraft saves the answers so far and says how to resume.
func keepDraft(opts *Options, s *formState) {
	if s == nil || !s.answered() {
		return
	}
	path, err := draft.Save("new-project", "# Answers of `portfolio new project`, kept when the form was left.\n", s.draftAnswers(), time.Now())
	if err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "your answers could not be kept as a draft: %s\n", termsafe.String(err.Error()))
		return
	}
	fmt.Fprintf(opts.IO.ErrOut, "your answers are kept in %s\n  resume with: portfolio new project --from %s\n",
		termsafe.String(path), termsafe.String(path))
}
