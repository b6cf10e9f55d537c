package metastrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/gen2brain/webp"

	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/metastrip/metatest"
)

func encodeWebP(t *testing.T, img image.Image, o webp.Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := webp.Encode(&b, img, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// jfif puts a JFIF APP0 segment after a JPEG's SOI, as most encoders do.
func jfif(jpg []byte) []byte {
	app0 := []byte{0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0}
	return append(append(append([]byte{}, jpg[:2]...), app0...), jpg[2:]...)
}

// WithRights writes the rights into each container a variant comes in,
// where exiftool reads them, and the image decodes to the same pixels
// (decision 0102). Escaping holds: the values carry XML's specials.
func TestWithRightsInEachContainer(t *testing.T) {
	metatest.Exiftool(t)
	transparent := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	for i := range transparent.Pix {
		transparent.Pix[i] = byte(i * 5)
	}
	opaque := imagetest.Marked(40, 30)
	rights := Rights{
		Creator:      `Ada "A&B" <Lovelace>`,
		Copyright:    "© 2026 Ada & co",
		WebStatement: "https://example.com/rights?a=1&b=2",
		Licence:      "All rights reserved",
		NoAITraining: true,
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"a.jpg", imagetest.JPEG(40, 30)},
		{"jfif.jpg", jfif(imagetest.JPEG(40, 30))},
		{"a.png", imagetest.EncodePNG(transparent)},
		{"lossy.webp", encodeWebP(t, opaque, webp.Options{Quality: 80})},                 // VP8 alone
		{"lossless.webp", encodeWebP(t, transparent, webp.Options{Lossless: true})},      // VP8L alone, alpha
		{"alpha.webp", encodeWebP(t, transparent, webp.Options{Quality: 80, Method: 4})}, // VP8X, ALPH, VP8
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if same, err := WithRights(tt.data, Rights{}); err != nil || !bytes.Equal(same, tt.data) {
				t.Fatalf("without rights: changed the bytes (%v)", err)
			}
			out, err := WithRights(tt.data, rights)
			if err != nil {
				t.Fatal(err)
			}
			if added := len(out) - len(tt.data); added > rights.Added() {
				t.Errorf("added %d bytes, more than Added's %d", added, rights.Added())
			}
			before, _, err := image.Decode(bytes.NewReader(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			after, _, err := image.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("no longer decodes: %v", err)
			}
			if !samePixels(before, after) {
				t.Error("the pixels changed")
			}
			path := filepath.Join(t.TempDir(), tt.name)
			if err := os.WriteFile(path, out, 0o644); err != nil {
				t.Fatal(err)
			}
			tags := metatest.Tags(t, path)
			for tag, want := range map[string]any{
				"XMP:Creator":      rights.Creator,
				"XMP:Rights":       rights.Copyright,
				"XMP:WebStatement": rights.WebStatement,
				"XMP:UsageTerms":   rights.Licence,
				"XMP:LicensorName": rights.Creator,
				"XMP:DataMining":   DataMiningNoAITraining,
			} {
				if tags[tag] != want {
					t.Errorf("exiftool reads %s = %v, want %v", tag, tags[tag], want)
				}
			}
			if w, ok := tags["ExifTool:Warning"]; ok {
				t.Errorf("exiftool warns: %v", w)
			}
		})
	}
}

// A simple WebP becomes an extended one whose VP8X canvas is the
// bitstream's size, with the XMP flag, and the alpha flag where VP8L
// says it has alpha.
func TestWithRightsExtendsASimpleWebP(t *testing.T) {
	for _, tt := range []struct {
		name      string
		data      []byte
		wantFlags byte
	}{
		{"VP8", encodeWebP(t, imagetest.Marked(300, 17), webp.Options{Quality: 80}), vp8xXMP},
		{"VP8L", encodeWebP(t, image.NewNRGBA(image.Rect(0, 0, 300, 17)), webp.Options{Lossless: true}), vp8xXMP | vp8xAlpha},
	} {
		if got := string(tt.data[12:16]); got != tt.name+" "[:4-len(tt.name)] {
			t.Fatalf("%s: the encoder wrote a %q chunk first", tt.name, got)
		}
		out, err := WithRights(tt.data, Rights{Creator: "Ada"})
		if err != nil {
			t.Fatal(err)
		}
		if string(out[12:16]) != "VP8X" || out[20] != tt.wantFlags {
			t.Errorf("%s: first chunk %q flags %#x, want VP8X %#x", tt.name, out[12:16], out[20], tt.wantFlags)
		}
		w := int(out[24]) | int(out[25])<<8 | int(out[26])<<16
		h := int(out[27]) | int(out[28])<<8 | int(out[29])<<16
		if w+1 != 300 || h+1 != 17 {
			t.Errorf("%s: canvas %dx%d, want 300x17", tt.name, w+1, h+1)
		}
		if size := binary.LittleEndian.Uint32(out[4:]); int(size) != len(out)-8 {
			t.Errorf("%s: RIFF size %d, file %d", tt.name, size, len(out))
		}
	}
}

// The licence: a URL is the Licensor's URL, words are the usage terms;
// AI training allowed writes no Data Mining field.
func TestRightsPacket(t *testing.T) {
	url := string(Rights{Licence: "https://creativecommons.org/licenses/by/4.0/"}.XMP())
	if !bytes.Contains([]byte(url), []byte("<plus:LicensorURL>https://creativecommons.org/licenses/by/4.0/</plus:LicensorURL>")) || bytes.Contains([]byte(url), []byte("UsageTerms")) {
		t.Errorf("a licence URL: %s", url)
	}
	allowed := Rights{Creator: "Ada", Copyright: "© Ada"}.XMP()
	if bytes.Contains(allowed, []byte("DataMining")) || bytes.Contains(allowed, []byte("xpacket")) {
		t.Errorf("AI training allowed: %s", allowed)
	}
	if (Rights{}).XMP() != nil {
		t.Error("the zero Rights have a packet")
	}
	long := Rights{Copyright: string(bytes.Repeat([]byte("x"), 70000))}
	if _, err := WithRights(imagetest.JPEG(8, 8), long); !errors.Is(err, ErrRightsTooLong) {
		t.Errorf("rights longer than a JPEG segment: %v", err)
	}
}

// Added is the packet and AVIF's item: each byte of a field adds one,
// the creator's two (it is the licensor too); zero rights add nothing.
func TestRightsAdded(t *testing.T) {
	base := Rights{Creator: "Ada", Copyright: "© Ada", WebStatement: "https://a.example/", Licence: "All rights reserved", NoAITraining: true}
	if got, want := base.Added(), len(base.XMP())+AVIFItemBytes; got != want {
		t.Errorf("Added() = %d, want the packet's %d and AVIF's %d", got, len(base.XMP()), AVIFItemBytes)
	}
	tests := []struct {
		field string
		more  func(*Rights)
		want  int
	}{
		{"creator", func(r *Rights) { r.Creator += "x" }, 2},
		{"copyright", func(r *Rights) { r.Copyright += "x" }, 1},
		{"webStatement", func(r *Rights) { r.WebStatement += "x" }, 1},
		{"licence", func(r *Rights) { r.Licence += "x" }, 1},
		{"licence, an escaped &", func(r *Rights) { r.Licence += "&" }, 5},
	}
	for _, tt := range tests {
		r := base
		tt.more(&r)
		if got := r.Added() - base.Added(); got != tt.want {
			t.Errorf("one more byte of %s adds %d, want %d", tt.field, got, tt.want)
		}
	}
	if n := (Rights{}).Added(); n != 0 {
		t.Errorf("the zero Rights add %d bytes", n)
	}
}

// Hostile input never panics; the result is an error or starts as the
// input did.
func FuzzWithRights(f *testing.F) {
	f.Add(imagetest.JPEG(8, 8))
	f.Add(jfif(imagetest.JPEG(8, 8)))
	f.Add([]byte("\xFF\xD8\xFF\xE0\x00\x01"))
	f.Add([]byte("\xFF\xD8\xFF\xE0\xFF\xFF"))
	f.Add(imagetest.PNG(8, 8))
	f.Add([]byte("RIFF\x10\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x08"))
	f.Add([]byte("RIFF\x0e\x00\x00\x00WEBPVP8L\x05\x00\x00\x00\x2f\x00\x00\x00\x10"))
	f.Add([]byte("RIFF\x12\x00\x00\x00WEBPVP8 \x0a\x00\x00\x00\x00\x00\x00\x9d\x01\x2a\x00\x00\x00\x00"))
	f.Add([]byte("RIFF\xff\xff\xff\xffWEBPVP8 \xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := WithRights(data, Rights{Creator: "Ada", NoAITraining: true})
		if err == nil && (len(out) < 4 || !bytes.Equal(out[:2], data[:2])) {
			t.Fatalf("output does not start as the input")
		}
	})
}
