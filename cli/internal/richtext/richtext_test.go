package richtext

import (
	"encoding/json"
	"errors"
	"reflect"
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
			// Compared as JSON values: the key order is the generator's
			// concern (tsgen's golden files hold it).
			b, _ := json.Marshal(got)
			var gotV, wantV any
			if err := json.Unmarshal(b, &gotV); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tt.want), &wantV); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(gotV, wantV) {
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
		// Constructs of the extended syntax (GFM and friends) are found,
		// not shown as literal pipes and tildes.
		{"table", "Intro.\n\n| a | b |\n|---|---|\n| 1 | 2 |", 3, "a table"},
		{"table without outer pipes", "a | b\n--|--\n1 | 2", 1, "a table"},
		{"strikethrough", "one\ntwo ~~old~~ new", 2, "struck-through text"},
		{"single tilde strikethrough", "a ~b~ c", 1, "struck-through text"},
		{"task list", "- [ ] todo\n- [x] done", 1, "a task list item"},
		{"task list later", "- a\n- [x] done", 2, "a task list item"},
		{"footnote", "Text.[^1]\n\n[^1]: The note.", 1, "a footnote"},
		{"definition list", "Term\n: The definition.", 1, "a definition list"},
		{"bare url", "See\nhttps://example.com/x for more.", 2, `the bare address "https://example.com/x"`},
		{"bare www", "Visit www.example.com today.", 1, `the bare address "www.example.com"`},
		{"bare email", "Write to me@example.com.", 1, `the bare address "me@example.com"`},
		{"bare address after an autolink", "See <https://a.example> or me@example.com", 1, `the bare address "me@example.com"`},
		{"hard break spaces", "one  \ntwo", 1, "a hard line break"},
		{"hard break backslash", "a\none\\\ntwo", 2, "a hard line break"},
		{"list item of two paragraphs", "- a\n\n  more\n- b", 3, "a list item of several paragraphs"},
		{"ordered list from 3", "3. three\n4. four", 1, "a numbered list starting at 3"},
		{"link title", "[x](https://a.b \"Title\")", 1, "a link title"},
		{"setext heading", "Title\n=====", 1, "a heading"},
		{"raw html in list", "- a <span>b</span>", 1, "HTML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if e.Line != tt.line || !strings.Contains(e.Msg, tt.msg) || e.Hint == "" {
				t.Errorf("got line %d %q (hint %q), want line %d %q", e.Line, e.Msg, e.Hint, tt.line, tt.msg)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"a *b* **c** `d` [e](https://f.g)", "- a\n- b", "# h", "<b>x</b>", "1. a\n\n   b",
		"| a | b |\n|---|---|\n| 1 | 2 |", "~~x~~", "- [ ] t", "a[^1]\n\n[^1]: n", "T\n: d", "https://a.b <https://c.d> x@y.z",
		"a  \nb", "a\\\nb", "3. x", "[x](https://a \"t\")", "www.a.b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		blocks, err := Parse(s)
		if err == nil && len(blocks) == 0 {
			t.Fatal("no blocks and no error")
		}
	})
}

// TestParseKeepsSubset: what the subset renders is not mistaken for the
// extended syntax.
func TestParseKeepsSubset(t *testing.T) {
	for _, in := range []string{
		"<https://example.com> and <me@example.com>",
		"a | b in a sentence",
		"about ~5 minutes, ~ten",
		"- [a link](https://a.b) first\n- b",
		"1. one\n2. two",
		"[x](https://a.b) and `https://in.code`",
		"line one\nline two",
	} {
		if _, err := Parse(in); err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
	}
}
