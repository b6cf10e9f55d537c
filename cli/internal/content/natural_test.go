package content

import (
	"slices"
	"testing"
)

func TestNaturalCompare(t *testing.T) {
	tests := []struct {
		in   []string
		want []string
	}{
		{[]string{"10.jpg", "2.jpg", "1.jpg"}, []string{"1.jpg", "2.jpg", "10.jpg"}},
		{[]string{"gallery/img12.png", "gallery/img2.png"}, []string{"gallery/img2.png", "gallery/img12.png"}},
		{[]string{"02.jpg", "2.jpg", "1.jpg"}, []string{"1.jpg", "02.jpg", "2.jpg"}},
		{[]string{"b.jpg", "a10.jpg", "a9.jpg", "a.jpg"}, []string{"a.jpg", "a9.jpg", "a10.jpg", "b.jpg"}},
		{[]string{"x-100-b.jpg", "x-100-a.jpg", "x-99.jpg"}, []string{"x-99.jpg", "x-100-a.jpg", "x-100-b.jpg"}},
		{[]string{"000000000000000000000012.jpg", "11.jpg"}, []string{"11.jpg", "000000000000000000000012.jpg"}},
	}
	for _, tt := range tests {
		got := slices.Clone(tt.in)
		slices.SortFunc(got, NaturalCompare)
		if !slices.Equal(got, tt.want) {
			t.Errorf("sort %v = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestNaturalCompareIsAntisymmetric(t *testing.T) {
	names := []string{"1.jpg", "01.jpg", "001.jpg", "a", "a1", "a01", "10", "9", ""}
	for _, a := range names {
		for _, b := range names {
			if x, y := NaturalCompare(a, b), NaturalCompare(b, a); x != -y {
				t.Errorf("Compare(%q,%q)=%d but Compare(%q,%q)=%d", a, b, x, b, a, y)
			}
			if (NaturalCompare(a, b) == 0) != (a == b) {
				t.Errorf("Compare(%q,%q) = 0 for different strings", a, b)
			}
		}
	}
}
