package projectdelete

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/yamltext"
)

// RemoveFromOrder takes slug out of site.yaml's projectOrder, changing only
// the lines of that list: the item's own line in a block list
// ("  - slug"), or the list's line when it is written in brackets on one
// line; a list left empty becomes "projectOrder: []" (the key's comment
// kept). Every other line, comment and key order stays. The result is
// parsed again and its list must be the old one less slug, or nothing is
// written; it is written atomically. It reports whether site.yaml changed;
// a site.yaml without the slug in its list is left alone.
func RemoveFromOrder(contentDir, slug string) (bool, error) {
	file := filepath.Join(contentDir, content.SiteFile)
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	out, changed, err := removeFromOrder(file, data, slug)
	if err != nil || !changed {
		return false, err
	}
	fi, err := os.Stat(file)
	if err != nil {
		return false, err
	}
	return true, fsutil.WriteFileAtomic(file, out, fi.Mode().Perm())
}

// orderOf is site.yaml's projectOrder, and whether it is a list; an item
// that is not text is "".
func orderOf(doc *yamldoc.Document) ([]string, bool, error) {
	site, err := content.DecodeSite(doc)
	return site.ProjectOrder, site.ProjectOrder != nil, err
}

func removeFromOrder(file string, data []byte, slug string) ([]byte, bool, error) {
	doc, d := yamldoc.Parse(file, data)
	if d != nil {
		return nil, false, fmt.Errorf("%s: %s", file, d.Message)
	}
	list, ok, err := orderOf(doc)
	if err != nil || !ok {
		return data, false, err
	}
	var want []string
	var drop []int // indexes of the items to drop
	for i, v := range list {
		if v == slug {
			drop = append(drop, i)
		} else {
			want = append(want, v)
		}
	}
	if len(drop) == 0 {
		return data, false, nil
	}
	cantEdit := fmt.Errorf("%s: could not take %q out of %s; remove it by hand", file, slug, content.ProjectOrderKey)
	if slices.Contains(want, "") { // an item that is not text: leave the list to the owner
		return nil, false, cantEdit
	}
	text := string(data)
	eol := "\n"
	if strings.Contains(text, "\r\n") {
		eol = "\r\n"
	}
	lines := strings.Split(text, "\n")
	keyLine := doc.KeyPos("/"+content.ProjectOrderKey).Line - 1
	if keyLine < 0 || keyLine >= len(lines) {
		return nil, false, cantEdit
	}
	firstItem := doc.Pos(fmt.Sprintf("/%s/0", content.ProjectOrderKey)).Line - 1
	if firstItem == keyLine { // a flow list on the key's line: rewrite it
		line := strings.TrimSuffix(lines[keyLine], "\r")
		open, close := strings.Index(line, "["), strings.LastIndex(line, "]")
		if open < 0 || close < open {
			return nil, false, cantEdit
		}
		items := make([]string, len(want))
		for i, v := range want {
			items[i] = yamltext.Scalar(v)
		}
		lines[keyLine] = line[:open] + "[" + strings.Join(items, ", ") + "]" + line[close+1:]
		if eol == "\r\n" {
			lines[keyLine] += "\r"
		}
	} else {
		remove := map[int]bool{}
		for _, i := range drop {
			l := doc.Pos(fmt.Sprintf("/%s/%d", content.ProjectOrderKey, i)).Line - 1
			if l <= keyLine || l >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[l]), "-") {
				return nil, false, cantEdit
			}
			remove[l] = true
		}
		var kept []string
		for i, l := range lines {
			if !remove[i] {
				kept = append(kept, l)
			}
		}
		lines = kept
		if len(want) == 0 {
			// "projectOrder:" with no items would be null: an empty list.
			line := strings.TrimSuffix(lines[keyLine], "\r")
			i := strings.Index(line, content.ProjectOrderKey+":") + len(content.ProjectOrderKey) + 1
			rest := line[i:]
			lines[keyLine] = line[:i] + " []" + rest
			if eol == "\r\n" {
				lines[keyLine] += "\r"
			}
		}
	}
	out := []byte(strings.Join(lines, "\n"))
	check, d := yamldoc.Parse(file, out)
	if d != nil {
		return nil, false, cantEdit
	}
	got, _, err := orderOf(check)
	if err != nil {
		return nil, false, err
	}
	if want == nil {
		want = []string{}
	}
	if got == nil {
		got = []string{}
	}
	if !reflect.DeepEqual(got, want) {
		return nil, false, cantEdit
	}
	return out, true, nil
}
