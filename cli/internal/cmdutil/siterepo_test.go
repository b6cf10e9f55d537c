package cmdutil

import (
	"errors"
	"os"
	"path/filepath"
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

func TestEnterSiteRepo(t *testing.T) {
	repo := t.TempDir()
	for _, f := range []string{"site/package.json", "schema/site.schema.json"} {
		if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, f), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
