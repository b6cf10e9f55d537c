package videostrip_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/metastrip/metatest"
	"portfolio/cli/internal/videocheck/videotest"
	"portfolio/cli/internal/videostrip"
)

// Where a phone or camera writes the position and serial numbers, as
// ffmpeg's muxers write them.
const iso6709 = "+59.3293+018.0686/"

var phoneMetadata = []struct {
	name string
	args []string
}{
	// Android, and ffmpeg's -metadata location: moov/udta/©xyz.
	{"android.mp4", videotest.With(videotest.H264, "-metadata", "location="+iso6709, "-metadata", "title=Kept out too")},
	// An iPhone: moov/meta with mdta keys and ilst.
	{"iphone.mov", videotest.With(videotest.H264, "-movflags", "use_metadata_tags",
		"-metadata", "com.apple.quicktime.location.ISO6709="+iso6709,
		"-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 15")},
	// Both in one MP4, and a track's own user data.
	{"both.mp4", videotest.With(videotest.H264, "-movflags", "+use_metadata_tags",
		"-metadata", "location="+iso6709, "-metadata", "com.apple.quicktime.location.ISO6709="+iso6709,
		"-metadata:s:v", "title=camera", "-metadata", "serial_number=C3441325352845")},
	// A WebM's Tags.
	{"phone.webm", videotest.With(videotest.VP9, "-metadata", "LOCATION="+iso6709, "-metadata", "SERIAL_NUMBER=C3441325352845")},
}

// privateTags names what exiftool reads of a video that says where it was
// filmed or which camera filmed it.
func privateTags(t *testing.T, path string) []string {
	t.Helper()
	out, err := exec.Command(metatest.Exiftool(t), "-j", "-a", "-G", "-ee", path).Output()
	if err != nil {
		t.Fatalf("exiftool %s: %v", path, err)
	}
	var all []map[string]any
	if err := json.Unmarshal(out, &all); err != nil || len(all) != 1 {
		t.Fatalf("exiftool's JSON for %s: %v", path, err)
	}
	var found []string
	for k, v := range all[0] {
		name := strings.ToLower(k)
		value := strings.ToLower(strings.TrimSpace(jsonText(v)))
		if strings.Contains(name, "gps") || strings.Contains(name, "location") || strings.Contains(name, "serial") ||
			strings.Contains(value, "59.3293") || strings.Contains(value, "59 deg") || strings.Contains(value, "c3441325352845") {
			found = append(found, k)
		}
	}
	slices.Sort(found)
	return found
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// frames is ffmpeg's MD5 of every decoded frame (video and audio).
func frames(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command(videotest.FFmpeg(t), "-v", "error", "-i", path, "-map", "0", "-f", "framemd5", "-").Output()
	if err != nil {
		t.Fatalf("ffmpeg decoding %s: %v", path, err)
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// A phone's video keeps its frames and size, and loses where it was
// filmed and the camera's serial number.
func TestCleanedCopyKeepsFramesLosesPosition(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range phoneMetadata {
		t.Run(tc.name, func(t *testing.T) {
			src := videotest.Make(t, dir, tc.name, tc.args...)
			if found := privateTags(t, src); len(found) == 0 {
				t.Fatalf("ffmpeg wrote no position into %s: the test proves nothing", tc.name)
			}
			plan, err := videostrip.ScanFile(src)
			if err != nil {
				t.Fatal(err)
			}
			if !plan.Location {
				t.Errorf("the plan does not say the video holds a position (blanks %v)", plan.Blanked())
			}
			dst := filepath.Join(dir, "clean-"+tc.name)
			fi, _ := os.Stat(src)
			h := sha256.New()
			if err := videostrip.WriteFile(dst, src, fi.Size(), h, ""); err != nil {
				t.Fatal(err)
			}
			if found := privateTags(t, dst); len(found) > 0 {
				t.Errorf("the cleaned copy still carries %v", found)
			}
			out, _ := os.ReadFile(dst)
			if int64(len(out)) != fi.Size() {
				t.Errorf("the cleaned copy is %d bytes, the video %d", len(out), fi.Size())
			}
			if bytes.Contains(out, []byte("59.3293")) || bytes.Contains(out, []byte("C3441325352845")) {
				t.Errorf("the cleaned copy's bytes still hold the position or serial")
			}
			if frames(t, dst) != frames(t, src) {
				t.Errorf("the cleaned copy decodes to other frames")
			}
			digest, again, err := videostrip.Hash(src, 1<<30, sha256.New())
			if err != nil || digest != string(hexOf(h.Sum(nil))) || len(again.Regions) != len(plan.Regions) {
				t.Errorf("Hash = %s, %v; the copy's bytes hash to %x", digest, err, h.Sum(nil))
			}
			if left, err := videostrip.ScanFile(dst); err != nil || left.Location {
				t.Errorf("scanning the cleaned copy: %v, location %v", err, left.Location)
			}
		})
	}
}

func hexOf(b []byte) []byte {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return out
}

// An MP4 that ffmpeg wrote, which names only its encoder, is published
// byte for byte.
func TestPlainVideoUnchanged(t *testing.T) {
	dir := t.TempDir()
	for name, args := range map[string][]string{
		"plain.mp4":    videotest.H264,
		"bitexact.mp4": videotest.With(videotest.H264, "-map_metadata", "-1", "-fflags", "+bitexact"),
	} {
		src := videotest.Make(t, dir, name, args...)
		plan, err := videostrip.ScanFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, "copy-"+name)
		fi, _ := os.Stat(src)
		if err := videostrip.WriteFile(dst, src, fi.Size(), nil, ""); err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(src)
		b, _ := os.ReadFile(dst)
		if len(plan.Regions) > 0 || plan.Location || !bytes.Equal(a, b) {
			t.Errorf("%s: blanks %v (location %v), copy equal %v", name, plan.Blanked(), plan.Location, bytes.Equal(a, b))
		}
	}
}

// A GoPro's telemetry track holds its GPS track in the media data: the
// video is refused, with how to export it without.
func TestTelemetryTrackRefused(t *testing.T) {
	for _, entry := range []string{"gpmd", "camm", "djmd"} {
		t.Run(entry, func(t *testing.T) {
			file := mp4File(box("moov", box("trak", box("mdia", box("minf", box("stbl", box("stsd", append(make([]byte, 8), box(entry, make([]byte, 16))...))))))), box("mdat", []byte("GPS5")))
			_, err := videostrip.Scan(bytes.NewReader(file), int64(len(file)))
			var refused *videostrip.Refused
			if !errors.As(err, &refused) || !strings.Contains(refused.Msg, entry) || !strings.Contains(refused.Hint, "export it again without") {
				t.Fatalf("Scan = %v, want a refusal naming %s", err, entry)
			}
		})
	}
}

// Boxes and elements blanked by hand-made files: what, and that each stays
// its size.
func TestBlankedBoxes(t *testing.T) {
	xmp := append([]byte{0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC}, "<x:xmpmeta><exif:GPSLatitude>59</exif:GPSLatitude>"...)
	tests := []struct {
		name     string
		file     []byte
		blanked  []string
		location bool
	}{
		{"encoder only kept", mp4File(box("moov", box("udta", box("meta", make([]byte, 4), box("hdlr", make([]byte, 25)), box("ilst", box("\xa9too", box("data", []byte("\x00\x00\x00\x01\x00\x00\x00\x00Lavf")))))))), nil, false},
		{"encoder and title", mp4File(box("moov", box("udta", box("meta", make([]byte, 4), box("hdlr", make([]byte, 25)), box("ilst", box("\xa9too", nil), box("\xa9nam", nil)))))), []string{"moov/udta"}, false},
		{"udta loci", mp4File(box("moov", box("mvhd", make([]byte, 100)), box("udta", box("loci", []byte("x"))))), []string{"moov/udta"}, true},
		{"gopro serial", mp4File(box("moov", box("udta", box("FIRM", []byte("HD9.01")), box("CAME", []byte("serial"))))), []string{"moov/udta"}, false},
		{"xmp uuid at top", mp4File(box("moov"), box("uuid", xmp)), []string{"uuid"}, true},
		{"track udta and meta", mp4File(box("moov", box("trak", box("udta", box("XMP_", []byte("GPSLatitude"))), box("meta", []byte("mdta"))))), []string{"moov/trak/meta", "moov/trak/udta"}, true},
		{"large size", mp4File(box("moov", largeBox("meta", []byte("com.apple.quicktime.location.ISO6709")))), []string{"moov/meta"}, true},
		{"webm tags", webmFile(element(0x1549A966, []byte{0x2A, 0xD7, 0xB1, 0x83, 0x0F, 0x42, 0x40}), element(0x1254C367, []byte("LOCATION +59"))), []string{"Segment/Tags"}, true},
		{"vendor box at the top", mp4File(box("moov", box("mvhd", nil)), box("mdat", []byte("frames")), box("SEFT", []byte("GPSLatitude"))), []string{"SEFT"}, true},
		{"vendor box in moov", mp4File(box("moov", box("mvhd", nil), box("CNTH", []byte("serial")), box("trak", box("tkhd", nil)))), []string{"moov/CNTH"}, false},
		{"webm unknown element", webmFile(element(0x1654AE6B, nil), element(0x1A2B3C4D, []byte("serial"))), []string{"Segment/0x1A2B3C4D"}, false},
		{"webm attachments", webmFile(element(0x1941A469, make([]byte, 200))), []string{"Segment/Attachments"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan, err := videostrip.Scan(bytes.NewReader(tc.file), int64(len(tc.file)))
			if err != nil {
				t.Fatal(err)
			}
			if got := plan.Blanked(); !slices.Equal(got, tc.blanked) || plan.Location != tc.location {
				t.Errorf("blanks %v (location %v), want %v (%v)", got, plan.Location, tc.blanked, tc.location)
			}
			var out bytes.Buffer
			if err := plan.Copy(&out, bytes.NewReader(tc.file), int64(len(tc.file))); err != nil {
				t.Fatal(err)
			}
			if out.Len() != len(tc.file) {
				t.Fatalf("the copy is %d bytes, the file %d", out.Len(), len(tc.file))
			}
			if again, err := videostrip.Scan(bytes.NewReader(out.Bytes()), int64(out.Len())); err != nil || len(again.Regions) != 0 {
				t.Errorf("the copy scans as %v, %v: not whole boxes or still blanks", again.Blanked(), err)
			}
		})
	}
}

// Damaged files are errors, not panics.
func TestDamaged(t *testing.T) {
	deep := box("moov")
	for range 20 {
		deep = box("trak", deep)
	}
	for name, file := range map[string][]byte{
		"box past the end": append(mp4File(box("moov", box("udta", []byte("x")))), 0, 0, 0, 40, 'm', 'd', 'a', 't'),
		"too deep":         mp4File(box("moov", deep)),
		"short box":        mp4File([]byte{0, 0, 0, 4, 'm', 'o', 'o', 'v'}),
		"webm no size":     webmFile([]byte{0x12, 0x54, 0xC3, 0x67}),
	} {
		if _, err := videostrip.Scan(bytes.NewReader(file), int64(len(file))); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func box(typ string, children ...[]byte) []byte {
	body := bytes.Join(children, nil)
	b := []byte{0, 0, 0, 0}
	b[0], b[1], b[2], b[3] = byte((len(body)+8)>>24), byte((len(body)+8)>>16), byte((len(body)+8)>>8), byte(len(body)+8)
	return append(append(b, typ...), body...)
}

func largeBox(typ string, body []byte) []byte {
	n := uint64(len(body) + 16)
	b := append([]byte{0, 0, 0, 1}, typ...)
	for i := 7; i >= 0; i-- {
		b = append(b, byte(n>>(8*i)))
	}
	return append(b, body...)
}

func mp4File(boxes ...[]byte) []byte {
	return append(box("ftyp", []byte("isom\x00\x00\x02\x00isom")), bytes.Join(boxes, nil)...)
}

func element(id uint32, body []byte) []byte {
	var b []byte
	for _, c := range []byte{byte(id >> 24), byte(id >> 16), byte(id >> 8), byte(id)} {
		if c != 0 || len(b) > 0 {
			b = append(b, c)
		}
	}
	n := len(body)
	return append(append(b, 0x10, byte(n>>16), byte(n>>8), byte(n)), body...) // a 4-byte size
}

func webmFile(children ...[]byte) []byte {
	header := element(0x1A45DFA3, element(0x4282, []byte("webm")))
	return append(header, element(0x18538067, bytes.Join(children, nil))...)
}

// Hostile files never panic or loop; a plan that Scan returns blanks
// regions inside the file, in order, and its copy is the file's size.
func FuzzScan(f *testing.F) {
	f.Add(mp4File(box("moov", box("udta", box("\xa9xyz", []byte(iso6709))), box("trak", box("meta", nil)))))
	f.Add(mp4File(box("moov", largeBox("meta", nil)), box("mdat", []byte("x"))))
	f.Add(webmFile(element(0x1254C367, []byte("LOCATION")), []byte{0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xA3, 0x81, 0x00}))
	f.Add([]byte{0x1A, 0x45, 0xDF, 0xA3, 0xFF})
	f.Fuzz(func(t *testing.T, data []byte) {
		plan, err := videostrip.Scan(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := plan.Copy(&out, bytes.NewReader(data), int64(len(data))); err != nil {
			t.Fatalf("Copy: %v", err)
		}
		if out.Len() != len(data) {
			t.Fatalf("copy of %d bytes from %d", out.Len(), len(data))
		}
	})
}
