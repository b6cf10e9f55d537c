package projectdelete

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRemoveFromOrder(t *testing.T) {
	const head = "# yaml-language-server: $schema=x\nname: Ava # the owner\n"
	for _, tt := range []struct {
		name, in, want string
		changed        bool
	}{
		{"a block list: only the item's line goes",
			head + "# Cards in this order:\nprojectOrder:\n  - alpha\n  - tide # the best\n  - beta\nurl: https://x.example\n",
			head + "# Cards in this order:\nprojectOrder:\n  - alpha\n  - beta\nurl: https://x.example\n", true},
		{"the only item: an empty list, the key's comment kept",
			head + "projectOrder: # cards\n  - tide\nurl: https://x.example\n",
			head + "projectOrder: [] # cards\nurl: https://x.example\n", true},
		{"a list at the key's indentation",
			"projectOrder:\n- tide\n- beta\n", "projectOrder:\n- beta\n", true},
		{"a flow list on one line, its comment kept",
			head + "projectOrder: [alpha, tide, \"beta\"] # cards\n",
			head + "projectOrder: [alpha, beta] # cards\n", true},
		{"Windows line ends stay",
			"name: Ava\r\nprojectOrder:\r\n  - tide\r\n  - beta\r\n", "name: Ava\r\nprojectOrder:\r\n  - beta\r\n", true},
		{"not in the list: unchanged", head + "projectOrder:\n  - alpha\n", head + "projectOrder:\n  - alpha\n", false},
		{"no list: unchanged", head, head, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "site.yaml")
			if err := os.WriteFile(file, []byte(tt.in), 0o644); err != nil {
				t.Fatal(err)
			}
			changed, err := RemoveFromOrder(dir, "tide")
			if err != nil || changed != tt.changed {
				t.Fatalf("changed %v, err %v", changed, err)
			}
			got, _ := os.ReadFile(file)
			if string(got) != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// A list the line edit cannot take the slug out of (brackets over several
// lines, an item that is not text) is left as it was, with an error saying
// what to do.
func TestRemoveFromOrderRefusesWhatItCannotEdit(t *testing.T) {
	for name, in := range map[string]string{
		"brackets over several lines": "projectOrder: [\n  alpha,\n  tide,\n]\n",
		"an item that is not text":    "projectOrder: [alpha, 42, tide]\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "site.yaml")
			if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
				t.Fatal(err)
			}
			changed, err := RemoveFromOrder(dir, "tide")
			if changed || err == nil || !strings.Contains(err.Error(), "remove it by hand") {
				t.Errorf("changed %v, err %v", changed, err)
			}
			if got, _ := os.ReadFile(file); string(got) != in {
				t.Errorf("site.yaml changed:\n%s", got)
			}
		})
	}
}
