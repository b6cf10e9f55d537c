package richtext

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, in, want string // want: JSON of the result
	}{
		{"paragraph", "Hello.", `[{"children":["Hello."],"kind":"paragraph"}]`},
		{"soft break joins lines", "one\ntwo", `[{"children":["one two"],"kind":"paragraph"}]`},
		{"two paragraphs", "a\n\nb", `[{"children":["a"],"kind":"paragraph"},{"children":["b"],"kind":"paragraph"}]`},
		{"emphasis and strong", "*a* **b**", `[{"children":[{"children":["a"],"kind":"em"}," ",{"children":["b"],"kind":"strong"}],"kind":"paragraph"}]`},
		{"code", "`x < y`", `[{"children":[{"kind":"code","text":"x \u003c y"}],"kind":"paragraph"}]`},
		{"link", "[site](https://example.com)", `[{"children":[{"children":["site"],"href":"https://example.com","kind":"link"}],"kind":"paragraph"}]`},
		{"internal link", "[about](/about)", `[{"children":[{"children":["about"],"href":"/about","kind":"link"}],"kind":"paragraph"}]`},
		{"mailto", "[mail](mailto:a@b.c)", `[{"children":[{"children":["mail"],"href":"mailto:a@b.c","kind":"link"}],"kind":"paragraph"}]`},
		{"autolink", "<https://a.b>", `[{"children":[{"children":["https://a.b"],"href":"https://a.b","kind":"link"}],"kind":"paragraph"}]`},
		{"bullet list", "- a\n- *b*", `[{"items":[["a"],[{"children":["b"],"kind":"em"}]],"kind":"list","ordered":false}]`},
		{"ordered list", "1. a\n2. b", `[{"items":[["a"],["b"]],"kind":"list","ordered":true}]`},
		{"escapes and entities", `\*x\* &amp; &#169;`, `[{"children":["*x* \u0026 ©"],"kind":"paragraph"}]`},
		{"html text is text", "a < b > c", `[{"children":["a \u003c b \u003e c"],"kind":"paragraph"}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(got)
			if string(b) != tt.want {
				t.Errorf("Parse(%q)\n got %s\nwant %s", tt.in, b, tt.want)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		msg      string
	}{
		{"heading", "a\n\n## Title", 3, "a heading (#)"},
		{"code block", "a\n\n    code", 3, "a code block"},
		{"fenced code", "```\nx\n```", 1, "a code block"},
		{"quote", "> said", 1, "a quotation block"},
		{"rule", "a\n\n---\n\nb", 3, "a horizontal rule"},
		{"html block", "<div>x</div>", 1, "HTML"},
		{"inline html", "a <b>bold</b>", 1, "HTML"},
		{"image", "see ![x](a.png)", 1, "an inline image"},
		{"nested list", "- a\n  - b", 2, "a nested list"},
		{"javascript link", "[x](javascript:alert(1))", 1, `link target "javascript:alert(1)" is not allowed`},
		{"http link", "l1\nl2 [x](http://a.b)", 2, "is not secure (http)"},
		{"protocol-relative", "[x](//evil.example)", 1, "is not allowed"},
		{"backslash host", `[x](/\evil.example)`, 1, "contains a backslash"},
		{"empty", "   \n", 1, "the text is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("err = %v, want *Error", err)
			}
			if e.Line != tt.line || !strings.Contains(e.Msg, tt.msg) || e.Hint == "" {
				t.Errorf("got line %d %q (hint %q), want line %d %q", e.Line, e.Msg, e.Hint, tt.line, tt.msg)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"a *b* **c** `d` [e](https://f.g)", "- a\n- b", "# h", "<b>x</b>", "1. a\n\n   b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		blocks, err := Parse(s)
		if err == nil && len(blocks) == 0 {
			t.Fatal("no blocks and no error")
		}
	})
}
