package tsgen

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/golden"
)

// twoLanguages is the fixture content in English and Swedish: site.yaml
// with `languages: [en, sv]`, and testdata/translations's files beside
// the defaults (two projects translated, in part; the others not).
func twoLanguages(t *testing.T) *content.Content {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(fixture(t))); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dir, os.DirFS("testdata/translations")); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, content.SiteFile)
	data, err := os.ReadFile(site)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte("url: https://example.com\n"), []byte("url: https://example.com\nlanguages: [en, sv]\n"), 1)
	if err := os.WriteFile(site, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c, errs := loadFixtureFrom(t, dir)
	if len(errs) > 0 {
		t.Fatalf("the two-language fixture has problems: %v", errs)
	}
	return c
}

// TestGoldenTranslated compares the modules of a two-language site with
// testdata/golden-sv/ (languages.ts and lang/sv/; `-update` rewrites
// them), and holds the default language's modules to the one-language
// site's, byte for byte.
func TestGoldenTranslated(t *testing.T) {
	c := twoLanguages(t)
	files, err := Generate(c, fakeAssets(c), "content")
	if err != nil {
		t.Fatal(err)
	}
	one := map[string][]byte{}
	for _, f := range generateFixture(t) {
		one[f.Name] = f.Data
	}
	ours := map[string][]byte{}
	for _, f := range files {
		switch {
		case f.Name == LanguagesFile || strings.HasPrefix(f.Name, LangDir+"/"):
			ours[f.Name] = f.Data
		case !bytes.Equal(f.Data, one[f.Name]):
			t.Errorf("%s differs from the one-language site's", f.Name)
		}
	}
	golden.Dir(t, filepath.Join("testdata", "golden-sv"), ours)
	if _, ok := ours["lang/sv/projects/brand-guide.ts"]; !ok {
		t.Error("an untranslated project has no page module in Swedish")
	}
}

// TestLanguagesModuleOfOneLanguage: a site without languages is English.
func TestLanguagesModuleOfOneLanguage(t *testing.T) {
	for _, f := range generateFixture(t) {
		if f.Name == LanguagesFile {
			if !strings.HasSuffix(string(f.Data), "\nexport const languages = ['en'] as const;\n") {
				t.Errorf("languages.ts:\n%s", f.Data)
			}
			return
		}
		if strings.HasPrefix(f.Name, LangDir+"/") {
			t.Errorf("a one-language site has %s", f.Name)
		}
	}
	t.Error("no languages.ts")
}

// TestTranslatedCompilesStrict type-checks the Swedish modules against the
// main module's types, as the site imports them.
func TestTranslatedCompilesStrict(t *testing.T) {
	tsc, err := filepath.Abs(filepath.Join("..", "..", "..", "site", "node_modules", ".bin", "tsc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("TypeScript compiler not found at %s: run `npm ci` in site/ first (.ci/test does)", tsc)
	}
	c := twoLanguages(t)
	files, err := Generate(c, fakeAssets(c), "content")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var names []string
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.Name, ".ts") {
			names = append(names, `"`+f.Name+`"`)
		}
	}
	config := strings.Replace(tsconfig, `["content.ts", "usage.ts"]`, "["+strings.Join(names, ", ")+"]", 1)
	if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tsc, "-p", dir).CombinedOutput(); err != nil {
		t.Fatalf("tsc --strict failed: %v\n%s", err, out)
	}
}
