package metatest

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The owner's rights Exiftool writes, and reads back from a cleaned
// original (decision 0099).
const (
	Artist    = "Ada Owner"
	Copyright = "© 2026 Ada Owner, all rights reserved"
)

// Exiftool is the path of exiftool (Debian's libimage-exiftool-perl); the
// test is skipped without it.
func Exiftool(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("exiftool")
	if err != nil {
		t.Skip("no exiftool: apt-get install libimage-exiftool-perl")
	}
	return p
}

// WriteOwnerAndSecrets writes, with exiftool, into the image at path what
// a camera and an owner's catalogue put there: a GPS position, the body's,
// lens's and (XMP) camera's serial numbers, and the owner's rights (EXIF
// Artist and Copyright, XMP dc:creator and dc:rights, and in a JPEG the
// IPTC By-line and Copyright Notice).
func WriteOwnerAndSecrets(t testing.TB, path string) {
	t.Helper()
	args := []string{"-q", "-overwrite_original", "-m",
		"-GPSLatitude=59.42", "-GPSLatitudeRef=N", "-GPSLongitude=18.07", "-GPSLongitudeRef=E",
		"-ExifIFD:SerialNumber=" + Serial, "-ExifIFD:LensSerialNumber=" + LensSerial, "-XMP-aux:SerialNumber=" + Serial,
		"-XMP-exif:GPSLatitude=59.42", "-XMP-exif:GPSLongitude=18.07",
		"-IFD0:Artist=" + Artist, "-IFD0:Copyright=" + Copyright,
		"-XMP-dc:Creator=" + Artist, "-XMP-dc:Rights=" + Copyright,
	}
	if ext := strings.ToLower(filepath.Ext(path)); ext == ".jpg" || ext == ".jpeg" {
		args = append(args, "-IPTC:CodedCharacterSet=UTF8", "-IPTC:By-line="+Artist, "-IPTC:CopyrightNotice="+Copyright)
	}
	if out, err := exec.Command(Exiftool(t), append(args, path)...).CombinedOutput(); err != nil {
		t.Fatalf("exiftool writing %s: %v\n%s", path, err, out)
	}
}

// Tags are what exiftool reads of an image, by family-0 group and name
// ("EXIF:Artist", "MakerNotes:SerialNumber", "XMP:Rights").
func Tags(t testing.TB, path string) map[string]any {
	t.Helper()
	out, err := exec.Command(Exiftool(t), "-j", "-a", "-G0", "-s", "-n", path).Output()
	if err != nil {
		t.Fatalf("exiftool reading %s: %v", path, err)
	}
	var all []map[string]any
	if err := json.Unmarshal(out, &all); err != nil || len(all) != 1 {
		t.Fatalf("exiftool's JSON for %s: %v", path, err)
	}
	return all[0]
}

// Private names the tags of an exiftool reading that say where a photo
// was taken or which camera took it: GPS, serial numbers, maker notes,
// thumbnails and previews.
func Private(tags map[string]any) []string {
	var found []string
	for k := range tags {
		group, name, _ := strings.Cut(k, ":")
		if group == "MakerNotes" || strings.HasPrefix(name, "GPS") || strings.Contains(name, "SerialNumber") ||
			strings.Contains(name, "Thumbnail") || strings.Contains(name, "PreviewImage") || name == "OwnerName" {
			found = append(found, k)
		}
	}
	return found
}

// CheckOriginal fails t unless the image at path, a cleaned original,
// keeps the owner's rights exiftool wrote (WriteOwnerAndSecrets) and
// carries nothing Private.
func CheckOriginal(t testing.TB, path string) {
	t.Helper()
	tags := Tags(t, path)
	if p := Private(tags); len(p) > 0 {
		slices.Sort(p)
		t.Errorf("%s still carries %d private tags: %v", filepath.Base(path), len(p), p[:min(len(p), 8)])
	}
	want := map[string]string{"EXIF:Artist": Artist, "EXIF:Copyright": Copyright, "XMP:Creator": Artist, "XMP:Rights": Copyright}
	if ext := strings.ToLower(filepath.Ext(path)); ext == ".jpg" || ext == ".jpeg" {
		want["IPTC:By-line"] = Artist
		want["IPTC:CopyrightNotice"] = Copyright
	}
	for k, v := range want {
		if got, _ := tags[k].(string); got != v {
			t.Errorf("%s: %s is %q, want %q", filepath.Base(path), k, tags[k], v)
		}
	}
}
