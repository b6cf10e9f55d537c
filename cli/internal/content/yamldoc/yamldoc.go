// Package yamldoc turns the bytes of a content file into a YAML document
// that keeps the line and column of every value and key. Before the parser
// sees the bytes, a guard refuses what cannot be content (too large, not
// UTF-8, too deep, too many entries) in one pass, so hostile input costs no
// more than a real file. Every diagnostic about a file is placed through
// its Document.
package yamldoc

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/schemamodel"
)

var utf8BOM = []byte("\xEF\xBB\xBF")

// TrimBOM drops a UTF-8 byte-order mark, as some Windows editors write,
// from the start of data.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, utf8BOM) }

// MsgEmptyFile is the message for a file with no YAML document.
const MsgEmptyFile = "the file is empty"

// Pos is a 1-based line and column in a file.
type Pos struct{ Line, Col int }

// Document is one parsed YAML file: its value as JSON-compatible data
// (map[string]any, []any, string, integers, float64, bool, nil) and the
// position of every value and mapping key, by JSON pointer.
type Document struct {
	File  string
	Value any
	pos   map[string]Pos
	key   map[string]Pos
	// block marks values written as block scalars (| or >), whose text
	// starts on the line after the indicator.
	block map[string]bool
	lines []string
}

// Parse parses data. A syntax error comes back as a diagnostic at its
// position.
func Parse(file string, data []byte) (*Document, *diag.Diagnostic) {
	// What cannot be content is refused before the parser spends time and
	// memory on it.
	if d := screen(file, data); d != nil {
		return nil, d
	}
	// Windows line endings: the parser miscounts lines after a comment that
	// ends in CRLF, so positions are computed on LF-only text. Columns do
	// not change.
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	// A byte-order mark, as some Windows editors write, is not content.
	data = bytes.TrimPrefix(data, utf8BOM)
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, syntaxDiagnostic(file, data, err)
	}
	doc := &Document{File: file, pos: map[string]Pos{}, key: map[string]Pos{}, block: map[string]bool{},
		lines: strings.Split(string(data), "\n")}
	var bodies []ast.Node
	for _, d := range f.Docs {
		if d.Body != nil {
			bodies = append(bodies, d.Body)
		}
	}
	switch len(bodies) {
	case 0:
		return nil, &diag.Diagnostic{File: file, Line: 1, Column: 1, Message: MsgEmptyFile}
	case 1:
	default:
		p := nodePos(bodies[1])
		return nil, &diag.Diagnostic{File: file, Line: p.Line, Column: p.Col,
			Message: "the file holds more than one YAML document",
			Hint:    "remove the second '---' separator and what follows it, or merge the documents"}
	}
	// Index first: it refuses aliases before decoding could expand them.
	if d := doc.index("", bodies[0]); d != nil {
		return nil, d
	}
	if err := yaml.NodeToValue(bodies[0], &doc.Value); err != nil {
		return nil, syntaxDiagnostic(file, data, err)
	}
	if d := doc.checkPlainData("", doc.Value); d != nil {
		return nil, d
	}
	return doc, nil
}

func syntaxDiagnostic(file string, data []byte, err error) *diag.Diagnostic {
	d := &diag.Diagnostic{File: file, Line: 1, Column: 1, Message: "YAML syntax error: " + err.Error()}
	var ye yaml.Error
	if errors.As(err, &ye) {
		d.Message = "YAML syntax error: " + ye.GetMessage()
		if strings.Contains(ye.GetMessage(), "'\t'") {
			// The parser quotes the tab itself, invisible in a terminal.
			d.Message = "YAML syntax error: a tab character where YAML needs spaces"
		}
		if tok := ye.GetToken(); tok != nil && tok.Position != nil {
			d.Line, d.Column = tok.Position.Line, tok.Position.Column
		}
	}
	d.Hint = syntaxHint(d.Message)
	if strings.Contains(d.Message, "must be specified") || strings.Contains(d.Message, "end token") {
		// The parser notices a missing ] or } where the next line starts;
		// the mistake is on the line where the bracket opened.
		atEnd, openAtEnd := unclosedFlow(data, len(data))
		p, ok := unclosedFlow(data, offsetOf(data, d.Line, d.Column))
		if !ok {
			p, ok = atEnd, openAtEnd
		}
		if ok {
			open, close := "[", "]"
			if lines := strings.Split(string(data), "\n"); p.Line-1 < len(lines) && strings.HasPrefix(string([]rune(lines[p.Line-1])[p.Col-1:]), "{") {
				open, close = "{", "}"
			}
			if openAtEnd && atEnd == p {
				d.Line, d.Column = p.Line, p.Col
				d.Message = fmt.Sprintf("YAML syntax error: the %s that opens here is not closed", open)
				d.Hint = fmt.Sprintf("add %s after its last item", close)
			} else {
				// Closed later: an item between is not followed by a comma.
				d.Message = fmt.Sprintf("YAML syntax error: a comma is missing before this item of the %s…%s that opens at line %d", open, close, p.Line)
				d.Hint = "put a comma after the item before it"
			}
			return d
		}
	}
	if strings.Contains(d.Message, "mapping value is not allowed") {
		if line, col, ok := overIndented(data, d.Line); ok {
			d.Line, d.Column = line, col
			d.Message = "YAML syntax error: this line is indented more than the line above, which is not a key ending with ':'"
			d.Hint = "indent it like the line above, or end the line above with ':' and no value to start a nested mapping"
			return d
		}
	}
	if line, col, ok := unclosedQuote(data, d.Line); ok && line < d.Line {
		// The parser notices an unclosed quote only where the text it
		// swallowed stops making sense, often many lines later.
		d.Line, d.Column = line, col
		d.Message = "YAML syntax error: the quoted text that starts here is not closed"
		d.Hint = "add the closing quote at the end of the text"
	}
	return d
}

// offsetOf returns the byte offset of a 1-based line and column.
func offsetOf(data []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return len(data)
		}
		off += i + 1
	}
	for c := 1; c < col && off < len(data) && data[off] != '\n'; c++ {
		_, n := utf8.DecodeRune(data[off:])
		off += n
	}
	return off
}

// overIndented finds the mistake behind "mapping value is not allowed" at
// line: a key on the next line indented more than line itself, whose value
// is not empty. The parser reports the line above; the fix is on the key's.
func overIndented(data []byte, line int) (int, int, bool) {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return 0, 0, false
	}
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
	above := lines[line-1]
	if strings.HasSuffix(strings.TrimSpace(above), ":") {
		return 0, 0, false
	}
	for i := line; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if indent(lines[i]) > indent(above) && strings.Contains(t, ": ") || strings.HasSuffix(t, ":") && indent(lines[i]) > indent(above) {
			return i + 1, indent(lines[i]) + 1, true
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// unclosedQuote finds, before line stop, a value that opens a quote and does
// not close it on its line.
func unclosedQuote(data []byte, stop int) (line, col int, ok bool) {
	for i, text := range strings.Split(string(data), "\n") {
		if i+1 >= stop {
			break
		}
		trimmed := strings.TrimLeft(text, " -")
		_, value, found := strings.Cut(trimmed, ": ")
		if !found {
			value = trimmed
			if !strings.HasPrefix(value, `"`) && !strings.HasPrefix(value, "'") {
				continue
			}
		}
		value = strings.TrimSpace(value)
		if len(value) == 0 || (value[0] != '"' && value[0] != '\'') {
			continue
		}
		q := value[0]
		closed := false
		for j := 1; j < len(value); j++ {
			switch {
			case q == '"' && value[j] == '\\':
				j++
			case value[j] == q && q == '\'' && j+1 < len(value) && value[j+1] == '\'':
				j++ // '' is an escaped quote
			case value[j] == q:
				closed = true
			}
			if closed {
				break
			}
		}
		if !closed {
			return i + 1, strings.Index(text, value) + 1, true
		}
	}
	return 0, 0, false
}

func syntaxHint(msg string) string {
	switch {
	case strings.Contains(msg, "already defined"):
		return "each key may appear once in a mapping: remove or rename the repeated key"
	case strings.Contains(msg, "tab character"):
		return "indent with spaces, not tabs"
	case strings.Contains(msg, "could not find end character"):
		return "close the quoted text with the same quote character it opens with"
	default:
		return "check the indentation and punctuation near this position; text containing ': ' or starting with a special character needs quotes"
	}
}

// checkPlainData refuses values that YAML can express but content has no
// use for and JSON Schema cannot check: timestamps, binary data, NaN and
// infinities.
func (d *Document) checkPlainData(ptr string, v any) *diag.Diagnostic {
	bad := func(msg, hint string) *diag.Diagnostic {
		p := d.Pos(ptr)
		return &diag.Diagnostic{File: d.File, Line: p.Line, Column: p.Col, Pointer: ptr, Message: msg, Hint: hint}
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if dd := d.checkPlainData(ptr+"/"+schemamodel.EscapePointer(k), e); dd != nil {
				return dd
			}
		}
	case []any:
		for i, e := range x {
			if dd := d.checkPlainData(ptr+"/"+strconv.Itoa(i), e); dd != nil {
				return dd
			}
		}
	case time.Time:
		return bad("a YAML timestamp is not supported here", `write it as text in quotes, e.g. "2020-01-01"`)
	case []byte:
		return bad("binary data (!!binary) is not supported", "write text")
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return bad("NaN and infinity are not supported", "write an ordinary number")
		}
	case string, bool, nil, int, int64, uint64:
	default:
		return bad(fmt.Sprintf("this kind of YAML value (%T) is not supported", v), "write text, a number, true or false, a list or a mapping")
	}
	return nil
}

// index records the position of every node under n, whose pointer is ptr.
func (d *Document) index(ptr string, n ast.Node) *diag.Diagnostic {
	if _, seen := d.pos[ptr]; !seen { // a tag or anchor keeps its own position
		d.pos[ptr] = nodePos(n)
	}
	switch x := n.(type) {
	case *ast.AnchorNode:
		return d.index(ptr, x.Value)
	case *ast.AliasNode:
		// Content is small and written by hand; aliases add nothing but
		// the risk of a document that expands without bound.
		p := nodePos(n)
		return &diag.Diagnostic{File: d.File, Line: p.Line, Column: p.Col,
			Message: "YAML aliases (*name) are not supported",
			Hint:    "write the value out in full where it is needed"}
	case *ast.TagNode:
		if dd := d.checkTag(x); dd != nil {
			return dd
		}
		return d.index(ptr, x.Value)
	case *ast.LiteralNode:
		d.block[ptr] = true
	case *ast.MappingNode:
		for _, mv := range x.Values {
			if dd := d.indexEntry(ptr, mv); dd != nil {
				return dd
			}
		}
	case *ast.MappingValueNode:
		return d.indexEntry(ptr, x)
	case *ast.SequenceNode:
		for i, v := range x.Values {
			if dd := d.index(ptr+"/"+strconv.Itoa(i), v); dd != nil {
				return dd
			}
		}
	}
	return nil
}

func (d *Document) indexEntry(ptr string, mv *ast.MappingValueNode) *diag.Diagnostic {
	if _, ok := mv.Key.(*ast.MergeKeyNode); ok {
		p := nodePos(mv.Key)
		return &diag.Diagnostic{File: d.File, Line: p.Line, Column: p.Col,
			Message: "merge keys (<<) are not supported",
			Hint:    "write the keys out in full"}
	}
	if t, ok := mv.Key.(*ast.TagNode); ok {
		if dd := d.checkTag(t); dd != nil {
			return dd
		}
	}
	key := mv.Key.String()
	if s, ok := mv.Key.(*ast.StringNode); ok {
		key = s.Value
	}
	child := ptr + "/" + schemamodel.EscapePointer(key)
	d.key[child] = nodePos(mv.Key)
	return d.index(child, mv.Value)
}

// coreTags are the tags of YAML's core schema that name the kinds of value
// content has anyway; they change nothing and are accepted.
var coreTags = map[string]bool{"!!str": true, "!!int": true, "!!float": true, "!!bool": true,
	"!!null": true, "!!seq": true, "!!map": true}

// checkTag refuses every other tag: an application tag (!include, !env,
// !anything) means something to some other program and nothing here, so
// the parser would drop it silently and keep the text.
func (d *Document) checkTag(t *ast.TagNode) *diag.Diagnostic {
	tag := ""
	if t.Start != nil {
		tag = t.Start.Value
	}
	if coreTags[tag] {
		return nil
	}
	p := nodePos(t)
	out := &diag.Diagnostic{File: d.File, Line: p.Line, Column: p.Col,
		Message: fmt.Sprintf("the YAML tag %s is not supported", tag),
		Hint:    "remove the tag and write the value itself: content files do not include other files or run anything"}
	switch tag {
	case "!!binary":
		out.Message, out.Hint = "binary data (!!binary) is not supported", "write text"
	case "!!timestamp":
		out.Message, out.Hint = "a YAML timestamp is not supported here", `remove the tag and write the date as text in quotes, e.g. "2020-01-01"`
	}
	return out
}

func nodePos(n ast.Node) Pos {
	switch x := n.(type) {
	case *ast.MappingNode:
		// A block mapping's token is its first ':'; its first key is where
		// a reader's eye goes.
		if !x.IsFlowStyle && len(x.Values) > 0 {
			return nodePos(x.Values[0].Key)
		}
	case *ast.MappingValueNode:
		return nodePos(x.Key)
	}
	if tok := n.GetToken(); tok != nil && tok.Position != nil {
		return Pos{tok.Position.Line, tok.Position.Column}
	}
	return Pos{1, 1}
}

// Pos returns the position of the value at pointer, or of its nearest
// ancestor that has one.
func (d *Document) Pos(pointer string) Pos {
	for {
		if p, ok := d.pos[pointer]; ok {
			return p
		}
		if pointer == "" {
			return Pos{1, 1}
		}
		pointer = pointer[:strings.LastIndex(pointer, "/")]
	}
}

// TextPos returns the file position of a problem inside the text value at
// pointer: line n (1-based) of the text, which reads text. The text's own
// line is searched for in the file from the value's start, since folded (>)
// and quoted scalars do not keep the text's line breaks; failing that, the
// lines are counted.
func (d *Document) TextPos(pointer string, n int, text string) (line, col int) {
	p := d.Pos(pointer)
	if text = strings.TrimSpace(text); text != "" {
		for i := p.Line - 1; i < len(d.lines); i++ {
			from := 0
			if i == p.Line-1 {
				from = byteOffset(d.lines[i], p.Col-1)
			}
			if k := strings.Index(d.lines[i][from:], text); k >= 0 {
				// Columns count characters, as the parser's do.
				return i + 1, utf8.RuneCountInString(d.lines[i][:from+k]) + 1
			}
		}
	}
	if d.block[pointer] {
		line = p.Line + n
	} else {
		line = p.Line + n - 1
		if n == 1 {
			return line, p.Col
		}
	}
	col = 1
	if line-1 < len(d.lines) {
		col = len(d.lines[line-1]) - len(strings.TrimLeft(d.lines[line-1], " ")) + 1
	}
	return line, col
}

// byteOffset returns the byte offset of the n-th character of line.
func byteOffset(line string, n int) int {
	for i := range line {
		if n == 0 {
			return i
		}
		n--
	}
	return len(line)
}

// KeyPos returns the position of the mapping key of the value at pointer, or
// the value's position when it has no key (an array item, the root).
func (d *Document) KeyPos(pointer string) Pos {
	if p, ok := d.key[pointer]; ok {
		return p
	}
	return d.Pos(pointer)
}

// At returns the value at pointer.
func (d *Document) At(pointer string) (any, bool) {
	v := d.Value
	if pointer == "" {
		return v, true
	}
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = schemamodel.UnescapePointer(tok)
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// Diag makes a diagnostic at the value of pointer.
func (d *Document) Diag(sev diag.Severity, pointer, hint, format string, args ...any) diag.Diagnostic {
	p := d.Pos(pointer)
	return diag.Diagnostic{Severity: sev, File: d.File, Line: p.Line, Column: p.Col,
		Pointer: pointer, Message: fmt.Sprintf(format, args...), Hint: hint}
}

// RawPos finds the character at byte i of the text at pointer in the file,
// when the file holds it as it is (not written by an escape): the text's
// line up to that character, searched for from the value's line on.
func (d *Document) RawPos(pointer, text string, i int) (line, col int, ok bool) {
	start := strings.LastIndexByte(text[:i], '\n') + 1
	_, size := utf8.DecodeRuneInString(text[i:])
	seg := strings.TrimLeft(text[start:i+size], " ")
	from := d.Pos(pointer).Line - 1
	for n := from; n >= 0 && n < len(d.lines) && n <= from+strings.Count(text, "\n")+1; n++ {
		if k := strings.Index(d.lines[n], seg); k >= 0 {
			at := k + len(seg) - size
			return n + 1, utf8.RuneCountInString(d.lines[n][:at]) + 1, true
		}
	}
	return 0, 0, false
}

// Walk visits every value of the document, parents before children, the
// keys of a mapping in sorted order, with its JSON pointer and its key in
// its mapping ("" for an item of a list, or the whole file). When visit
// returns false, the value's children are not visited.
func (d *Document) Walk(visit func(pointer, key string, v any) bool) {
	var walk func(ptr, key string, v any)
	walk = func(ptr, key string, v any) {
		if !visit(ptr, key, v) {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(ptr+"/"+schemamodel.EscapePointer(k), k, x[k])
			}
		case []any:
			for i, e := range x {
				walk(ptr+"/"+strconv.Itoa(i), "", e)
			}
		}
	}
	walk("", "", d.Value)
}

// IsMapping reports whether the value at pointer is a mapping of keys
// ("" is the whole file).
func (d *Document) IsMapping(pointer string) bool {
	v, _ := d.At(pointer)
	_, ok := v.(map[string]any)
	return ok
}

// Keys returns the keys of the mapping at pointer, sorted; none when the
// value is not a mapping.
func (d *Document) Keys(pointer string) []string {
	v, _ := d.At(pointer)
	m, _ := v.(map[string]any)
	return slices.Sorted(maps.Keys(m))
}

// Items returns the number of items of the list at pointer, and whether
// the value is a list.
func (d *Document) Items(pointer string) (int, bool) {
	v, _ := d.At(pointer)
	list, ok := v.([]any)
	return len(list), ok
}

// FromValue is a document of value alone, with no positions: an answer
// of a form checked before it is written into a file.
func FromValue(file string, value any) *Document {
	return &Document{File: file, Value: value, pos: map[string]Pos{}, key: map[string]Pos{}, block: map[string]bool{}}
}
