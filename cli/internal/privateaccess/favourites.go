package privateaccess

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// GalleriesFile is the name, in the site's generated folder
// (site/src/generated/), of what the build says of each private project
// for its favourites: its title and its gallery's file names, by slug
// (package tsgen writes it, on every build, empty when there is none).
// `portfolio serve` reads it; the Edge Function bundles it
// (netlify/edge-functions/private.js). The site's pages never load it.
const GalleriesFile = "private-gate.json"

// Galleries is GalleriesFile's content.
type Galleries struct {
	Projects map[string]Gallery `json:"projects"`
}

// Gallery is one private project as its favourites are checked: the
// title the owner reads the list under, and the file name of every photo
// (and video) of its gallery.
type Gallery struct {
	Title  string   `json:"title"`
	Photos []string `json:"photos"`
}

// ReadGalleries reads GalleriesFile's content.
func ReadGalleries(data []byte) (Galleries, error) {
	var g Galleries
	if err := json.Unmarshal(data, &g); err != nil {
		return Galleries{}, fmt.Errorf("%s: %w", GalleriesFile, err)
	}
	return g, nil
}

// The favourites post's fields a problem is about (package contact's names
// of the same fields).
const (
	FieldProject = "project"
	FieldPhotos  = "photos"
)

// maxNamed is how many unknown names a problem lists.
const maxNamed = 5

// Check is the rule for a favourites post past the gate: the project is
// the one the gate admitted (the post's own project field must name it:
// one project's cookie never files a list under another's title), and
// every photo named is in that project's gallery. It returns the field at
// fault and the problem in words, or "", "" when the post may be stored
// under g.Title. photos are the names as posted, each trimmed, empty ones
// dropped. The Edge Function applies the same rule
// (netlify/private-gate/gate.mjs checkFavourites), held to the same
// vectors (testdata/vectors.json).
func (g Gallery) Check(project string, photos []string) (field, problem string) {
	if project != g.Title {
		return FieldProject, "This list was made on another project's page; send it from this project's page"
	}
	var unknown []string
	for _, name := range photos {
		if !slices.Contains(g.Photos, name) && !slices.Contains(unknown, name) {
			unknown = append(unknown, name)
		}
	}
	switch n := len(unknown); {
	case n == 0:
		return "", ""
	case n > maxNamed:
		return FieldPhotos, fmt.Sprintf("Not in this project's gallery: %s and %d more; choose the photos on this project's page", strings.Join(unknown[:maxNamed], ", "), n-maxNamed)
	default:
		return FieldPhotos, fmt.Sprintf("Not in this project's gallery: %s; choose the photos on this project's page", strings.Join(unknown, ", "))
	}
}
