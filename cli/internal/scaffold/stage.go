package scaffold

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
)

// CheckStaged is the check step every scaffold shares (new project, init,
// the gallery commands): staging is a content folder assembled beside the
// real one, stage the part of it being made (a project folder, or staging
// itself for init), final where stage goes once in place. The real
// content folder's site.yaml is linked into staging when staging has none,
// so a project is checked with the site's rules too (an address on the
// site's own host, for one). It loads staging with `portfolio validate`'s
// loader and returns the diagnostics about stage, their files and hints
// named as they will be once in place.
func CheckStaged(contentDir, staging, stage, final string) (diag.List, error) {
	site := filepath.Join(staging, content.SiteFile)
	if _, err := os.Lstat(site); errors.Is(err, fs.ErrNotExist) && contentDir != "" {
		real := filepath.Join(contentDir, content.SiteFile)
		if fi, err := os.Stat(real); err == nil && fi.Mode().IsRegular() {
			if err := os.Link(real, site); err != nil {
				data, err := os.ReadFile(real)
				if err != nil {
					return nil, err
				}
				if err := os.WriteFile(site, data, 0o644); err != nil {
					return nil, err
				}
			}
		}
	}
	_, diags, err := content.Load(staging, content.Options{})
	if err != nil {
		return nil, err
	}
	var out diag.List
	for _, d := range diags {
		rel, err := filepath.Rel(stage, d.File)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue // the site's own file, or another part: not this one's concern
		}
		d.File = filepath.Join(final, rel)
		d.Hint = strings.ReplaceAll(d.Hint, stage, final)
		out = append(out, d)
	}
	return out, nil
}
