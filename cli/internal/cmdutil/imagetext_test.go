package cmdutil

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// The flags pair as they are given: a caption goes with the --alt before
// it, never the next image; what cannot be paired is an error naming the
// flag.
func TestImageTexts(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []ImageText
		err  string
	}{
		{"issue 35's example", []string{"--alt", "A", "--caption", "Rain on the pond", "--alt", "B", "--alt", "C", "--caption", "Sandhammaren, August"},
			[]ImageText{{"A", "Rain on the pond"}, {"B", ""}, {"C", "Sandhammaren, August"}}, ""},
		{"an empty alt keeps the default, its caption still its own", []string{"--alt", "", "--caption", "x", "--alt", "y"},
			[]ImageText{{"", "x"}, {"y", ""}}, ""},
		{"alts only", []string{"--alt", "a", "--alt=b"}, []ImageText{{"a", ""}, {"b", ""}}, ""},
		{"none", nil, nil, ""},
		{"a caption first", []string{"--caption", "x", "--alt", "a"}, nil, `invalid argument "x" for "--caption" flag: a --caption belongs to the image of the --alt before it, and none came before`},
		{"two captions after one alt", []string{"--alt", "a", "--caption", "x", "--caption", "y"}, nil, `invalid argument "y" for "--caption" flag: the --alt "a" has the caption "x" already`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
			var texts ImageTexts
			texts.AddFlags(fs, "", "")
			err := fs.Parse(tt.args)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(texts.List, tt.want) {
				t.Errorf("texts = %q, want %q", texts.List, tt.want)
			}
		})
	}
}

func TestCheckTextCount(t *testing.T) {
	if err := CheckTextCount(3, 3, "3 gallery images", "gallery order"); err != nil {
		t.Errorf("as many texts as images: %v", err)
	}
	err := CheckTextCount(4, 3, "3 gallery images", "gallery order")
	var ue *UsageError
	if !errors.As(err, &ue) || err.Error() != "--alt: 4 alt texts for 3 gallery images: give at most one --alt per image, in gallery order" {
		t.Errorf("err = %v", err)
	}
}

// A flag that describes one thing refuses a second value rather than keep
// the last.
func TestOnceString(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	var alt string
	fs.Var(OnceString(&alt, "alt", "one image"), "alt", "")
	if err := fs.Parse([]string{"--alt", "a"}); err != nil || alt != "a" {
		t.Fatalf("alt = %q, err = %v", alt, err)
	}
	err := fs.Parse([]string{"--alt", "b"})
	if err == nil || !strings.Contains(err.Error(), `invalid argument "b" for "--alt" flag: given twice: one image, give --alt once`) || alt != "a" {
		t.Errorf("alt = %q, err = %v", alt, err)
	}
}
