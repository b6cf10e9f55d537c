package yamldoc

import (
	"strings"
	"testing"
)

func TestParsePositions(t *testing.T) {
	src := strings.Join([]string{
		"# comment",           // 1
		"title: Alpha",        // 2
		"skills: [a, b]",      // 3
		"nested:",             // 4
		"  inner: 1",          // 5
		"body:",               // 6
		"  - type: text",      // 7
		"    text: |",         // 8
		"      line one",      // 9
		"      line two",      // 10
		"  - {type: gallery}", // 11
		"'odd/key~': x",       // 12
	}, "\n") + "\n"
	doc, d := Parse("p.yaml", []byte(src))
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	tests := []struct {
		ptr  string
		want Pos
	}{
		{"/title", Pos{2, 8}},
		{"/skills", Pos{3, 9}},
		{"/skills/1", Pos{3, 13}},
		{"/nested", Pos{5, 3}},
		{"/nested/inner", Pos{5, 10}},
		{"/body/0", Pos{7, 5}},
		{"/body/0/text", Pos{8, 11}},
		{"/body/1", Pos{11, 5}},
		{"/body/1/type", Pos{11, 12}},
		{"/odd~1key~0", Pos{12, 13}},
		{"/nested/missing", Pos{5, 3}}, // nearest ancestor
		{"", Pos{2, 1}},
	}
	for _, tt := range tests {
		if got := doc.Pos(tt.ptr); got != tt.want {
			t.Errorf("Pos(%q) = %v, want %v", tt.ptr, got, tt.want)
		}
	}
	if got := doc.KeyPos("/title"); got != (Pos{2, 1}) {
		t.Errorf("KeyPos(/title) = %v, want 2:1", got)
	}
	if line, col := doc.TextPos("/body/0/text", 2, "line two"); line != 10 || col != 7 {
		t.Errorf("TextPos(line 2) = %d:%d, want 10:7", line, col)
	}
	if v, ok := doc.At("/body/1/type"); !ok || v != "gallery" {
		t.Errorf("At = %v, %v", v, ok)
	}
}

func TestParseBOM(t *testing.T) {
	doc, d := Parse("p.yaml", []byte("\xEF\xBB\xBF# comment\ntitle: x\n"))
	if d != nil {
		t.Fatal(d)
	}
	if v, _ := doc.At("/title"); v != "x" || doc.Pos("/title") != (Pos{2, 8}) {
		t.Errorf("title = %v at %v", v, doc.Pos("/title"))
	}
}

func TestTextPosCountsCharacters(t *testing.T) {
	src := "t: {h: \"Café éééé\", text: \"a <b>x</b>\"}\n"
	doc, d := Parse("p.yaml", []byte(src))
	if d != nil {
		t.Fatal(d)
	}
	line, col := doc.TextPos("/t/text", 1, "a <b>x</b>")
	before, _, _ := strings.Cut(src, "a <b>")
	if want := len([]rune(before)) + 1; line != 1 || col != want {
		t.Errorf("TextPos = %d:%d, want 1:%d", line, col, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src     string
		line, col     int
		msg, hintPart string
	}{
		{"unclosed flow", "a: [1, 2\nb: 3\n", 1, 4, "the [ that opens here is not closed", "add ] after its last item"},
		{"unclosed flow mapping", "a: 1\nb: {x: 1, y: [2]\n\n# note\nc: 3\n", 2, 4, "the { that opens here is not closed", "add }"},
		{"unclosed flow at the end", "a: 1\nb: [1, 2\n", 2, 4, "the [ that opens here is not closed", ""},
		{"flow mapping without commas", "a: 1\nb: {\n  x: 1\n  y: 2\n}\n", 4, 3, "a comma is missing before this item of the {…} that opens at line 2", "put a comma"},
		{"unclosed inner flow", "a: [1, [2, 3\n  ]\nb: 1\n", 1, 4, "the [ that opens here is not closed", ""},
		{"key indented under a value", "a: 1\n b: 2\nc: 3\n", 2, 2, "this line is indented more than the line above", "indent it like the line above"},
		{"nested key indented too far", "a:\n  b: 1\n    c: 2\nd: 3\n", 3, 5, "this line is indented more than the line above", ""},
		{"key indented too little", "a:\n  b: 1\n c: 2\nd: 3\n", 3, 2, "YAML syntax error", ""},
		{"duplicate key", "a: 1\na: 2\n", 2, 1, `mapping key "a" already defined`, "each key may appear once"},
		{"tab", "a:\n\tb: 1\n", 2, 1, "YAML syntax error", ""},
		{"unterminated quote", "a: \"x\n", 1, 4, "could not find end character", "close the quoted text"},
		{"empty", "", 1, 1, "the file is empty", ""},
		{"comments only", "# nothing\n", 1, 1, "the file is empty", ""},
		{"two documents", "a: 1\n---\nb: 2\n", 3, 1, "more than one YAML document", "---"},
		{"merge key", "base: {x: 1}\nc:\n  <<: {y: 2}\n", 3, 3, "merge keys (<<) are not supported", "in full"},
		{"unclosed quote far from where the parser stops", "a: 1\ntitle: \"Admin Portal\nrole: Lead\nbody:\n  - type: text\n    text: |\n      One.\n\n      Two: \"three\".\n  - type: gallery\n", 2, 8, "the quoted text that starts here is not closed", "closing quote"},
		{"unclosed quote the parser finds itself", "a: 1\ntitle: \"Admin Portal\n", 2, 8, "could not find end character", "close the quoted text"},
		{"tab message is readable", "a:\n\tb: 1\n", 2, 1, "a tab character where YAML needs spaces", "spaces, not tabs"},
		{"binary", "a: !!binary aGVsbG8=\n", 1, 4, "binary data", ""},
		{"include tag", "a: 1\nb: !include other.yaml\n", 2, 4, "the YAML tag !include is not supported", "remove the tag"},
		{"application tag on a mapping", "a: !foo {b: c}\n", 1, 4, "the YAML tag !foo is not supported", "remove the tag"},
		{"tag on a key", "!foo a: b\n", 1, 1, "the YAML tag !foo is not supported", "remove the tag"},
		{"non-specific tag", "a: ! x\n", 1, 4, "the YAML tag ! is not supported", "remove the tag"},
		{"verbatim tag", "a: !<tag:yaml.org,2002:str> x\n", 1, 4, "the YAML tag !<tag:yaml.org,2002:str> is not supported", ""},
		{"other secondary tag", "a: !!python/object x\n", 1, 4, "the YAML tag !!python/object is not supported", ""},
		{"set tag", "a: !!set {x}\n", 1, 4, "the YAML tag !!set is not supported", ""},
		{"tag in a list", "a:\n  - ok\n  - !env HOME\n", 3, 5, "the YAML tag !env is not supported", ""},
		{"alias", "a: &x [1]\nb: *x\n", 2, 4, "YAML aliases (*name) are not supported", "in full"},
		{"alias bomb", "a: &a [1]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n", 2, 8, "aliases", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, d := Parse("p.yaml", []byte(tt.src))
			if d == nil {
				t.Fatal("no error")
			}
			if d.Line != tt.line || (tt.col != 0 && d.Column != tt.col) {
				t.Errorf("position %d:%d, want %d:%d (%s)", d.Line, d.Column, tt.line, tt.col, d.Message)
			}
			if !strings.Contains(d.Message, tt.msg) {
				t.Errorf("message %q, want it to contain %q", d.Message, tt.msg)
			}
			if !strings.Contains(d.Hint, tt.hintPart) {
				t.Errorf("hint %q, want it to contain %q", d.Hint, tt.hintPart)
			}
		})
	}
}
