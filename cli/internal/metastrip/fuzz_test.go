package metastrip

import (
	"bytes"
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
)

// Hostile files never panic or loop; the result is either an error or a
// file that still starts as a JPEG.
func FuzzJPEG(f *testing.F) {
	plain := imagetest.JPEG(16, 8)
	f.Add(plain)
	f.Add(insert(plain, segment(0xE1, exifWithSecrets(6))))
	f.Add(plain[:40])
	f.Add([]byte("\xFF\xD8\xFF\xE1\x00\x02\xFF\xDA\x00\x02\xFF"))
	f.Add([]byte("\xFF\xD8\xFF\xE1\xFF\xFFExif\x00\x00II*\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, _, err := JPEG(data)
		if err == nil && (len(out) < 2 || out[0] != 0xFF || out[1] != 0xD8) {
			t.Fatalf("output does not start as a JPEG")
		}
	})
}

// A client's original (decision 0099) from a hostile file: no panic or
// loop; either an error or a file in the same format that Scan finds
// nothing private in.
func FuzzOriginal(f *testing.F) {
	plain := imagetest.JPEG(16, 8)
	f.Add(plain)
	f.Add(insert(plain, segment(0xE1, exifWithSecrets(6))))
	f.Add(insert(plain, segment(0xE1, append([]byte("http://ns.adobe.com/xap/1.0/\x00"), `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>A</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`...))))
	f.Add(insert(plain, segment(0xED, []byte("Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x09\x1c\x02\x50\x00\x04Ada\x00"))))
	f.Add(imagetest.PNG(8, 8))
	f.Add([]byte("RIFF\x10\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x08"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, _, err := Original(data)
		if err != nil {
			return
		}
		if len(out) < 4 || string(out[:2]) != string(data[:2]) {
			t.Fatalf("output is not in the input's format")
		}
		if left, _ := Scan(bytes.NewReader(out), int64(len(out))); len(left) > 0 {
			t.Fatalf("still carries %v", left)
		}
	})
}
