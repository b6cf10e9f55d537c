package cards

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func readPNG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestMakeIcons(t *testing.T) {
	out := t.TempDir()
	manifest := filepath.Join(out, "icons.json")
	icons, err := MakeIcons(out, manifest)
	if err != nil {
		t.Fatal(err)
	}
	file := func(addr string) []byte {
		t.Helper()
		if !strings.HasPrefix(addr, "/img/icons/") {
			t.Fatalf("%s is not under /img/icons/", addr)
		}
		data, err := os.ReadFile(filepath.Join(out, strings.TrimPrefix(addr, "/img/")))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	alphaAt := func(img image.Image, x, y int) uint32 { _, _, _, a := img.At(x, y).RGBA(); return a >> 8 }

	tests := []struct {
		name   string
		addr   string
		size   int
		corner uint32 // alpha of the top-left pixel
	}{
		{"any 192", icons.Any[0].File, 192, 0},
		{"any 512", icons.Any[1].File, 512, 0},
		{"maskable: full bleed", icons.Maskable.File, 512, 255},
		{"apple touch: opaque, iOS rounds it", icons.AppleTouch, 180, 255},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := readPNG(t, file(tt.addr))
			if b := img.Bounds(); b.Dx() != tt.size || b.Dy() != tt.size {
				t.Fatalf("size %v, want %d square", b, tt.size)
			}
			if a := alphaAt(img, 0, 0); a != tt.corner {
				t.Errorf("corner alpha %d, want %d", a, tt.corner)
			}
			// The centre of the paper circle (25, 32 of 64 units) is the paper colour.
			c := img.At(tt.size*25/64, tt.size/2)
			if r, g, b, _ := c.RGBA(); r>>8 < 0xe0 || g>>8 < 0xe0 || b>>8 < 0xd0 {
				t.Errorf("the circle is not drawn at its place: %v", c)
			}
		})
	}
	if icons.Any[0].Size != 192 || icons.Any[1].Size != 512 || icons.Maskable.Size != 512 {
		t.Errorf("sizes in the manifest: %+v", icons)
	}

	// A real ICO: a directory of 16, 32 and 48 px PNG images.
	ico := file(icons.Favicon)
	le := binary.LittleEndian
	if le.Uint16(ico[0:]) != 0 || le.Uint16(ico[2:]) != 1 || le.Uint16(ico[4:]) != 3 {
		t.Fatalf("ICO header % x", ico[:6])
	}
	for i, want := range []int{16, 32, 48} {
		e := ico[6+16*i:]
		if int(e[0]) != want || int(e[1]) != want || le.Uint16(e[6:]) != 32 {
			t.Errorf("entry %d: % x", i, e[:16])
		}
		n, off := le.Uint32(e[8:]), le.Uint32(e[12:])
		img := readPNG(t, ico[off:off+n])
		if img.Bounds().Dx() != want {
			t.Errorf("entry %d holds a %v image", i, img.Bounds())
		}
	}

	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	var back Icons
	if err := json.Unmarshal(data, &back); err != nil || back.Favicon != icons.Favicon {
		t.Fatalf("manifest %s: %v", data, err)
	}

	// A second run draws and writes nothing.
	entries, _ := os.ReadDir(filepath.Join(out, IconsSubdir))
	old := map[string]time.Time{}
	for _, e := range entries {
		fi, _ := e.Info()
		old[e.Name()] = fi.ModTime()
	}
	stale := filepath.Join(out, IconsSubdir, "0123456789ab-512.png")
	if err := os.WriteFile(stale, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	if _, err := MakeIcons(out, manifest); err != nil {
		t.Fatal(err)
	}
	for name, mod := range old {
		fi, err := os.Stat(filepath.Join(out, IconsSubdir, name))
		if err != nil || !fi.ModTime().Equal(mod) {
			t.Errorf("%s was written again (%v)", name, err)
		}
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Error("an icon of an older drawing is left")
	}
}
