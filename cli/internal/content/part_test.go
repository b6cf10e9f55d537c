package content

import (
	"strings"
	"testing"

	"portfolio/cli/internal/content/schemacheck"
)

// CheckPart with the project schema, as the forms use it (fieldcheck).
func TestCheckPart(t *testing.T) {
	s, err := schemacheck.ProjectSchema()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		values  []schemacheck.Value
		pointer string
		want    string // message of the first problem; "" for none
		hint    string
	}{
		{"valid title", []schemacheck.Value{{Pointer: "/title", Value: "Alpha"}}, "/title", "", ""},
		{"empty title", []schemacheck.Value{{Pointer: "/title", Value: ""}}, "/title", `"title" must not be empty`, "write some text"},
		{"long title", []schemacheck.Value{{Pointer: "/title", Value: strings.Repeat("a", 81)}}, "/title", `"title" is too long: 81 characters, at most 80 allowed`, "shorten it"},
		{"missing title", nil, "/title", `missing required property "title"`, "add `title:`"},
		{"other fields ignored", []schemacheck.Value{{Pointer: "/role", Value: ""}}, "/title", `missing required property "title"`, ""},
		{"page empty", []schemacheck.Value{{Pointer: "/page", Value: ""}}, "/page", `"page" must not be empty`, ""},
		{"skills duplicate", []schemacheck.Value{{Pointer: "/skills", Value: []string{"Figma", "Figma"}}}, "/skills", `"skills" lists the same item twice (items 1 and 2)`, "remove the repeated item"},
		{"skills empty", []schemacheck.Value{{Pointer: "/skills", Value: []string{}}}, "/skills", `"skills" needs at least 1 item, has 0`, ""},
		{"skill too long", []schemacheck.Value{{Pointer: "/skills", Value: []string{strings.Repeat("x", 41)}}}, "/skills", `item 1 of "skills" is too long: 41 characters, at most 40 allowed`, ""},
		{"cover extension", []schemacheck.Value{{Pointer: "/cover", Value: "cover.gif"}}, "/cover",
			`"cover" must be the path of a .jpg, .jpeg, .png or .webp file inside the project folder; got "cover.gif"`, ""},
		{"document url", []schemacheck.Value{{Pointer: "/body/0/type", Value: "document"}, {Pointer: "/body/0/label", Value: "Read"}, {Pointer: "/body/0/url", Value: "http://example.com"}}, "/body/0/url",
			`"url" must be an absolute https:// URL (e.g. https://example.com/page); got "http://example.com"`, ""},
		{"prototype url", []schemacheck.Value{{Pointer: "/body/0/type", Value: "prototype"}, {Pointer: "/body/0/title", Value: "P"}, {Pointer: "/body/0/url", Value: "https://example.com/x"}}, "/body/0/url",
			`"url" must be a Figma embed URL`, ""},
		{"markdown", []schemacheck.Value{{Pointer: "/body/0/type", Value: "text"}, {Pointer: "/body/0/text", Value: "<b>hi</b>"}}, "/body/0/text", "HTML", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CheckPart(s, tt.pointer, tt.values...)
			if err != nil {
				t.Fatal(err)
			}
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
