package docrun

import (
	"fmt"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
	"reflect"
	"strings"

	"github.com/goccy/go-yaml"
)

// ApplyEdit makes an edit block's change to a YAML file as a reader would
// in an editor: each top-level key of the edit replaces the file's key of
// that name, its value and the lines under it (the comments above the key
// and everything else stay); a key the file lacks is added at its end. The
// result must read back with the edit's values, or the edit is an error
// (the guide shows something the file cannot become).
func ApplyEdit(data []byte, edit string) ([]byte, error) {
	var want yaml.MapSlice
	if err := yaml.Unmarshal([]byte(edit), &want); err != nil {
		return nil, fmt.Errorf("the edit is not YAML: %w", err)
	}
	if len(want) == 0 {
		return nil, fmt.Errorf("the edit names no key")
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	editLines := strings.Split(strings.TrimRight(edit, "\n"), "\n")
	for _, item := range want {
		key := fmt.Sprint(item.Key)
		repl := lines[0:0:0]
		if from, to, ok := keyLines(editLines, key); ok {
			repl = editLines[from:to]
		}
		if from, to, ok := keyLines(lines, key); ok {
			lines = append(lines[:from:from], append(repl, lines[to:]...)...)
		} else {
			lines = append(lines, repl...)
		}
	}
	out := []byte(strings.Join(lines, "\n") + "\n")
	got, d := yamldoc.Parse("the file", out)
	if d != nil {
		return nil, fmt.Errorf("the file after the edit is not YAML: %s: %s", d.Position(), d.Message)
	}
	wantDoc, d := yamldoc.Parse("the edit", []byte(edit))
	if d != nil {
		return nil, fmt.Errorf("the edit is not YAML: %s: %s", d.Position(), d.Message)
	}
	for _, k := range wantDoc.Keys("") {
		ptr := "/" + schemamodel.EscapePointer(k)
		g, _ := got.At(ptr)
		v, _ := wantDoc.At(ptr)
		if !reflect.DeepEqual(g, v) {
			return nil, fmt.Errorf("after the edit, %s is %v, not %v: write the key at the start of a line", k, g, v)
		}
	}
	return out, nil
}

// keyLines finds the top-level key in lines: the line that starts with
// "key:" and the lines under it (indented, blank, or comments indented),
// without the blank and comment lines that end them (those open the next
// key). to is one past the last line.
func keyLines(lines []string, key string) (from, to int, ok bool) {
	from = -1
	for i, l := range lines {
		if strings.HasPrefix(l, key+":") {
			from = i
			break
		}
	}
	if from < 0 {
		return 0, 0, false
	}
	to = from + 1
	for to < len(lines) && (lines[to] == "" || strings.HasPrefix(lines[to], " ") || strings.HasPrefix(lines[to], "\t") || strings.HasPrefix(lines[to], "- ")) {
		to++
	}
	for to > from+1 && (strings.TrimSpace(lines[to-1]) == "" || strings.HasPrefix(strings.TrimSpace(lines[to-1]), "#")) {
		to--
	}
	return from, to, true
}
