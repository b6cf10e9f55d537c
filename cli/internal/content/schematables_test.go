package content

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
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
		{schema.Site, "/properties/rights/properties/aiTraining", []string{AITrainingDisallow, AITrainingBlock, AITrainingAllow}, true},
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

// breakpointsFile is the site's one list of its layout's breakpoints.
const breakpointsFile = "../../../site/src/theme/breakpoints.ts"

// siteBreakpoints are breakpointsFile's names and widths, smallest first.
func siteBreakpoints(t *testing.T) (names []string, px map[string]int) {
	t.Helper()
	data, err := os.ReadFile(breakpointsFile)
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`export const breakpointValues = \{([^}]*)\} as const;`).FindSubmatch(data)
	if decl == nil {
		t.Fatalf("%s: no breakpointValues declaration", breakpointsFile)
	}
	px = map[string]int{}
	for _, m := range regexp.MustCompile(`(\w+): (\d+)`).FindAllStringSubmatch(string(decl[1]), -1) {
		n, _ := strconv.Atoi(m[2])
		names, px[m[1]] = append(names, m[1]), n
	}
	return names, px
}

// TestSchemaProseQuotesTheBreakpoints: every columns setting in the
// schemas describes each breakpoint by the width the site's theme gives it
// (site/src/theme/breakpoints.ts), which a JSON description cannot read.
func TestSchemaProseQuotesTheBreakpoints(t *testing.T) {
	names, px := siteBreakpoints(t)
	if len(names) != 5 {
		t.Fatalf("%s: breakpoints %q, want xs to xl", breakpointsFile, names)
	}
	var summary []string
	for _, n := range names {
		summary = append(summary, fmt.Sprintf("%s %d", n, px[n]))
	}
	seen := 0
	for _, doc := range []struct {
		name string
		data []byte
	}{{"site", schema.Site}, {"project", schema.Project}} {
		var v any
		if err := json.Unmarshal(doc.data, &v); err != nil {
			t.Fatal(err)
		}
		var walk func(path string, v any)
		walk = func(path string, v any) {
			m, ok := v.(map[string]any)
			if !ok {
				if l, ok := v.([]any); ok {
					for i, e := range l {
						walk(fmt.Sprint(path, "/", i), e)
					}
				}
				return
			}
			if props, ok := m["properties"].(map[string]any); ok && strings.HasSuffix(path, "/columns") {
				seen++
				desc, _ := m["description"].(string)
				if strings.Contains(desc, "breakpoints") && !strings.Contains(desc, "(breakpoints "+strings.Join(summary, ", ")+" px)") {
					t.Errorf("%s %s: the description's breakpoints are not the theme's %q", doc.name, path, summary)
				}
				for i, n := range names {
					p, ok := props[n].(map[string]any)
					if !ok {
						continue
					}
					want := fmt.Sprintf("from %d px", px[n])
					if i == 0 {
						want = fmt.Sprintf("below %d px", px[names[1]])
					}
					if d, _ := p["description"].(string); !strings.Contains(d, want) {
						t.Errorf("%s %s/%s: %q does not say %q (the theme's breakpoint)", doc.name, path, n, d, want)
					}
				}
			}
			for k, e := range m {
				walk(path+"/"+k, e)
			}
		}
		walk("", v)
	}
	if seen < 4 {
		t.Errorf("found %d columns settings in the schemas, want the galleries' and the cards'", seen)
	}
}
