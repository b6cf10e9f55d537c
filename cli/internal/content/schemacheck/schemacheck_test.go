package schemacheck

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/schema"
)

// TestCheckOneProblemPerMistake pins what the validator's result tree is
// reduced to: one diagnostic per mistake, as content authors read them. The
// validator reports more than that: every failed keyword of a value (a URL
// that fails both "format" and "pattern"), and a missing required
// property's schema checked against null.
func TestCheckOneProblemPerMistake(t *testing.T) {
	tests := []struct {
		name    string
		schema  func() (*Schema, error)
		partial map[string]any
		pointer string
		want    []string // pointer and message of every problem at pointer or under it
	}{
		{"url failing format and pattern", SiteSchema, map[string]any{"url": "a/../b"}, "/url",
			[]string{`/url "url" must be the site's https:// address without a trailing slash (e.g. https://example.com); got "a/../b"`}},
		{"empty url", SiteSchema, map[string]any{"url": ""}, "/url",
			[]string{`/url "url" must be the site's https:// address without a trailing slash (e.g. https://example.com); got ""`}},
		{"text where true or false belongs", ProjectSchema, map[string]any{"featured": "yes"}, "/featured",
			[]string{`/featured "featured" must be true or false, not text`}},
		{"list where text belongs", ProjectSchema, map[string]any{"cover": []any{"a"}}, "/cover",
			[]string{`/cover "cover" must be text, not a list (lines starting with '- ')`}},
		{"missing properties of a block", ProjectSchema, map[string]any{"body": []any{map[string]any{"type": "image"}}}, "/body",
			[]string{`/body/0/src missing required property "src" in item 1 of "body"`, `/body/0/alt missing required property "alt" in item 1 of "body"`}},
		{"repeated items", ProjectSchema, map[string]any{"skills": []any{"a", "b", "a", "b"}}, "/skills",
			[]string{`/skills/2 "skills" lists the same item twice (items 1 and 3)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := tt.schema()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range checkPart(s, tt.partial, tt.pointer) {
				got = append(got, d.Pointer+" "+d.Message)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// checkPart is the schema's problems with partial at pointer or inside it.
func checkPart(s *Schema, partial map[string]any, pointer string) diag.List {
	var out diag.List
	for _, d := range s.Check(yamldoc.FromValue(s.Name, partial)) {
		if d.Pointer == pointer || strings.HasPrefix(d.Pointer, pointer+"/") {
			out = append(out, d)
		}
	}
	return out
}

// A value written as a link (mailto:…, https://…) where the schema wants
// what follows the scheme is an error whose hint gives the value to write:
// an email address with mailto: in front would be linked as
// mailto:mailto:….
func TestCheckSchemeWhereNoneBelongs(t *testing.T) {
	tests := []struct {
		name      string
		partial   map[string]any
		pointer   string
		msg, hint string // msg "": valid
	}{
		{"privacy contact as a mailto link", map[string]any{"privacy": map[string]any{"contact": "mailto:someone@example.com"}}, "/privacy/contact",
			`"contact" must be an email address alone, without mailto: (the page makes the link), e.g. privacy@example.com; got "mailto:someone@example.com"`,
			`write someone@example.com, without "mailto:"`},
		{"in capitals", map[string]any{"privacy": map[string]any{"contact": "MAILTO:someone@example.com"}}, "/privacy/contact",
			`"contact" must be an email address alone`, `write someone@example.com, without "MAILTO:"`},
		{"a domain as an address", map[string]any{"analytics": map[string]any{"provider": "plausible", "domain": "https://averymorgan.design"}}, "/analytics",
			`"domain" must be a domain name in small letters, without https://`, `write averymorgan.design, without "https://"`},
		{"no scheme, other mistake: no hint", map[string]any{"privacy": map[string]any{"contact": "someone at example.com"}}, "/privacy/contact",
			`"contact" must be an email address alone`, ""},
		{"an email address", map[string]any{"privacy": map[string]any{"contact": "someone@example.com"}}, "/privacy/contact", "", ""},
	}
	s, err := SiteSchema()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkPart(s, tt.partial, tt.pointer)
			if tt.msg == "" {
				if len(got) != 0 {
					t.Fatalf("unexpected problems:\n%s", dump(got))
				}
				return
			}
			if len(got) != 1 || !strings.HasPrefix(got[0].Message, tt.msg) || got[0].Hint != tt.hint {
				t.Fatalf("got\n%s\nwant one error %q with the hint %q", dump(got), tt.msg, tt.hint)
			}
		})
	}
}

// TestCheckConcurrently checks one freshly compiled schema from several
// goroutines, as Load does with projects: under the race detector (as
// .ci/test runs it) this fails if the validator still changes the compiled
// schema while it validates.
func TestCheckConcurrently(t *testing.T) {
	for _, f := range []struct{ name, data string }{{schema.SiteFile, string(schema.Site)}, {schema.ProjectFile, string(schema.Project)}} {
		s, err := compileSchema(f.name, []byte(f.data))
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				// Values that meet every kind of pattern: paths, URLs, IDs.
				doc := yamldoc.FromValue(f.name, map[string]any{
					"url": "https://example.com", "measurementId": "G-ABC", "cover": "a.png",
					"body": []any{map[string]any{"type": "document", "label": "x", "url": "https://example.com/a.pdf"}},
				})
				s.Check(doc)
			})
		}
		wg.Wait()
	}
}

func dump(l diag.List) string {
	var b strings.Builder
	_ = diag.WriteText(&b, l, diag.Style{})
	return b.String()
}
