package contact_test

import (
	"slices"
	"testing"

	"portfolio/cli/internal/contact"
)

// ParseFavourites reads back what Favourites.Message writes, and nothing
// else: `portfolio messages --favourites` lists only real lists.
func TestParseFavourites(t *testing.T) {
	written := func(f contact.Favourites) string { return f.Message().Message }
	for _, c := range []struct {
		name   string
		body   string
		title  string
		photos []string // nil: not a list
	}{
		{"a list with a note", written(contact.Favourites{Project: "The Smith Wedding", Photos: "IMG_0101.jpg\nIMG_0103.jpg", Note: "The first two, please."}), "The Smith Wedding", []string{"IMG_0101.jpg", "IMG_0103.jpg"}},
		{"one photo, no note", written(contact.Favourites{Project: "Shore", Photos: "a b.jpg"}), "Shore", []string{"a b.jpg"}},
		{"a title with quotes and a parenthesis", written(contact.Favourites{Project: "“Anna” (and Erik)", Photos: "x.jpg"}), "“Anna” (and Erik)", []string{"x.jpg"}},
		{"a contact message", "Hello, I'd like a quote.\n", "", nil},
		{"the count larger than the list", "Favourites from “S” (3 photos):\na.jpg\nb.jpg\n", "", nil},
		{"the count smaller than the list", "Favourites from “S” (1 photo):\na.jpg\nb.jpg\n", "", nil},
		{"a wrong noun", "Favourites from “S” (2 photo):\na.jpg\nb.jpg\n", "", nil},
		{"a count spelled 02", "Favourites from “S” (02 photos):\na.jpg\nb.jpg\n", "", nil},
		{"no count", "Favourites from “S”:\na.jpg\n", "", nil},
		{"an empty name", "Favourites from “S” (1 photo):\n\n", "", nil},
		{"only the head", "Favourites from “S” (1 photo):", "", nil},
	} {
		title, photos, ok := contact.ParseFavourites(c.body)
		if ok != (c.photos != nil) || title != c.title || !slices.Equal(photos, c.photos) {
			t.Errorf("%s: ParseFavourites(%q) = %q, %q, %v; want %q, %q", c.name, c.body, title, photos, ok, c.title, c.photos)
		}
	}
}
