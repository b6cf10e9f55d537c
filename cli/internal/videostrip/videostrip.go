// Package videostrip makes the copy of a video that the site publishes:
// the same bytes, with every box or element that can say where the video
// was filmed or which camera filmed it blanked in place (decision 0100).
// A phone's MP4 or MOV carries its position in moov/udta (©xyz, loci) or
// in a moov/meta (Apple's com.apple.quicktime.location.ISO6709), and
// cameras write serial numbers and firmware in udta; XMP rides in a uuid
// box or udta/XMP_; vendors add boxes of their own; a WebM carries Tags
// and Attachments. What is not known to be needed to play is blanked.
//
// Nothing is re-encoded and nothing moves: an MP4 box becomes a `free` box
// of the same size with a zeroed payload, a WebM element a Void element of
// the same size, so every chunk offset (stco, co64), every Cues position
// and the file's size stay valid. A file whose position is in its media
// data, a GoPro's GPMF telemetry track (gpmd), a camera-motion track
// (camm) or a DJI drone's flight data (djmd), is refused: blanking a track's samples means rewriting its
// sample tables, and the owner can export the video without it.
//
// The published name of a video holds the hash of the cleaned bytes
// (Hash), so no version is kept: a scan that blanks more changes the bytes
// and so the name, and the build writes the copy again.
//
// The walk is bounded as package videocheck's is (boxes or elements,
// depth), and reads only headers: a file of any size is scanned in a few
// hundred small reads.
package videostrip

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/fsutil"
)

// Bounds on the walk. A phone or camera file has a few dozen boxes; a
// WebM has an element per cluster at the segment's level, more when its
// clusters' sizes are unknown (a browser's MediaRecorder) and their blocks
// are walked.
const (
	maxBoxes    = 4000
	maxDepth    = 10
	maxElements = 1 << 20
	maxMeta     = 1 << 20 // bytes of a meta or udta box read to say what it holds
)

// A Region is a range of the file that the published copy blanks: Head is
// written at Off, zeros after it to Off+Len.
type Region struct {
	Off, Len int64
	Head     []byte
	// What names the box or element, as a message shows it ("moov/udta").
	What string
}

// A Plan is what the published copy changes, in file order.
type Plan struct {
	Regions []Region
	// Location reports that a blanked box or element says where the video
	// was filmed (a ©xyz or loci box, an Apple location key, XMP GPS, or
	// a WebM tag naming a location), for `portfolio validate` to say so.
	Location bool
}

// Refused is a video the build does not publish, with what to do.
type Refused struct{ Msg, Hint string }

func (e *Refused) Error() string { return e.Msg + "; " + e.Hint }

// HintFor is the hint with the command written for the video named name
// (demo.mp4 → demo-fixed.mp4).
func (e *Refused) HintFor(name string) string {
	stem := strings.TrimSuffix(name, filepath.Ext(name))
	return strings.NewReplacer("-i IN ", "-i "+name+" ", " OUT.mp4", " "+stem+"-fixed.mp4").Replace(e.Hint)
}

var (
	errTooMany = errors.New("too many boxes or elements")
	errTooDeep = errors.New("boxes or elements nested too deep")
)

// Scan reads the headers of the video r (size bytes), an MP4/MOV or a
// WebM, and says what its published copy blanks. A damaged file, or one
// over the bounds, is an error; a file whose media data holds a position
// is a *Refused.
func Scan(r io.ReaderAt, size int64) (Plan, error) {
	var magic [4]byte
	if _, err := r.ReadAt(magic[:], 0); err != nil {
		return Plan{}, fmt.Errorf("reading the file's first bytes: %w", err)
	}
	if binary.BigEndian.Uint32(magic[:]) == idEBML {
		return scanWebM(r, size)
	}
	return scanMP4(r, size)
}

// ScanFile is Scan of the file at path.
func ScanFile(path string) (Plan, error) {
	f, err := os.Open(path)
	if err != nil {
		return Plan{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Plan{}, err
	}
	return Scan(f, fi.Size())
}

// Blanked names the boxes or elements the plan blanks, sorted, each once.
func (p Plan) Blanked() []string {
	var names []string
	for _, r := range p.Regions {
		names = append(names, r.What)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Copy writes to w the n bytes read from r (the file that was scanned,
// from its start) with the plan's regions blanked.
func (p Plan) Copy(w io.Writer, r io.Reader, n int64) error {
	var pos int64
	zeros := make([]byte, 32<<10)
	for _, g := range p.Regions {
		if g.Off < pos || g.Off+g.Len > n {
			return fmt.Errorf("the file changed while it was read")
		}
		if _, err := io.CopyN(w, r, g.Off-pos); err != nil {
			return unexpected(err)
		}
		if _, err := io.CopyN(io.Discard, r, g.Len); err != nil {
			return unexpected(err)
		}
		if _, err := w.Write(g.Head); err != nil {
			return err
		}
		for left := g.Len - int64(len(g.Head)); left > 0; {
			k := min(left, int64(len(zeros)))
			if _, err := w.Write(zeros[:k]); err != nil {
				return err
			}
			left -= k
		}
		pos = g.Off + g.Len
	}
	if _, err := io.CopyN(w, r, n-pos); err != nil {
		return unexpected(err)
	}
	var extra [1]byte
	if k, _ := r.Read(extra[:]); k > 0 {
		return fmt.Errorf("the file grew while it was read")
	}
	return nil
}

func unexpected(err error) error {
	if errors.Is(err, io.EOF) {
		return fmt.Errorf("the file shrank while it was read")
	}
	return err
}

// WriteFile writes the cleaned copy of the video src (size bytes) to dst,
// through a temporary file renamed into place. When sum is not nil, the
// copy's bytes are hashed into it too, and want, when not "", is the hex
// digest they must have (the file changed since it was hashed otherwise).
func WriteFile(dst, src string, size int64, sum hash.Hash, want string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	plan, err := Scan(f, size)
	if err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	return fsutil.WriteAtomic(dst, 0o644, func(w io.Writer) error {
		if sum != nil {
			w = io.MultiWriter(w, sum)
		}
		if err := plan.Copy(w, f, size); err != nil {
			return err
		}
		if sum != nil && want != "" && fmt.Sprintf("%x", sum.Sum(nil)) != want {
			return fmt.Errorf("the file changed since it was checked")
		}
		return nil
	})
}

// Hash returns the hex digest, by h, of the cleaned copy of the file at
// path (at most limit bytes), and its plan: one read of the file.
func Hash(path string, limit int64, h hash.Hash) (string, Plan, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", Plan{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", Plan{}, err
	}
	if fi.Size() > limit {
		return "", Plan{}, fmt.Errorf("the file is larger than %d bytes", limit)
	}
	plan, err := Scan(f, fi.Size())
	if err != nil {
		return "", Plan{}, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", Plan{}, err
	}
	if err := plan.Copy(h, f, fi.Size()); err != nil {
		return "", Plan{}, err
	}
	return fmt.Sprintf("%x", h.Sum(nil)), plan, nil
}

// printable is a box type or element as a message shows it.
func printable(typ string) string {
	for _, c := range []byte(typ) {
		if c < 0x20 || c > 0x7e {
			return fmt.Sprintf("0x%x", typ)
		}
	}
	return strings.ToValidUTF8(typ, "?")
}
