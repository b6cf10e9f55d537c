package gallery

import (
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
