package videocheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"time"

	mp4bits "github.com/Eyevinn/mp4ff/bits"
	"github.com/Eyevinn/mp4ff/hevc"
	"github.com/Eyevinn/mp4ff/mp4"
)

// Bounds on an MP4's box tree. A phone or screen recording has a few dozen
// boxes, five levels deep to a codec's configuration. mp4ff decodes a box
// whole, with everything in it, so the tree is walked here, header by
// header, and mp4ff is given only the boxes that describe the video, each
// read into memory only when it is at most maxDescribing: a movie or track
// header takes about a hundred bytes, a codec's configuration a few
// hundred. The sample tables (stts, stsz, stco…), which grow with the
// video's length, and mdat are never read.
const (
	maxBoxes      = 2000
	maxDepth      = 10
	maxDescribing = 64 << 10
	// An esds's descriptors nest, and mp4ff reads each level with a call
	// of its own that wraps the error of the next: a crafted 64 KB esds
	// took 0.6 s and 305 MB; at 1 KB, 0.25 ms. An AAC track's takes about
	// 50 bytes.
	maxEsds = 1 << 10
)

var (
	errTooManyBoxes = errors.New("too many boxes")
	errTooDeep      = errors.New("boxes nested too deep")
)

// truncatedError is a top-level box, of this type, that runs past the end
// of the file.
type truncatedError string

func (e truncatedError) Error() string { return "the file ends inside its " + string(e) + " box" }

type mp4Track struct {
	handler       string // vide, soun, …
	entry         string // the sample entry's four characters: avc1, hvc1, mp4a, …
	width, height int    // from the sample entry
	codecs        string // RFC 6381 codecs value, "" when unknown
	tkhd          *mp4.TkhdBox
	timescale     uint32
	duration      uint64
}

type mp4Reader struct {
	boxes          int
	brand          string
	moovAt, mdatAt int64 // offsets of the first of each; -1 when absent
	movieScale     uint32
	movieDuration  uint64
	tracks         []*mp4Track
}

// readMP4 walks the box tree of an MP4: every top-level box and, inside
// moov, the tracks down to their codec's configuration; the media data
// (mdat) and the sample tables are never read.
func readMP4(r io.ReaderAt, size int64, path string) (Info, error) {
	m := &mp4Reader{moovAt: -1, mdatAt: -1}
	err := m.walk(r, 0, size, nil, nil)
	damaged := func(what string) error {
		return problem("export the video again and replace the file, or try `"+fix(fixFastStart, path)+"`",
			"the MP4 file is damaged: %s", what)
	}
	var truncated truncatedError
	switch {
	case errors.As(err, &truncated):
		return Info{}, problem("copy the whole file again; if the export or download was interrupted, do it again",
			"the file is truncated: it ends inside its %s box", string(truncated))
	case errors.Is(err, errTooManyBoxes):
		return Info{}, damaged(fmt.Sprintf("it has more than %d boxes", maxBoxes))
	case errors.Is(err, errTooDeep):
		return Info{}, damaged(fmt.Sprintf("its boxes are nested more than %d deep", maxDepth))
	case err != nil:
		return Info{}, damaged(err.Error())
	case m.brand == "qt  ":
		return Info{}, problem("copy it into an MP4 container: `"+fix(fixFastStart, path)+"`",
			"the file is a QuickTime movie (.mov) with an .mp4 name; browsers other than Safari may not play it")
	case m.moovAt < 0:
		return Info{}, problem("export the video again; a recording that was stopped abruptly never writes its index",
			"the file has no moov box (the index of its frames): it is truncated or was never finished")
	case m.mdatAt >= 0 && m.mdatAt < m.moovAt:
		return Info{}, problem("move the index to the front, without re-encoding: `"+fix(fixFastStart, path)+"`",
			"the moov box (the index of the frames) comes after the media data, so a browser must download the whole file before it can start playing")
	}
	var video, audio *mp4Track
	for _, t := range m.tracks {
		switch {
		case t.handler == "vide" && video == nil:
			video = t
		case t.handler == "soun" && audio == nil:
			audio = t
		}
	}
	if video == nil {
		return Info{}, problem("export it again as a video (H.264 MP4)", "the file has no video track")
	}
	info := Info{Container: MP4, Audio: audio != nil}
	switch video.entry {
	case "avc1", "avc3":
		info.Codec = H264
	case "hvc1", "hev1":
		info.Codec = HEVC
	case "av01":
		info.Codec = AV1
	default:
		return Info{}, problem("encode it again as H.264: `"+fix(fixEncodeMP4, path)+"`",
			"the video codec is %s, which browsers do not play in an MP4 (they take H.264, HEVC or AV1)", entryName(video.entry))
	}
	codecs := video.codecs
	if codecs == "" {
		return Info{}, problem("export the video again and replace the file", "the %s track has no decoder configuration (%s box)", info.Codec, configBox[video.entry])
	}
	if audio != nil && audio.codecs != "" {
		codecs += "," + audio.codecs
	}
	info.Type = `video/mp4; codecs="` + codecs + `"`
	info.Width, info.Height = video.width, video.height
	if t := video.tkhd; t != nil && t.Width>>16 > 0 && t.Height>>16 > 0 {
		info.Width, info.Height = int(t.Width>>16), int(t.Height>>16)
		if t.Matrix[0] == 0 && t.Matrix[1] != 0 { // turned by 90° or 270°
			info.Width, info.Height = info.Height, info.Width
		}
	}
	info.Duration = seconds(m.movieDuration, m.movieScale)
	if info.Duration <= 0 {
		info.Duration = seconds(video.duration, video.timescale)
	}
	return info, nil
}

// configBox names the box in a sample entry that holds its codec's
// configuration.
var configBox = map[string]string{"avc1": "avcC", "avc3": "avcC", "hvc1": "hvcC", "hev1": "hvcC", "av01": "av1C", "mp4a": "esds"}

// entryName names a sample entry for its owner.
func entryName(entry string) string {
	switch entry {
	case "mp4v":
		return "MPEG-4 Part 2 (mp4v)"
	case "encv":
		return "encrypted (encv)"
	case "vp09":
		return "VP9 (vp09; put VP9 in a WebM file)"
	case "":
		return "not given"
	}
	return fmt.Sprintf("%q", strings.TrimSpace(entry))
}

func seconds(d uint64, scale uint32) time.Duration {
	if scale == 0 || d == 0 || d == ^uint64(0) || d == uint64(^uint32(0)) {
		return 0
	}
	s := float64(d) / float64(scale)
	if s > float64(24*time.Hour/time.Second) {
		return 24 * time.Hour // any bound over maxDuration; reported as too long
	}
	return time.Duration(s * float64(time.Second))
}

// walk reads the boxes of r from start to end: the payload of the box at
// the end of path, or the whole file when path is empty. t is the track
// the boxes belong to, nil outside one.
func (m *mp4Reader) walk(r io.ReaderAt, start, end int64, path []string, t *mp4Track) error {
	for pos := start; pos < end; {
		switch {
		case end-pos >= 8:
		case len(path) == 0:
			return nil // a few stray bytes after the last box are let be
		default:
			return fmt.Errorf("its %s box ends in %d bytes that are not a box", boxName(path[len(path)-1]), end-pos)
		}
		h, err := readHeader(r, pos, end, len(path) == 0)
		if err != nil {
			return err
		}
		m.boxes++
		if m.boxes > maxBoxes {
			return errTooManyBoxes
		}
		if len(path) >= maxDepth {
			return errTooDeep
		}
		if h.Size > uint64(end-pos) {
			if len(path) == 0 {
				return truncatedError(boxName(h.Name))
			}
			return fmt.Errorf("its %s box is larger than the %s box it is in", boxName(h.Name), boxName(path[len(path)-1]))
		}
		if err := m.visit(r, pos, h, path, t); err != nil {
			return err
		}
		pos += int64(h.Size)
	}
	return nil
}

// readHeader reads the header of the box at pos, which ends by end.
func readHeader(r io.ReaderAt, pos, end int64, top bool) (mp4.BoxHeader, error) {
	var buf [16]byte
	n, err := r.ReadAt(buf[:min(end-pos, int64(len(buf)))], pos)
	if err != nil && !errors.Is(err, io.EOF) {
		return mp4.BoxHeader{}, err
	}
	if n < 8 {
		return mp4.BoxHeader{}, io.ErrUnexpectedEOF // the file changed while it was read
	}
	size := binary.BigEndian.Uint32(buf[:4])
	switch {
	case size == 0 && top:
		// The last box runs to the end of the file: an mdat whose writer
		// could not go back to fill in its size. mp4ff does not take it.
		return mp4.BoxHeader{Name: string(buf[4:8]), Size: uint64(end - pos), Hdrlen: 8}, nil
	case size == 1 && n < 16 && top:
		return mp4.BoxHeader{}, truncatedError(boxName(string(buf[4:8])))
	}
	return mp4.DecodeHeaderSR(mp4bits.NewFixedSliceReader(buf[:n]))
}

// visit reads the box at pos, whose header is h, inside the boxes of path.
func (m *mp4Reader) visit(r io.ReaderAt, pos int64, h mp4.BoxHeader, path []string, t *mp4Track) error {
	start, end := pos+int64(h.Hdrlen), pos+int64(h.Size)
	in := path // the boxes it is in
	path = append(path[:len(path):len(path)], h.Name)
	if len(in) == 0 {
		switch h.Name {
		case "moov":
			if m.moovAt < 0 {
				m.moovAt = pos
			}
		case "mdat":
			if m.mdatAt < 0 && h.Size > uint64(h.Hdrlen) {
				m.mdatAt = pos
			}
		case "ftyp":
			if h.Size < uint64(h.Hdrlen)+8 {
				return errors.New("its ftyp box is too short")
			}
			ftyp, err := decodeAs[*mp4.FtypBox](r, pos, h)
			if err != nil {
				return err
			}
			m.brand = ftyp.MajorBrand()
			return nil
		}
	}
	switch h.Name {
	case "moov", "mdia", "minf", "stbl":
		return m.walk(r, start, end, path, t)
	case "trak":
		t := &mp4Track{}
		m.tracks = append(m.tracks, t)
		return m.walk(r, start, end, path, t)
	}
	switch {
	case h.Name == "mvhd" && len(in) == 1:
		mvhd, err := decodeAs[*mp4.MvhdBox](r, pos, h)
		if err != nil {
			return err
		}
		m.movieScale, m.movieDuration = mvhd.Timescale, mvhd.Duration
	case t == nil:
	case h.Name == "tkhd":
		tkhd, err := decodeAs[*mp4.TkhdBox](r, pos, h)
		if err != nil {
			return err
		}
		t.tkhd = tkhd
	case h.Name == "mdhd":
		mdhd, err := decodeAs[*mp4.MdhdBox](r, pos, h)
		if err != nil {
			return err
		}
		t.timescale, t.duration = mdhd.Timescale, mdhd.Duration
	case h.Name == "hdlr" && len(in) == 3 && in[2] == "mdia": // moov/trak/mdia/hdlr, not a metadata handler
		hdlr, err := decodeAs[*mp4.HdlrBox](r, pos, h)
		if err != nil {
			return err
		}
		t.handler = hdlr.HandlerType
	case h.Name == "stsd":
		// Its version and flags, and an entry count not trusted: the
		// sample entries that follow are walked to the box's end, and
		// counted.
		if h.Size < uint64(h.Hdrlen)+8 {
			return errors.New("its stsd box is too short")
		}
		return m.walk(r, start+8, end, path, t)
	case len(in) > 0 && in[len(in)-1] == "stsd":
		if t.entry == "" { // the first sample entry says what the track is
			t.entry = h.Name
			return m.sampleEntry(r, pos, h, path, t)
		}
	case len(in) >= 2 && in[len(in)-2] == "stsd" && h.Name == configBox[t.entry]:
		return m.config(r, pos, h, t)
	}
	return nil
}

// sampleEntry reads the fields of a sample entry that a browser needs,
// then walks its children to the codec's configuration.
func (m *mp4Reader) sampleEntry(r io.ReaderAt, pos int64, h mp4.BoxHeader, path []string, t *mp4Track) error {
	payload, end := pos+int64(h.Hdrlen), pos+int64(h.Size)
	var children int64
	switch h.Name {
	case "avc1", "avc3", "hvc1", "hev1", "av01":
		// A visual sample entry's fields take 78 bytes (ISO/IEC 14496-12
		// 12.1.3). mp4ff reads them from a copy that ends there, so it
		// decodes none of the boxes that follow them.
		children = payload + 78
		fields := h
		fields.Size = uint64(min(end, children) - pos)
		b, err := readBox(r, pos, fields)
		if err != nil {
			return err
		}
		binary.BigEndian.PutUint32(b, uint32(len(b)))
		box, err := decode(b, pos)
		if err != nil {
			return err
		}
		if e, ok := box.(*mp4.VisualSampleEntryBox); ok {
			t.width, t.height = int(e.Width), int(e.Height)
		}
	case "mp4a":
		// An audio sample entry's fields take 28 bytes, or 44 or 64 in
		// QuickTime's sound descriptions 1 and 2, which write their
		// version where ISO leaves zeros. Some ISO files have a 1 there
		// too: the longer layout is taken only when whole boxes follow
		// it, as mp4ff does.
		children = payload + 28
		var version [2]byte
		if end < children {
			return fmt.Errorf("its %s box is too short", h.Name)
		}
		if _, err := r.ReadAt(version[:], payload+8); err != nil {
			return err
		}
		if extra := map[uint16]int64{1: 16, 2: 36}[binary.BigEndian.Uint16(version[:])]; extra > 0 && tiles(r, children+extra, end) {
			children += extra
		}
	case "Opus":
		t.codecs = "opus"
		return nil
	default:
		return nil // named in the error that follows, if it is the video's
	}
	return m.walk(r, children, end, path, t)
}

// tiles reports whether whole boxes fill r from start to end.
func tiles(r io.ReaderAt, start, end int64) bool {
	for start < end {
		h, err := readHeader(r, start, end, false)
		if err != nil || h.Size > uint64(end-start) {
			return false
		}
		start += int64(h.Size)
	}
	return start == end
}

// config reads the codec's configuration into the track's codecs value.
func (m *mp4Reader) config(r io.ReaderAt, pos int64, h mp4.BoxHeader, t *mp4Track) error {
	if h.Name == "esds" && h.Size > maxEsds {
		return fmt.Errorf("its esds box is %d bytes, more than the %d KB an audio configuration takes", h.Size, maxEsds>>10)
	}
	b, err := readBox(r, pos, h)
	if err != nil {
		return err
	}
	box, err := decode(b, pos)
	if err != nil {
		return err
	}
	switch c := box.(type) {
	case *mp4.AvcCBox:
		t.codecs = fmt.Sprintf("%s.%02x%02x%02x", t.entry, c.AVCProfileIndication, c.ProfileCompatibility, c.AVCLevelIndication)
	case *mp4.HvcCBox:
		t.codecs = hevcCodecs(t.entry, c.DecConfRec)
	case *mp4.Av1CBox:
		t.codecs = c.CodecString(t.entry)
	case *mp4.EsdsBox:
		t.codecs = aacCodecs(c)
	}
	return nil
}

// readBox reads a box that describes the video into memory, to be decoded:
// at most maxDescribing bytes.
func readBox(r io.ReaderAt, pos int64, h mp4.BoxHeader) ([]byte, error) {
	if h.Size > maxDescribing {
		return nil, fmt.Errorf("its %s box is %d bytes, more than the %d KB a box that describes a track takes", boxName(h.Name), h.Size, maxDescribing>>10)
	}
	b := make([]byte, h.Size)
	if _, err := r.ReadAt(b, pos); err != nil {
		return nil, err
	}
	return b, nil
}

// decode has mp4ff decode the box b holds, read at pos. mp4ff is fuzzed,
// but a panic on a crafted file would end the whole validate run: it is a
// damaged file.
func decode(b []byte, pos int64) (box mp4.Box, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("its %s box cannot be read: %v", boxName(string(b[4:8])), p)
		}
	}()
	return mp4.DecodeBoxSR(uint64(pos), mp4bits.NewFixedSliceReader(b))
}

// decodeAs reads and decodes the box at pos, which mp4ff decodes as a T.
func decodeAs[T mp4.Box](r io.ReaderAt, pos int64, h mp4.BoxHeader) (T, error) {
	var none T
	b, err := readBox(r, pos, h)
	if err != nil {
		return none, err
	}
	box, err := decode(b, pos)
	if err != nil {
		return none, err
	}
	v, ok := box.(T)
	if !ok {
		return none, fmt.Errorf("its %s box cannot be read", boxName(h.Name))
	}
	return v, nil
}

// boxName is a box type as a message shows it: its four characters, or
// their code when they are not printable.
func boxName(typ string) string {
	for _, c := range []byte(typ) {
		if c < 0x20 || c > 0x7e {
			return fmt.Sprintf("0x%x", typ)
		}
	}
	return typ
}

// hevcCodecs is the codecs value of an HEVC track (ISO/IEC 14496-15
// annex E): profile space and profile, the compatibility flags in reverse
// bit order, tier and level, the constraint bytes without trailing zeros.
// (hevc.CodecString reads the same from an SPS, and keeps a last zero
// byte.)
func hevcCodecs(entry string, c hevc.DecConfRec) string {
	space := []string{"", "A", "B", "C"}[c.GeneralProfileSpace&3]
	tier := "L"
	if c.GeneralTierFlag {
		tier = "H"
	}
	s := fmt.Sprintf("%s.%s%d.%X.%s%d", entry, space, c.GeneralProfileIDC, bits.Reverse32(c.GeneralProfileCompatibilityFlags), tier, c.GeneralLevelIDC)
	var flags [8]byte // 48 bits, in the last six bytes
	binary.BigEndian.PutUint64(flags[:], c.GeneralConstraintIndicatorFlags)
	constraints := bytes.TrimRight(flags[2:], "\x00")
	for _, b := range constraints {
		s += fmt.Sprintf(".%X", b)
	}
	return s
}

// aacCodecs is the codecs value of an MPEG-4 audio track: mp4a, the object
// type (0x40 is MPEG-4 audio) and the audio object type from the first five
// bits of its decoder-specific information (2 is AAC-LC).
func aacCodecs(e *mp4.EsdsBox) string {
	d := e.DecConfigDescriptor
	if d == nil {
		return ""
	}
	oti, aot := d.ObjectType, byte(0)
	if d.DecSpecificInfo != nil && len(d.DecSpecificInfo.DecConfig) > 0 {
		aot = d.DecSpecificInfo.DecConfig[0] >> 3
	}
	switch {
	case oti == 0x40 && aot > 0:
		return fmt.Sprintf("mp4a.40.%d", aot)
	case oti != 0:
		return fmt.Sprintf("mp4a.%x", oti)
	}
	return ""
}
