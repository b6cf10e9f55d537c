package cmdutil

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

func command(t *testing.T, args ...string) *cobra.Command {
	t.Helper()
	cmd := &cobra.Command{Use: "serve"}
	cmd.Flags().String("content", "content", "")
	cmd.Flags().String("site", "site", "")
	if err := cmd.Flags().Parse(args); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// fakeRepo makes a folder that commands take for the repository (its
// site's package.json and a schema), with the extra files named.
func fakeRepo(t *testing.T, extra ...string) string {
	t.Helper()
	repo := t.TempDir()
	for _, f := range append([]string{"site/package.json", "schema/site.schema.json"}, extra...) {
		if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, f), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}

func TestEnterSiteRepo(t *testing.T) {
	repo := fakeRepo(t)
	t.Run("from a folder inside the repository", func(t *testing.T) {
		sub := filepath.Join(repo, "notes", "jo")
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Chdir(sub)
		content := "mine"
		if err := EnterSiteRepo(command(t, "--content", "mine"), &content, "site"); err != nil {
			t.Fatal(err)
		}
		wd, _ := os.Getwd()
		if wd != repo || content != filepath.Join(sub, "mine") {
			t.Errorf("in %s with content %s", wd, content)
		}
	})
	t.Run("outside any repository", func(t *testing.T) {
		elsewhere := t.TempDir()
		t.Chdir(elsewhere)
		content := "jo"
		err := EnterSiteRepo(command(t, "--content", "jo"), &content, "site")
		var ue *UsageError
		if !errors.As(err, &ue) {
			t.Fatalf("err = %v, want a usage error", err)
		}
		if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
			t.Errorf("left in the current folder: %v", entries)
		}
	})
	t.Run("--site without package.json", func(t *testing.T) {
		t.Chdir(repo)
		content := "content"
		var ue *UsageError
		if err := EnterSiteRepo(command(t, "--site", "nowhere"), &content, "nowhere"); !errors.As(err, &ue) {
			t.Fatalf("err = %v", err)
		}
	})
}

// The content commands find the repository's content folder from one of
// its folders, as seen from there; a content folder where they run, or one
// given, is used as it is; outside any repository they say so.
func TestLocateContent(t *testing.T) {
	repo := fakeRepo(t, "content/site.yaml")
	elsewhere := t.TempDir()
	if err := os.MkdirAll(filepath.Join(elsewhere, "here", "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, in string
		args     []string
		want     string // the content folder after; "usage" for the error
	}{
		{"the repository's root", repo, nil, "content"},
		{"its site folder", filepath.Join(repo, "site"), nil, filepath.Join("..", "content")},
		{"a folder given", filepath.Join(repo, "site"), []string{"--content", "mine"}, "mine"},
		{"a content folder outside any repository", filepath.Join(elsewhere, "here"), nil, "content"},
		{"outside, with none", elsewhere, nil, "usage"},
		{"outside, one given", elsewhere, []string{"--content", "x"}, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(tt.in)
			cmd := command(t, tt.args...)
			dir := cmd.Flags().Lookup("content").Value.String()
			err := LocateContent(cmd, "content", &dir)
			wd, _ := os.Getwd()
			if wd != tt.in {
				t.Errorf("moved to %s", wd)
			}
			var ue *UsageError
			if tt.want == "usage" {
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), "is outside the portfolio repository") || !strings.Contains(err.Error(), "give --content DIR") {
					t.Errorf("err = %v", err)
				}
				return
			}
			if err != nil || dir != tt.want {
				t.Errorf("dir = %q, err = %v; want %q", dir, err, tt.want)
			}
		})
	}
	t.Run("delete enters the repository", func(t *testing.T) {
		t.Chdir(filepath.Join(repo, "site"))
		dir := "content"
		if err := EnterContentRepo(command(t), "content", &dir); err != nil {
			t.Fatal(err)
		}
		if wd, _ := os.Getwd(); wd != repo || dir != "content" {
			t.Errorf("in %s with %s", wd, dir)
		}
	})
}

// images and generate enter the repository when there is one, their path
// flags kept as meant; without one they stay where they are.
func TestEnterRepoIfAny(t *testing.T) {
	repo := fakeRepo(t)
	site := filepath.Join(repo, "site")
	t.Chdir(site)
	cmd := command(t, "--content", "../content")
	cmd.Flags().String("out", "site/src/generated/content.ts", "")
	content, out := "../content", "site/src/generated/content.ts"
	if err := EnterRepoIfAny(cmd, map[string]*string{"content": &content, "out": &out}); err != nil {
		t.Fatal(err)
	}
	if wd, _ := os.Getwd(); wd != repo || content != filepath.Join(repo, "content") || out != "site/src/generated/content.ts" {
		t.Errorf("in %s with content %s, out %s", wd, content, out)
	}
	elsewhere := t.TempDir()
	t.Chdir(elsewhere)
	content = "content"
	if err := EnterRepoIfAny(command(t), map[string]*string{"content": &content}); err != nil {
		t.Fatal(err)
	}
	if wd, _ := os.Getwd(); wd != elsewhere || content != "content" {
		t.Errorf("outside: in %s with %s", wd, content)
	}
}
