package gallery

import (
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

func TestScalar(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"sunset.jpg", "sunset.jpg"},
		{"A quiet street, early (2019)", "A quiet street, early (2019)"},
		{"Ünïcödé café", "Ünïcödé café"},
		{"2019", `"2019"`},
		{"1.5e3", `"1.5e3"`},
		{"yes", `"yes"`},
		{"Off", `"Off"`},
		{"NULL", `"NULL"`},
		{"~", `"~"`},
		{"yesterday", "yesterday"},
		{"", `""`},
		{" leading", `" leading"`},
		{"trailing ", `"trailing "`},
		{"-dash first", `"-dash first"`},
		{"key: value", `"key: value"`},
		{"# not a comment", `"# not a comment"`},
		{"it's", "it's"},
		{"a/b-c_d.e", "a/b-c_d.e"},
		{`say "hi"`, `"say \"hi\""`},
		{"tab\there", `"tab\there"`},
	}
	for _, tt := range tests {
		got := scalar(tt.in)
		if got != tt.want {
			t.Errorf("scalar(%q) = %s, want %s", tt.in, got, tt.want)
		}
		var back map[string]string
		if err := yaml.Unmarshal([]byte("v: "+got), &back); err != nil {
			t.Errorf("scalar(%q) = %s, which YAML cannot read: %v", tt.in, got, err)
		} else if back["v"] != tt.in {
			t.Errorf("scalar(%q) = %s, which YAML reads back as %q", tt.in, got, back["v"])
		}
	}
}

// AddBlock puts `- type: gallery` after the body's last block, at the
// body's own indentation, and changes no other line; a body it cannot read
// as a block list is left to the owner.
func TestAddBlock(t *testing.T) {
	const head = "title: T\ncover: cover.jpg\n"
	tests := []struct {
		name, body, want, err string
	}{
		{"after the last block, before the comments that end the body",
			"body:\n  - type: text\n    text: |\n      The story.\n\n  # mine\nfoot: 1\n",
			"body:\n  - type: text\n    text: |\n      The story.\n  - type: gallery\n\n  # mine\nfoot: 1\n", ""},
		{"items at the first column", "body:\n- type: image\n  src: cover.jpg\n  alt: A card\n",
			"body:\n- type: image\n  src: cover.jpg\n  alt: A card\n- type: gallery\n", ""},
		{"CRLF kept", "body:\r\n  - type: text\r\n    text: Hi.\r\n",
			"body:\r\n  - type: text\r\n    text: Hi.\r\n  - type: gallery\r\n", ""},
		{"one there already", "body:\n  - type: gallery\n", "body:\n  - type: gallery\n", ""},
		{"a flow list", "body: [{type: text, text: Hi.}]\n", "", "add `- type: gallery` to it by hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := head + tt.body
			if tt.name == "CRLF kept" {
				in = "title: T\r\ncover: cover.jpg\r\n" + tt.body
			}
			got, err := AddBlock("project.yaml", []byte(in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := in[:len(in)-len(tt.body)] + tt.want; string(got) != want {
				t.Errorf("got:\n%q\nwant:\n%q", got, want)
			}
		})
	}
}
