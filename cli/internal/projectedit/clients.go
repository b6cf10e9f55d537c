package projectedit

import (
	"fmt"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
)

// A private project's named clients (project.yaml `clients:`, decision
// 0096) are added and revoked by `portfolio share --client/--revoke` as
// the details are edited: only the lines of the list that change are
// written, so comments and the rest of the file stay as the owner wrote
// them. A list written in flow style ([…]) is rewritten as a block list.

// AddClient returns the project's YAML with a client named name appended
// to `clients:` (the key added before body when absent). It does not check
// the name: the caller does (privateaccess.ClientNameProblem, duplicates),
// and Save checks the result with the loader.
func (p *Project) AddClient(name string) ([]byte, error) {
	return p.editClients(func(lines []string, doc *yamldoc.Document, from, to int, block bool) ([]string, error) {
		item := "- name: " + scalar(name)
		if !block {
			return p.rewriteClients(lines, from, to, append(slices.Clone(p.Clients), content.Client{Name: name}))
		}
		dash := indentOf(lines[doc.Pos("/clients/0").Line-1])
		return slices.Concat(lines[:to], []string{strings.Repeat(" ", dash) + item}, lines[to:]), nil
	})
}

// RevokeClient returns the project's YAML with its i-th client marked
// `revoked: true`.
func (p *Project) RevokeClient(i int) ([]byte, error) {
	if i < 0 || i >= len(p.Clients) {
		return nil, fmt.Errorf("%s: no client %d", p.File, i)
	}
	return p.editClients(func(lines []string, doc *yamldoc.Document, from, to int, block bool) ([]string, error) {
		all := slices.Clone(p.Clients)
		all[i].Revoked = true
		if !block {
			return p.rewriteClients(lines, from, to, all)
		}
		if _, has := doc.At(fmt.Sprintf("/clients/%d/revoked", i)); has {
			k := doc.KeyPos(fmt.Sprintf("/clients/%d/revoked", i))
			line := lines[k.Line-1]
			if at := byteCol(line, k.Col); blockKey(line[:at]) {
				repl := line[:at] + "revoked: true"
				if c := trailingComment(line); c != "" {
					repl += " " + c
				}
				return slices.Concat(lines[:k.Line-1], []string{repl}, lines[k.Line:]), nil
			}
			return p.rewriteClients(lines, from, to, all)
		}
		k := doc.KeyPos(fmt.Sprintf("/clients/%d/name", i))
		line := lines[k.Line-1]
		at := byteCol(line, k.Col)
		if !blockKey(line[:at]) || strings.Contains(line[at:], "{") {
			return p.rewriteClients(lines, from, to, all)
		}
		// The name is one line (a name has no line break): revoked goes
		// under it, at its key's column.
		return slices.Concat(lines[:k.Line], []string{strings.Repeat(" ", at) + "revoked: true"}, lines[k.Line:]), nil
	})
}

// editClients runs edit on the file's lines with the extent of the
// `clients:` key (its line, and the line after its last), and whether its
// list is written as a block; when the key is absent, it is added before
// body.
func (p *Project) editClients(edit func(lines []string, doc *yamldoc.Document, from, to int, block bool) ([]string, error)) ([]byte, error) {
	crlf := strings.Contains(string(p.YAML), "\r\n")
	text := strings.ReplaceAll(string(p.YAML), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	doc, d := yamldoc.Parse(p.File, []byte(text))
	if d != nil {
		return nil, fmt.Errorf("%s: %s", d.Position(), d.Message)
	}
	var out []string
	var err error
	if _, present := doc.At("/clients"); !present {
		at := len(lines)
		if k := doc.KeyPos("/body"); k.Line != 0 && k.Col == 1 {
			at = k.Line - 1
			for at > 0 && strings.HasPrefix(lines[at-1], "#") { // the comments above body stay with it
				at--
			}
		}
		out, err = edit(lines, doc, at, at, false)
	} else {
		k := doc.KeyPos("/clients")
		if k.Line == 0 || k.Col != 1 {
			return nil, fmt.Errorf("%s:%d: clients is not written as a top-level key; edit it by hand", p.File, k.Line)
		}
		from := k.Line - 1
		_, rest, _ := strings.Cut(lines[from], ":")
		rest = strings.TrimSpace(rest)
		if c := trailingComment(lines[from]); c != "" {
			rest = strings.TrimSpace(strings.TrimSuffix(rest, c))
		}
		if strings.HasPrefix(rest, "#") {
			rest = ""
		}
		n, _ := doc.Items("/clients")
		block := rest == "" && n > 0
		to := from + 1
		for to < len(lines) && (strings.TrimSpace(lines[to]) == "" || strings.HasPrefix(lines[to], " ") || strings.HasPrefix(lines[to], "\t") || block && strings.HasPrefix(lines[to], "-")) {
			to++
		}
		for to > from+1 && strings.TrimSpace(lines[to-1]) == "" {
			to--
		}
		out, err = edit(lines, doc, from, to, block)
	}
	if err != nil {
		return nil, err
	}
	s := strings.Join(out, "\n")
	if crlf {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	return []byte(s), nil
}

// rewriteClients replaces lines[from:to] with the whole list as a block.
func (p *Project) rewriteClients(lines []string, from, to int, all []content.Client) ([]string, error) {
	repl := []string{"clients:"}
	for _, c := range all {
		repl = append(repl, "  - name: "+scalar(c.Name))
		if c.Revoked {
			repl = append(repl, "    revoked: true")
		}
	}
	return slices.Concat(lines[:from], repl, lines[to:]), nil
}

// blockKey says whether the text before a key is only its indentation,
// with the dash of a list item: the key starts a line of a block mapping.
func blockKey(before string) bool {
	s := strings.TrimLeft(before, " ")
	return s == "" || strings.TrimRight(s, " ") == "-"
}

// byteCol is the byte offset of the col-th character (1-based) of line.
func byteCol(line string, col int) int {
	n := 1
	for i := range line {
		if n == col {
			return i
		}
		n++
	}
	return len(line)
}
