package metastrip

import (
	"slices"
	"testing"
)

// Each file says what it lost, its name escaped: a file name can hold an
// escape sequence or a line break.
func TestReportLines(t *testing.T) {
	var r Report
	r.Add("IMG_0042.jpg", Removed{"GPS position", "camera serial number"})
	r.Add("clean.jpg", nil)
	r.Add("evil\x1b[2J\nname.jpg", Removed{"maker notes"})
	want := []string{`IMG_0042.jpg: GPS position, camera serial number`, `evil\x1b[2J\nname.jpg: maker notes`}
	if got := r.Lines(); !slices.Equal(got, want) {
		t.Errorf("Lines() = %q, want %q", got, want)
	}
	if r.String() != "GPS position, camera serial number, maker notes (from 2 images)" {
		t.Errorf("String() = %q", r.String())
	}
}
