package english

import "testing"

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
