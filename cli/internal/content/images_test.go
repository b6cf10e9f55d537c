package content

import "testing"

// images.delivery decodes to its word, build when left out: the one place
// its default is applied is the schema's.
func TestImagesDelivery(t *testing.T) {
	for _, tt := range []struct{ name, yaml, want string }{
		{"left out", "", DeliveryBuild},
		{"empty", "images: {}\n", DeliveryBuild},
		{"build", "images: {delivery: build}\n", DeliveryBuild},
		{"netlify", "images:\n  delivery: netlify\n", DeliveryNetlify},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := validFiles(t)
			f["site.yaml"] = append(f["site.yaml"], tt.yaml...)
			c, diags, err := Load(tree(t, f), Options{})
			if err != nil || diags.Errors() != 0 {
				t.Fatalf("err %v, diags:\n%s", err, dump(diags))
			}
			if got := c.Site.Images.Delivery; got != tt.want {
				t.Errorf("delivery %q, want %q", got, tt.want)
			}
		})
	}
}
