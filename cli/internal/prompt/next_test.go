package prompt

import (
	"path/filepath"
	"testing"
)

func TestContentFlag(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	for in, want := range map[string]string{
		"content":          "",
		"":                 "",
		"/srv/my site":     " --content '/srv/my site'",
		"/srv/it's":        ` --content '/srv/it'\''s'`,
		"mysite":           " --content " + filepath.Join(wd, "mysite"),
		"/srv/plain-site1": " --content /srv/plain-site1",
	} {
		if got := ContentFlag(in); got != want {
			t.Errorf("ContentFlag(%q) = %q, want %q", in, got, want)
		}
	}
}
