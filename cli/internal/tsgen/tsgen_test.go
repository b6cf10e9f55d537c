package tsgen

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"portfolio/cli/internal/cards"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/schemamodel"
)

func generateFixture(t *testing.T) []File {
	t.Helper()
	c, problems := loadFixture(t)
	if len(problems) > 0 {
		t.Fatalf("fixture content has problems: %v", problems)
	}
	out, err := Generate(c, fakeAssets(c), "content")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// fakeAssets records for every local image of c two widths in WebP and in
// JPEG (PNG for a PNG with transparent pixels), as `portfolio images` would,
// with keys made from the path, and AVIF too for opaque images (where AVIF
// pays, as it may for a photo and not for a flat transparent graphic):
// the generator only renders what the manifest says.
func fakeAssets(c *content.Content) Assets {
	out := Assets{}
	for _, p := range c.Projects {
		for rel, info := range p.Images {
			path := content.ProjectsDir + "/" + p.Slug + "/" + rel
			sum := sha256.Sum256([]byte(path))
			key := hex.EncodeToString(sum[:8])
			a := manifest.Asset{Key: key, Width: info.Width, Height: info.Height, Placeholder: "data:image/svg+xml,%3Csvg%3E" + key}
			formats := []struct{ typ, ext string }{{manifest.AVIF, ".avif"}, {manifest.JPEG, ".jpg"}, {manifest.WebP, ".webp"}}
			if info.Format == imagecheck.PNG && transparent(filepath.Join(p.Dir, filepath.FromSlash(rel))) {
				formats = []struct{ typ, ext string }{{manifest.PNG, ".png"}, {manifest.WebP, ".webp"}}
			}
			for _, w := range []int{info.Width / 2, info.Width} {
				h := info.Height * w / info.Width
				for _, v := range formats {
					a.Variants = append(a.Variants, manifest.Variant{Type: v.typ, Width: w, Height: h, File: fmt.Sprintf("%s-%d%s", key, w, v.ext)})
				}
			}
			out[path] = a
		}
	}
	return out
}

// transparent reports whether the image file has a pixel that is not opaque.
func transparent(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return false
	}
	o, ok := img.(interface{ Opaque() bool })
	return ok && !o.Opaque()
}

// fakeCards is the social preview cards' manifest `portfolio images` would
// write beside the module for c (cards.json): every page's route and alt
// text from cards.Pages, with a file name made from the route instead of a
// drawing's hash. With the module, it is what the site's unit tests import
// as `@/generated/…` (site/vite.config.ts).
func fakeCards(t *testing.T, c *content.Content) File {
	t.Helper()
	m := map[string]cards.Entry{}
	for _, p := range cards.Pages(c, nil) {
		sum := sha256.Sum256([]byte(p.Route))
		m[p.Route] = cards.Entry{File: "/img/" + cards.Subdir + "/" + hex.EncodeToString(sum[:8]) + ".jpg", Width: cards.Width, Height: cards.Height, Alt: p.Alt}
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return File{"cards.json", append(data, '\n')}
}

func TestMissingVariantsAreAnError(t *testing.T) {
	c, _ := loadFixture(t)
	assets := fakeAssets(c)
	delete(assets, "projects/photo-set/gallery/2.jpg")
	_, err := Generate(c, assets, "content")
	if err == nil || !strings.Contains(err.Error(), "projects/photo-set/gallery/2.jpg has no web variants: run `portfolio images`") {
		t.Errorf("err = %v, want the image without variants named", err)
	}
}

// TestGolden compares the generated files with testdata/golden/; run
// `go test ./cli/internal/tsgen -update` after an intended change and review
// the diff.
func TestGolden(t *testing.T) {
	c, _ := loadFixture(t)
	files := append(generateFixture(t), fakeCards(t, c))
	var names []string
	byName := map[string][]byte{}
	for _, f := range files {
		names = append(names, f.Name)
		byName[f.Name] = f.Data
	}
	golden.Dir(t, filepath.Join("testdata", "golden"), byName)
	wantNames := []string{
		"content.ts",
		"projects/brand-guide.ts", "projects/briefing-memo.ts", "projects/case-study.ts",
		"projects/photo-set.ts", "projects/survey-app.ts", "projects/wireframes.ts",
		"analytics.json",
		"private-gate.json",
		"languages.ts",
		"cards.json",
	}
	if !slices.Equal(names, wantNames) {
		t.Errorf("generated files %v, want %v", names, wantNames)
	}
}

// TestDeterministic generates twice and compares the bytes.
func TestDeterministic(t *testing.T) {
	a, b := generateFixture(t), generateFixture(t)
	if len(a) != len(b) {
		t.Fatal("two runs on the same content gave different files")
	}
	for i := range a {
		if a[i].Name != b[i].Name || string(a[i].Data) != string(b[i].Data) {
			t.Fatalf("two runs on the same content gave different %s", a[i].Name)
		}
	}
}

// usage exercises the generated types the way the site will: an exhaustive
// switch over blocks (the union must discriminate on `type`), rich text,
// images and the derived fields.
const usage = `import { projects, site, type Block, type Inline, type Project, type ProjectBody, type RichText } from './content';

function inline(i: Inline): string {
  if (typeof i === 'string') return i;
  switch (i.kind) {
    case 'em':
    case 'strong':
      return i.children.map(inline).join('');
    case 'code':
      return i.text;
    case 'link':
      return i.href + i.children.map(inline).join('');
    default: {
      const unreachable: never = i;
      return unreachable;
    }
  }
}

function text(t: RichText): string {
  return t.map((b) => (b.kind === 'paragraph' ? b.children.map(inline).join('') : b.items.flat().map(inline).join(''))).join('\n');
}

function describe(b: Block): string {
  switch (b.type) {
    case 'text':
      return (b.heading ?? '') + text(b.text);
    case 'image':
      return b.src + b.alt + (b.caption ?? '') + b.width * b.height + (b.srcset?.avif ?? b.srcset?.webp ?? '');
    case 'gallery':
      return b.images.map((i) => i.alt + i.label + i.src + i.width + (i.video?.durationText ?? '')).join();
    case 'document':
      return b.label + b.url;
    case 'caseStudy':
      return b.role + b.technologies.join() + b.hero.src + b.hero.alt + b.hero.width + text(b.overview) + text(b.impact);
    case 'screenshots':
      return b.items.map((s) => s.caption + s.height).join();
    case 'prototype':
      return b.title + b.url;
    case 'video':
      return b.video.sources.map((s) => s.src + s.type + s.bytes).join() + b.video.poster.src + b.video.width + b.video.duration + (b.video.captions?.srclang ?? '') + b.loop + (b.alt ?? '');
    default: {
      const unreachable: never = b;
      return unreachable;
    }
  }
}

const featured: readonly Project[] = projects.filter((p) => p.featured && p.active);
const pageOf: string = projects[0]!.page;
const shown: readonly string[] = site.categories.filter((c) => c.built).map((c) => c.slug + c.title + c.backLink + c.columns.sm * c.columns.md + (c.blurb ?? ''));
const links: string[] = projects.map((p) => p.link + p.slug + p.cover.src + p.skills.join());
const social: string = (site.social?.codeHosting?.url ?? '') + site.categories[0]!.title + (site.measurementId ?? '');
const bodies: Promise<string[][]> = Promise.all(projects.map((p) => p.loadBody().then((body: ProjectBody) => body.map(describe))));
export const all = [featured, pageOf, shown, links, social, bodies];
`

const tsconfig = `{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "bundler",
    "noUncheckedIndexedAccess": true,
    "exactOptionalPropertyTypes": true,
    "noUnusedLocals": true,
    "skipLibCheck": true,
    "types": []
  },
  "files": ["content.ts", "usage.ts"]
}
`

// TestCompilesStrict type-checks the generated module with the site's
// TypeScript compiler in strict mode, together with code that uses it.
func TestCompilesStrict(t *testing.T) {
	tsc, err := filepath.Abs(filepath.Join("..", "..", "..", "site", "node_modules", ".bin", "tsc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("TypeScript compiler not found at %s: run `npm ci` in site/ first (.ci/test does)", tsc)
	}
	dir := t.TempDir()
	files := append(generateFixture(t), File{"usage.ts", []byte(usage + settingValues(t))}, File{"tsconfig.json", []byte(tsconfig)})
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(tsc, "-p", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc --strict failed: %v\n%s", err, out)
	}
}

// settingValues writes TypeScript that gives each derived field standing
// for a stored setting (a gallery block's resolved order, exif, …) every
// value the schema lets the file give that setting: the generated type
// must take them all (a gallery's order lacked 'texts', decision 0081).
func settingValues(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	var imported []string
	names := slices.Sorted(maps.Keys(derived))
	for _, typ := range names {
		d := derived[typ]
		def := schemaDef(t, typ)
		for _, f := range d.add {
			if def == nil || !slices.Contains(d.drop, f.name) || def.Prop(f.name) == nil || len(def.Prop(f.name).Enum) == 0 {
				continue
			}
			values := make([]string, len(def.Prop(f.name).Enum))
			for i, v := range def.Prop(f.name).Enum {
				values[i] = literal(v)
			}
			fmt.Fprintf(&b, "export const all%s%s: readonly %s['%s'][] = [%s];\n", typ, pascal(f.name), typ, f.name, strings.Join(values, ", "))
			if !slices.Contains(imported, typ) {
				imported = append(imported, typ)
			}
		}
	}
	if b.Len() == 0 {
		t.Fatal("no derived field stands for a stored setting with values: the check checks nothing")
	}
	return fmt.Sprintf("\nimport type { %s } from './content';\n%s", strings.Join(imported, ", "), b.String())
}

// schemaDef is the definition of the site or project schema that the
// generated type name stands for, or nil.
func schemaDef(t *testing.T, typ string) *schemamodel.Schema {
	t.Helper()
	for _, load := range []func() (*schemacheck.Schema, error){schemacheck.SiteSchema, schemacheck.ProjectSchema} {
		s, err := load()
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range s.Model.Defs {
			if pascal(d.Name) == typ {
				return d.Schema
			}
		}
	}
	return nil
}

// With images.delivery: netlify every local image has one srcset, of Netlify
// Image CDN addresses at the widths the build would make, and a plain src
// among them: no WebP candidates and no /img/ variant anywhere.
func TestNetlifyDelivery(t *testing.T) {
	c, _ := loadFixture(t)
	assets := fakeAssets(c)
	for key, a := range assets {
		orig := a.Variants[len(a.Variants)-1]
		a.Widths = []int{a.Variants[0].Width, orig.Width}
		a.Variants = []manifest.Variant{{Type: manifest.JPEG, Width: orig.Width, Height: orig.Height, File: a.Key + "-" + strconv.Itoa(orig.Width) + ".jpg"}}
		a.Delivery = content.DeliveryNetlify
		assets[key] = a
	}
	files, err := Generate(c, assets, "content")
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		all.Write(f.Data)
	}
	out := all.String()
	for _, bad := range []string{"webp: '", "'/img/"} {
		if strings.Contains(out, bad) {
			t.Errorf("the module has %q: %s", bad, firstLineWith(out, bad))
		}
	}
	a := assets["projects/photo-set/gallery/1.jpg"]
	src := "/.netlify/images?url=%2Fimg%2F" + a.Variants[0].File
	want := fmt.Sprintf("src: '%s&w=%d',", src, a.Widths[1])
	if a.Widths[1] > 1200 {
		want = fmt.Sprintf("src: '%s&w=%d',", src, a.Widths[0])
	}
	srcset := fmt.Sprintf("fallback: '%s&w=%d %dw, %s&w=%d %dw',", src, a.Widths[0], a.Widths[0], src, a.Widths[1], a.Widths[1])
	for _, w := range []string{want, srcset} {
		if !strings.Contains(out, w) {
			t.Errorf("the module lacks %s", w)
		}
	}
}

func firstLineWith(s, sub string) string {
	for line := range strings.Lines(s) {
		if strings.Contains(line, sub) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}
