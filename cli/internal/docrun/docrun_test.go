package docrun

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		md   string
		want []Block
		err  string // part of the error; "" for none
	}{
		{"sh runs", "Install:\n\n```sh\ngo install ./x\nx version\n```\n",
			[]Block{{Line: 3, Kind: Run, Code: "go install ./x\nx version\n"}}, ""},
		{"a server", "<!-- runs until Ctrl-C -->\n```sh\nportfolio serve\n```\n",
			[]Block{{Line: 2, Kind: Serve, Code: "portfolio serve\n"}}, ""},
		{"the marker must be right before", "<!-- runs until Ctrl-C -->\n\nThen:\n```sh\nportfolio serve\n```\n",
			[]Block{{Line: 4, Kind: Run, Code: "portfolio serve\n"}}, ""},
		{"shell with its reason", "<!-- not run: needs GitHub -->\n\n```shell\ngit push\n```\n",
			[]Block{{Line: 3, Kind: Skip, Code: "git push\n", Reason: "needs GitHub"}}, ""},
		{"other blocks are not shell", "```yaml\nname: x\n```\n\n```\nplain\n```\n\n````md\n```sh\nnested\n```\n````\n", nil, ""},
		{"several in order", "```sh\na\n```\n<!-- not run: b -->\n```shell\nb\n```\n```sh\nc\n```\n",
			[]Block{{Line: 1, Kind: Run, Code: "a\n"}, {Line: 5, Kind: Skip, Code: "b\n", Reason: "b"}, {Line: 8, Kind: Run, Code: "c\n"}}, ""},
		{"shell without a reason", "Push:\n```shell\ngit push\n```\n", nil, "line 2: a shell block the test does not run needs its reason"},
		{"an empty reason", "<!-- not run: -->\n```shell\ngit push\n```\n", nil, "line 2: a shell block"},
		{"bash", "```bash\nmake\n```\n", nil, "line 1: a bash block: write sh"},
		{"console", "text\n\n```console\n$ make\n```\n", nil, "line 3: a console block"},
		{"not closed", "```sh\nmake\n", nil, "a sh block is not closed"},
		{"an edit", "In content/site.yaml:\n<!-- edit: content/site.yaml -->\n\n```yaml\ncategories: []\n```\n",
			[]Block{{Line: 4, Kind: Edit, Code: "categories: []\n", File: "content/site.yaml"}}, ""},
		{"an edit before a shell block", "<!-- edit: content/site.yaml -->\n```sh\nmake\n```\n", nil, "line 2: <!-- edit: PATH --> goes before the yaml block"},
		{"an edit before other text", "<!-- edit: content/site.yaml -->\n```json\n{}\n```\n", nil, "line 2: <!-- edit: PATH --> goes before a yaml block"},
		{"an edit without its file", "<!-- edit: -->\n```yaml\na: 1\n```\n", nil, "line 2: <!-- edit: PATH --> goes before a yaml block"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.md))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestApplyEdit(t *testing.T) {
	const site = `# The owner's settings.
name: Sam Rivera

# The categories, in the order of the navigation.
categories:
  - slug: work
    title: Work
    description: Work by Sam Rivera.

# The contact page.
contact:
  title: Contact
`
	tests := []struct {
		name, edit, want, err string
	}{
		{"a key replaced, the comments around it kept", "categories:\n  - slug: photography\n    title: Photography\n    description: Photographs.\n",
			strings.Replace(site, "  - slug: work\n    title: Work\n    description: Work by Sam Rivera.\n", "  - slug: photography\n    title: Photography\n    description: Photographs.\n", 1), ""},
		{"two keys, one new", "name: Sam R.\nmeasurementId: G-ABC123\n", strings.Replace(site, "name: Sam Rivera", "name: Sam R.", 1) + "measurementId: G-ABC123\n", ""},
		{"a flow value", "categories: [{slug: a, title: A, description: A.}]\n",
			strings.Replace(site, "categories:\n  - slug: work\n    title: Work\n    description: Work by Sam Rivera.\n", "categories: [{slug: a, title: A, description: A.}]\n", 1), ""},
		{"not YAML", "categories: [\n", "", "the edit is not YAML"},
		{"nothing", "# only a comment\n", "", "the edit names no key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ApplyEdit([]byte(site), tt.edit)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// What the owner reads (the guide, the README, every command's help) never
// tells them to delete a folder: a way back is a command that moves things
// aside (issue 35: the guide's `rm -rf content && mv …` lost an owner's
// work), and the guide names that command.
func TestOwnerInstructionsDeleteNothing(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	files, _ := filepath.Glob(filepath.Join(root, "docs", "commands", "*.md"))
	files = append(files, filepath.Join(root, guide), filepath.Join(root, "README.md"))
	deletes := regexp.MustCompile(`\brm\s+-[a-zA-Z]*[rR]`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if deletes.MatchString(line) {
				t.Errorf("%s:%d: tells the owner to delete: %s", f, i+1, line)
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(root, guide))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "portfolio init --restore-sample") {
		t.Errorf("%s does not name `portfolio init --restore-sample`, the way back to the sample", guide)
	}
}
