// Package projectedit changes a project's details (content.Details: title,
// subtitle, page, category, description, role, skills, featured, active,
// and the alt text of the page's image of its cover) in its project.yaml,
// each rewritten by its kind (decision 0110): only the lines of
// the values that change are rewritten, so comments, key order and
// everything else stay as the owner wrote them.
// The result is checked with `portfolio validate`'s loader before it
// replaces the file, in one atomic rename.
package projectedit

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/stage"
	"portfolio/cli/internal/yamltext"
)

// Fields are the details a project's form edits (content.Details, decision
// 0110); CoverAlt is the alt text of the page's image blocks of the cover
// (Project.CoverImages), "" when the page shows none.
type Fields = content.Details

// Keys are the fields' keys in project.yaml, in the order new ones are
// written: the schema's.
var Keys = func() []string {
	var keys []string
	for _, f := range content.DetailFields() {
		if f.InFile {
			keys = append(keys, f.Key)
		}
	}
	return keys
}()

// Project is a project read for editing.
type Project struct {
	Slug, Dir, File string
	YAML            []byte
	Fields          Fields
	// Cover is the cover's path, as project.yaml gives it; CoverImages are
	// the body's image blocks that show it (by index): their alt text is
	// CoverAlt.
	Cover       string
	CoverImages []int
	// Private says the project is private (access: private): no category
	// page lists it, whatever its form says.
	Private bool
	// Clients are its named clients, as project.yaml lists them
	// (clients.go; decision 0096).
	Clients []content.Client
}

// Read reads a project's details from its project.yaml.
func Read(contentDir, slug string) (*Project, error) {
	dir, err := fieldcheck.ExistingProject(contentDir, slug)
	if err != nil {
		return nil, err
	}
	file := filepath.Join(dir, content.ProjectFile)
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	doc, d := yamldoc.Parse(file, data)
	if d != nil {
		return nil, fmt.Errorf("%s: %s; fix it first (`portfolio validate` shows every problem)", d.Position(), d.Message)
	}
	if !doc.IsMapping("") {
		return nil, fmt.Errorf("%s is not a mapping of keys; fix it first (`portfolio validate`)", file)
	}
	loaded, err := content.DecodeProject(doc)
	if err != nil {
		return nil, err
	}
	f := Fields{ProjectDetails: loaded.ProjectDetails}
	f.Skills = nil
	for _, s := range loaded.Skills {
		if s != "" {
			f.Skills = append(f.Skills, s)
		}
	}
	p := &Project{Slug: slug, Dir: dir, File: file, YAML: data, Private: loaded.Access == content.AccessPrivate, Clients: loaded.Clients}
	p.Cover = string(loaded.Cover)
	for i, b := range loaded.Body {
		if img, ok := b.(*content.ImageBlock); ok && string(img.Src) == p.Cover && p.Cover != "" {
			if len(p.CoverImages) == 0 {
				f.CoverAlt = img.Alt
			}
			p.CoverImages = append(p.CoverImages, i)
		}
	}
	p.Fields = f
	return p, nil
}

// value renders a field as the YAML text after "key:" (with the leading
// space) and the lines after it: a list one item a line, a multi-line text
// of a multiline detail as a literal block.
func value(f Fields, key string) []string {
	d, _ := content.DetailByKey(key)
	switch v := d.Ptr(&f).(type) {
	case *[]string:
		out := []string{""}
		for _, s := range *v {
			out = append(out, "  - "+scalar(s))
		}
		return out
	case *bool:
		return []string{fmt.Sprintf(" %t", *v)}
	case *string:
		if d.Multiline && strings.Contains(*v, "\n") {
			out := []string{" |"}
			for _, l := range strings.Split(*v, "\n") {
				if l == "" {
					out = append(out, "")
				} else {
					out = append(out, "  "+l)
				}
			}
			return out
		}
		return []string{" " + scalar(*v)}
	}
	return nil
}

func changed(a, b Fields, key string) bool {
	d, _ := content.DetailByKey(key)
	return !d.Equal(&a, &b)
}

func scalar(s string) string { return yamltext.Scalar(s) }

// Render returns the project's YAML with the changed fields rewritten:
// each changed key's lines (its value and any lines indented under it) are
// replaced; a key that was absent is added before body. A comment on the
// key's own line is kept when the new value is one line.
func (p *Project) Render(f Fields) ([]byte, error) {
	crlf := strings.Contains(string(p.YAML), "\r\n")
	text := strings.ReplaceAll(string(p.YAML), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	doc, d := yamldoc.Parse(p.File, []byte(text))
	if d != nil {
		return nil, fmt.Errorf("%s: %s", d.Position(), d.Message)
	}
	type edit struct {
		from, to int
		repl     []string
	}
	var edits []edit
	var added []string
	for _, key := range Keys {
		if !changed(p.Fields, f, key) {
			continue
		}
		v := value(f, key)
		repl := append([]string{key + ":" + v[0]}, v[1:]...)
		if _, present := doc.At("/" + key); !present {
			added = append(added, repl...)
			continue
		}
		k := doc.KeyPos("/" + key)
		if k.Line == 0 || k.Col != 1 {
			return nil, fmt.Errorf("%s:%d: %s is not written as a top-level key; edit it by hand", p.File, k.Line, key)
		}
		from := k.Line - 1
		to := from + 1
		for to < len(lines) && (strings.TrimSpace(lines[to]) == "" || strings.HasPrefix(lines[to], " ") || strings.HasPrefix(lines[to], "\t")) {
			to++
		}
		for to > from+1 && strings.TrimSpace(lines[to-1]) == "" {
			to--
		}
		if len(v) == 1 {
			if c := trailingComment(lines[from]); c != "" {
				repl[0] += " " + c
			}
		}
		edits = append(edits, edit{from, to, repl})
	}
	if p.Fields.CoverAlt != f.CoverAlt {
		for _, i := range p.CoverImages {
			k := doc.KeyPos(fmt.Sprintf("/body/%d/alt", i))
			if k.Line == 0 || k.Col-1 > len(lines[k.Line-1]) {
				return nil, fmt.Errorf("%s: the image of the cover (body item %d) has no alt line to rewrite; edit it by hand", p.File, i+1)
			}
			from, first := k.Line-1, lines[k.Line-1]
			to := from + 1
			for to < len(lines) && (strings.TrimSpace(lines[to]) == "" || indentOf(lines[to]) > k.Col-1) {
				to++
			}
			for to > from+1 && strings.TrimSpace(lines[to-1]) == "" {
				to--
			}
			repl := first[:k.Col-1] + "alt: " + scalar(f.CoverAlt)
			if c := trailingComment(first); c != "" && to == from+1 {
				repl += " " + c
			}
			edits = append(edits, edit{from, to, []string{repl}})
		}
	}
	if len(added) > 0 {
		at := len(lines)
		if k := doc.KeyPos("/body"); k.Line != 0 && k.Col == 1 {
			at = k.Line - 1
			for at > 0 && strings.HasPrefix(lines[at-1], "#") { // the comments above body stay with it
				at--
			}
		}
		edits = append(edits, edit{at, at, added})
	}
	slices.SortFunc(edits, func(a, b edit) int { return b.from - a.from })
	for _, e := range edits {
		lines = slices.Concat(lines[:e.from], e.repl, lines[e.to:])
	}
	out := strings.Join(lines, "\n")
	if crlf {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	return []byte(out), nil
}

// indentOf counts a line's leading spaces.
func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// trailingComment returns the " # …" comment ending a one-line "key: value"
// line written plain, or "".
func trailingComment(line string) string {
	_, v, _ := strings.Cut(line, ":")
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "'") || strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">") {
		return ""
	}
	if i := strings.Index(v, " #"); i >= 0 {
		return strings.TrimSpace(v[i:])
	}
	return ""
}

// Save checks the new YAML with the loader in a staging copy of the
// project (hard links to its files), then replaces project.yaml
// atomically. It returns the loader's warnings about the project; an
// invalid result is a *stage.InvalidError, and nothing is written.
func (p *Project) Save(data []byte) (diag.List, error) {
	staged, err := stage.NewProject(p.Dir, ".edit-", "the edited project")
	if err != nil {
		return nil, err
	}
	defer staged.Remove()
	if err := staged.LinkFiles(p.Dir); err != nil {
		return nil, err
	}
	if err := os.WriteFile(staged.Path(content.ProjectFile), data, 0o644); err != nil {
		return nil, err
	}
	diags, err := staged.Check()
	if err != nil {
		return diags, err
	}
	if err := fsutil.WriteFileAtomic(p.File, data, 0o644); err != nil {
		return nil, err
	}
	return diags, nil
}

// ChangedLines lists the lines that differ, as "- old" and "+ new", by a
// longest-common-subsequence diff (project files are a few hundred lines at
// most).
func ChangedLines(before, after string) string {
	a, b := strings.Split(before, "\n"), strings.Split(after, "\n")
	const limit = 2000
	if len(a) > limit || len(b) > limit {
		return "(the file is too long to show the changes)"
	}
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i++
			j++
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			out = append(out, "- "+a[i])
			i++
		default:
			out = append(out, "+ "+b[j])
			j++
		}
	}
	return strings.Join(out, "\n")
}
