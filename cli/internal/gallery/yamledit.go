package gallery

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
)

// galleryBlock finds the body's gallery block: its JSON pointer, and the
// block as the project decodes it.
func galleryBlock(doc *yamldoc.Document) (string, *content.GalleryBlock, bool) {
	p, err := content.DecodeProject(doc)
	if err != nil {
		return "", nil, false
	}
	for i, b := range p.Body {
		if g, ok := b.(*content.GalleryBlock); ok {
			return fmt.Sprintf("/body/%d", i), g, true
		}
	}
	return "", nil, false
}

func parse(file string, data []byte) (*yamldoc.Document, error) {
	doc, d := yamldoc.Parse(file, data)
	if d != nil {
		return nil, fmt.Errorf("%s: %s; fix it first (`portfolio validate` shows every problem)", d.Position(), d.Message)
	}
	return doc, nil
}

// readTexts reads the gallery block's texts by file name, and with
// `order: texts` (decision 0081) the files in the order the texts list them
// (nil otherwise).
func readTexts(file string, data []byte) (map[string]content.ImageText, []string, error) {
	doc, err := parse(file, data)
	if err != nil {
		return nil, nil, err
	}
	_, block, ok := galleryBlock(doc)
	if !ok {
		return nil, nil, nil
	}
	out := map[string]content.ImageText{}
	var order []string
	for _, t := range block.Texts {
		if t.File != "" {
			out[t.File] = content.ImageText{Alt: t.Alt, Caption: t.Caption}
			if block.Order == content.OrderTexts {
				order = append(order, t.File)
			}
		}
	}
	if block.Order == content.OrderTexts && order == nil {
		order = []string{}
	}
	return out, order, nil
}

// Text is one entry of the gallery block's texts.
type Text struct {
	File, Alt, Caption string
}

// SetTexts returns project.yaml with the gallery block's texts replaced by
// texts (removed when texts is empty). Every other line is kept as it was,
// comments and key order included: only the lines of the texts entry are
// rewritten.
func SetTexts(file string, data []byte, texts []Text) ([]byte, error) {
	doc, err := parse(file, data)
	if err != nil {
		return nil, err
	}
	ptr, _, ok := galleryBlock(doc)
	if !ok {
		return nil, ErrNoGalleryBlock
	}
	typeKey := doc.KeyPos(ptr + "/type")
	if typeKey.Line == 0 {
		return nil, fmt.Errorf("%s: the gallery block is not written as a block mapping; edit its texts by hand", file)
	}
	crlf := bytes.Contains(data, []byte("\r\n"))
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	indent := typeKey.Col - 1
	if line := lines[typeKey.Line-1]; indent > len(line) || !slices.Contains([]string{"", "-"}, strings.TrimSpace(line[:indent])) {
		return nil, fmt.Errorf("%s:%d: the gallery block is not written as a block mapping; edit its texts by hand", file, typeKey.Line)
	}
	// end returns the index of the first line after start (a 0-based line
	// index) that is indented less than minIndent: the end of what start
	// opens. Trailing blank lines stay outside.
	end := func(start, minIndent int) int {
		i := start + 1
		for ; i < len(lines); i++ {
			t := strings.TrimLeft(lines[i], " ")
			if t == "" {
				continue
			}
			if len(lines[i])-len(t) < minIndent {
				break
			}
		}
		for i > start+1 && strings.TrimSpace(lines[i-1]) == "" {
			i--
		}
		return i
	}
	var from, to int // lines [from, to) are replaced
	if _, has := doc.At(ptr + "/texts"); has {
		k := doc.KeyPos(ptr + "/texts")
		from = k.Line - 1
		to = end(from, indent+1)
	} else {
		from = end(typeKey.Line-1, indent+1)
		to = from
	}
	rendered := renderTexts(strings.Repeat(" ", indent), texts)
	out := append(append(append([]string{}, lines[:from]...), rendered...), lines[to:]...)
	s := strings.Join(out, "\n")
	if crlf {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	return []byte(s), nil
}

func renderTexts(indent string, texts []Text) []string {
	if len(texts) == 0 {
		return nil
	}
	out := []string{indent + "texts:"}
	for _, t := range texts {
		out = append(out, indent+"  - file: "+scalar(t.File))
		if t.Alt != "" {
			out = append(out, indent+"    alt: "+scalar(t.Alt))
		}
		if t.Caption != "" {
			out = append(out, indent+"    caption: "+scalar(t.Caption))
		}
	}
	return out
}

// plainSafe reports whether YAML reads s back as the same string when it is
// written without quotes: a letter or digit, then letters, digits and
// " ._,()'/-". (Plain code rather than a regular expression: a package-level
// expression with Unicode classes is compiled before every command, issue 29.)
func plainSafe(s string) bool {
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) && (i == 0 || !strings.ContainsRune(" ._,()'/-", r)) {
			return false
		}
	}
	return s != ""
}

// yamlWords are the plain scalars YAML 1.1 readers take for booleans or null.
var yamlWords = []string{"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}

func isYAMLWord(s string) bool {
	return slices.ContainsFunc(yamlWords, func(w string) bool { return strings.EqualFold(w, s) })
}

// scalar writes s as a YAML scalar: plain when that is unambiguous, else in
// double quotes (JSON's escaping is valid YAML).
func scalar(s string) string {
	if plainSafe(s) && !strings.HasSuffix(s, " ") && !isYAMLWord(s) && !looksNumeric(s) {
		return s
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

func looksNumeric(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789._-+eE", r) {
			return false
		}
	}
	return true
}

// AddBlock returns project.yaml with an empty gallery block added as the
// last block of its body, after the last block's lines (comments and blank
// lines after it stay after it). Every other line is kept as it was. The
// body must be written as a block list ("- type: …" items).
func AddBlock(file string, data []byte) ([]byte, error) {
	doc, err := parse(file, data)
	if err != nil {
		return nil, err
	}
	if _, _, ok := galleryBlock(doc); ok {
		return data, nil
	}
	byHand := fmt.Errorf("%s: the body is not written as a list of blocks (- type: …); add `- type: gallery` to it by hand", file)
	body := doc.KeyPos("/body")
	first := doc.Pos("/body/0")
	if body.Line == 0 || body.Col != 1 || first.Line <= body.Line {
		return nil, byHand
	}
	crlf := bytes.Contains(data, []byte("\r\n"))
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	line := lines[first.Line-1]
	if first.Col-1 > len(line) {
		return nil, byHand
	}
	prefix := line[:first.Col-1] // the first item's "  - "
	dash := strings.Index(prefix, "-")
	if dash < 0 || strings.TrimSpace(prefix) != "-" {
		return nil, byHand
	}
	// The body's lines: indented, blank, or items at column 1; the comments
	// and blank lines that end them stay after the new block.
	end := body.Line
	for end < len(lines) && (lines[end] == "" || strings.HasPrefix(lines[end], " ") || strings.HasPrefix(lines[end], "\t") || strings.HasPrefix(lines[end], "-")) {
		end++
	}
	for end > body.Line && (strings.TrimSpace(lines[end-1]) == "" || strings.HasPrefix(strings.TrimSpace(lines[end-1]), "#")) {
		end--
	}
	item := prefix[:dash] + "- type: gallery"
	out := strings.Join(slices.Concat(lines[:end], []string{item}, lines[end:]), "\n")
	if crlf {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	check, err := parse(file, []byte(out))
	if err != nil {
		return nil, err
	}
	if _, _, ok := galleryBlock(check); !ok {
		return nil, byHand
	}
	return []byte(out), nil
}
