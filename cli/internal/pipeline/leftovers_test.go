package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/cards"
	"portfolio/cli/internal/content/contenttest"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/iostreams"
)

// What a deleted project left (its image variants, its manifest entries,
// its page module) is removed by the build's own steps, not only by
// `portfolio images --gc`.
func TestBuildStepsRemoveWhatADeletedProjectLeft(t *testing.T) {
	fonts, err := filepath.Abs("../../../" + cards.DefaultFontDir)
	if err != nil {
		t.Fatal(err)
	}
	if !cards.HaveFonts(fonts) {
		t.Skip("the site's npm packages are not installed (npm ci --prefix site): no fonts for the cards")
	}
	t.Chdir(t.TempDir())
	files := map[string][]byte{
		"content/site.yaml":                   []byte(contenttest.Site),
		"content/projects/alpha/project.yaml": []byte(contenttest.Project("Alpha")),
		"content/projects/alpha/cover.jpg":    imagetest.JPEG(64, 40),
		"content/projects/beta/project.yaml":  []byte(contenttest.Project("Beta")),
		"content/projects/beta/cover.jpg":     imagetest.JPEG(40, 64),
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := func() {
		t.Helper()
		ios, _, _, errOut := iostreams.Test()
		if err := Images(ImagesDefaults(context.Background(), ios, "content", "site", fonts)); err != nil {
			t.Fatalf("images: %v\n%s", err, errOut)
		}
		if err := Generate(GenerateDefaults(context.Background(), ios, "content", "site")); err != nil {
			t.Fatalf("generate: %v\n%s", err, errOut)
		}
	}
	steps()
	cardsFile := filepath.Join(filepath.Dir(images.DefaultManifest), "cards.json")
	readCards := func() map[string]cards.Entry {
		t.Helper()
		data, err := os.ReadFile(cardsFile)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]cards.Entry
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	betaCard, ok := readCards()["/projects/beta"]
	if !ok {
		t.Fatalf("no card for beta in %s", cardsFile)
	}
	betaCardFile := filepath.Join(images.DefaultOutDir, strings.TrimPrefix(betaCard.File, "/img/"))
	if _, err := os.Stat(betaCardFile); err != nil {
		t.Fatalf("beta's card was not drawn: %v", err)
	}
	m, err := manifest.Read(images.DefaultManifest)
	if err != nil {
		t.Fatal(err)
	}
	beta := m.Images["projects/beta/cover.jpg"]
	if beta.Key == "" {
		t.Fatalf("no manifest entry for beta's cover: %v", m.Images)
	}
	module := filepath.Join(filepath.Dir(images.DefaultManifest), "projects", "beta.ts")
	if _, err := os.Stat(module); err != nil {
		t.Fatalf("no page module for beta: %v", err)
	}

	if err := os.RemoveAll("content/projects/beta"); err != nil {
		t.Fatal(err)
	}
	steps()
	variants, _ := filepath.Glob(filepath.Join(images.DefaultOutDir, beta.Key+"-*"))
	if len(variants) > 0 {
		t.Errorf("variants of the deleted project are left: %v", variants)
	}
	if entries, _ := filepath.Glob(filepath.Join(images.DefaultCacheDir, beta.Key+".json")); len(entries) > 0 {
		t.Errorf("cache entries of the deleted project are left: %v", entries)
	}
	m, err = manifest.Read(images.DefaultManifest)
	if err != nil {
		t.Fatal(err)
	}
	for rel := range m.Images {
		if strings.Contains(rel, "beta") {
			t.Errorf("manifest still lists %s", rel)
		}
	}
	if _, err := os.Stat(module); !os.IsNotExist(err) {
		t.Errorf("the page module of the deleted project is left (%v)", err)
	}
	if _, ok := readCards()["/projects/beta"]; ok {
		t.Error("cards.json still lists the deleted project")
	}
	if _, err := os.Stat(betaCardFile); !os.IsNotExist(err) {
		t.Errorf("the deleted project's card is left (%v)", err)
	}
	if _, ok := readCards()["/projects/alpha"]; !ok {
		t.Error("the remaining project lost its card")
	}
	alpha := m.Images["projects/alpha/cover.jpg"]
	if kept, _ := filepath.Glob(filepath.Join(images.DefaultOutDir, alpha.Key+"-*")); len(kept) == 0 {
		t.Error("the remaining project's variants were removed too")
	}
}
