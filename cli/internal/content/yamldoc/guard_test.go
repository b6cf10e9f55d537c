package yamldoc

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

func encode(t testing.TB, e encoding.Encoding, s string) []byte {
	t.Helper()
	out, err := e.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestScreenRefuses: every class of input that cannot be content is refused
// before parsing, at its position, with a hint.
func TestScreenRefuses(t *testing.T) {
	const text = "title: Café\nrole: “Designer”\n"
	tests := []struct {
		name      string
		data      []byte
		line, col int
		msg       string
	}{
		{"too large", []byte("title: " + strings.Repeat("x", MaxFileBytes) + "\n"), 0, 0, "larger than the 128 KB"},
		{"utf-16le bom", encode(t, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), text), 1, 1, "UTF-16"},
		{"utf-16be bom", encode(t, unicode.UTF16(unicode.BigEndian, unicode.UseBOM), text), 1, 1, "UTF-16"},
		{"utf-16le no bom", encode(t, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), text), 1, 1, "UTF-16"},
		{"utf-16be no bom", encode(t, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), text), 1, 1, "UTF-16"},
		{"utf-32", append([]byte{0xFF, 0xFE, 0, 0}, 't', 0, 0, 0), 1, 1, "UTF-32"},
		{"latin-1", encode(t, charmap.ISO8859_1, "title: ok\nrole: Café\n"), 2, 10, "byte 0xE9"},
		{"windows-1252", encode(t, charmap.Windows1252, "title: “Alpha”\n"), 1, 8, "Windows-1252"},
		{"zero byte", []byte("title: a\nb: c\x00d\n"), 2, 5, "zero byte"},
		{"deep flow", []byte("a: " + strings.Repeat("[", 100_000)), 1, 35, "more than 32 levels"},
		{"deep flow mappings", []byte("a: " + strings.Repeat("{a: ", 50)), 1, 4 + 31*4, "more than 32 levels"},
		{"deep flow over lines", []byte("a: [\n" + strings.Repeat(" [\n", 40)), 32, 2, "more than 32 levels"},
		{"deep block", []byte(deepBlock(40)), 33, 33, "more than 32 levels"},
		{"deep compact sequence", []byte("a:\n" + strings.Repeat("- ", 40) + "x\n"), 2, 65, "more than 32 levels"},
		{"chained keys", []byte("a: " + strings.Repeat("b: ", 40) + "c\n"), 1, 98, "more than 32 levels"},
		{"flow after tag and anchor", []byte("a: !!seq &x " + strings.Repeat("[", 40)), 1, 44, "more than 32 levels"},
		{"flow after unclosed block scalar", []byte("a: |\n    text\n  " + strings.Repeat("[", 40)), 3, 33, "more than 32 levels"},
		{"many keys", []byte(manyKeys(MaxEntries + 1)), MaxEntries + 1, 1, "more than 5,000 entries"},
		{"many flow items", []byte("a: [" + strings.Repeat("x,", MaxEntries) + "]"), 1, 10002, "more than 5,000 entries"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, d := Parse("f.yaml", tt.data)
			if d == nil {
				t.Fatal("accepted")
			}
			if d.Line != tt.line || d.Column != tt.col || !strings.Contains(d.Message, tt.msg) || d.Hint == "" {
				t.Errorf("got %d:%d %q (hint %q), want %d:%d %q", d.Line, d.Column, d.Message, d.Hint, tt.line, tt.col, tt.msg)
			}
			if strings.Contains(tt.msg, "UTF") || strings.Contains(tt.msg, "0x") {
				if !strings.Contains(d.Hint, "save the file as UTF-8") {
					t.Errorf("hint %q does not say to save as UTF-8", d.Hint)
				}
			}
		})
	}
}

func deepBlock(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	return b.String() + strings.Repeat(" ", n) + "k: v\n"
}

func manyKeys(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strconv.Itoa(i) + ": v\n")
	}
	return b.String()
}

// TestScreenAccepts: brackets, quotes and colons that are text do not count
// as nesting, and real content passes.
func TestScreenAccepts(t *testing.T) {
	tests := map[string]string{
		"brackets in quotes":       `a: "` + strings.Repeat("[", 200) + `"` + "\nb: '" + strings.Repeat("{", 200) + "'\n",
		"brackets in plain text":   "a: text " + strings.Repeat("[", 200) + "\n",
		"brackets in comments":     "a: b # " + strings.Repeat("[", 200) + "\n# " + strings.Repeat("{", 200) + "\n",
		"brackets in block scalar": "a: |\n  " + strings.Repeat("[", 200) + "\n  more\nb: >-\n  " + strings.Repeat("{", 200) + "\n",
		"quotes in flow":           `a: ["` + strings.Repeat("[", 200) + `", '` + strings.Repeat("]", 200) + `']` + "\n",
		"escaped quotes":           `a: "x\" [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["` + "\nb: 'it''s [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['\n",
		"urls and times":           "a: https://x.y/z\nb: 10:30\n",
		"multi-line quoted":        "a: \"one\n  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n  two\"\n",
		"depth 32 flow":            "a: " + strings.Repeat("[", 31) + strings.Repeat("]", 31) + "\n",
		"crlf":                     "a: |\r\n  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\r\nb: c\r\n",
		"utf-8 bom and text":       "\xEF\xBB\xBFtitle: Café “quoted” 日本 😀\n",
		"many entries":             manyKeys(MaxEntries - 1),
	}
	for name, src := range tests {
		t.Run(name, func(t *testing.T) {
			if d := screen("f.yaml", []byte(src)); d != nil {
				t.Fatalf("refused: %d:%d %s", d.Line, d.Column, d.Message)
			}
		})
	}
	files, _ := filepath.Glob("../../../../content/projects/*/project.yaml")
	files = append(files, "../../../../content/site.yaml")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if d := screen(f, data); d != nil {
			t.Errorf("%s refused: %d:%d %s", f, d.Line, d.Column, d.Message)
		}
	}
}

// astDepth is the nesting of collections the parser built.
func astDepth(n ast.Node) int {
	switch x := n.(type) {
	case *ast.MappingNode:
		m := 0
		for _, v := range x.Values {
			m = max(m, astDepth(v))
		}
		return m
	case *ast.MappingValueNode:
		return 1 + max(astDepth(x.Key), astDepth(x.Value))
	case *ast.SequenceNode:
		m := 0
		for _, v := range x.Values {
			m = max(m, astDepth(v))
		}
		return 1 + m
	case *ast.TagNode:
		return astDepth(x.Value)
	case *ast.AnchorNode:
		return astDepth(x.Value)
	case *ast.DocumentNode:
		return astDepth(x.Body)
	}
	return 0
}

// FuzzScreen: whatever the screen lets through, the parser nests no deeper
// than the screen's bound; and the screen never panics.
func FuzzScreen(f *testing.F) {
	for _, s := range []string{
		"a: [[[[", "a: {b: [c, {d: e}]}", "a:\n  - - - x\n", "a: 'x [[[' \nb: \"[[\\\"[\"\n",
		"a: |\n  [[[\n b: [[\n", "a: b: c: d", "a: !!str &x [[", "# [[[\na: b #[[\n",
		"\xFF\xFEt\x00", "a: \xE9\n", "a: \x00", "? [[\n: [[\n", "a: >2\n   [[\n  [[\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if screen("f.yaml", data) != nil {
			return
		}
		if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 || len(data) > MaxFileBytes {
			t.Fatalf("screen passed bytes that are not UTF-8 text of at most %d bytes", MaxFileBytes)
		}
		file, err := parser.ParseBytes(data, 0)
		if err != nil {
			return
		}
		for _, d := range file.Docs {
			if depth := astDepth(d); depth > MaxDepth {
				t.Fatalf("screen passed a document %d levels deep", depth)
			}
		}
	})
}
