// Package docrun reads the shell blocks of a guide written in Markdown
// (docs/getting-started.md), for a test to run them in order, so that a
// documented command that breaks fails a test.
//
// The rule, stated in the guide itself:
//
//   - a ```sh block is run and must succeed;
//   - a ```sh block right after the line <!-- runs until Ctrl-C --> (a
//     server) is started, its page fetched, then interrupted;
//   - a ```shell block is not run, and the line right before it says why:
//     <!-- not run: REASON --> (it needs the reader's GitHub repository, say);
//   - any other shell block (bash, console, zsh, or shell without a reason)
//     is an error, so that nothing escapes the test by its spelling;
//   - a ```yaml block right after the line <!-- edit: PATH --> is an edit
//     the guide asks the reader to make in the file PATH (from the
//     repository's root): the test makes it, in the guide's order, as the
//     reader would in an editor (ApplyEdit). The marker before anything
//     but a yaml block is an error.
package docrun

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"strings"
)

// Kind says what the test does with a block.
type Kind int

const (
	Run   Kind = iota // run to its end; it must succeed
	Serve             // started, its page fetched, then interrupted
	Skip              // not run, for Reason
	Edit              // the reader's edit of File: Code's keys replace the file's
)

// Block is one shell block of the guide.
type Block struct {
	Line   int // the opening fence's line, from 1
	Kind   Kind
	Code   string // the commands (or, for Edit, the YAML), with their line breaks
	Reason string // why a Skip block is not run
	File   string // the file an Edit block changes, from the repository's root
}

const (
	serveMarker = "<!-- runs until Ctrl-C -->"
	skipPrefix  = "<!-- not run:"
	editPrefix  = "<!-- edit:"
)

// shells are the info strings of blocks that hold shell commands.
var shells = map[string]bool{"sh": true, "shell": true, "bash": true, "zsh": true, "console": true}

// Parse returns the guide's shell blocks in order, or an error naming the
// line of the first block that breaks the rule.
func Parse(md []byte) ([]Block, error) {
	var (
		blocks []Block
		prev   string // the last non-blank line before a fence
		open   *Block // the block being read
		fence  string
		lang   string
		body   strings.Builder
	)
	sc := bufio.NewScanner(bytes.NewReader(md))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if open == nil && fence == "" {
			if f, info, ok := fenceOpen(trimmed); ok {
				fence, lang = f, ""
				if words := strings.Fields(info); len(words) > 0 {
					lang = words[0]
				}
				file, isEdit := editFile(prev)
				switch {
				case shells[lang]:
					if isEdit {
						return nil, fmt.Errorf("line %d: %s PATH --> goes before the yaml block of the edit, not a %s block", n, editPrefix, lang)
					}
					b, err := classify(n, lang, prev)
					if err != nil {
						return nil, err
					}
					open = &b
					body.Reset()
				case isEdit && lang == "yaml" && file != "":
					open = &Block{Line: n, Kind: Edit, File: file}
					body.Reset()
				case isEdit:
					return nil, fmt.Errorf("line %d: %s PATH --> goes before a yaml block naming the file's keys as they become", n, editPrefix)
				}
				continue
			}
			if trimmed != "" {
				prev = trimmed
			}
			continue
		}
		if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
			if open != nil {
				open.Code = body.String()
				blocks = append(blocks, *open)
			}
			open, fence, prev = nil, "", ""
			continue
		}
		if open != nil {
			body.WriteString(line)
			body.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if fence != "" {
		return nil, fmt.Errorf("a %s block is not closed", cmp.Or(lang, "code"))
	}
	return blocks, nil
}

// editFile reports whether line is an edit marker, and the file it names.
func editFile(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, editPrefix)
	if !ok || !strings.HasSuffix(rest, "-->") {
		return "", false
	}
	return strings.TrimSpace(strings.TrimSuffix(rest, "-->")), true
}

// fenceOpen reports whether line opens a fenced block: its fence (``` or
// longer, or ~~~) and info string.
func fenceOpen(line string) (fence, info string, ok bool) {
	for _, c := range []string{"`", "~"} {
		if strings.HasPrefix(line, c+c+c) {
			n := len(line) - len(strings.TrimLeft(line, c))
			return line[:n], strings.TrimSpace(line[n:]), true
		}
	}
	return "", "", false
}

// classify applies the rule to a shell block at line n, after the line
// prev.
func classify(n int, lang, prev string) (Block, error) {
	reason, isSkip := strings.CutPrefix(prev, skipPrefix)
	switch {
	case lang == "sh" && prev == serveMarker:
		return Block{Line: n, Kind: Serve}, nil
	case lang == "sh":
		return Block{Line: n, Kind: Run}, nil
	case lang == "shell" && isSkip && strings.HasSuffix(reason, "-->") && strings.TrimSpace(strings.TrimSuffix(reason, "-->")) != "":
		return Block{Line: n, Kind: Skip, Reason: strings.TrimSpace(strings.TrimSuffix(reason, "-->"))}, nil
	case lang == "shell":
		return Block{}, fmt.Errorf("line %d: a shell block the test does not run needs its reason on the line before: %s REASON -->", n, skipPrefix)
	default:
		return Block{}, fmt.Errorf("line %d: a %s block: write sh (the test runs it) or shell after %s REASON --> (it does not)", n, lang, skipPrefix)
	}
}
