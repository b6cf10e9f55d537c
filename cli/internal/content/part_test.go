package content

import (
	"portfolio/cli/internal/content/schemacheck"
	"strings"
	"testing"
)

// CheckPart with the project schema, as the forms use it (fieldcheck).
func TestCheckPart(t *testing.T) {
	s, err := schemacheck.ProjectSchema()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		partial map[string]any
		pointer string
		want    string // message of the first problem; "" for none
		hint    string
	}{
		{"valid title", map[string]any{"title": "Alpha"}, "/title", "", ""},
		{"empty title", map[string]any{"title": ""}, "/title", `"title" must not be empty`, "write some text"},
		{"long title", map[string]any{"title": strings.Repeat("a", 81)}, "/title", `"title" is too long: 81 characters, at most 80 allowed`, "shorten it"},
		{"missing title", map[string]any{}, "/title", `missing required property "title"`, "add `title:`"},
		{"other fields ignored", map[string]any{"role": ""}, "/title", `missing required property "title"`, ""},
		{"page empty", map[string]any{"page": ""}, "/page", `"page" must not be empty`, ""},
		{"skills duplicate", map[string]any{"skills": []any{"Figma", "Figma"}}, "/skills", `"skills" lists the same item twice (items 1 and 2)`, "remove the repeated item"},
		{"skills empty", map[string]any{"skills": []any{}}, "/skills", `"skills" needs at least 1 item, has 0`, ""},
		{"skill too long", map[string]any{"skills": []any{strings.Repeat("x", 41)}}, "/skills", `item 1 of "skills" is too long: 41 characters, at most 40 allowed`, ""},
		{"cover extension", map[string]any{"cover": "cover.gif"}, "/cover",
			`"cover" must be the path of a .jpg, .jpeg, .png or .webp file inside the project folder; got "cover.gif"`, ""},
		{"document url", map[string]any{"body": []any{map[string]any{"type": "document", "label": "Read", "url": "http://example.com"}}}, "/body/0/url",
			`"url" must be an absolute https:// URL (e.g. https://example.com/page); got "http://example.com"`, ""},
		{"prototype url", map[string]any{"body": []any{map[string]any{"type": "prototype", "title": "P", "url": "https://example.com/x"}}}, "/body/0/url",
			`"url" must be a Figma embed URL`, ""},
		{"markdown", map[string]any{"body": []any{map[string]any{"type": "text", "text": "<b>hi</b>"}}}, "/body/0/text", "HTML", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckPart(s, tt.partial, tt.pointer)
			if tt.want == "" {
				if len(got) != 0 {
					t.Fatalf("problems %v, want none", got)
				}
				return
			}
			if len(got) == 0 {
				t.Fatalf("no problem, want %q", tt.want)
			}
			if !strings.Contains(got[0].Message, tt.want) || !strings.Contains(got[0].Hint, tt.hint) {
				t.Errorf("got %q (hint %q), want %q (hint %q)", got[0].Message, got[0].Hint, tt.want, tt.hint)
			}
			for _, d := range got {
				if d.Pointer != tt.pointer && !strings.HasPrefix(d.Pointer, tt.pointer+"/") {
					t.Errorf("problem outside %s: %+v", tt.pointer, d)
				}
			}
		})
	}
}

func TestSlugProblem(t *testing.T) {
	for slug, valid := range map[string]bool{
		"alpha": true, "web-design-2": true, "a": true, strings.Repeat("a", 80): true,
		"": false, "Alpha": false, "my_project": false, "-a": false, "a-": false, "a--b": false,
		"café": false, strings.Repeat("a", 81): false, "a b": false,
	} {
		msg := SlugProblem(slug)
		if (msg == "") != valid {
			t.Errorf("SlugProblem(%q) = %q, want valid=%v", slug, msg, valid)
		}
		if !valid && !strings.Contains(msg, "is not a valid slug: it becomes the page address /projects/") {
			t.Errorf("SlugProblem(%q) = %q", slug, msg)
		}
	}
}

func TestSuggestSlug(t *testing.T) {
	tests := map[string]string{
		"Drone Photography":         "drone-photography",
		"  Café Menu — 2024!  ":     "cafe-menu-2024",
		"Smith & Co.":               "smith-co",
		"HUGS Camp":                 "hugs-camp",
		"Crème Brûlée":              "creme-brulee",
		"!!!":                       "",
		"":                          "",
		strings.Repeat("word ", 30): strings.TrimRight(strings.Repeat("word-", 16), "-"),
	}
	for in, want := range tests {
		got := SuggestSlug(in)
		if got != want {
			t.Errorf("SuggestSlug(%q) = %q, want %q", in, got, want)
		}
		if got != "" && SlugProblem(got) != "" {
			t.Errorf("SuggestSlug(%q) = %q is not a valid slug", in, got)
		}
	}
}
