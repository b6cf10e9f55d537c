// Package videotest makes short videos for tests with ffmpeg, from its
// synthetic sources (a test pattern and a sine tone), so no video is
// committed. A test that needs one is skipped, saying why, when ffmpeg or
// the encoder is not installed.
package videotest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Input is one second of ffmpeg's test pattern at 320×240 and a tone.
var Input = []string{"-f", "lavfi", "-i", "testsrc2=s=320x240:d=1:r=25", "-f", "lavfi", "-i", "sine=d=1", "-shortest"}

// Encodings, each with Input: the codecs a page may use.
var (
	H264 = With(Input, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart")
	HEVC = With(Input, "-an", "-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-pix_fmt", "yuv420p", "-movflags", "+faststart")
	AV1  = With(Input, "-an", "-c:v", "libsvtav1", "-pix_fmt", "yuv420p", "-movflags", "+faststart")
	VP9  = With(Input, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus")
)

// With returns a new list: args, then more.
func With(args []string, more ...string) []string {
	return append(append([]string{}, args...), more...)
}

// FFmpeg returns the path of ffmpeg, or skips the test.
func FFmpeg(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("ffmpeg")
	if err != nil {
		t.Skip("ffmpeg is not installed, so no test video can be made: `apt-get install -y --no-install-recommends ffmpeg` runs these tests")
	}
	return path
}

var (
	probeOnce sync.Once
	encoders  string
	version   string
)

func probe(ffmpeg string) {
	probeOnce.Do(func() {
		out, _ := exec.Command(ffmpeg, "-hide_banner", "-encoders").Output()
		encoders = string(out)
		out, _ = exec.Command(ffmpeg, "-version").Output()
		version, _, _ = strings.Cut(string(out), "\n")
	})
}

// Make writes dir/name with ffmpeg and the given arguments, and returns
// its path.
func Make(t testing.TB, dir, name string, args ...string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	MakeAt(t, path, args...)
	return path
}

// MakeAt writes the video at path.
func MakeAt(t testing.TB, path string, args ...string) {
	t.Helper()
	ffmpeg := FFmpeg(t)
	probe(ffmpeg)
	for i, a := range args {
		if a == "-c:v" && i+1 < len(args) && !strings.Contains(encoders, " "+args[i+1]+" ") {
			t.Skipf("this ffmpeg has no %s encoder", args[i+1])
		}
	}
	if err := Encode(ffmpeg, path, args...); err != nil {
		t.Fatal(err)
	}
}

// Encode writes the video at path with ffmpeg and args. The same video
// (the same ffmpeg version, arguments and file extension, which chooses the
// container) is encoded once per machine and copied from a cache after
// that: the encoders are slow to start (x265 takes seconds on a busy
// two-core machine), and the tests of several packages make the same few
// videos again and again. The cache is under the user's cache folder
// (portfolio/test-videos); a file there is written whole or not at all.
func Encode(ffmpeg, path string, args ...string) error {
	probe(ffmpeg)
	sum := sha256.Sum256([]byte(version + "\x00" + strings.Join(args, "\x00")))
	var cached string
	if dir, err := os.UserCacheDir(); err == nil {
		cached = filepath.Join(dir, "portfolio", "test-videos", hex.EncodeToString(sum[:16])+filepath.Ext(path))
		if data, err := os.ReadFile(cached); err == nil {
			return os.WriteFile(path, data, 0o644)
		}
	}
	cmd := exec.Command(ffmpeg, append(append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args...), path)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("ffmpeg %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if cached == "" {
		return nil
	}
	// Best effort: a cache that cannot be written only costs the next
	// test an encode.
	data, err := os.ReadFile(path)
	if err != nil || os.MkdirAll(filepath.Dir(cached), 0o755) != nil {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(cached), ".tmp-*")
	if err != nil {
		return nil
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), cached) != nil {
		os.Remove(tmp.Name())
	}
	return nil
}

// ListFile names, in a test content folder, the videos Fill makes.
const ListFile = ".test-videos"

var encodings = map[string]*[]string{"h264": &H264, "hevc": &HEVC, "av1": &AV1, "vp9": &VP9}

// Fill makes the videos that dir's ListFile names (lines "path encoding";
// # starts a comment) in dir, a copy of a test content folder: the
// content is committed with its posters, never with its videos.
func Fill(t testing.TB, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ListFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		args, ok := encodings[fields[len(fields)-1]]
		if len(fields) != 2 || !ok {
			t.Fatalf("%s: %q is not a path and an encoding (h264, hevc, av1, vp9)", ListFile, line)
		}
		MakeAt(t, filepath.Join(dir, filepath.FromSlash(fields[0])), *args...)
	}
}
