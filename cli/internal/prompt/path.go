package prompt

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"

	"portfolio/cli/internal/termsafe"
)

// maxListed bounds how many entries of a folder completion reads: a folder
// of a hundred thousand files does not stall the form.
const maxListed = 5000

// Completion is what Tab does to a path being typed.
type Completion struct {
	Value      string   // the new value (the old one when nothing completes)
	Candidates []string // the names that still match, when more than one
}

// CompletePath completes the path being typed at the end of value, as a
// shell does on Tab: the longest part all matching names share, a "/"
// after a folder. Only folders and files with one of exts (".jpg", …;
// none: every file) are offered. With list, value is a list of paths
// separated by commas or spaces (the gallery) and the last one is
// completed; without, value is one path (spaces and all). A path typed in
// quotes is completed inside them; otherwise spaces, quotes, commas and
// backslashes in the completed names are escaped with a backslash, as a
// file manager's drag and drop writes them, which the form's path parsing
// reads back. "~/" stands for the home folder; file:// URLs are left alone.
func CompletePath(value string, list bool, exts ...string) Completion {
	start := 0
	if list {
		start = lastWordStart(value)
	} else {
		start = len(value) - len(strings.TrimLeft(value, " \t"))
	}
	word := value[start:]
	var quote byte
	raw := word
	if word != "" && (word[0] == '\'' || word[0] == '"') {
		quote, raw = word[0], word[1:]
		if strings.IndexByte(raw, quote) >= 0 {
			return Completion{Value: value} // closed already
		}
	} else {
		raw = unescape(word)
	}
	if strings.HasPrefix(strings.ToLower(raw), "file:") {
		return Completion{Value: value}
	}
	dirPart, base := "", raw
	if i := strings.LastIndexByte(raw, '/'); i >= 0 {
		dirPart, base = raw[:i+1], raw[i+1:]
	}
	dir := dirPart
	if dir == "" {
		dir = "."
	} else if strings.HasPrefix(dir, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return Completion{Value: value}
		}
		dir = filepath.Join(home, dir[2:])
	}
	names := listMatches(dir, base, exts)
	if len(names) == 0 {
		return Completion{Value: value}
	}
	done := names[0]
	for _, n := range names[1:] {
		done = commonPrefix(done, n)
	}
	completed := dirPart + done
	var enc string
	if quote != 0 {
		enc = string(quote) + completed
		if len(names) == 1 && !strings.HasSuffix(completed, "/") {
			enc += string(quote)
		}
	} else {
		enc = escape(completed)
	}
	c := Completion{Value: value[:start] + enc}
	if len(names) > 1 {
		c.Candidates = names
	}
	return c
}

// lastWordStart is where the last path of a list starts: after the last
// comma or space that is not inside quotes or escaped.
func lastWordStart(s string) int {
	start := 0
	var quote byte
	esc := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case esc:
			esc = false
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\\':
			esc = true
		case c == '\'' || c == '"':
			quote = c
			start = i
		case c == ',' || c == ' ' || c == '\t':
			start = i + 1
		}
	}
	return start
}

func unescape(s string) string {
	var b strings.Builder
	esc := false
	for _, r := range s {
		if !esc && r == '\\' {
			esc = true
			continue
		}
		esc = false
		b.WriteRune(r)
	}
	return b.String()
}

func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(` '"\,`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func commonPrefix(a, b string) string {
	ar, br := []rune(a), []rune(b)
	n := 0
	for n < len(ar) && n < len(br) && ar[n] == br[n] {
		n++
	}
	return string(ar[:n])
}

// listMatches lists the folders (with a "/") and the files of one of exts
// in dir whose names start with base, sorted; hidden ones only when base
// starts with a dot. Names a terminal would act on are left out.
func listMatches(dir, base string, exts []string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	entries, _ := f.ReadDir(maxListed)
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || (strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".")) {
			continue
		}
		if termsafe.String(name) != name {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&os.ModeSymlink != 0 {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil {
				isDir = st.IsDir()
			}
		}
		switch {
		case isDir:
			out = append(out, name+"/")
		case len(exts) == 0 || hasExt(name, exts):
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func hasExt(name string, exts []string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range exts {
		if ext == e {
			return true
		}
	}
	return false
}

// PathInput is a form input for a path (or, with List, several) that Tab
// completes: it completes what can be, lists the names that still match
// under the field, and moves on to the next field only when there is
// nothing to complete. Paths pasted in quotes, with backslashes or as
// file:// URLs are typed as before.
type PathInput struct {
	*huh.Input
	value      *string
	list       bool
	exts       []string
	candidates []string
}

// NewPathInput makes in complete paths of files with one of exts.
func NewPathInput(in *huh.Input, value *string, list bool, exts ...string) *PathInput {
	return &PathInput{Input: in, value: value, list: list, exts: exts}
}

// Update completes on Tab; every other message goes to the input.
func (p *PathInput) Update(msg tea.Msg) (huh.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if k.String() == "tab" {
			cur := p.Input.GetValue().(string)
			c := CompletePath(cur, p.list, p.exts...)
			if c.Value != cur || len(c.Candidates) > 0 {
				p.candidates = c.Candidates
				if c.Value != cur {
					*p.value = c.Value
					p.Input.Value(p.value)
					// The cursor to the end of what was completed.
					_, cmd := p.Input.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
					return p, cmd
				}
				return p, nil
			}
		}
		p.candidates = nil
	}
	_, cmd := p.Input.Update(msg)
	return p, cmd
}

// Blur forgets the names listed.
func (p *PathInput) Blur() tea.Cmd {
	p.candidates = nil
	return p.Input.Blur()
}

// View is the input, and under it the names that still match.
func (p *PathInput) View() string {
	v := p.Input.View()
	if len(p.candidates) == 0 {
		return v
	}
	const most = 8
	shown := p.candidates
	more := ""
	if len(shown) > most {
		shown, more = shown[:most], fmt.Sprintf(" … and %d more", len(p.candidates)-most)
	}
	return v + "\n" + ansi.Truncate("  "+strings.Join(shown, "  ")+more, 76, "…")
}

// KeyBinds adds Tab's completion to the help line.
func (p *PathInput) KeyBinds() []key.Binding {
	return append([]key.Binding{key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete path"))}, p.Input.KeyBinds()...)
}
