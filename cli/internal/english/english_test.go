package english

import (
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "project", "0 projects"},
		{1, "project", "1 project"},
		{2, "page module", "2 page modules"},
		{-1, "error", "-1 errors"},
		{1000, "image", "1000 images"},
	} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}

func TestOr(t *testing.T) {
	for _, tc := range []struct {
		items []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a or b"},
		{[]string{"a", "b", "c"}, "a, b or c"},
	} {
		if got := Or(tc.items); got != tc.want {
			t.Errorf("Or(%q) = %q, want %q", tc.items, got, tc.want)
		}
		if want := strings.ReplaceAll(tc.want, " or ", " and "); And(tc.items) != want {
			t.Errorf("And(%q) = %q, want %q", tc.items, And(tc.items), want)
		}
	}
}
