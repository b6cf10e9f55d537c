package videocheck

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	mp4 "github.com/abema/go-mp4"
)

// Bounds on an MP4's box tree. A phone or screen recording has a few dozen
// boxes, five levels deep to a codec's configuration; go-mp4 reads what the
// handler asks for and refuses a child larger than its parent, but leaves
// counting and depth to its caller.
const (
	maxBoxes = 2000
	maxDepth = 10
)

var (
	errTooManyBoxes = errors.New("too many boxes")
	errTooDeep      = errors.New("boxes nested too deep")
)

type mp4Track struct {
	handler       string // vide, soun, …
	entry         string // the sample entry's four characters: avc1, hvc1, mp4a, …
	width, height int    // from the sample entry
	codecs        string // RFC 6381 codecs value, "" when unknown
	tkhd          *mp4.Tkhd
	timescale     uint32
	duration      uint64
}

type mp4Reader struct {
	size           int64
	boxes          int
	brand          string
	moovAt, mdatAt int64 // offsets of the first of each; -1 when absent
	truncated      string
	movieScale     uint32
	movieDuration  uint64
	tracks         []*mp4Track
	cur            *mp4Track
}

// readMP4 walks the box tree of an MP4: every top-level box and, inside
// moov, the tracks down to their codec's configuration; the media data
// (mdat) and the sample tables are never read.
func readMP4(r io.ReadSeeker, size int64, path string) (Info, error) {
	m := &mp4Reader{size: size, moovAt: -1, mdatAt: -1}
	_, err := mp4.ReadBoxStructure(r, m.handle)
	damaged := func(what string) error {
		return problem("export the video again and replace the file, or try `"+fix(fixFastStart, path)+"`",
			"the MP4 file is damaged: %s", what)
	}
	switch {
	case m.truncated != "":
		return Info{}, problem("copy the whole file again; if the export or download was interrupted, do it again",
			"the file is truncated: it ends inside its %s box", m.truncated)
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
	if t := video.tkhd; t != nil && t.GetWidthInt() > 0 && t.GetHeightInt() > 0 {
		info.Width, info.Height = int(t.GetWidthInt()), int(t.GetHeightInt())
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

// describes lists the boxes, outside a sample entry, that say what a track
// is.
var describes = map[string]bool{"mvhd": true, "tkhd": true, "mdhd": true, "hdlr": true, "stsd": true}

var configBox = map[string]string{"avc1": "avcC", "avc3": "avcC", "hvc1": "hvcC", "hev1": "hvcC", "av01": "av1C"}

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

func (m *mp4Reader) handle(h *mp4.ReadHandle) (any, error) {
	m.boxes++
	if m.boxes > maxBoxes {
		return nil, errTooManyBoxes
	}
	if len(h.Path) > maxDepth {
		return nil, errTooDeep
	}
	bi := h.BoxInfo
	typ := bi.Type.String()
	if end := bi.Offset + bi.Size; end > uint64(m.size) {
		m.truncated = typ
		return nil, errors.New("truncated")
	}
	if len(h.Path) == 1 {
		switch typ {
		case "moov":
			if m.moovAt < 0 {
				m.moovAt = int64(bi.Offset)
			}
		case "mdat":
			if m.mdatAt < 0 && bi.Size > bi.HeaderSize {
				m.mdatAt = int64(bi.Offset)
			}
		case "ftyp":
			box, _, err := h.ReadPayload()
			if err != nil {
				return nil, err
			}
			m.brand = string(box.(*mp4.Ftyp).MajorBrand[:])
			return nil, nil
		}
	}
	switch typ {
	case "moov", "mdia", "minf", "stbl":
		return h.Expand()
	case "trak":
		m.cur = &mp4Track{}
		m.tracks = append(m.tracks, m.cur)
		v, err := h.Expand()
		m.cur = nil
		return v, err
	}
	// Only the boxes that describe a track are decoded; the sample tables
	// (stts, stsz, stco…), which grow with the video's length, are not.
	inEntry := len(h.Path) >= 2 && h.Path[len(h.Path)-2] == mp4.BoxTypeStsd()
	inConfig := len(h.Path) >= 3 && h.Path[len(h.Path)-3] == mp4.BoxTypeStsd()
	if !inEntry && !inConfig && !describes[typ] {
		return nil, nil
	}
	if !h.BoxInfo.IsSupportedType() {
		if m.cur != nil && inEntry && m.cur.entry == "" {
			m.cur.entry = typ // a sample entry go-mp4 does not model: named in the error
		}
		return nil, nil
	}
	box, _, err := h.ReadPayload()
	if err != nil {
		return nil, err
	}
	t := m.cur
	switch b := box.(type) {
	case *mp4.Mvhd:
		if len(h.Path) == 2 {
			m.movieScale, m.movieDuration = b.Timescale, b.GetDuration()
		}
		return nil, nil
	}
	if t == nil {
		return nil, nil
	}
	switch b := box.(type) {
	case *mp4.Tkhd:
		t.tkhd = b
	case *mp4.Mdhd:
		t.timescale, t.duration = b.Timescale, b.GetDuration()
	case *mp4.Hdlr:
		if len(h.Path) == 4 && h.Path[2] == mp4.BoxTypeMdia() { // moov/trak/mdia/hdlr, not a metadata handler
			t.handler = string(b.HandlerType[:])
		}
	case *mp4.Stsd:
		return h.Expand()
	case *mp4.VisualSampleEntry:
		if t.entry == "" {
			t.entry, t.width, t.height = typ, int(b.Width), int(b.Height)
			return h.Expand()
		}
	case *mp4.AudioSampleEntry:
		if t.entry == "" {
			t.entry = typ
			if typ == "Opus" {
				t.codecs = "opus"
			}
			return h.Expand()
		}
	case *mp4.AVCDecoderConfiguration:
		t.codecs = fmt.Sprintf("%s.%02x%02x%02x", t.entry, b.Profile, b.ProfileCompatibility, b.Level)
	case *mp4.HvcC:
		t.codecs = hevcCodecs(t.entry, b)
	case *mp4.Av1C:
		t.codecs = av1Codecs(b)
	case *mp4.Esds:
		t.codecs = aacCodecs(b)
	}
	return nil, nil
}

// hevcCodecs is the codecs value of an HEVC track (ISO/IEC 14496-15
// annex E): profile space and profile, the compatibility flags in reverse
// bit order, tier and level, the constraint bytes without trailing zeros.
func hevcCodecs(entry string, c *mp4.HvcC) string {
	space := []string{"", "A", "B", "C"}[c.GeneralProfileSpace&3]
	var compat uint32
	for i, on := range c.GeneralProfileCompatibility {
		if on {
			compat |= 1 << i // flag j of the box is bit j of the reversed value
		}
	}
	tier := "L"
	if c.GeneralTierFlag {
		tier = "H"
	}
	s := fmt.Sprintf("%s.%s%d.%X.%s%d", entry, space, c.GeneralProfileIdc, compat, tier, c.GeneralLevelIdc)
	last := len(c.GeneralConstraintIndicator)
	for last > 0 && c.GeneralConstraintIndicator[last-1] == 0 {
		last--
	}
	for _, b := range c.GeneralConstraintIndicator[:last] {
		s += fmt.Sprintf(".%X", b)
	}
	return s
}

// av1Codecs is the codecs value of an AV1 track (AV1 codec ISO media file
// format binding, "codecs parameter string"): profile, level and tier,
// bit depth.
func av1Codecs(c *mp4.Av1C) string {
	tier := "M"
	if c.SeqTier0 == 1 {
		tier = "H"
	}
	depth := 8
	switch {
	case c.HighBitdepth == 1 && c.TwelveBit == 1:
		depth = 12
	case c.HighBitdepth == 1:
		depth = 10
	}
	return fmt.Sprintf("av01.%d.%02d%s.%02d", c.SeqProfile, c.SeqLevelIdx0, tier, depth)
}

// aacCodecs is the codecs value of an MPEG-4 audio track: mp4a, the object
// type (0x40 is MPEG-4 audio) and the audio object type from the first five
// bits of its decoder-specific information (2 is AAC-LC).
func aacCodecs(e *mp4.Esds) string {
	oti, aot := byte(0), byte(0)
	for _, d := range e.Descriptors {
		switch {
		case d.DecoderConfigDescriptor != nil:
			oti = d.DecoderConfigDescriptor.ObjectTypeIndication
		case d.Tag == mp4.DecSpecificInfoTag && len(d.Data) > 0:
			aot = d.Data[0] >> 3
		}
	}
	switch {
	case oti == 0x40 && aot > 0:
		return fmt.Sprintf("mp4a.40.%d", aot)
	case oti != 0:
		return fmt.Sprintf("mp4a.%x", oti)
	}
	return ""
}
