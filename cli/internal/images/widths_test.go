package images

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"portfolio/cli/internal/importimage"
	"portfolio/schema"
)

// The widths the build makes are spelled once (DefaultWidths, ending with
// importimage.WidestShown); the site schema's description of
// images.delivery, which the owner reads in the editor and in
// docs/content.md, names the range and the import's limit: it must name
// these.
func TestDeliveryDescriptionNamesTheWidths(t *testing.T) {
	var site struct {
		Properties struct {
			Images struct {
				Properties struct {
					Delivery struct {
						Description string `json:"description"`
					} `json:"delivery"`
				} `json:"properties"`
			} `json:"images"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(schema.Site, &site); err != nil {
		t.Fatal(err)
	}
	text := site.Properties.Images.Properties.Delivery.Description
	if text == "" {
		t.Fatal("site.schema.json has no description of images.delivery")
	}
	if DefaultWidths[len(DefaultWidths)-1] != importimage.WidestShown {
		t.Errorf("DefaultWidths ends with %d, but importimage.WidestShown is %d", DefaultWidths[len(DefaultWidths)-1], importimage.WidestShown)
	}
	for _, want := range []string{
		fmt.Sprintf("(%d to %d px,", DefaultWidths[0], importimage.WidestShown),
		fmt.Sprintf("an original over %d px shrunk", importimage.DefaultMaxEdge),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("site.schema.json's images.delivery description does not say %q:\n%s", want, text)
		}
	}
}
