package content

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The home page's photographs resolve to the images they name: the
// manifest key, the gallery's alt text and place (0 for a cover), and the
// featured layout takes the galleries' photos in turn, up to count.
func TestHomeResolves(t *testing.T) {
	beta := strings.NewReplacer("title: Alpha", "title: Beta").Replace(testProject)
	tests := []struct {
		name string
		home string
		want []string // key alt project n
	}{
		{"photo", "home:\n  layout: photo\n  photos: [alpha/gallery/2.png, alpha/cover.jpg]\n",
			[]string{"projects/alpha/gallery/2.png|Alpha 2|alpha|2", "projects/alpha/cover.jpg|Alpha|alpha|0"}},
		{"featured in turn", "home: {layout: featured, galleries: [beta, alpha], count: 5}\n",
			[]string{
				"projects/beta/gallery/1.jpg|Beta 1|beta|1", "projects/alpha/gallery/1.jpg|Alpha 1|alpha|1",
				"projects/beta/gallery/2.png|Beta 2|beta|2", "projects/alpha/gallery/2.png|Alpha 2|alpha|2",
				"projects/beta/gallery/10.jpg|Beta 3|beta|3",
			}},
		{"featured fewer than count", "home: {layout: featured, galleries: [alpha]}\n",
			[]string{"projects/alpha/gallery/1.jpg|Alpha 1|alpha|1", "projects/alpha/gallery/2.png|Alpha 2|alpha|2", "projects/alpha/gallery/10.jpg|Alpha 3|alpha|3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			f["site.yaml"] = append(f["site.yaml"], tt.home...)
			for _, name := range []string{"project.yaml", "cover.jpg", "gallery/1.jpg", "gallery/2.png", "gallery/10.jpg"} {
				f["projects/beta/"+name] = f["projects/alpha/"+name]
			}
			f["projects/beta/project.yaml"] = []byte(beta)
			c, diags, err := Load(tree(t, f), Options{})
			if err != nil || diags.Errors() != 0 {
				t.Fatalf("err %v, diags:\n%s", err, dump(diags))
			}
			var got []string
			for _, p := range c.Site.Home.Photos {
				got = append(got, fmt.Sprintf("%s|%s|%s|%d", p.Key, p.Alt, p.Project, p.N))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("photos\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// Without a home key the site keeps its typographic home page and cards.
func TestHomeDefaults(t *testing.T) {
	c, _, err := Load(tree(t, validFiles(t)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Site.Home != nil || c.Site.Previews != PreviewCards {
		t.Errorf("home %+v, previews %q; want none and %q", c.Site.Home, c.Site.Previews, PreviewCards)
	}
}
