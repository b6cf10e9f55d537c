package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

var sample = List{
	{Severity: Warning, File: "b.yaml", Line: 3, Column: 1, Message: "featured but inactive", Pointer: "/featured"},
	{Severity: Error, File: "a.yaml", Line: 10, Column: 5, Message: "bad, really: 100%", Pointer: "/title", Hint: "fix it"},
	{Severity: Error, File: "a.yaml", Line: 2, Column: 7, Message: "first"},
	{Severity: Error, File: "dir", Message: "folder problem"},
}

func sorted() List {
	l := append(List{}, sample...)
	l.Sort()
	return l
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, sorted(), Style{}); err != nil {
		t.Fatal(err)
	}
	want := `a.yaml:2:7: error: first
a.yaml:10:5: error: bad, really: 100% (at /title)
    hint: fix it
b.yaml:3:1: warning: featured but inactive (at /featured)
dir: error: folder problem
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteGitHub(t *testing.T) {
	var b bytes.Buffer
	if err := WriteGitHub(&b, List{sample[1], sample[0]}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=a.yaml,line=10,col=5,title=portfolio validate::bad, really: 100%25 (at /title)%0Ahint: fix it\n" +
		"::warning file=b.yaml,line=3,col=1,title=portfolio validate::featured but inactive (at /featured)\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, sorted(), 19); err != nil {
		t.Fatal(err)
	}
	var r struct {
		Valid       bool
		Projects    int
		Errors      int
		Warnings    int
		Diagnostics []map[string]any
	}
	if err := json.Unmarshal(b.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Valid || r.Projects != 19 || r.Errors != 3 || r.Warnings != 1 || len(r.Diagnostics) != 4 {
		t.Errorf("report = %+v", r)
	}
	if d := r.Diagnostics[1]; d["severity"] != "error" || d["line"] != float64(10) || d["pointer"] != "/title" || d["hint"] != "fix it" {
		t.Errorf("diagnostic = %v", d)
	}
	b.Reset()
	_ = WriteJSON(&b, nil, 0)
	if !bytes.Contains(b.Bytes(), []byte(`"diagnostics": []`)) || !bytes.Contains(b.Bytes(), []byte(`"valid": true`)) {
		t.Errorf("empty report = %s", b.String())
	}
}

// TestEscapedEverywhere: a file name or message with a line break, an
// escape sequence or a bidi override forges no line and drives no terminal,
// in any format.
func TestEscapedEverywhere(t *testing.T) {
	l := List{{Severity: Error, File: "p/gallery/a\nb.yaml:1:1: error: forged\x1b]0;x\x07\u202e.jpg", Line: 1, Column: 1,
		Message: "name \x1b[2J\u2028here", Pointer: "/a\nb", Hint: "fix\rit"}}
	for name, write := range map[string]func(*bytes.Buffer) error{
		"text":   func(b *bytes.Buffer) error { return WriteText(b, l, Style{}) },
		"json":   func(b *bytes.Buffer) error { return WriteJSON(b, l, 0) },
		"github": func(b *bytes.Buffer) error { return WriteGitHub(b, l) },
	} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := write(&b); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if bytes.ContainsAny(b.Bytes(), "\x1b\x07\r") || strings.Contains(out, "\u202e") || strings.Contains(out, "\u2028") {
				t.Errorf("raw control characters in output: %q", out)
			}
			for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
				if strings.Contains(line, "error: forged") && !strings.Contains(line, `a\nb.yaml`) && !strings.Contains(line, `a\\nb.yaml`) {
					t.Errorf("forged line: %q", line)
				}
			}
			if name == "text" && strings.Count(out, "\n") != 2 {
				t.Errorf("text output has %d lines, want 2: %q", strings.Count(out, "\n"), out)
			}
		})
	}
	if l[0].File[1] != '/' || !strings.Contains(l[0].File, "\n") {
		t.Error("the list itself was changed")
	}
}
