// Package pathcheck finds repository paths that the documentation and the
// code's comments name but that do not exist: a file moved or deleted
// leaves its old name behind in prose, where no compiler looks.
//
// What counts as a path, so that prose does not:
//   - in Markdown files and in comments, a word that starts with one of the
//     repository's top-level folders (`cli/…`, `site/…`, `docs/…`, `.ci/…`),
//     optionally after `./` (as in `go run ./cli/cmd/portfolio`);
//   - in comments of files under site/, a word that starts with one of
//     site/'s own folders (`src/…`, `e2e/…`, `scripts/…`), as the site's
//     code names its files;
//   - in Markdown files, the target of a relative link or image.
//
// Words with a placeholder (`<slug>`, `*`, `{a,b}`, `$HOME`, a segment in
// capitals such as SLUG) are skipped, and so are paths under a folder the
// root .gitignore lists (`/site/dist/`, `/.cache/`…) or under node_modules:
// those are build outputs, present only after a build or `npm ci`. Tests
// build content trees of their own, so a test file's `content/…` is its
// fixture's, not the repository's, and is not checked.
package pathcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Problem is a path named at File:Line that does not exist.
type Problem struct {
	File string
	Line int
	Path string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s does not exist", p.File, p.Line, p.Path)
}

// siteFolders are the folders of site/ its code names without the site/ prefix.
var siteFolders = []string{"src/", "e2e/", "scripts/", "public/"}

// Checker checks files of the repository at FS (rooted at the repository).
type Checker struct {
	FS fs.FS
	// tops are the repository's top-level folders, with a slash.
	tops []string
	// outputs are the folders of build outputs (root .gitignore entries).
	outputs []string
	// within are folders whose every entry is an output (`/site/public/*`)
	// but the ones kept names (`!/site/public/favicon.svg`), which must
	// exist.
	within, kept []string
}

// New reads the repository's top-level folders and its root .gitignore.
func New(fsys fs.FS) (*Checker, error) {
	c := &Checker{FS: fsys}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != ".git" && e.Name() != "node_modules" {
			c.tops = append(c.tops, e.Name()+"/")
		}
	}
	ignore, err := fs.ReadFile(fsys, ".gitignore")
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	for _, line := range strings.Split(string(ignore), "\n") {
		line = strings.TrimSpace(line)
		// Only rooted entries name a place: "/site/dist/", "/site/public/*".
		if dir, ok := strings.CutSuffix(line, "/*"); ok && strings.HasPrefix(dir, "/") && !strings.ContainsAny(dir, "*?[!") {
			c.within = append(c.within, strings.TrimPrefix(dir, "/"))
		} else if kept, ok := strings.CutPrefix(line, "!/"); ok && !strings.ContainsAny(kept, "*?[!") {
			c.kept = append(c.kept, strings.TrimSuffix(kept, "/"))
		} else if strings.HasPrefix(line, "/") && !strings.ContainsAny(line, "*?[!") {
			c.outputs = append(c.outputs, strings.TrimSuffix(strings.TrimPrefix(line, "/"), "/"))
		}
	}
	return c, nil
}

// Check reads each file (a slash-separated path from the repository's root)
// and returns every path it names that does not exist, in file and line order.
func (c *Checker) Check(files []string) ([]Problem, error) {
	var problems []Problem
	for _, file := range files {
		data, err := fs.ReadFile(c.FS, file)
		if err != nil {
			return nil, err
		}
		seen := map[ref]bool{}
		for _, r := range c.refs(file, data) {
			// A link whose text is its own path names it twice.
			key := ref{line: r.line, path: r.path}
			if !seen[key] && !c.exists(r.path) {
				problems = append(problems, Problem{File: file, Line: r.line, Path: r.shown})
			}
			seen[key] = true
		}
	}
	return problems, nil
}

type ref struct {
	line  int
	path  string // from the repository's root, cleaned
	shown string // as written
}

// Kinds of file by what carries their prose.
const (
	markdown = iota
	slashComments
	hashComments
	skip
)

func kindOf(file string) int {
	base := path.Base(file)
	switch path.Ext(file) {
	case ".md":
		return markdown
	case ".go", ".ts", ".tsx", ".js", ".mjs", ".cjs", ".mts", ".css":
		return slashComments
	case ".sh", ".yml", ".yaml", ".toml":
		return hashComments
	case "":
		if base == "Makefile" || strings.HasPrefix(file, ".ci/") {
			return hashComments
		}
	}
	return skip
}

// Wanted reports whether Check reads the file: Markdown and code outside
// test data and dependencies.
func Wanted(file string) bool {
	for _, part := range strings.Split(file, "/") {
		if part == "testdata" || part == "node_modules" {
			return false
		}
	}
	return kindOf(file) != skip
}

func (c *Checker) refs(file string, data []byte) []ref {
	kind := kindOf(file)
	var out []ref
	state := code
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		var text string
		switch kind {
		case markdown:
			if strings.HasPrefix(strings.TrimSpace(line), "<!-- edit: ") {
				// A guide's edit of a file the guide itself made
				// (cli/internal/docrun): the walk that applies it fails
				// when the file is not there.
				continue
			}
			text = mdEscape.ReplaceAllString(line, "$1")
			out = append(out, c.links(file, n, line)...)
		case slashComments:
			text, state = slashComment(line, state)
		case hashComments:
			text = hashComment(line)
		}
		if text == "" {
			continue
		}
		for _, w := range words(text) {
			if p, shown, ok := c.candidate(file, w); ok {
				out = append(out, ref{line: n, path: p, shown: shown})
			}
		}
	}
	return out
}

// State of the lexer between lines of Go, TypeScript, JavaScript or CSS.
const (
	code = iota
	blockComment
	rawString // Go's `raw` strings and JavaScript's template literals span lines
)

// slashComment returns the comment text of a line of Go, TypeScript,
// JavaScript or CSS (after `//`, and inside `/* … */`), given the state the
// previous line left, and the state it leaves. Quoted strings are skipped,
// so a `//` or `/*` inside one starts nothing.
func slashComment(line string, state int) (string, int) {
	var text strings.Builder
	for i := 0; i < len(line); i++ {
		switch state {
		case blockComment:
			end := strings.Index(line[i:], "*/")
			if end < 0 {
				text.WriteString(line[i:])
				return text.String(), state
			}
			text.WriteString(line[i:i+end] + " ")
			i += end + 1
			state = code
		case rawString:
			end := strings.IndexByte(line[i:], '`')
			if end < 0 {
				return text.String(), state
			}
			i += end
			state = code
		default:
			switch c := line[i]; {
			case c == '`':
				state = rawString
			case c == '"' || c == '\'':
				// To the closing quote, or to the end of the line.
				for i++; i < len(line) && line[i] != c; i++ {
					if line[i] == '\\' {
						i++
					}
				}
			case strings.HasPrefix(line[i:], "//"):
				text.WriteString(line[i+2:])
				return text.String(), state
			case strings.HasPrefix(line[i:], "/*"):
				i++
				state = blockComment
			}
		}
	}
	return text.String(), state
}

// hashComment returns the text after a `#` at the start of a line or after a
// space (a shell, YAML, TOML or make comment).
func hashComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return line[i+1:]
		}
	}
	return ""
}

// words splits text at whatever cannot be part of a path.
func words(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		switch r {
		case ' ', '\t', '`', '"', '\'', '(', ')', '[', ']', ',', ';', '=', '|', '\\':
			return true
		}
		return false
	})
}

// placeholder marks a word that stands for many paths, not one.
const placeholder = "<>*{}$%?…"

// candidate reports whether word names a repository path: the path from
// the repository's root, and the word without what is not part of it.
func (c *Checker) candidate(file, word string) (p, shown string, ok bool) {
	// Go package patterns and trailing punctuation are not part of the path.
	shown = strings.TrimSuffix(word, "/...")
	shown = strings.TrimRight(shown, ".:!")
	w := strings.TrimPrefix(shown, "./")
	if w == "" || strings.ContainsAny(w, placeholder) || strings.Contains(w, "//") || strings.Contains(w, "..") || slices.ContainsFunc(strings.Split(w, "/"), metavariable) {
		return "", "", false
	}
	if strings.HasPrefix(w, "content/") && isTest(file) {
		return "", "", false
	}
	for _, top := range c.tops {
		if strings.HasPrefix(w, top) {
			return path.Clean(w), shown, true
		}
	}
	if strings.HasPrefix(file, "site/") && w == shown {
		for _, f := range siteFolders {
			if strings.HasPrefix(w, f) {
				return path.Join("site", w), shown, true
			}
		}
	}
	return "", "", false
}

// metavariable reports a path segment that names a value, as a command's
// help does (content/projects/SLUG/): two or more capitals, digits or _.
func metavariable(segment string) bool {
	return len(segment) >= 2 && strings.Trim(segment, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == ""
}

func isTest(file string) bool {
	return strings.HasSuffix(file, "_test.go") || strings.Contains(path.Base(file), ".test.") || strings.Contains(path.Base(file), ".spec.")
}

// Markdown links and images, and HTML src/href attributes in Markdown.
var (
	mdEscape = regexp.MustCompile(`\\([!-/:-@\[-` + "`" + `{-~])`) // \_ is _ in Markdown text
	mdLink   = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	htmlLink = regexp.MustCompile(`\b(?:src|href)="([^"]+)"`)
	scheme   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
)

// links returns the relative link targets of a Markdown line, resolved
// against the file's folder.
func (c *Checker) links(file string, n int, line string) []ref {
	var out []ref
	for _, re := range []*regexp.Regexp{mdLink, htmlLink} {
		for _, m := range re.FindAllStringSubmatch(line, -1) {
			target := m[1]
			if i := strings.IndexByte(target, '#'); i >= 0 {
				target = target[:i]
			}
			if target == "" || scheme.MatchString(target) || strings.HasPrefix(target, "/") || strings.ContainsAny(target, placeholder) {
				continue
			}
			p := path.Join(path.Dir(file), target)
			if strings.HasPrefix(p, "../") || p == ".." {
				continue // outside the repository
			}
			out = append(out, ref{line: n, path: p, shown: m[1]})
		}
	}
	return out
}

// exists reports whether p is in the repository, or under a build output.
func (c *Checker) exists(p string) bool {
	if slices.Contains(strings.Split(p, "/"), "node_modules") {
		return true
	}
	for _, o := range c.outputs {
		if p == o || strings.HasPrefix(p, o+"/") {
			return true
		}
	}
	for _, w := range c.within {
		keptOne := slices.ContainsFunc(c.kept, func(k string) bool { return p == k || strings.HasPrefix(p, k+"/") })
		if strings.HasPrefix(p, w+"/") && !keptOne {
			return true
		}
	}
	_, err := fs.Stat(c.FS, p)
	return err == nil
}

// Sort orders problems by file and line.
func Sort(problems []Problem) {
	sort.SliceStable(problems, func(i, j int) bool {
		if problems[i].File != problems[j].File {
			return problems[i].File < problems[j].File
		}
		return problems[i].Line < problems[j].Line
	})
}
