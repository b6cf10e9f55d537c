package scaffold

import (
	"path/filepath"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/golden"
	"reflect"
	"strings"
	"testing"
)

func fullPlan() *Plan {
	a := NewAnswers()
	a.Title = "Drone Photography"
	a.Slug = "drone-photography"
	a.Subtitle = "Aerial photography of campuses, landscapes and events"
	a.Page = "photography"
	a.Category = "Photography"
	a.Description = "Aerial photographs made with a small drone: places seen from a perspective people rarely get."
	a.Role = "Photographer & FAA-Certified Remote Pilot"
	a.Skills = []string{"Aerial Photography", "Adobe Lightroom"}
	a.Featured = true
	a.Document = &Document{Label: "Read the Flight Log", URL: "https://example.com/log.pdf"}
	a.Prototype = &Prototype{Title: "Prototype of the photo viewer", URL: "https://embed.figma.com/proto/abc?node-id=1"}
	p := &Plan{Answers: a, Cover: Copy{Name: "cover.jpg"}}
	for _, n := range []string{"01.jpg", "02.png", "03.jpg"} {
		p.Gallery = append(p.Gallery, Copy{Name: "gallery/" + n})
	}
	return p
}

func TestRenderGolden(t *testing.T) {
	golden.File(t, filepath.Join("testdata", "golden", "full.yaml"), Render(fullPlan()))

	a := NewAnswers()
	a.Title = "true"
	a.Slug = "yes-or-no"
	a.Subtitle = "Notes: what #1 meant"
	a.Page = "higher-education"
	a.Category = "Higher Education"
	a.Description = "- a list?\n\n  indented"
	a.Role = `Author "and" designer`
	a.Skills = []string{"2024", "null", "C#", "*stars*"}
	a.CoverAlt = `The cover: "true" in red, #1`
	a.Active = false
	golden.File(t, filepath.Join("testdata", "golden", "quoted.yaml"), Render(&Plan{Answers: a, Cover: Copy{Name: "cover.webp"}}))
}

// TestRenderRoundTrip reads the rendered YAML back with the content loader's
// parser: every answer comes back exactly, however it had to be quoted.
func TestRenderRoundTrip(t *testing.T) {
	tricky := []string{
		"plain", "true", "False", "null", "~", "yes", "on", "2024", "1e3", "0x1F", "-1", ".5",
		"a: b", "a:b", "ends:", "#hash", "a #b", "a#b", "- dash", "? q", "[x]", "{y}", "& amp", "*star", "!bang",
		"|pipe", ">gt", "'single'", `"double"`, "%pct", "@at", "`tick`", "back\\slash", "tab\there",
		"new\nline", "  spaces  ", "café — ünïcode ✓", "emoji 📷", "<b>x</b>", "a, b", "=", "<<",
		"\u00a0nbsp", "ctrl\x01char", "line\u2028sep",
	}
	for _, s := range tricky {
		p := fullPlan()
		p.Answers.Title = s
		p.Answers.Role = s
		p.Answers.CoverAlt = s
		p.Answers.Skills = []string{s, "x" + s}
		p.Answers.Description = s
		p.Answers.Document.Label = s
		data := Render(p)
		doc, d := yamldoc.Parse("project.yaml", data)
		if d != nil {
			t.Errorf("%q: %s:%d:%d: %s\n%s", s, d.File, d.Line, d.Column, d.Message, data)
			continue
		}
		root := doc.Value.(map[string]any)
		if root["title"] != s || root["role"] != s {
			t.Errorf("%q: title %q, role %q", s, root["title"], root["role"])
		}
		if got := root["skills"]; !reflect.DeepEqual(got, []any{s, "x" + s}) {
			t.Errorf("%q: skills %q", s, got)
		}
		if root["description"] != s {
			t.Errorf("%q: description %q", s, root["description"])
		}
		body := root["body"].([]any)
		if label := body[1].(map[string]any)["label"]; label != s {
			t.Errorf("%q: label %q", s, label)
		}
		// A page with nothing else opens with the cover, not the description.
		p.Gallery, p.Answers.Document, p.Answers.Prototype = nil, nil, nil
		doc, d = yamldoc.Parse("project.yaml", Render(p))
		if d != nil {
			t.Errorf("%q without blocks: %s", s, d.Message)
			continue
		}
		body = doc.Value.(map[string]any)["body"].([]any)
		if b := body[0].(map[string]any); len(body) != 1 || b["type"] != "image" || b["src"] != "cover.jpg" || b["alt"] != s {
			t.Errorf("%q: body %v", s, body)
		}
	}
}

// The description is on the card; the page never repeats it, with other
// blocks or without.
func TestRenderDoesNotRepeatTheDescription(t *testing.T) {
	bare := fullPlan()
	bare.Gallery, bare.Answers.Document, bare.Answers.Prototype = nil, nil, nil
	for _, p := range []*Plan{fullPlan(), bare} {
		doc, _ := yamldoc.Parse("project.yaml", Render(p))
		for _, b := range doc.Value.(map[string]any)["body"].([]any) {
			if b.(map[string]any)["type"] == "text" {
				t.Errorf("a text block: %v", b)
			}
		}
	}
}

func TestRenderStartsWithModeline(t *testing.T) {
	first, _, _ := strings.Cut(string(Render(fullPlan())), "\n")
	if first != "# yaml-language-server: $schema=../../../schema/project.schema.json" {
		t.Errorf("first line %q", first)
	}
}
