package content

import (
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
)

// A text that `portfolio init` invented for the owner and the owner left
// as it was is a warning at its line and column, in the field where init
// wrote it; the same words elsewhere are the owner's. The texts are
// written out here, as init writes them, not taken from the list the
// loader reads.
func TestLoadPlaceholders(t *testing.T) {
	tests := []struct {
		name      string
		old, new  string
		line, col int
		pointer   string // "": no warning
		msg       string
	}{
		{name: "mission", old: "mission: Making things", new: "mission: 'Thoughtful, human-centered design'",
			line: 3, col: 37, pointer: "/taglines/mission", msg: `"mission" is still the placeholder that ` + "`portfolio init`" + ` wrote: "Thoughtful, human-centered design"`},
		{name: "a bullet among the owner's", old: "items: [Two., Three.]", new: "items: [Two., 'Accessibility is part of the brief, not a final check.']",
			line: 17, col: 37, pointer: "/about/sections/1/items/1", msg: `bullet 2 of the About section "Values" is still the placeholder`},
		{name: "in any section, in a block list", old: "items: [One.]}", new: "items: [One., I am always learning something new.]}",
			line: 16, col: 38, pointer: "/about/sections/0/items/1", msg: "I am always learning something new."},
		{name: "contact intro", old: "intro: Write.}", new: "intro: 'Have a project in mind, or a question? Send me a message.'}",
			line: 19, col: 70, pointer: "/contact/intro", msg: `"intro" is still the placeholder`},
		{name: "the same words in another field are the owner's", old: "hero: Hello.", new: "hero: Thoughtful, human-centered design"},
		{name: "a changed placeholder is the owner's", old: "mission: Making things", new: "mission: 'Thoughtful, human-centered design for people'"},
		{name: "the specification's contact sentence is the owner's", old: "intro: Write.}", new: "intro: Interested in working together? Get in touch!}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			s := string(f["site.yaml"])
			if !strings.Contains(s, tt.old) {
				t.Fatalf("the test site has no %q", tt.old)
			}
			f["site.yaml"] = []byte(strings.Replace(s, tt.old, tt.new, 1))
			d, found := soleDiagnostic(t, f, tt.pointer != "")
			if !found {
				return
			}
			wantAt(t, d, diag.Warning, SiteFile, tt.line, tt.col, tt.pointer)
			if !strings.Contains(d.Message, tt.msg) || !strings.HasPrefix(d.Hint, "replace it with your own words") {
				t.Errorf("message %q, hint %q; want %q", d.Message, d.Hint, tt.msg)
			}
		})
	}
}

// The sample content, which a new owner replaces, is complete: not one
// problem, not even a warning (its contact sentence is the
// specification's, which init does not write).
func TestSampleContentIsClean(t *testing.T) {
	_, diags, err := Load(filepath.Join("..", "..", "..", "content"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 0 {
		t.Fatalf("the sample content has problems:\n%s", dump(diags))
	}
}
