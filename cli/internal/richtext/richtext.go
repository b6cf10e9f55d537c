// Package richtext turns the small Markdown subset that content text may use
// into data the site renders as React elements: paragraphs and lists whose
// inline content is plain text, emphasis, strong emphasis, code and links.
// No HTML ever reaches the page, so content cannot inject markup.
package richtext

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Error is a construct the subset does not allow, at a line of the text
// (1-based, counted from the text's first line).
type Error struct {
	Line int
	// Text is the source line concerned, for finding it in the file.
	Text string
	Msg  string
	Hint string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

var md = goldmark.New()

// full parses with the extensions people write out of habit (GitHub's
// tables, strikethrough, task lists and bare links, footnotes, definition
// lists), only to find them: the subset renders none of them, and without
// this they would show as literal pipes and tildes.
var full = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.DefinitionList))

// Block is a paragraph or a list: {"kind": "paragraph", "children":
// [inline…]} or {"kind": "list", "items": [[inline…]…], "ordered": bool}.
type Block interface{ block() }

// Inline is a piece of a line: Text, or a Span, Code or Link.
type Inline interface{ inline() }

// Paragraph is a paragraph of inline content.
type Paragraph struct {
	Kind     string   `json:"kind"` // "paragraph"
	Children []Inline `json:"children"`
}

// List is a bullet or numbered list, one line of inline content per item.
type List struct {
	Kind    string     `json:"kind"` // "list"
	Items   [][]Inline `json:"items"`
	Ordered bool       `json:"ordered"`
}

// Text is plain text.
type Text string

// Span is emphasis ("em") or strong emphasis ("strong").
type Span struct {
	Kind     string   `json:"kind"`
	Children []Inline `json:"children"`
}

// Code is a code span.
type Code struct {
	Kind string `json:"kind"` // "code"
	Text string `json:"text"`
}

// Link is a link.
type Link struct {
	Kind     string   `json:"kind"` // "link"
	Children []Inline `json:"children"`
	Href     string   `json:"href"`
}

func (Paragraph) block() {}
func (List) block()      {}
func (Text) inline()     {}
func (Span) inline()     {}
func (Code) inline()     {}
func (Link) inline()     {}

// Parse converts text into its blocks. Every struct's fields come in the
// order the site's generated module writes them: kind first, then the
// others by name.
func Parse(src string) ([]Block, error) {
	source := []byte(src)
	doc := md.Parser().Parse(text.NewReader(source))
	c := converter{src: source}
	var blocks []Block
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		b, err := c.block(n)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, b)
	}
	if len(blocks) == 0 {
		return nil, &Error{Line: 1, Msg: "the text is empty", Hint: "write at least one sentence"}
	}
	if err := detectExtensions(source); err != nil {
		return nil, err
	}
	return blocks, nil
}

// detectExtensions reports the first construct of the extended syntax in
// src: the subset would show it as its literal characters.
func detectExtensions(src []byte) error {
	doc := full.Parser().Parse(text.NewReader(src))
	c := converter{src: src}
	var found error
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || found != nil {
			return ast.WalkSkipChildren, nil
		}
		switch x := n.(type) {
		case *east.Table:
			found = c.unsupported(n, "a table", "write the rows as a list, or as paragraphs; a table shows as lines of | here")
		case *east.Strikethrough:
			found = c.unsupported(n, "struck-through text (~~…~~)", "remove the ~~ and the text, or use *emphasis*")
		case *east.TaskCheckBox:
			found = c.unsupported(n, "a task list item ([ ] or [x])", "write an ordinary list item without the box")
		case *east.FootnoteLink, *east.Footnote, *east.FootnoteList:
			found = c.unsupported(n, "a footnote ([^1])", "put the note in the text, in parentheses")
		case *east.DefinitionList:
			found = c.unsupported(n, "a definition list (a line starting with ': ')", "write **term**: definition as a paragraph or a list item")
		case *ast.AutoLink:
			label := x.Label(src)
			from := 0
			if prev := n.PreviousSibling(); prev != nil {
				from, _ = c.end(prev)
			} else if n.Parent() != nil {
				from, _ = c.start(n.Parent())
			}
			i := bytes.Index(src[min(from, len(src)):], label)
			if i >= 0 && (from+i == 0 || src[from+i-1] != '<') {
				found = c.errorAt(n, fmt.Sprintf("the bare address %q would show as plain text, not a link", label),
					fmt.Sprintf("write <%s>, or [text](%s) to make it a link", label, x.URL(src)))
			}
		}
		return ast.WalkContinue, nil
	})
	return found
}

type converter struct{ src []byte }

// lineOf returns the 1-based line where n starts.
func (c converter) lineOf(n ast.Node) int {
	if off, ok := c.start(n); ok {
		return c.line(off)
	}
	// A block that records no text (a horizontal rule): it starts on the
	// first non-blank line after its previous sibling.
	from := 0
	if prev := n.PreviousSibling(); prev != nil {
		from, _ = c.end(prev)
	} else if p := n.Parent(); p != nil && p.Type() != ast.TypeDocument {
		// The first inline of its block (a task box): the block's line.
		return c.lineOf(p)
	}
	for i := from; i < len(c.src); i++ {
		if c.src[i] != ' ' && c.src[i] != '\n' && c.src[i] != '\t' && c.src[i] != '\r' {
			return c.line(i)
		}
	}
	return c.line(from)
}

func (c converter) line(offset int) int {
	return bytes.Count(c.src[:min(offset, len(c.src))], []byte("\n")) + 1
}

// start returns the offset of n's first byte of text, if n records one.
func (c converter) start(n ast.Node) (int, bool) {
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Start, true
	}
	if n.Type() == ast.TypeBlock {
		if lines := n.Lines(); lines != nil && lines.Len() > 0 {
			off := lines.At(0).Start
			if _, fenced := n.(*ast.FencedCodeBlock); fenced {
				// Its lines are the code; the opening fence is the line before.
				off = bytes.LastIndexByte(c.src[:max(off-1, 0)], '\n') + 1
			}
			return off, true
		}
	}
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		if off, ok := c.start(ch); ok {
			return off, true
		}
	}
	return 0, false
}

// end returns the offset just past n's last byte of text, if n records one.
func (c converter) end(n ast.Node) (int, bool) {
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Stop, true
	}
	for ch := n.LastChild(); ch != nil; ch = ch.PreviousSibling() {
		if off, ok := c.end(ch); ok {
			return off, true
		}
	}
	if n.Type() != ast.TypeBlock {
		return 0, false // an inline without text (an autolink): Lines panics
	}
	if lines := n.Lines(); lines != nil && lines.Len() > 0 {
		return lines.At(lines.Len() - 1).Stop, true
	}
	return 0, false
}

func (c converter) unsupported(n ast.Node, what, hint string) error {
	return c.errorAt(n, what+" is not supported in content text", hint)
}

func (c converter) errorAt(n ast.Node, msg, hint string) error {
	line := c.lineOf(n)
	lines := bytes.Split(c.src, []byte("\n"))
	text := ""
	if line-1 < len(lines) {
		text = string(lines[line-1])
	}
	return &Error{Line: line, Text: text, Msg: msg, Hint: hint}
}

func (c converter) block(n ast.Node) (Block, error) {
	switch x := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		children, err := c.inlines(n)
		if err != nil {
			return nil, err
		}
		return Paragraph{Kind: "paragraph", Children: children}, nil
	case *ast.List:
		if x.IsOrdered() && x.Start != 1 {
			return nil, c.errorAt(n, fmt.Sprintf("a numbered list starting at %d is not supported in content text: it would be numbered from 1", x.Start),
				"number the list from 1, or write the numbers in the text of a paragraph")
		}
		items := [][]Inline{}
		for it := x.FirstChild(); it != nil; it = it.NextSibling() {
			item, err := c.listItem(it)
			if err != nil {
				return nil, err
			}
			items = append(items, item)
		}
		return List{Kind: "list", Items: items, Ordered: x.IsOrdered()}, nil
	case *ast.Heading:
		return nil, c.unsupported(n, "a heading (#)", "use a text block's `heading:` property, or **strong** text")
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return nil, c.unsupported(n, "a code block (or a line indented by four spaces)", "remove the indentation; use `code` for short code")
	case *ast.Blockquote:
		return nil, c.unsupported(n, "a quotation block (>)", "write the quotation as a paragraph in quotation marks")
	case *ast.ThematicBreak:
		return nil, c.unsupported(n, "a horizontal rule (---, ***)", "start a new text block instead")
	case *ast.HTMLBlock:
		return nil, c.unsupported(n, "HTML", htmlHint)
	default:
		return nil, c.unsupported(n, "this kind of block ("+n.Kind().String()+")", "use paragraphs and lists")
	}
}

// listItem returns the inline content of a list item; an item holds one
// paragraph (a tight list) and no nested list.
func (c converter) listItem(it ast.Node) ([]Inline, error) {
	var out []Inline
	for b := it.FirstChild(); b != nil; b = b.NextSibling() {
		switch b.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			children, err := c.inlines(b)
			if err != nil {
				return nil, err
			}
			if len(out) > 0 {
				return nil, c.unsupported(b, "a list item of several paragraphs", "keep each list item to one paragraph: remove the empty line inside it")
			}
			out = append(out, children...)
		case *ast.List:
			return nil, c.unsupported(b, "a nested list", "keep lists one level deep")
		default:
			return nil, c.unsupported(b, "a "+b.Kind().String()+" inside a list item", "keep list items to a line of text")
		}
	}
	return mergeStrings(out), nil
}

func (c converter) inlines(parent ast.Node) ([]Inline, error) {
	var out []Inline
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		switch x := n.(type) {
		case *ast.Text:
			out = append(out, Text(plainText(x.Value(c.src))))
			if x.HardLineBreak() {
				return nil, c.errorAt(x, "a hard line break (two spaces or a \\ at the end of a line) is not supported in content text",
					"remove the spaces or the \\ to join the lines, or leave an empty line to start a new paragraph")
			}
			if x.SoftLineBreak() {
				out = append(out, Text(" "))
			}
		case *ast.String:
			out = append(out, Text(x.Value))
		case *ast.Emphasis:
			children, err := c.inlines(x)
			if err != nil {
				return nil, err
			}
			k := "em"
			if x.Level >= 2 {
				k = "strong"
			}
			out = append(out, Span{Kind: k, Children: children})
		case *ast.CodeSpan:
			var b strings.Builder
			for t := x.FirstChild(); t != nil; t = t.NextSibling() {
				if s, ok := t.(*ast.Text); ok {
					b.Write(s.Value(c.src))
				} else if s, ok := t.(*ast.String); ok {
					b.Write(s.Value)
				}
			}
			out = append(out, Code{Kind: "code", Text: b.String()})
		case *ast.Link:
			href := string(x.Destination)
			if len(x.Title) > 0 {
				return nil, c.errorAt(x, fmt.Sprintf("a link title (%q) is not supported in content text", x.Title),
					"remove the quoted title after the address: it is not shown")
			}
			if err := checkHref(href); err != "" {
				return nil, c.errorAt(x, fmt.Sprintf("link target %q %s", href, err), linkHint)
			}
			children, err := c.inlines(x)
			if err != nil {
				return nil, err
			}
			out = append(out, Link{Kind: "link", Children: children, Href: href})
		case *ast.AutoLink:
			url := string(x.URL(c.src))
			if x.AutoLinkType == ast.AutoLinkEmail {
				url = "mailto:" + url
			}
			if err := checkHref(url); err != "" {
				return nil, c.errorAt(x, fmt.Sprintf("link target %q %s", url, err), linkHint)
			}
			out = append(out, Link{Kind: "link", Children: []Inline{Text(x.Label(c.src))}, Href: url})
		case *ast.Image:
			return nil, c.unsupported(x, "an inline image (![…](…))", "use an image block: `- type: image` with src, alt and caption")
		case *ast.RawHTML:
			return nil, c.unsupported(x, "HTML", htmlHint)
		default:
			return nil, c.unsupported(x, "this inline element ("+x.Kind().String()+")", "use *emphasis*, **strong**, `code` and [links](https://…)")
		}
	}
	return mergeStrings(out), nil
}

// plainText resolves backslash escapes and character references, as
// goldmark's HTML renderer does.
func plainText(raw []byte) string {
	return string(util.UnescapePunctuations(util.ResolveNumericReferences(util.ResolveEntityNames(raw))))
}

const htmlHint = "use Markdown: *emphasis*, **strong**, [link](https://…)"

const linkHint = "write https://…, mailto:… or a path of this site such as /about"

// checkHref returns why a link target is refused, or "".
func checkHref(href string) string {
	switch {
	case strings.ContainsAny(href, "\\ \t\n"):
		// Browsers read "/\host" as "//host": another site.
		return "contains a backslash or a space"
	case strings.HasPrefix(href, "https://") && len(href) > len("https://"):
		return ""
	case strings.HasPrefix(href, "mailto:") && strings.Contains(href, "@"):
		return ""
	case strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//"):
		return ""
	case strings.HasPrefix(href, "http://"):
		return "is not secure (http)"
	}
	return "is not allowed"
}

// mergeStrings joins adjacent strings and trims the ends, so the data stays
// small and stable.
func mergeStrings(in []Inline) []Inline {
	out := []Inline{}
	for _, v := range in {
		if s, ok := v.(Text); ok && len(out) > 0 {
			if prev, ok := out[len(out)-1].(Text); ok {
				out[len(out)-1] = prev + s
				continue
			}
		}
		out = append(out, v)
	}
	if n := len(out); n > 0 {
		if s, ok := out[n-1].(Text); ok {
			if s = Text(strings.TrimRight(string(s), " ")); s == "" {
				out = out[:n-1]
			} else {
				out[n-1] = s
			}
		}
	}
	return out
}
