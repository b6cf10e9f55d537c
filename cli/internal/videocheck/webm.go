package videocheck

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/Eyevinn/mp4ff/av1"
	"github.com/at-wat/ebml-go"
)

// Bounds on a WebM's headers. ebml-go reads a stream, element by element,
// refusing an element nested deeper than 1024 levels and (with the option
// set here) a value longer than maxLeafBytes; the byte budget bounds the
// rest: the headers a browser needs (EBML header, Info, Tracks) come first
// and take a few kilobytes, so reading stops at the end of Tracks and never
// reaches the media data, and a file that gets there is refused.
const (
	maxHeaderBytes = 4 << 20
	maxLeafBytes   = 1 << 20
	maxTracks      = 32
)

var errHeaderBudget = errors.New("headers too large")

// The elements read, named as the Matroska specification names them; the
// others are skipped.
type webmFile struct {
	Header  webmHeader  `ebml:"EBML"`
	Segment webmSegment `ebml:"Segment"`
}

type webmHeader struct {
	DocType string `ebml:"EBMLDocType"`
}

type webmSegment struct {
	Info   webmInfo   `ebml:"Info"`
	Tracks webmTracks `ebml:"Tracks,stop"`
}

type webmInfo struct {
	TimecodeScale uint64  `ebml:"TimestampScale"`
	Duration      float64 `ebml:"Duration"`
}

type webmTracks struct {
	TrackEntry []webmTrack `ebml:"TrackEntry"`
}

type webmTrack struct {
	TrackType    uint64    `ebml:"TrackType"`
	CodecID      string    `ebml:"CodecID"`
	CodecPrivate []byte    `ebml:"CodecPrivate"`
	Video        webmVideo `ebml:"Video"`
}

type webmVideo struct {
	PixelWidth    uint64 `ebml:"PixelWidth"`
	PixelHeight   uint64 `ebml:"PixelHeight"`
	DisplayWidth  uint64 `ebml:"DisplayWidth"`
	DisplayHeight uint64 `ebml:"DisplayHeight"`
	DisplayUnit   uint64 `ebml:"DisplayUnit"`
}

// budget is a reader that fails once it has given n bytes.
type budget struct {
	r io.Reader
	n int64
}

func (b *budget) Read(p []byte) (int, error) {
	if b.n <= 0 {
		return 0, errHeaderBudget
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	n, err := b.r.Read(p)
	b.n -= int64(n)
	return n, err
}

// Matroska track types.
const (
	trackVideo = 1
	trackAudio = 2
)

func readWebM(r io.Reader, size int64, path string) (Info, error) {
	doc, err := readWebMHeaders(r, size, path)
	if err != nil {
		return Info{}, err
	}
	video, audio := firstTracks(&doc)
	if video == nil {
		return Info{}, problem("export it again as a video (H.264 MP4)", "the file has no video track")
	}
	info := Info{Container: WebM, Audio: audio != nil}
	var codecs string
	if info.Codec, codecs, err = webmCodecs(video, audio, path); err != nil {
		return Info{}, err
	}
	info.Type = `video/webm; codecs="` + codecs + `"`
	info.Width, info.Height = webmSize(video)
	info.Duration = webmDuration(&doc)
	return info, nil
}

// webmDamaged is the problem of a WebM file at path that cannot be read:
// what is wrong with it.
func webmDamaged(path, what string) error {
	return problem("export the video again and replace the file, or copy it with `"+fix(fixRemuxWebM, path)+"`",
		"the WebM file is damaged: %s", what)
}

// readWebMHeaders reads a WebM file's headers up to its Tracks, within
// maxHeaderBytes, and checks that the file is whole and a WebM one.
func readWebMHeaders(r io.Reader, size int64, path string) (webmFile, error) {
	var doc webmFile
	var segmentEnd uint64
	tracks := 0
	hook := func(e *ebml.Element) {
		switch e.Type {
		case ebml.ElementTrackEntry:
			tracks++
		case ebml.ElementTracks:
			// The Segment's data starts after its 4-byte ID and a size of
			// 1 to 8 bytes: counting the shortest finds every cut but one
			// within the last 7 bytes.
			if s := e.Parent; s != nil && s.Size != ebml.SizeUnknown {
				segmentEnd = s.Position + 5 + s.Size
			}
		}
	}
	err := ebml.Unmarshal(&budget{r: bufio.NewReader(r), n: maxHeaderBytes}, &doc,
		ebml.WithMaxLeafElementSize(maxLeafBytes), ebml.WithElementReadHooks(hook))
	switch {
	case errors.Is(err, ebml.ErrReadStopped):
		// Tracks read: all that is needed.
	case errors.Is(err, errHeaderBudget):
		return doc, webmDamaged(path, fmt.Sprintf("its tracks are not described in its first %d MB", maxHeaderBytes>>20))
	case errors.Is(err, ebml.ErrTooLargeElement):
		return doc, webmDamaged(path, fmt.Sprintf("an element is larger than %d MB, more than a header holds", maxLeafBytes>>20))
	case err == nil:
		return doc, problem("export the video again and replace the file", "the WebM file has no Tracks element: it holds no video")
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return doc, problem("copy the whole file again; if the export or download was interrupted, do it again",
			"the file is truncated: it ends inside its headers")
	default:
		return doc, webmDamaged(path, err.Error())
	}
	if tracks > maxTracks {
		return doc, webmDamaged(path, fmt.Sprintf("it has %d tracks, more than %d", tracks, maxTracks))
	}
	if segmentEnd > uint64(size) {
		return doc, problem("copy the whole file again; if the export or download was interrupted, do it again",
			"the file is truncated: it is %s long but its Segment says it needs at least %d bytes", sizeText(size), segmentEnd)
	}
	switch doc.Header.DocType {
	case "webm":
	case "matroska":
		return doc, problem("copy it into an MP4 container (H.264, HEVC, AV1) with `"+fix(fixFastStart, path)+"`, or encode it again: `"+fix(fixEncodeMP4, path)+"`",
			"the file is a Matroska (.mkv) video with a .webm name; browsers play only WebM")
	default:
		return doc, webmDamaged(path, fmt.Sprintf("its document type is %q, not webm", doc.Header.DocType))
	}
	return doc, nil
}

// firstTracks are the first video and the first audio track (nil when
// there is none).
func firstTracks(doc *webmFile) (video, audio *webmTrack) {
	for i := range doc.Segment.Tracks.TrackEntry {
		t := &doc.Segment.Tracks.TrackEntry[i]
		switch {
		case t.TrackType == trackVideo && video == nil:
			video = t
		case t.TrackType == trackAudio && audio == nil:
			audio = t
		}
	}
	return video, audio
}

// webmCodecs is the video's codec and the codecs parameter of the file's
// type; a video codec other than VP9 or AV1 is a problem.
func webmCodecs(video, audio *webmTrack, path string) (string, string, error) {
	var codec, codecs string
	switch video.CodecID {
	case "V_VP9":
		codec, codecs = VP9, "vp9"
	case "V_AV1":
		codec = AV1
		// CodecPrivate holds the same configuration record as an MP4's
		// av1C box; mp4ff's av1 package reads it.
		c, err := av1.DecodeAV1CodecConfRec(video.CodecPrivate)
		if err != nil {
			return "", "", webmDamaged(path, "the AV1 track has no valid configuration (CodecPrivate)")
		}
		codecs = c.CodecString("av01")
	default:
		name := video.CodecID
		if name == "V_VP8" {
			name = "VP8 (V_VP8)"
		}
		return "", "", problem("encode it again as H.264: `"+fix(fixEncodeMP4, path)+"`",
			"the video codec is %s; a WebM page video must be VP9 or AV1", name)
	}
	if audio != nil {
		switch audio.CodecID {
		case "A_OPUS":
			codecs += ",opus"
		case "A_VORBIS":
			codecs += ",vorbis"
		}
	}
	return codec, codecs, nil
}

// webmSize is the video's display size, each side capped at maxSide+1.
func webmSize(video *webmTrack) (width, height int) {
	v := video.Video
	width, height = int(min(v.PixelWidth, maxSide+1)), int(min(v.PixelHeight, maxSide+1))
	if v.DisplayUnit == 0 && v.DisplayWidth > 0 && v.DisplayHeight > 0 {
		width, height = int(min(v.DisplayWidth, maxSide+1)), int(min(v.DisplayHeight, maxSide+1))
	}
	return width, height
}

// webmDuration is the Segment's duration, capped at a day.
func webmDuration(doc *webmFile) time.Duration {
	scale := doc.Segment.Info.TimecodeScale
	if scale == 0 {
		scale = 1_000_000 // the specification's default: milliseconds
	}
	if d := doc.Segment.Info.Duration * float64(scale); d > 0 && d < float64(24*time.Hour) {
		return time.Duration(d)
	} else if d >= float64(24*time.Hour) {
		return 24 * time.Hour
	}
	return 0
}
