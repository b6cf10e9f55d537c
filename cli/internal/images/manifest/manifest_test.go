package manifest

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestAssetURLs(t *testing.T) {
	a := Asset{Key: "k", Variants: []Variant{
		{Type: JPEG, Width: 1600, File: "k-1600.jpg"},
		{Type: WebP, Width: 800, File: "k-800.webp"},
		{Type: JPEG, Width: 480, File: "k-480.jpg"},
		{Type: JPEG, Width: 800, File: "k-800.jpg"},
		{Type: WebP, Width: 480, File: "k-480.webp"},
	}}
	if got, want := a.Srcset(WebP), "/img/k-480.webp 480w, /img/k-800.webp 800w"; got != want {
		t.Errorf("Srcset(WebP) = %q, want %q", got, want)
	}
	if got, want := a.Srcset(JPEG), "/img/k-480.jpg 480w, /img/k-800.jpg 800w, /img/k-1600.jpg 1600w"; got != want {
		t.Errorf("Srcset(JPEG) = %q, want %q", got, want)
	}
	tests := []struct {
		name   string
		widths []int
		want   string
	}{
		{"the widest up to 1200", []int{480, 800, 1200, 1600}, "/img/k-1200.jpg"},
		{"all narrower", []int{300, 600}, "/img/k-600.jpg"},
		{"all wider: the narrowest", []int{1600, 2400}, "/img/k-1600.jpg"},
	}
	for _, tt := range tests {
		var b Asset
		for _, w := range tt.widths {
			b.Variants = append(b.Variants, Variant{Type: JPEG, Width: w, File: "k-" + strconv.Itoa(w) + ".jpg"})
		}
		if got := b.FallbackSrc(); got != tt.want {
			t.Errorf("%s: FallbackSrc = %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, tt := range []struct {
		variants []Variant
		want     string
	}{
		{[]Variant{{Type: WebP}, {Type: PNG}}, PNG},
		// Variants are sorted by type: AVIF comes first, and is no fallback.
		{[]Variant{{Type: AVIF}, {Type: JPEG}, {Type: WebP}}, JPEG},
		{[]Variant{{Type: AVIF}, {Type: PNG}, {Type: WebP}}, PNG},
	} {
		if got := (Asset{Variants: tt.variants}).FallbackType(); got != tt.want {
			t.Errorf("FallbackType of %v = %q, want %q", tt.variants, got, tt.want)
		}
	}
	if got := a.Srcset(AVIF); got != "" {
		t.Errorf("Srcset(AVIF) of an image without AVIF = %q, want none", got)
	}
}

// An original published for Netlify Image CDN is asked for at each width
// by its query-escaped path: one srcset, no format (the host negotiates
// it), and a plain src at the width a variant's would have.
func TestCDNURLs(t *testing.T) {
	a := Asset{Key: "k", Delivery: "netlify", Widths: []int{480, 800, 1200, 1600, 2400},
		Variants: []Variant{{Type: JPEG, Width: 3000, Height: 2000, File: "0123456789abcdef-3000.jpg"}}}
	if !a.CDN() {
		t.Fatal("CDN() = false")
	}
	const u = "/.netlify/images?url=%2Fimg%2F0123456789abcdef-3000.jpg&w="
	want := u + "480 480w, " + u + "800 800w, " + u + "1200 1200w, " + u + "1600 1600w, " + u + "2400 2400w"
	if got := a.CDNSrcset(); got != want {
		t.Errorf("CDNSrcset = %q\nwant %q", got, want)
	}
	if got := a.FallbackSrc(); got != u+"1200" {
		t.Errorf("FallbackSrc = %q, want %q", got, u+"1200")
	}
	a.Widths = []int{1600}
	if got := a.FallbackSrc(); got != u+"1600" {
		t.Errorf("FallbackSrc with one wide width = %q, want %q", got, u+"1600")
	}
	if (Asset{Variants: a.Variants}).CDN() {
		t.Error("an asset without delivery is the build's variants")
	}
}

func TestWriteIsDeterministicAndSkipsUnchanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "images.json")
	m := &Manifest{OutDir: "out", Images: map[string]Image{
		"projects/b/x.jpg": {Source{1, 2}, Asset{Key: "b"}},
		"projects/a/x.jpg": {Source{1, 2}, Asset{Key: "a"}},
	}}
	if err := m.Write(path); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	if err := m.Write(path); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if !fi.ModTime().Equal(old) {
		t.Error("an unchanged manifest was rewritten")
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Images["projects/a/x.jpg"].Key != "a" || got.OutDir != "out" {
		t.Errorf("read back %+v", got)
	}
}

func TestReadRefusesOtherVersions(t *testing.T) {
	dir := t.TempDir()
	tests := map[string]string{
		"garbage.json": "{not json",
		"old.json":     `{"version": 0, "images": {}}`,
	}
	for name, body := range tests {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(path); err == nil {
			t.Errorf("%s was accepted", name)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing manifest was accepted")
	}
}
