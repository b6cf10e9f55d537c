package yamldoc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"portfolio/cli/internal/diag"
)

// Bounds on a content file, checked before the YAML parser sees it. The
// parser's time and memory grow steeply with nesting (a 100 KB line of '['
// takes seconds and gigabytes) and with the number of entries; real content
// files are a few kilobytes, a few levels deep, a few hundred entries.
const (
	// MaxFileBytes is the largest content file accepted (20 times the
	// largest real one).
	MaxFileBytes = 128 << 10
	// MaxDepth is the deepest nesting of mappings and lists, block and
	// flow together (content needs about 6).
	MaxDepth = 32
	// MaxEntries bounds the mapping entries and list items of a file
	// (content needs a few hundred).
	MaxEntries = 5000
)

var printer = message.NewPrinter(language.English)

// ErrTooLarge is ReadFile's error for a file over MaxFileBytes.
var ErrTooLarge = errors.New("file too large")

// ReadFile reads a file of at most MaxFileBytes without reading more: a
// huge file is refused before it takes memory. With ErrTooLarge it returns
// the bytes read.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return data, ErrTooLarge
	}
	return data, nil
}

// screen refuses, in one pass over the bytes and before parsing, what cannot
// be content: a file too large, text that is not UTF-8, nesting too deep or
// too many entries. It returns nil when data may be parsed.
func screen(file string, data []byte) *diag.Diagnostic {
	if len(data) > MaxFileBytes {
		return TooLarge(file, int64(len(data)))
	}
	if d := checkEncoding(file, data); d != nil {
		return d
	}
	return scanStructure(file, data)
}

// TooLarge is the diagnostic for a file whose size is over MaxFileBytes,
// known before reading it.
func TooLarge(file string, size int64) *diag.Diagnostic {
	return &diag.Diagnostic{File: file, Message: fmt.Sprintf("the file is %s, larger than the %s a content file may have",
		FileSize(size), FileSize(MaxFileBytes)),
		Hint: "content files are a few kilobytes of text; images and other media go in files of their own beside it"}
}

// FileSize is a content file's size as messages give it ("900 bytes",
// "128 KB").
func FileSize(n int64) string {
	if n < 10<<10 {
		return printer.Sprintf("%d bytes", n)
	}
	return printer.Sprintf("%d KB", n>>10)
}

const saveAsUTF8 = "save the file as UTF-8 (in most editors: Save As, or the encoding in the status bar, then UTF-8)"

// checkEncoding refuses text that is not UTF-8: UTF-16 or UTF-32 (with or
// without a byte-order mark), other binary data, and 8-bit encodings such
// as Latin-1 or Windows-1252, at the first byte that is not UTF-8.
func checkEncoding(file string, data []byte) *diag.Diagnostic {
	at := func(off int, msg string) *diag.Diagnostic {
		line, col := lineCol(data, off)
		return &diag.Diagnostic{File: file, Line: line, Column: col, Message: msg, Hint: saveAsUTF8}
	}
	switch {
	case bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}), bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}):
		return &diag.Diagnostic{File: file, Line: 1, Column: 1, Message: "the file is UTF-32 text; content files must be UTF-8", Hint: saveAsUTF8}
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}), bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return &diag.Diagnostic{File: file, Line: 1, Column: 1, Message: "the file is UTF-16 text; content files must be UTF-8", Hint: saveAsUTF8}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		// UTF-16 without a byte-order mark: ASCII characters come out as
		// a letter and a zero byte.
		if looksUTF16(data) {
			return &diag.Diagnostic{File: file, Line: 1, Column: 1, Message: "the file is UTF-16 text; content files must be UTF-8", Hint: saveAsUTF8}
		}
		d := at(i, "the file holds a zero byte: it is not text")
		d.Hint = "content files are UTF-8 text; " + saveAsUTF8
		return d
	}
	for off := 0; off < len(data); {
		r, n := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && n == 1 {
			msg := fmt.Sprintf("the file is not UTF-8 text: byte 0x%02X here is not UTF-8", data[off])
			if data[off] >= 0x80 {
				msg += " (the file looks like Latin-1 or Windows-1252 text)"
			}
			return at(off, msg)
		}
		off += n
	}
	return nil
}

// looksUTF16 reports whether data reads as UTF-16 text: zero bytes at every
// other position, in most of the first characters.
func looksUTF16(data []byte) bool {
	n := min(len(data), 512) &^ 1
	if n < 2 {
		return false
	}
	even, odd := 0, 0
	for i := 0; i < n; i += 2 {
		if data[i] == 0 {
			even++
		}
		if data[i+1] == 0 {
			odd++
		}
	}
	return max(even, odd)*2 >= n/2
}

// lineCol returns the 1-based line and column (in characters) of offset off.
func lineCol(data []byte, off int) (line, col int) {
	off = min(off, len(data))
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return bytes.Count(data[:off], []byte("\n")) + 1, utf8.RuneCount(data[start:off]) + 1
}

// scanStructure measures, in one pass, how deep the YAML nests and how many
// entries it has, counting as the parser would: flow brackets ([ ] { })
// outside quoted text, comments and block scalars, and block levels from
// indentation and "- " indicators. It errs on the side of counting more
// than the parser sees, never less: what it lets through parses in bounded
// time and memory.
func scanStructure(file string, data []byte) *diag.Diagnostic {
	s := scanner{data: data, line: 1, col: 1}
	return s.run(file)
}

type scanner struct {
	data      []byte
	i         int
	line, col int // of data[i]

	indents []int // block levels open, by column
	flow    int   // flow brackets open
	opens   []Pos // where each open flow bracket is
	entries int
}

func (s *scanner) peek(k int) byte {
	if s.i+k < len(s.data) {
		return s.data[s.i+k]
	}
	return 0
}

// advance moves past one byte, keeping line and column (in characters).
func (s *scanner) advance() {
	c := s.data[s.i]
	s.i++
	switch {
	case c == '\n':
		s.line++
		s.col = 1
	case c&0xC0 != 0x80:
		if s.i < len(s.data) && s.data[s.i]&0xC0 == 0x80 {
			return // counted at the rune's last byte
		}
		s.col++
	default:
		if s.i >= len(s.data) || s.data[s.i]&0xC0 != 0x80 {
			s.col++
		}
	}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// endOfToken reports whether the byte at offset k ends a plain token: a
// space, a line break or the end.
func (s *scanner) endOfToken(k int) bool {
	c := s.peek(k)
	return c == 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

func (s *scanner) tooDeep(file string) *diag.Diagnostic {
	return &diag.Diagnostic{File: file, Line: s.line, Column: s.col,
		Message: fmt.Sprintf("the YAML nests more than %d levels deep here", MaxDepth),
		Hint:    "content nests a few levels (a mapping, a list of blocks, their fields): check for brackets that are not closed, or indentation that keeps growing"}
}

func (s *scanner) tooMany(file string) *diag.Diagnostic {
	return &diag.Diagnostic{File: file, Line: s.line, Column: s.col,
		Message: printer.Sprintf("the file has more than %d entries (keys and list items)", MaxEntries),
		Hint:    "content files have a few hundred at most: split the content or remove what the site does not use"}
}

func (s *scanner) depth() int { return len(s.indents) + s.flow }

func (s *scanner) run(file string) *diag.Diagnostic {
	for s.i < len(s.data) {
		if s.flow == 0 {
			if d := s.lineStart(file); d != nil {
				return d
			}
			if s.i >= len(s.data) {
				break
			}
		}
		if d := s.rest(file); d != nil {
			return d
		}
	}
	return nil
}

// lineStart reads a line's indentation and its block indicators ("- ",
// "? ") in block context, opening and closing block levels.
func (s *scanner) lineStart(file string) *diag.Diagnostic {
	for s.i < len(s.data) && s.data[s.i] == ' ' {
		s.advance()
	}
	c := s.peek(0)
	if c == '\n' || c == '\r' || c == '#' || c == 0 || c == '\t' {
		return nil // a blank or comment line opens nothing
	}
	if (c == '-' || c == '.') && s.col == 1 && s.peek(1) == c && s.peek(2) == c && s.endOfToken(3) {
		s.indents = s.indents[:0] // a document marker
		return nil
	}
	s.close(s.col)
	for {
		c := s.peek(0)
		if (c == '-' || c == '?' || c == ':') && s.endOfToken(1) {
			if d := s.open(file); d != nil {
				return d
			}
			s.advance()
			for s.i < len(s.data) && s.data[s.i] == ' ' {
				s.advance()
			}
			continue
		}
		break
	}
	if c := s.peek(0); c != '\n' && c != '\r' && c != '#' && c != 0 {
		if d := s.open(file); d != nil {
			return d
		}
	}
	return nil
}

// close ends the block levels at or right of col.
func (s *scanner) close(col int) {
	for len(s.indents) > 0 && s.indents[len(s.indents)-1] >= col {
		s.indents = s.indents[:len(s.indents)-1]
	}
}

// open starts a block level at the current column.
func (s *scanner) open(file string) *diag.Diagnostic {
	s.close(s.col)
	s.indents = append(s.indents, s.col)
	s.entries++
	switch {
	case s.depth() > MaxDepth:
		return s.tooDeep(file)
	case s.entries > MaxEntries:
		return s.tooMany(file)
	}
	return nil
}

// rest reads the line after its indicators in block context, or flow
// content, to the end of the line or of the flow collection.
func (s *scanner) rest(file string) *diag.Diagnostic {
	valueStart := true // where a quote, a bracket or a block scalar may start
	colons := 0        // key colons on this line, in block context
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '\n':
			s.advance()
			if s.flow == 0 {
				return nil
			}
			valueStart = true
			continue
		case c == '#' && (s.i == 0 || isBlank(s.data[s.i-1]) || s.data[s.i-1] == '\n'):
			for s.i < len(s.data) && s.data[s.i] != '\n' {
				s.advance()
			}
			continue
		case isBlank(c):
			s.advance()
			continue
		case valueStart && (c == '"' || c == '\''):
			s.quoted(c)
			valueStart = false
			continue
		case valueStart && (c == '!' || c == '&'):
			// A tag or an anchor stands before the value it marks.
			for s.i < len(s.data) && !s.endOfToken(0) && !(s.flow > 0 && isFlowIndicator(s.data[s.i])) {
				s.advance()
			}
			continue
		case valueStart && s.flow == 0 && (c == '|' || c == '>'):
			s.blockScalar()
			return nil
		case (c == '[' || c == '{') && (valueStart || s.flow > 0):
			s.flow++
			s.opens = append(s.opens, Pos{s.line, s.col})
			s.entries++
			if s.depth() > MaxDepth {
				return s.tooDeep(file)
			}
			if s.entries > MaxEntries {
				return s.tooMany(file)
			}
			s.advance()
			valueStart = true
			continue
		case (c == ']' || c == '}') && s.flow > 0:
			s.flow--
			s.opens = s.opens[:len(s.opens)-1]
			s.advance()
			valueStart = false
			continue
		case c == ',' && s.flow > 0:
			s.entries++
			if s.entries > MaxEntries {
				return s.tooMany(file)
			}
			s.advance()
			valueStart = true
			continue
		case c == ':' && (s.endOfToken(1) || s.flow > 0 && isFlowIndicator(s.peek(1))):
			// A key's colon: its value follows. Another key on the same
			// line ("a: b: c", an error) still costs the parser a level.
			if colons++; s.flow == 0 && colons > 1 {
				if d := s.open(file); d != nil {
					return d
				}
			}
			s.advance()
			valueStart = true
			continue
		case (c == '-' || c == '?') && valueStart && s.flow == 0 && s.endOfToken(1):
			// "key: - a" is an error for the parser; count it as a level.
			if d := s.open(file); d != nil {
				return d
			}
			s.advance()
			continue
		}
		// A plain scalar's character; in flow context indicators end it.
		s.advance()
		valueStart = false
	}
	return nil
}

func isFlowIndicator(c byte) bool { return c == '[' || c == ']' || c == '{' || c == '}' || c == ',' }

// quoted skips a quoted scalar, which may span lines, past its closing
// quote (or to the end of the file when it is not closed).
func (s *scanner) quoted(q byte) {
	s.advance()
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case q == '"' && c == '\\' && s.i+1 < len(s.data):
			s.advance()
		case c == q && q == '\'' && s.peek(1) == '\'':
			s.advance()
		case c == q:
			s.advance()
			return
		}
		s.advance()
	}
}

// blockScalar skips a | or > scalar: the rest of the indicator's line, then
// blank lines and lines indented at least as much as its first non-blank
// line (which must be indented more than the block level it is in).
func (s *scanner) blockScalar() {
	parent := 0
	if n := len(s.indents); n > 0 {
		parent = s.indents[n-1]
	}
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		s.advance()
	}
	indent := 0 // the scalar's column, once its first line is seen
	for s.i < len(s.data) {
		// s.data[s.i] is the '\n' before a line.
		j := s.i + 1
		for j < len(s.data) && s.data[j] == ' ' {
			j++
		}
		col := j - (s.i + 1) + 1
		blank := j >= len(s.data) || s.data[j] == '\n' || s.data[j] == '\r'
		if !blank {
			if indent == 0 {
				indent = col
			}
			if col <= parent || col < indent {
				s.advance() // the '\n': the next line is the parser's again
				return
			}
		}
		s.advance()
		for s.i < len(s.data) && s.data[s.i] != '\n' {
			s.advance()
		}
	}
}

// unclosedFlow returns where the innermost flow bracket ([ or {) still
// open at offset end was opened, if one is.
func unclosedFlow(data []byte, end int) (Pos, bool) {
	s := scanner{data: data[:min(end, len(data))], line: 1, col: 1}
	s.run("")
	if len(s.opens) == 0 {
		return Pos{}, false
	}
	return s.opens[len(s.opens)-1], true
}
