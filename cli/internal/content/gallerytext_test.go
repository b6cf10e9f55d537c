package content

import "testing"

func TestGalleryAlt(t *testing.T) {
	tests := []struct {
		name, title string
		n           int
		alt, want   string
	}{
		{"no alt: the title and number (docs/site.md §2)", "Drone Photography", 1, "", "Drone Photography 1"},
		{"the owner's alt follows them", "Drone Photography", 1, "A pale sun over layered hills", "Drone Photography 1: A pale sun over layered hills"},
		{"surrounding spaces dropped", "Drone Photography", 2, "  A jagged ridge \n", "Drone Photography 2: A jagged ridge"},
		// Content never repeats what is derived: a title the
		// owner wrote first is said once.
		{"the title first, then a space", "Drone Photography", 2, "Drone Photography over the foothills", "Drone Photography 2: over the foothills"},
		{"the title first, then a colon", "Drone Photography", 1, "Drone Photography: a ridge at dawn", "Drone Photography 1: a ridge at dawn"},
		{"the title in another case", "Drone Photography", 1, "drone photography — a ridge at dawn", "Drone Photography 1: a ridge at dawn"},
		{"the title and this number first", "Drone Photography", 3, "Drone Photography 3 - the ridge at dawn", "Drone Photography 3: the ridge at dawn"},
		{"only the title and this number", "Drone Photography", 3, "Drone Photography 3", "Drone Photography 3"},
		{"only the title", "Drone Photography", 4, "Drone Photography.", "Drone Photography 4"},
		{"a number that is not this one stays", "Drone Photography", 3, "Drone Photography 30 m above the lake", "Drone Photography 3: 30 m above the lake"},
		{"the title as part of a word stays", "Camp", 2, "Campfire at dusk, six people around it", "Camp 2: Campfire at dusk, six people around it"},
		{"the title's possessive stays", "UNC Greensboro", 5, "UNC Greensboro's library at dusk", "UNC Greensboro 5: UNC Greensboro's library at dusk"},
		{"the title later in the alt stays", "College Sports", 7, "Fans at a College Sports game", "College Sports 7: Fans at a College Sports game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GalleryAlt(tt.title, tt.n, tt.alt); got != tt.want {
				t.Errorf("GalleryAlt(%q, %d, %q) = %q, want %q", tt.title, tt.n, tt.alt, got, tt.want)
			}
		})
	}
}
