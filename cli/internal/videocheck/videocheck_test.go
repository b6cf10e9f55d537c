package videocheck

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/videocheck/videotest"
)

// The videos are made by ffmpeg when the tests run, from its synthetic
// sources; none is committed.
func TestFile(t *testing.T) {
	dir := t.TempDir()
	type want struct {
		codec, typ    string
		width, height int
		audio         bool
	}
	good := []struct {
		name string
		args []string
		want want
	}{
		{"h264.mp4", videotest.H264, want{H264, `video/mp4; codecs="avc1.64000d,mp4a.40.2"`, 320, 240, true}},
		{"hevc.mp4", videotest.HEVC, want{HEVC, `video/mp4; codecs="hvc1.1.6.L60.90"`, 320, 240, false}},
		{"av1.mp4", videotest.AV1, want{AV1, `video/mp4; codecs="av01.0.00M.08"`, 320, 240, false}},
		{"vp9.webm", videotest.VP9, want{VP9, `video/webm; codecs="vp9,opus"`, 320, 240, true}},
		{"av1.webm", videotest.AV1, want{AV1, `video/webm; codecs="av01.0.00M.08"`, 320, 240, false}},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			path := videotest.Make(t, dir, tc.name, tc.args...)
			info, err := File(path)
			if err != nil {
				t.Fatalf("File: %v", err)
			}
			got := want{info.Codec, info.Type, info.Width, info.Height, info.Audio}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			if info.Duration < 900*time.Millisecond || info.Duration > 1100*time.Millisecond {
				t.Errorf("duration %s, want about 1s", info.Duration)
			}
		})
	}
}

func TestFileProblems(t *testing.T) {
	dir := t.TempDir()
	h264 := videotest.Make(t, dir, "good.mp4", videotest.H264...)
	vp9 := videotest.Make(t, dir, "good.webm", videotest.VP9...)
	data, _ := os.ReadFile(h264)
	webm, _ := os.ReadFile(vp9)
	cases := []struct {
		name string
		make func(path string)
		msg  string // part of the problem
		hint string // part of its hint
	}{
		{"truncated.mp4", func(p string) { write(t, p, data[:len(data)*2/3]) },
			"truncated: it ends inside its mdat box", "copy the whole file again"},
		{"moov-last.mp4", func(p string) { videotest.MakeAt(t, p, videotest.With(videotest.H264, "-movflags", "-faststart")...) },
			"moov box (the index of the frames) comes after the media data", "ffmpeg -i moov-last.mp4 -c copy -movflags +faststart moov-last-fixed.mp4"},
		{"mpeg4.mp4", func(p string) {
			videotest.MakeAt(t, p, videotest.With(videotest.Input, "-c:v", "mpeg4", "-c:a", "aac", "-movflags", "+faststart")...)
		},
			"MPEG-4 Part 2 (mp4v)", "-c:v libx264"},
		{"quicktime.mp4", func(p string) { videotest.MakeAt(t, p, videotest.With(videotest.H264, "-f", "mov")...) },
			"QuickTime movie (.mov)", "-movflags +faststart"},
		{"vp8.webm", func(p string) {
			videotest.MakeAt(t, p, videotest.With(videotest.Input, "-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus")...)
		},
			"VP8 (V_VP8)", "-c:v libx264"},
		{"matroska.webm", func(p string) { videotest.MakeAt(t, p, videotest.With(videotest.VP9, "-f", "matroska")...) },
			"Matroska (.mkv)", "ffmpeg"},
		{"live.webm", func(p string) { videotest.MakeAt(t, p, videotest.With(videotest.VP9, "-live", "1")...) },
			"does not say how long it is", "ffmpeg -i live.webm -c copy live-fixed.webm"},
		{"truncated.webm", func(p string) { write(t, p, webm[:len(webm)/2]) },
			"the file is truncated", "copy the whole file again"},
		{"empty.mp4", func(p string) { write(t, p, nil) }, "the file is empty", "export"},
		{"text.mp4", func(p string) { write(t, p, []byte("not a video at all")) }, "not an MP4 or WebM video", "ffmpeg"},
		{"swapped.webm", func(p string) { write(t, p, data) }, "is a MP4 video, not WEBM", "rename it to swapped.mp4"},
		{"boxes.mp4", func(p string) { write(t, p, manyBoxes(maxBoxes+1)) }, "more than 2000 boxes", "export"},
		{"deep.mp4", func(p string) { write(t, p, deepBoxes(maxDepth+2)) }, "nested more than 10 deep", "export"},
		{"moov-cut.mp4", func(p string) { write(t, p, cutInside(t, data, "moov")) },
			"truncated: it ends inside its moov box", "copy the whole file again"},
		{"trak-larger.mp4", func(p string) {
			trak := box("trak", nil)
			binary.BigEndian.PutUint32(trak, 16) // 8 bytes more than the moov holds
			write(t, p, append(ftyp(), box("moov", trak)...))
		}, "damaged: its trak box is larger than the moov box it is in", "export"},
		{"avcc-large.mp4", func(p string) { write(t, p, track("vide", avc1(box("avcC", make([]byte, maxDescribing))))) },
			"damaged: its avcC box is 65544 bytes, more than the 64 KB", "export"},
		{"esds-nested.mp4", func(p string) { write(t, p, track("soun", mp4a(nestedEsds(3000)))) },
			"damaged: its esds box is 54021 bytes, more than the 1 KB", "export"},
		{"entry-boxes.mp4", func(p string) { write(t, p, track("vide", avc1(bytes.Repeat(box("free", nil), maxBoxes)))) },
			"more than 2000 boxes", "export"},
		{"voids.webm", func(p string) { write(t, p, voids(maxHeaderBytes/1000+1, 1000)) }, "not described in its first 4 MB", "export"},
		{"void.webm", func(p string) { write(t, p, voids(1, maxLeafBytes+1)) }, "an element is larger than 1 MB", "export"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			tc.make(path)
			_, err := File(path)
			p, ok := IsProblem(err)
			if !ok {
				t.Fatalf("File: %v, want a problem saying %q", err, tc.msg)
			}
			if !strings.Contains(p.Msg, tc.msg) || !strings.Contains(p.Hint, tc.hint) {
				t.Errorf("got %q (hint %q), want %q (hint with %q)", p.Msg, p.Hint, tc.msg, tc.hint)
			}
		})
	}
}

// A phone video filmed upright is stored sideways with a matrix that turns
// it: its size is reported as shown. (ffmpeg 5 cannot write the matrix, so
// the test sets it in the track header.)
func TestFileRotated(t *testing.T) {
	dir := t.TempDir()
	data, _ := os.ReadFile(videotest.Make(t, dir, "h264.mp4", videotest.H264...))
	i := bytes.Index(data, []byte("tkhd"))
	if i < 0 || data[i+4] != 0 {
		t.Fatal("no version 0 tkhd box in the test video")
	}
	matrix := data[i+4+40 : i+4+40+36] // after version, times, track, duration, layer, volume
	for j, v := range []int32{0, 1 << 16, 0, -1 << 16, 0, 0, 0, 0, 1 << 30} {
		binary.BigEndian.PutUint32(matrix[4*j:], uint32(v))
	}
	path := filepath.Join(dir, "rotated.mp4")
	write(t, path, data)
	info, err := File(path)
	if err != nil || info.Width != 240 || info.Height != 320 {
		t.Fatalf("got %d×%d, %v; want 240×320", info.Width, info.Height, err)
	}
}

// A recorder that cannot go back to write the size of its last box writes
// 0, "to the end of the file": the video is read as if it had.
func TestFileMdatToEnd(t *testing.T) {
	dir := t.TempDir()
	path := videotest.Make(t, dir, "h264.mp4", videotest.H264...)
	want, err := File(path)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	i := bytes.LastIndex(data, []byte("mdat")) - 4
	if i < 0 || i+int(binary.BigEndian.Uint32(data[i:])) != len(data) {
		t.Fatal("the test video does not end with its mdat box")
	}
	binary.BigEndian.PutUint32(data[i:], 0)
	write(t, path, data)
	got, err := File(path)
	if err != nil || got != want {
		t.Fatalf("got %+v, %v; want %+v", got, err, want)
	}
}

// A 4 GB file is refused from its size: it is sparse (it takes no disk)
// and holds only zeros, which the parsers would call damaged, not large.
func TestFileTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.mp4")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(4 << 30); err != nil {
		t.Skipf("this file system cannot hold a sparse 4 GB file: %v", err)
	}
	f.Close()
	start := time.Now()
	_, err = File(path)
	p, ok := IsProblem(err)
	if !ok || !strings.Contains(p.Msg, "the video is 4.0 GB, more than the 200 MB") || !strings.Contains(p.Hint, "ffmpeg -i huge.mp4") {
		t.Fatalf("got %v, want the size refused", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refusing took %s: the file was read", d)
	}
}

// Reading an MP4 costs a few dozen small reads and no decoding of what
// does not describe the video (docs/decisions/0065-mp4-read-by-mp4ff.md).
func BenchmarkFileMP4(b *testing.B) {
	path := videotest.Make(b, b.TempDir(), "h264.mp4", videotest.H264...)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := File(path); err != nil {
			b.Fatal(err)
		}
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func box(typ string, payload []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(8+len(payload)))
	return append(append(b, typ...), payload...)
}

func ftyp() []byte { return box("ftyp", []byte("isom\x00\x00\x02\x00isomavc1")) }

func manyBoxes(n int) []byte {
	out := ftyp()
	for range n {
		out = append(out, box("free", nil)...)
	}
	return out
}

func deepBoxes(depth int) []byte {
	inner := box("free", nil)
	for range depth {
		inner = box("moov", inner)
	}
	return append(ftyp(), inner...)
}

// cutInside is data cut in the middle of its first box of type typ.
func cutInside(t *testing.T, data []byte, typ string) []byte {
	t.Helper()
	i := bytes.Index(data, []byte(typ)) - 4
	if i < 0 {
		t.Fatalf("no %s box in the test video", typ)
	}
	return data[:i+int(binary.BigEndian.Uint32(data[i:]))/2]
}

// track is an MP4 whose one track, of handler vide or soun, has the
// sample entries given: a movie that only describes itself, with no
// samples.
func track(handler string, entries []byte) []byte {
	hdlr := box("hdlr", append(append(make([]byte, 8), handler...), make([]byte, 13)...))
	stsd := box("stsd", append([]byte{0, 0, 0, 0, 0, 0, 0, 1}, entries...))
	mdia := box("mdia", append(hdlr, box("minf", box("stbl", stsd))...))
	return append(ftyp(), box("moov", box("trak", mdia))...)
}

// avc1 is a 320×240 H.264 sample entry holding children.
func avc1(children []byte) []byte {
	fixed := make([]byte, 78)
	binary.BigEndian.PutUint16(fixed[6:], 1)    // data reference index
	binary.BigEndian.PutUint16(fixed[24:], 320) // width
	binary.BigEndian.PutUint16(fixed[26:], 240) // height
	return box("avc1", append(fixed, children...))
}

// mp4a is an audio sample entry holding children.
func mp4a(children []byte) []byte {
	fixed := make([]byte, 28)
	binary.BigEndian.PutUint16(fixed[6:], 1) // data reference index
	return box("mp4a", append(fixed, children...))
}

// nestedEsds is an esds box whose decoder configuration holds another,
// levels deep, the last cut short: each level is a call in mp4ff, and the
// error of the last is wrapped by each.
func nestedEsds(levels int) []byte {
	size := func(n int) []byte { // four bytes, seven bits each, as ffmpeg writes it
		return []byte{0x80 | byte(n>>21), 0x80 | byte(n>>14&0x7f), 0x80 | byte(n>>7&0x7f), byte(n & 0x7f)}
	}
	config := []byte{0x05} // a byte too few for a descriptor
	for range levels {
		body := append(append([]byte{0x40}, make([]byte, 12)...), config...) // MPEG-4 audio
		config = append(append([]byte{4}, size(len(body))...), body...)
	}
	es := append([]byte{0, 1, 0}, config...)
	return box("esds", append([]byte{0, 0, 0, 0, 3}, append(size(len(es)), es...)...))
}

// voids is an EBML header and a Segment whose first elements are n Voids
// of size bytes each: a file whose tracks are not where a browser looks.
func voids(n, size int) []byte {
	var b bytes.Buffer
	b.Write([]byte{0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 'w'}) // EBML header, DocType "w" (cut short on purpose)
	b.Write([]byte{0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	header := binary.BigEndian.AppendUint64([]byte{0xec}, uint64(size))
	header[1] = 0x01 // an 8-byte EBML size
	for range n {
		b.Write(header)
		b.Write(make([]byte, size))
	}
	return b.Bytes()
}
