// Package videocheck inspects video files for the web without decoding a
// frame: it reads the container's structure with maintained parsers
// (github.com/Eyevinn/mp4ff for MP4, github.com/at-wat/ebml-go for WebM) and
// says what a browser needs to know: the codec (and the codecs string of a
// <source type>), the size, the duration, and for an MP4 whether it can
// start playing before it is fully downloaded. Hostile input is bounded
// before the parsers see it: the file's size first (a 4 GB file is refused
// from its size alone), then the number of boxes or bytes of headers read,
// the size of each box decoded, and the nesting depth (docs/decisions/0060-video-containers-read-by-maintained-parsers.md,
// docs/decisions/0065-mp4-read-by-mp4ff.md).
package videocheck

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// MaxBytes is the largest video accepted: a few minutes of screen recording
// at 1080p, well over what a portfolio page should ask a phone to fetch.
const MaxBytes = 200 << 20

// Container is a video file format.
type Container string

const (
	MP4  Container = "mp4"
	WebM Container = "webm"
)

// Names of the video codecs a page may use.
const (
	H264 = "H.264"
	HEVC = "HEVC"
	AV1  = "AV1"
	VP9  = "VP9"
)

// Info is what the container says about a video.
type Info struct {
	Container Container
	// Codec is the video codec: H264, HEVC, AV1 or VP9.
	Codec string
	// Type is the value of a <source type>: the MIME type with the codecs
	// parameter (RFC 6381), e.g. video/mp4; codecs="avc1.64001f,mp4a.40.2".
	Type string
	// Width and Height are as displayed (a rotated phone video is upright).
	Width, Height int
	Duration      time.Duration
	// Audio reports an audio track.
	Audio bool
	Size  int64
}

// Problem is a defect of a video file, with a hint for its owner: usually
// the ffmpeg command that fixes it.
type Problem struct {
	Msg  string
	Hint string
}

func (p *Problem) Error() string { return p.Msg }

func problem(hint, format string, args ...any) error {
	return &Problem{Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// IsProblem returns the Problem in err's chain.
func IsProblem(err error) (*Problem, bool) {
	var p *Problem
	ok := errors.As(err, &p)
	return p, ok
}

// videoFiles are the extensions of the video files the content may hold,
// in lower case, and their containers: the one table validate, the browser
// editor's configuration and its messages read.
var videoFiles = []struct {
	ext       string
	container Container
}{{".mp4", MP4}, {".m4v", MP4}, {".webm", WebM}}

// Extensions lists the extensions of videoFiles, in its order.
var Extensions = func() []string {
	out := make([]string, len(videoFiles))
	for i, f := range videoFiles {
		out[i] = f.ext
	}
	return out
}()

// containerOf is the container a file's extension names, in any case.
func containerOf(name string) (Container, bool) {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range videoFiles {
		if f.ext == ext {
			return f.container, true
		}
	}
	return "", false
}

// HasVideoExt reports whether name ends in .mp4, .m4v or .webm, in any case.
func HasVideoExt(name string) bool {
	_, ok := containerOf(name)
	return ok
}

// Commands that fix what validate finds; `in` and `out` stand for the file.
const (
	fixFastStart = "ffmpeg -i %[1]s -c copy -movflags +faststart %[2]s"
	fixRemuxWebM = "ffmpeg -i %[1]s -c copy %[2]s"
	fixEncodeMP4 = "ffmpeg -i %[1]s -c:v libx264 -crf 23 -preset slow -pix_fmt yuv420p -c:a aac -movflags +faststart %[2]s"
	fixShrink    = "ffmpeg -i %[1]s -c:v libx264 -crf 28 -preset slow -vf \"scale='min(1920,iw)':-2\" -pix_fmt yuv420p -c:a aac -b:a 96k -movflags +faststart %[2]s"
)

// fix fills a command with the file's name and the name of its fixed copy.
func fix(format, path string) string {
	base := filepath.Base(path)
	ext := filepath.Ext(base)
	out := strings.TrimSuffix(base, ext) + "-fixed" + ext
	if format == fixEncodeMP4 || format == fixShrink {
		out = strings.TrimSuffix(base, ext) + "-web.mp4"
	}
	return fmt.Sprintf(format, shellWord(base), shellWord(out))
}

// shellWord quotes s for a POSIX shell when it holds anything but the
// characters no shell treats specially.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+:,@%-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// File inspects the video at path: its size first (a larger file than
// MaxBytes is refused without reading a byte of it), then its container,
// chosen by the name's extension and confirmed by the first bytes.
func File(path string) (Info, error) {
	f, err := os.Open(path)
	if err != nil {
		return Info{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Info{}, err
	}
	size := fi.Size()
	if size > MaxBytes {
		return Info{}, problem("shorten it, or encode it smaller for the web, e.g. `"+fix(fixShrink, path)+"` (a page's video should be a few megabytes)",
			"the video is %s, more than the %s a page's video may have", sizeText(size), sizeText(MaxBytes))
	}
	if size == 0 {
		return Info{}, problem("export the video again and replace the file", "the file is empty")
	}
	var head [12]byte
	n, _ := f.ReadAt(head[:], 0)
	want, _ := containerOf(path)
	got := sniff(head[:n])
	switch {
	case got == "":
		return Info{}, problem("export the video again as MP4 (H.264) and replace the file, e.g. `"+fix(fixEncodeMP4, path)+"`",
			"the file is not an MP4 or WebM video (its first bytes are not an MP4 box or an EBML header)")
	case got != want:
		return Info{}, problem(fmt.Sprintf("rename it to %s.%s", strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), got),
			"the file is a %s video, not %s as its name says", strings.ToUpper(string(got)), strings.ToUpper(string(want)))
	}
	var info Info
	if got == MP4 {
		// One read of a box's header, or of a box that describes the
		// video, each: a few dozen reads for a phone's clip.
		info, err = readMP4(f, size, path)
	} else {
		info, err = readWebM(f, size, path)
	}
	if err != nil {
		return Info{}, err
	}
	info.Size = size
	return info, checkInfo(info, path)
}

// sniff tells the container from a file's first bytes: an MP4 starts with
// a box (size, then a type such as ftyp), a WebM with the EBML magic.
func sniff(b []byte) Container {
	switch {
	case len(b) >= 4 && string(b[:4]) == "\x1a\x45\xdf\xa3":
		return WebM
	case len(b) >= 8 && (string(b[4:8]) == "ftyp" || string(b[4:8]) == "moov" || string(b[4:8]) == "free" || string(b[4:8]) == "mdat" || string(b[4:8]) == "wide"):
		return MP4
	}
	return ""
}

// Bounds on a video's frame and duration: larger than any screen shows, or
// longer than a page's clip; a header claiming more is corrupt or hostile.
const (
	maxSide     = 8192
	maxDuration = 30 * time.Minute
)

func checkInfo(info Info, path string) error {
	switch {
	case info.Width <= 0 || info.Height <= 0:
		return problem("export the video again and replace the file", "the video track has no frame size")
	case info.Width > maxSide || info.Height > maxSide:
		return problem("encode it at most 3840 pixels wide, e.g. `"+fix(fixShrink, path)+"`",
			"the video is %d×%d pixels, more than the %d a side may have", info.Width, info.Height, maxSide)
	case info.Duration <= 0:
		hint := "export the video again and replace the file"
		if info.Container == WebM {
			// A browser's MediaRecorder writes a WebM as a live stream,
			// without its duration; a copy by ffmpeg writes it.
			hint = "copy it with ffmpeg, which writes the duration: `" + fix(fixRemuxWebM, path) + "`"
		}
		return problem(hint, "the video does not say how long it is, so the player cannot show its length or seek")
	case info.Duration > maxDuration:
		return problem("cut it to a clip of a few minutes at most, or link to it on a video host", "the video is %s long, more than the %s a page's clip may be", info.Duration.Round(time.Second), maxDuration)
	}
	return nil
}

func sizeText(n int64) string {
	if n >= 1<<30 {
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	}
	return fmt.Sprintf("%d MB", (n+(1<<19))>>20)
}
