// Package metastrip removes private metadata from images as they are
// copied into the content folder (JPEG; PNG and WebP lose their EXIF and
// XMP chunks whole), which the owner commits, often to a
// public repository: GPS positions, camera and lens serial numbers, maker
// notes, XMP and IPTC records, comments, and anything appended after the
// image (phones append depth maps and previews there). It is lossless: the
// compressed image data is copied byte for byte. A minimal EXIF record of
// its own keeps the orientation and the photo's facts, which say how it
// was taken and nothing of who or where (camera make and model, lens
// model, focal length, aperture, exposure time, ISO, date taken and its
// offset: package photofacts); the colour profile (ICC) and Adobe's
// colour-transform marker are kept too, since they change how the pixels
// look.
package metastrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"portfolio/cli/internal/photofacts"
	"portfolio/cli/internal/termsafe"
	"portfolio/cli/internal/tiffifd"
)

// Removed names what a JPEG carried that was dropped, in the order found.
type Removed []string

// ErrNotJPEG means the data does not start as a JPEG; it is copied as is.
var ErrNotJPEG = errors.New("not a JPEG file")

// JPEG returns the image without its private metadata, and what was
// removed. A structure it cannot follow is an error; the caller then keeps
// the original bytes.
func JPEG(data []byte) ([]byte, Removed, error) { return jpegStrip(data, nil) }

// jpegStrip is JPEG; with keep, the EXIF record it writes holds keep's
// owner too, and keep's segments (XMP, IPTC) follow it.
func jpegStrip(data []byte, keep *kept) ([]byte, Removed, error) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return nil, nil, ErrNotJPEG
	}
	st := &jpegStripper{keep: keep}
	st.out.Write(data[:2])
	i := 2
	for {
		if i+4 > len(data) {
			return nil, nil, errors.New("the JPEG ends before its image data")
		}
		if data[i] != 0xFF {
			return nil, nil, fmt.Errorf("no JPEG marker at byte %d", i)
		}
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA { // start of scan: the image data follows
			st.writeOrientation()
			end := imageEnd(data, i)
			st.out.Write(data[i:end])
			if end < len(data) {
				st.note("data after the image (previews, depth maps)")
			}
			return st.out.Bytes(), st.removed, nil
		}
		length := int(binary.BigEndian.Uint16(data[i+2:]))
		if length < 2 || i+2+length > len(data) {
			return nil, nil, fmt.Errorf("a JPEG segment at byte %d runs past the end", i)
		}
		seg := data[i : i+2+length]
		stays := st.keepSegment(marker, seg[4:])
		if marker != 0xE0 && !(marker >= 0xE1 && marker <= 0xEF) && marker != 0xFE {
			st.writeOrientation() // after JFIF and the other APP segments it replaces
		}
		if stays {
			st.out.Write(seg)
		}
		i += 2 + length
	}
}

// jpegStripper is one run of jpegStrip: the JPEG written so far, what was
// removed, and what the EXIF record it writes keeps.
type jpegStripper struct {
	out     bytes.Buffer
	removed Removed
	// keep is what a copy with the owner's rights keeps (nil: nothing).
	keep             *kept
	orientation      int
	facts            photofacts.Facts
	wroteOrientation bool
}

// note records what was removed, once each.
func (st *jpegStripper) note(what ...string) {
	for _, w := range what {
		if !slices.Contains(st.removed, w) {
			st.removed = append(st.removed, w)
		}
	}
}

// writeOrientation writes, once, the EXIF record that replaces the
// original (orientation and the facts kept), and keep's segments.
func (st *jpegStripper) writeOrientation() {
	if st.wroteOrientation {
		return
	}
	st.wroteOrientation = true
	if st.keep == nil {
		if rec := photofacts.Record(st.facts, st.orientation); rec != nil {
			st.out.Write(exifSegment(rec))
		}
		return
	}
	if rec := photofacts.RecordOwned(st.facts, st.orientation, st.keep.owner); rec != nil {
		st.out.Write(exifSegment(rec))
	}
	st.out.Write(st.keep.jpegSegments())
}

// keepSegment reports whether the segment with this marker and body stays;
// what one that goes held is noted, and EXIF's orientation and facts are
// read for the record that replaces it.
func (st *jpegStripper) keepSegment(marker byte, body []byte) bool {
	switch {
	case marker == 0xE1 && bytes.HasPrefix(body, []byte("Exif\x00\x00")):
		o, found := exifContents(body[6:])
		if o >= 1 && o <= 8 {
			st.orientation = o
		}
		if f := photofacts.TIFF(body[6:]); !f.IsZero() {
			st.facts = f
		}
		st.note(found...)
		return false
	case marker == 0xE1:
		st.note("XMP")
		return false
	case marker == 0xED:
		st.note("IPTC (Photoshop)")
		return false
	case marker == 0xFE:
		st.note("comment")
		return false
	case marker == 0xE2 && bytes.HasPrefix(body, []byte("ICC_PROFILE\x00")):
	case marker == 0xE0 && bytes.HasPrefix(body, []byte("JFIF\x00")):
	case marker == 0xEE: // Adobe: colour transform of CMYK and YCCK files
	case marker >= 0xE0 && marker <= 0xEF:
		st.note(fmt.Sprintf("APP%d data", marker-0xE0))
		return false
	}
	return true
}

// imageEnd finds the end of the image: just after the EOI marker that ends
// the entropy-coded data started at sos (0xFF is followed by 0x00 stuffing
// or a restart marker inside it), or the end of the data.
func imageEnd(data []byte, sos int) int {
	for j := sos + 2; j+1 < len(data); j++ {
		if data[j] != 0xFF {
			continue
		}
		switch m := data[j+1]; {
		case m == 0xD9:
			return j + 2
		case m == 0x00, m >= 0xD0 && m <= 0xD7, m == 0xFF:
		default:
			// another marker (a progressive file's next scan or table):
			// skip its segment
			if j+4 <= len(data) {
				if l := int(binary.BigEndian.Uint16(data[j+2:])); l >= 2 {
					j += 1 + l
				}
			}
		}
	}
	return len(data)
}

// exifBounds are the caps on what is read of an EXIF record: at most 500
// entries of an IFD, those that fit, in IFDs from byte 8 on, two levels of
// sub-IFDs deep.
var exifBounds = tiffifd.Bounds{MinOffset: 8, MaxEntries: 500, MaxDepth: 2}

// exifContents reads the orientation and names the private things an EXIF
// record holds (the facts it also holds are kept).
func exifContents(tiff []byte) (orientation int, found []string) {
	found = []string{"EXIF"}
	r, ok := tiffifd.Open(tiff)
	if !ok {
		return 0, found
	}
	names := map[uint16]string{
		0x8825: "GPS position", 0x927C: "maker notes", 0xA431: "camera serial number", 0xA435: "lens serial number",
		0x013B: "artist", 0xA430: "camera owner's name", 0xA420: "image ID",
	}
	r.Walk(r.First(), exifBounds, func(_ uint16, depth int, e tiffifd.Entry) bool {
		if e.Tag == 0x0112 && depth == 0 {
			orientation = int(r.Order.Uint16(e.Inline[:]))
		}
		if name, ok := names[e.Tag]; ok && !slices.Contains(found, name) {
			found = append(found, name)
		}
		return e.Tag == 0x8769 // the Exif sub-IFD
	})
	return orientation, found
}

// WithFacts returns the JPEG jpg (one that has no EXIF record, as an
// encoder writes it) with a minimal EXIF record of the photo's facts right
// after its SOI marker; jpg itself when there are none.
func WithFacts(jpg []byte, f photofacts.Facts) []byte {
	rec := photofacts.Record(f, 1)
	if rec == nil || len(jpg) < 2 {
		return jpg
	}
	out := append(append([]byte{}, jpg[:2]...), exifSegment(rec)...)
	return append(out, jpg[2:]...)
}

// exifSegment is an APP1 segment holding the EXIF record rec.
func exifSegment(rec []byte) []byte {
	seg := append([]byte{0xFF, 0xE1, 0, 0}, "Exif\x00\x00"...)
	seg = append(seg, rec...)
	binary.BigEndian.PutUint16(seg[2:], uint16(len(seg)-2))
	return seg
}

// Clean returns a JPEG, PNG or WebP image without its private metadata
// (Strip), and what was removed; data that is no such image comes back
// unchanged. An image whose structure it cannot follow is an
// *Unreadable, never returned as it is: what cannot be read may hold a
// position or a serial number.
func Clean(data []byte) ([]byte, Removed, error) {
	out, removed, err := Strip(data)
	if errors.Is(err, ErrUnknownFormat) {
		return data, nil, nil
	}
	if err != nil {
		found, _ := Scan(bytes.NewReader(data), int64(len(data)))
		return nil, nil, &Unreadable{Found: found, Err: err}
	}
	return out, removed, nil
}

// Report gathers what was removed from several files.
type Report struct {
	Files int      // files that lost something
	What  Removed  // everything removed, each named once
	Names []string // the files, as the caller names them
	// Each is what each of Names lost, in the same order.
	Each []Removed
}

// Add records one file's removals.
func (r *Report) Add(name string, removed Removed) {
	if len(removed) == 0 {
		return
	}
	r.Files++
	r.Names = append(r.Names, name)
	r.Each = append(r.Each, slices.Clone(removed))
	for _, w := range removed {
		if !slices.Contains(r.What, w) {
			r.What = append(r.What, w)
		}
	}
}

// Lines says it per file, one line each: "IMG_0042.jpg: GPS position,
// camera serial number". File names come from outside the program: they
// are escaped, so a name cannot move the cursor or forge a line.
func (r Report) Lines() []string {
	out := make([]string, len(r.Names))
	for i, name := range r.Names {
		out[i] = termsafe.String(name) + ": " + strings.Join(r.Each[i], ", ")
	}
	return out
}

// String says it in a line: "GPS position, maker notes (from 3 images)".
func (r Report) String() string {
	if r.Files == 0 {
		return ""
	}
	s := "s"
	if r.Files == 1 {
		s = ""
	}
	return fmt.Sprintf("%s (from %d image%s)", strings.Join(r.What, ", "), r.Files, s)
}

// Unreadable means an image carries private metadata (Unreadable.Found)
// in a structure the strip cannot follow: the caller refuses it rather
// than keep it as it is.
type Unreadable struct {
	Found []string
	Err   error
}

func (e *Unreadable) Error() string {
	if len(e.Found) == 0 {
		return fmt.Sprintf("its metadata cannot be read (%v), so it may carry a GPS position or a camera's serial number that cannot be removed: export it again without location and camera details",
			e.Err)
	}
	return fmt.Sprintf("carries its %s, and its metadata cannot be read to remove it (%v): export it again without location and camera details",
		strings.Join(e.Found, ", "), e.Err)
}

// Upload is the rule for an image that enters content/ through the
// browser editor, in the browser itself (cli/cmd/metastrip-wasm; decision
// 0084, decision 0120 for the local mode): what Scan finds
// is stripped (the image and what it carried); an image that carries
// nothing, or data that is no image, comes back as it is (found empty);
// one that carries something that cannot be stripped, or whose metadata
// cannot be followed to its end (it may hide anything there), is an
// *Unreadable.
func Upload(data []byte) (out []byte, found []string, err error) {
	found, serr := Scan(bytes.NewReader(data), int64(len(data)))
	if serr != nil {
		return nil, nil, &Unreadable{Found: found, Err: serr}
	}
	if len(found) == 0 {
		return data, nil, nil // nothing private, or not an image: the save's checks judge it
	}
	out, _, err = Strip(data)
	if serr != nil || err != nil {
		return nil, nil, &Unreadable{Found: found, Err: errors.Join(serr, err)}
	}
	return out, found, nil
}
