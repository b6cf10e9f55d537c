package content

import (
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
)

// A control character (C0 but tab and line feed, DEL, C1) in any text that
// reaches a page is an error at its file, line and column: at the
// character itself when the file holds it raw, at the value when a YAML
// escape wrote it. Tabs, line breaks and direction marks are text.
func TestLoadControlCharacters(t *testing.T) {
	site := func(old, new string) func(testing.TB, map[string][]byte) {
		return func(t testing.TB, f map[string][]byte) { replaceIn(t, f, "site.yaml", old, new) }
	}
	project := func(old, new string) func(testing.TB, map[string][]byte) {
		return func(t testing.TB, f map[string][]byte) { replaceIn(t, f, "projects/alpha/project.yaml", old, new) }
	}
	tests := []struct {
		name      string
		mutate    func(testing.TB, map[string][]byte)
		file      string
		line, col int
		pointer   string // "": no problem
		msg       string
	}{
		{name: "escape sequence in a category title", mutate: site("title: Graphics,", `title: "Gra\e[2Jphics",`),
			file: "site.yaml", line: 23, col: 29, pointer: "/categories/1/title", msg: `"title" holds a control character, U+001B (ESC), at character 4`},
		{name: "raw escape in a project's subtitle", mutate: project("subtitle: Sub", "subtitle: Su\x1b[31mb"),
			file: "project.yaml", line: 3, col: 13, pointer: "/subtitle", msg: `"subtitle" holds a control character, U+001B (ESC), at character 3`},
		{name: "C1 control in the contact heading", mutate: site("heading: Hi,", `heading: "Hi\u009b",`),
			file: "site.yaml", line: 19, col: 59, pointer: "/contact/heading", msg: "U+009B, at character 3"},
		{name: "DEL in a skill", mutate: project("skills: [Figma]", `skills: ["Fig\x7fma"]`),
			file: "project.yaml", line: 6, col: 10, pointer: "/skills/0", msg: "U+007F (DEL), at character 4"},
		{name: "bell on the second line of a Markdown text", mutate: project("      Hello *world*.", "      Hello *world*.\n      Bye\x07."),
			file: "project.yaml", line: 15, col: 10, pointer: "/body/0/text", msg: "U+0007 (BEL), at character 19"},
		{name: "carriage return written as an escape", mutate: project("role: Designer", `role: "Desi\rgner"`),
			file: "project.yaml", line: 5, col: 7, pointer: "/role", msg: "U+000D (CR)"},
		{name: "tab and line feed are text", mutate: project("role: Designer", `role: "Design\tand\nbuild"`)},
		{name: "direction marks are text", mutate: project("role: Designer", "role: \"\u200fمصمم\u200f\"")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			tt.mutate(t, f)
			d, found := soleDiagnostic(t, f, tt.pointer != "")
			if !found {
				return
			}
			wantAt(t, d, diag.Error, tt.file, tt.line, tt.col, tt.pointer)
			if !strings.Contains(d.Message, tt.msg) || !strings.Contains(d.Hint, "remove it") {
				t.Errorf("message %q, hint %q; want %q", d.Message, d.Hint, tt.msg)
			}
		})
	}
}

// A path with a control character is refused once, by the path rule that
// names the file.
func TestLoadControlCharacterInAPath(t *testing.T) {
	f := validFiles(t)
	replaceIn(t, f, "projects/alpha/project.yaml", "cover: cover.jpg", `cover: "co\x1bver.jpg"`)
	_, diags, err := Load(tree(t, f), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "holds a control or direction character") {
		t.Fatalf("want the path rule's one error, got:\n%s", dump(diags))
	}
}

func replaceIn(t testing.TB, f map[string][]byte, file, old, new string) {
	t.Helper()
	s := string(f[file])
	if !strings.Contains(s, old) {
		t.Fatalf("%s has no %q", file, old)
	}
	f[file] = []byte(strings.Replace(s, old, new, 1))
}
