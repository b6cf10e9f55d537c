package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/termsafe"
	"portfolio/cli/internal/videocheck"
	"portfolio/cli/internal/videostrip"
)

// Names of the schema definitions of videos.
const (
	DefVideoPath    = "videoPath"
	DefCaptionsPath = "captionsPath"
	DefVideoBlock   = "videoBlock"
)

// VideosRoute is the folder of the site where videos and their captions
// are published.
const VideosRoute = "/" + VideosFolder + "/"

// PosterSuffix names a video's poster: demo.mp4 → demo.poster.jpg (.jpeg,
// .png and .webp do too). It is kept in the content beside the video, not
// made by the build, so the build never needs ffmpeg.
const PosterSuffix = ".poster"

// MaxCaptionsBytes bounds a captions file: a subtitle track of an hour is
// about 100 KB.
const MaxCaptionsBytes = 1 << 20

// VideoFile is a local video that the build publishes.
type VideoFile struct {
	Abs  string
	Info videocheck.Info
	// Hash is the SHA-256, hex, of the bytes the site publishes: the
	// file with the boxes that can say where it was filmed or which
	// camera filmed it blanked (package videostrip, decision 0100).
	Hash string
	// Poster is the poster image's path relative to the project folder;
	// empty for an alternative encoding (it shares its block's poster).
	Poster string
}

// CaptionsFile is a local WebVTT file that the build publishes.
type CaptionsFile struct {
	Abs  string
	Size int64
	Hash string
}

// PublishedName is the file's name in the site: its own name (in lower
// case letters, digits and hyphens) and a hash of its bytes, so a changed
// file gets a new address and the host may cache each forever.
func PublishedName(rel, hash string) string {
	ext := strings.ToLower(path.Ext(rel))
	stem := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	stem = strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(stem), "-"), "-")
	if stem == "" {
		stem = "video"
	}
	if ext == ".m4v" {
		ext = ".mp4"
	}
	return stem + "-" + hash[:16] + ext
}

// Href is the video's address in the site.
func (v VideoFile) Href(rel string) string { return VideosRoute + PublishedName(rel, v.Hash) }

// Href is the captions' address in the site.
func (c CaptionsFile) Href(rel string) string { return VideosRoute + PublishedName(rel, c.Hash) }

// PosterCandidates lists the names a video's poster may have, the one
// `portfolio` makes first.
func PosterCandidates(videoRel string) []string {
	stem := strings.TrimSuffix(videoRel, path.Ext(videoRel)) + PosterSuffix
	return []string{stem + ".jpg", stem + ".jpeg", stem + ".png", stem + ".webp"}
}

// PosterTime is where a video's poster frame is taken: 1 s in (the first
// frame of a screen recording is often a blank window), or the middle of a
// clip shorter than 2 s (a frame past the end is none).
func PosterTime(d time.Duration) time.Duration {
	if d > 0 && d < 2*time.Second {
		return d / 2
	}
	return time.Second
}

// PosterCommand is the ffmpeg command that makes the poster of the video
// named name, run in its folder: the frame at PosterTime, as a
// high-quality JPEG.
func PosterCommand(name string, duration time.Duration) string {
	at := strconv.FormatFloat(PosterTime(duration).Seconds(), 'f', -1, 64)
	return fmt.Sprintf("ffmpeg -ss %s -i %s -frames:v 1 -q:v 2 %s", at, termsafe.ShellWord(name), termsafe.ShellWord(PosterCandidates(name)[0]))
}

// IsPoster reports whether name is a poster's (demo.poster.jpg).
func IsPoster(name string) bool {
	return imagecheck.HasImageExt(name) && strings.HasSuffix(strings.TrimSuffix(name, path.Ext(name)), PosterSuffix)
}

type videoTask struct {
	project    *Project
	rel        string
	abs        string
	pointer    string
	wantPoster bool
	poster     string
	info       videocheck.Info
	hash       string
	location   bool // it says where it was filmed; the published copy does not
	err        error
}

// queueVideo checks that rel names a video inside the project folder with
// its poster beside it, and queues both for inspection. An alternative
// encoding (wantPoster false) shares its block's poster.
func (l *loader) queueVideo(p *Project, pointer, rel string, wantPoster bool) {
	if p.queued[rel] {
		return
	}
	p.queued[rel] = true
	abs, problem, hint := resolveInside(p.Dir, rel, p.readDir)
	if problem != "" {
		l.add(p.Doc.Diag(diag.Error, pointer, strings.ReplaceAll(hint, "images/photo.jpg", "demo.mp4"), "%s", problem))
		return
	}
	t := &videoTask{project: p, rel: rel, abs: abs, pointer: pointer, wantPoster: wantPoster}
	if wantPoster {
		t.poster = l.findPoster(p, pointer, rel)
	}
	l.mu.Lock()
	l.videoTasks = append(l.videoTasks, t)
	l.mu.Unlock()
}

// findPoster returns the poster of the video rel, queued as an image, or
// "" (inspectVideos reports it, with the video's duration at hand).
func (l *loader) findPoster(p *Project, pointer, rel string) string {
	dir := path.Dir(rel)
	entries, _ := p.readDir(filepath.Join(p.Dir, filepath.FromSlash(dir)))
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	for _, c := range PosterCandidates(rel) {
		if names[path.Base(c)] {
			l.queueLocal(p, pointer, c)
			return c
		}
	}
	return ""
}

// missingPoster reports a video without its poster, with the command that
// makes one.
func (l *loader) missingPoster(t *videoTask) {
	name := path.Base(t.rel)
	cmd := PosterCommand(name, t.info.Duration)
	at := strings.Fields(cmd)[2]
	l.add(t.project.Doc.Diag(diag.Error, t.pointer,
		fmt.Sprintf("make it from the frame at %s s, in %s: `%s`, or save an image of your choice there as %s", at, filepath.Dir(t.abs), cmd, PosterCandidates(name)[0]),
		"%s has no poster image (%s): the page shows it until the video plays", t.rel, PosterCandidates(name)[0]))
}

// inspectVideos reads every video's container and hashes the bytes the
// site publishes of it, on all cores.
func (l *loader) inspectVideos() {
	parallel(len(l.videoTasks), func(i int) {
		t := l.videoTasks[i]
		t.info, t.err = videocheck.File(t.abs)
		if t.err == nil {
			var plan videostrip.Plan
			t.hash, plan, t.err = videostrip.Hash(t.abs, videocheck.MaxBytes, sha256.New())
			t.location = plan.Location
		}
	})
	for _, t := range l.videoTasks {
		if t.location {
			l.add(t.project.Doc.Diag(diag.Warning, t.pointer,
				"nothing to do for the site, which blanks it (decision 0100); export the video without location to keep it out of other copies",
				"%s says where it was filmed; the site publishes it without that", t.rel))
		}
		if t.wantPoster && t.poster == "" {
			l.missingPoster(t)
		}
		if t.err == nil && (t.poster != "" || !t.wantPoster) {
			if t.project.Videos == nil {
				t.project.Videos = map[string]VideoFile{}
			}
			t.project.Videos[t.rel] = VideoFile{Abs: t.abs, Info: t.info, Hash: t.hash, Poster: t.poster}
			continue
		}
		if t.err == nil {
			continue // its poster is missing: reported above
		}
		hint, msg := "", describeIOError(t.err)
		var refused *videostrip.Refused
		if errors.As(t.err, &refused) {
			hint, msg = refused.HintFor(filepath.Base(t.abs))+fmt.Sprintf(" (in %s; then replace the file with the fixed one)", path.Dir(t.abs)), refused.Msg
		}
		if p, ok := videocheck.IsProblem(t.err); ok {
			hint, msg = p.Hint, p.Msg
			if strings.Contains(hint, "ffmpeg") {
				hint += fmt.Sprintf(" (in %s; then replace the file with the fixed one)", path.Dir(t.abs))
			}
		}
		l.add(t.project.Doc.Diag(diag.Error, t.pointer, hint, "%s: %s", t.rel, msg))
	}
}

// checkCaptions checks a WebVTT file and records it for the build: inside
// the project folder, at most MaxCaptionsBytes, UTF-8 text starting with
// the WEBVTT line that browsers require before they show any cue.
func (l *loader) checkCaptions(p *Project, pointer, rel string) {
	abs, problem, hint := resolveInside(p.Dir, rel, p.readDir)
	if problem != "" {
		l.add(p.Doc.Diag(diag.Error, pointer, strings.ReplaceAll(hint, "images/photo.jpg", "demo.vtt"), "%s", problem))
		return
	}
	data, err := readUpTo(abs, MaxCaptionsBytes)
	switch {
	case err != nil:
		l.add(p.Doc.Diag(diag.Error, pointer, "", "cannot read %s: %s", rel, describeIOError(err)))
		return
	case len(data) > MaxCaptionsBytes:
		l.add(p.Doc.Diag(diag.Error, pointer, "captions of a short video are a few kilobytes: check that this is the captions file",
			"%s is larger than the %s a captions file may have", rel, SizeText(MaxCaptionsBytes)))
		return
	}
	body := yamldoc.TrimBOM(data)
	if !bytes.HasPrefix(body, []byte("WEBVTT")) || (len(body) > 6 && !strings.ContainsRune(" \t\r\n", rune(body[6]))) {
		l.add(p.Doc.Diag(diag.Error, pointer, "save the captions as WebVTT (.vtt); an .srt file converts with `ffmpeg -i captions.srt captions.vtt`",
			"%s is not a WebVTT file: its first line is not WEBVTT", rel))
		return
	}
	sum := sha256.Sum256(data)
	l.mu.Lock()
	if p.Captions == nil {
		p.Captions = map[string]CaptionsFile{}
	}
	p.Captions[rel] = CaptionsFile{Abs: abs, Size: int64(len(data)), Hash: hex.EncodeToString(sum[:])}
	l.mu.Unlock()
}

// readUpTo reads at most limit+1 bytes of a file.
func readUpTo(abs string, limit int64) ([]byte, error) {
	f, err := os.Open(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}

// checkVideoBlocks warns about a video block whose video has sound but no
// captions: viewers who cannot hear it, or watch without sound, miss it;
// and about an alternative encoding that is not src's clip.
func (l *loader) checkVideoBlocks(p *Project) {
	for i, b := range p.Body {
		block, isVideo := b.(*VideoBlock)
		if !isVideo {
			continue
		}
		ptr := fmt.Sprintf("/body/%d", i)
		src := block.Src
		v, ok := p.Videos[src]
		if ok {
			l.checkAlternatives(p, ptr, src, block.Alternatives, v)
		}
		if _, captioned := p.Doc.At(ptr + "/captions"); !ok || captioned || !v.Info.Audio {
			continue
		}
		stem := strings.TrimSuffix(path.Base(src), path.Ext(src))
		l.add(p.Doc.Diag(diag.Warning, ptr,
			fmt.Sprintf("add `captions: %s.vtt` (WebVTT: what is said, and sounds that matter, such as [music]); a video whose sound adds nothing can lose it: `ffmpeg -i %s -c copy -an %s-silent%s`", stem, termsafe.ShellWord(path.Base(src)), stem, path.Ext(src)),
			"%s has sound but no captions: viewers who cannot hear it, or who watch without sound, miss it", src))
	}
}

// DurationSlack is how much two encodings of one clip may differ in
// length: the containers count the last frame or audio packet
// differently, by tens of milliseconds.
const DurationSlack = 500 * time.Millisecond

// checkAlternatives warns about each alternative (an item that is not
// text is "") of the video block at ptr whose size or length is not
// src's: the page reserves src's size
// (its width and height), and each browser plays the first file it can,
// so visitors would see different clips.
func (l *loader) checkAlternatives(p *Project, ptr, src string, alternatives []string, v VideoFile) {
	for i, alt := range alternatives {
		a, ok := p.Videos[alt]
		if !ok {
			continue // unreadable: reported
		}
		var mine, theirs, why []string
		if a.Info.Width != v.Info.Width || a.Info.Height != v.Info.Height {
			mine = append(mine, fmt.Sprintf("is %d×%d", a.Info.Width, a.Info.Height))
			theirs = append(theirs, fmt.Sprintf("is %d×%d", v.Info.Width, v.Info.Height))
			why = append(why, "the page reserves src's size, so a browser that plays the alternative shows it scaled into that box")
		}
		if d := a.Info.Duration - v.Info.Duration; d > DurationSlack || -d > DurationSlack {
			mine = append(mine, "lasts "+seconds(a.Info.Duration))
			theirs = append(theirs, "lasts "+seconds(v.Info.Duration))
			why = append(why, "each browser plays the first file it can, so visitors would see different clips")
		}
		if len(mine) == 0 {
			continue
		}
		l.add(p.Doc.Diag(diag.Warning, fmt.Sprintf("%s/alternatives/%d", ptr, i),
			fmt.Sprintf("make it again from src, in %s: `%s`", p.Dir, encodeCommand(src, alt, a.Info)),
			"the alternative %s %s, but src %s %s: %s", alt, strings.Join(mine, " and "), src, strings.Join(theirs, " and "), strings.Join(why, "; ")))
	}
}

// seconds writes a duration as "0.4 s", "1 s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(math.Round(d.Seconds()*10)/10, 'f', -1, 64) + " s"
}

// encodeCommand is the ffmpeg command that makes the alternative out (of
// the codec and container info describes) from the video src, at src's
// size and length.
func encodeCommand(src, out string, info videocheck.Info) string {
	video := map[string]string{
		videocheck.H264: "-c:v libx264 -pix_fmt yuv420p",
		videocheck.HEVC: "-c:v libx265 -tag:v hvc1 -pix_fmt yuv420p",
		videocheck.AV1:  "-c:v libsvtav1 -pix_fmt yuv420p",
		videocheck.VP9:  "-c:v libvpx-vp9 -crf 32 -b:v 0",
	}[info.Codec]
	if video == "" {
		video = "-c:v libvpx-vp9 -crf 32 -b:v 0"
	}
	tail := "-c:a libopus"
	if info.Container == videocheck.MP4 {
		tail = "-c:a aac -movflags +faststart"
	}
	return fmt.Sprintf("ffmpeg -i %s %s %s %s", termsafe.ShellWord(src), video, tail, termsafe.ShellWord(out))
}
