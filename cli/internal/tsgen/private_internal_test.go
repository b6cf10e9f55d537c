package tsgen

import (
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/privateaccess"
)

// What the favourites are checked against (issue 48): each private
// project's title and its gallery's file names, as its form names them;
// nothing of a public project.
func TestGalleriesJSON(t *testing.T) {
	c := &content.Content{Projects: []*content.Project{
		{Slug: "smith-wedding", ProjectData: content.ProjectData{Title: "The Smith Wedding", Access: content.AccessPrivate}, Gallery: []content.GalleryImage{
			{Path: "gallery/IMG_0101.jpg"}, {Path: "gallery/more/IMG_0104.mp4"}, {URL: "https://example.com/x.jpg"},
		}},
		{Slug: "empty", ProjectData: content.ProjectData{Title: "Nothing yet", Access: content.AccessPrivate}},
		{Slug: "public", ProjectData: content.ProjectData{Title: "Public"}, Gallery: []content.GalleryImage{{Path: "gallery/p.jpg"}}},
	}}
	g, err := privateaccess.ReadGalleries(galleriesJSON(c))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Projects) != 2 {
		t.Errorf("projects %v, want the two private ones", g.Projects)
	}
	if got := g.Projects["smith-wedding"]; got.Title != "The Smith Wedding" || len(got.Photos) != 2 || got.Photos[0] != "IMG_0101.jpg" || got.Photos[1] != "IMG_0104.mp4" {
		t.Errorf("smith-wedding: %+v", got)
	}
	if got := g.Projects["empty"]; got.Photos == nil || len(got.Photos) != 0 {
		t.Errorf("empty: %+v, want no photos (a list, not null)", got)
	}
	none, _ := privateaccess.ReadGalleries(galleriesJSON(&content.Content{}))
	if none.Projects == nil {
		t.Error("without a private project: want an empty object, not null")
	}
}
