// Package poster finds or makes the poster image of a video being added to
// the content: an image the owner keeps beside the video
// (clip.poster.jpg), or the frame at 1 s that ffmpeg draws when it is
// installed. Posters live in the content, so the build never needs ffmpeg.
package poster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/videocheck"
)

// Beside returns the poster the owner keeps beside the video file, named
// as the content names posters (clip.mp4 → clip.poster.jpg, .jpeg, .png or
// .webp), or "".
func Beside(video string) string {
	for _, c := range content.PosterCandidates(filepath.Base(video)) {
		p := filepath.Join(filepath.Dir(video), c)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

// Problem says why no poster can be had for a video, and what to do.
type Problem struct {
	Msg, Hint string
	err       error
}

func (p *Problem) Error() string { return p.Msg }

func (p *Problem) Unwrap() error { return p.err }

// ErrNoFFmpeg is in the chain of the Problem returned when ffmpeg is not
// installed.
var ErrNoFFmpeg = errors.New("ffmpeg is not installed")

// Available reports how the video's poster will be had: nil when one is
// beside it or ffmpeg can make one, else a *Problem that says what to do.
func Available(video string) error {
	if Beside(video) != "" {
		return nil
	}
	if _, err := exec.LookPath("ffmpeg"); err == nil {
		return nil
	}
	name := filepath.Base(video)
	return &Problem{
		Msg: fmt.Sprintf("%s has no poster image beside it, and ffmpeg is not installed to make one from its frame at 1 s", name),
		Hint: fmt.Sprintf("save the image the page should show before it plays as %s beside %s, or install ffmpeg (apt-get install ffmpeg, brew install ffmpeg, winget install ffmpeg) and try again",
			content.PosterCandidates(name)[0], name),
		err: ErrNoFFmpeg,
	}
}

// Ext is the extension the poster of video will have: that of the one
// beside it, else .jpg (made by ffmpeg).
func Ext(video string) string {
	if b := Beside(video); b != "" {
		return strings.ToLower(filepath.Ext(b))
	}
	return ".jpg"
}

// Make writes a poster of video at dst: the frame at content.PosterTime (1
// s in, or the middle of a shorter clip) as a high-quality JPEG, drawn by ffmpeg into a temporary
// file beside dst, checked as validate checks images and renamed into
// place, so dst is whole or absent.
func Make(ctx context.Context, video, dst string) error {
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		if p := Available(video); p != nil {
			return p
		}
		return err
	}
	var d time.Duration
	if info, err := videocheck.File(video); err == nil {
		d = info.Duration
	}
	at := content.PosterTime(d)
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-*.jpg")
	if err != nil {
		return err
	}
	tmp.Close()
	defer os.Remove(tmp.Name()) // gone after the rename; else a leftover
	cmd := exec.CommandContext(ctx, ffmpeg, "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
		"-ss", fmt.Sprintf("%.3f", at.Seconds()), "-i", video, "-frames:v", "1", "-q:v", "2", "-f", "image2", "-c:v", "mjpeg", tmp.Name())
	if out, err := cmd.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &Problem{
			Msg:  fmt.Sprintf("ffmpeg could not draw a poster from %s: %s", filepath.Base(video), strings.TrimSpace(string(out))),
			Hint: fmt.Sprintf("save an image as %s beside it and try again", content.PosterCandidates(filepath.Base(video))[0]),
		}
	}
	if _, err := imagecheck.File(tmp.Name(), imagecheck.DefaultMaxPixels); err != nil {
		return fmt.Errorf("the poster ffmpeg drew from %s is not a whole image: %w", filepath.Base(video), err)
	}
	return os.Rename(tmp.Name(), dst)
}
