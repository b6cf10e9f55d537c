package content

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/videocheck"
	"portfolio/schema"
)

// schemaAt is the value at a JSON pointer of a schema (issue 53: the
// tables the schemas and the Go code both hold are compared here).
func schemaAt(t *testing.T, doc []byte, pointer string) map[string]any {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	for _, key := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: no object at %q", pointer, key)
		}
		v = m[key]
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%s: not an object in the schema", pointer)
	}
	return m
}

// TestGoValuesAreTheSchemasEnums: each value the Go code names by a
// constant is one the schema allows, and where the Go code names every
// value (all), the schema allows no other. A value renamed or added on
// one side fails here; the site's types come from the schemas
// (package tsgen), so TypeScript's checker holds the site's literals.
func TestGoValuesAreTheSchemasEnums(t *testing.T) {
	for _, tt := range []struct {
		doc     []byte
		pointer string
		values  []string
		all     bool
	}{
		{schema.Project, "/$defs/galleryBlock/properties/order", []string{OrderTaken, OrderTexts}, false},
		{schema.Site, "/properties/gallery/properties/order", []string{OrderTaken}, false},
		{schema.Site, "/$defs/category/properties/gallery/properties/order", []string{OrderTaken}, false},
		{schema.Project, "/$defs/galleryBlock/properties/exif", []string{ExifShow}, false},
		{schema.Site, "/properties/gallery/properties/exif", []string{ExifShow}, false},
		{schema.Site, "/$defs/category/properties/gallery/properties/exif", []string{ExifShow}, false},
		{schema.Project, "/properties/access", []string{AccessPrivate}, false},
		{schema.Project, "/properties/downloads", []string{DownloadsNone, DownloadsOriginals}, false},
		{schema.Site, "/properties/home/properties/layout", []string{HomeText, HomePhotos, HomeFeatured, HomeVideos}, true},
		{schema.Site, "/properties/previews", []string{PreviewCards, PreviewPhotos}, true},
		{schema.Site, "/properties/analytics/properties/provider", []string{ProviderGA4, ProviderPlausible, ProviderUmami, ProviderGoatCounter, ProviderNone}, true},
		{schema.Site, "/properties/rights/properties/aiTraining", []string{AITrainingDisallow, AITrainingAllow}, true},
		{schema.Site, "/properties/images/properties/delivery", []string{DeliveryBuild, DeliveryNetlify}, true},
	} {
		var enum []string
		for _, v := range schemaAt(t, tt.doc, tt.pointer)["enum"].([]any) {
			enum = append(enum, v.(string))
		}
		for _, v := range tt.values {
			if !slices.Contains(enum, v) {
				t.Errorf("%s: the Go code names %q, which the schema's enum %q lacks", tt.pointer, v, enum)
			}
		}
		if tt.all && len(enum) != len(tt.values) {
			t.Errorf("%s: the schema allows %q, the Go code names only %q: name the new value in Go and handle it", tt.pointer, enum, tt.values)
		}
	}
}

// TestPathPatternsAreTheExtensions: the schema's patterns of an image's and
// a video's path accept exactly the extensions validate checks
// (imagecheck.Extensions, videocheck.Extensions), in any letter case.
func TestPathPatternsAreTheExtensions(t *testing.T) {
	// Every extension either list holds, and others a photographer may try.
	candidates := slices.Concat(imagecheck.Extensions, videocheck.Extensions,
		[]string{".gif", ".avif", ".heic", ".heif", ".tif", ".tiff", ".bmp", ".jxl", ".jpe", ".jfif", ".mov", ".mkv", ".avi", ".ogv", ".m4a", ".pdf", ".vtt", ".svg"})
	for _, tt := range []struct {
		def  string
		want []string
	}{
		{"imagePath", imagecheck.Extensions},
		{"videoPath", videocheck.Extensions},
	} {
		re := regexp.MustCompile(schemaAt(t, schema.Project, "/$defs/"+tt.def)["pattern"].(string))
		if tt.def == "imagePath" {
			// The rules read a watermark image with a pattern of their own.
			mark := schemaAt(t, schema.Project, "/properties/watermarkImage")["pattern"].(string)
			if markPattern.String() != mark {
				t.Errorf("markPattern is %s, the schema's watermarkImage pattern %s", markPattern, mark)
			}
		}
		for _, ext := range candidates {
			for _, name := range []string{"a" + ext, "a" + strings.ToUpper(ext)} {
				if got, want := re.MatchString(name), slices.Contains(tt.want, ext); got != want {
					t.Errorf("%s's pattern %s matches %q: %v, but the Go list %q says %v", tt.def, re, name, got, tt.want, want)
				}
			}
		}
	}
}

// thousands spells n as the schemas' prose does: 2,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestSchemaProseQuotesTheLimits: the schemas' descriptions (the editor's
// help, docs/content.md, validate's hints) quote limits the Go code
// holds; a JSON description cannot format them, so each is compared here.
func TestSchemaProseQuotesTheLimits(t *testing.T) {
	for _, tt := range []struct {
		doc     []byte
		pointer string
		quotes  []string
	}{
		{schema.Site, "/properties/images/properties/delivery", []string{
			fmt.Sprintf("to %d px, WebP", importimage.WidestShown),
			fmt.Sprintf("an original over %d px shrunk", importimage.DefaultMaxEdge),
		}},
		{schema.Project, "/properties/watermarkImage", []string{
			fmt.Sprintf("At most %s × %s pixels and %d MB.", thousands(MaxWatermarkSide), thousands(MaxWatermarkSide), MaxWatermarkBytes>>20),
		}},
	} {
		desc, _ := schemaAt(t, tt.doc, tt.pointer)["description"].(string)
		for _, q := range tt.quotes {
			if !strings.Contains(desc, q) {
				t.Errorf("%s: the description does not say %q (the Go limit); change the schema's words", tt.pointer, q)
			}
		}
	}
}
