package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fsutil"
)

// DefaultVideosDir is where the content's videos and their captions are
// published: the site's public folder, served at /video/.
const DefaultVideosDir = content.PublicDir + "/" + content.VideosFolder

// publishedFile is a file of the content the build copies into the site
// as it is: the build never re-encodes a video (docs/decisions/0060-video-containers-read-by-maintained-parsers.md).
type publishedFile struct {
	Abs  string
	Size int64
}

// videoFiles lists the content's videos and captions by published name.
func videoFiles(c *content.Content) map[string]publishedFile {
	out := map[string]publishedFile{}
	for _, p := range c.Projects {
		for rel, v := range p.Videos {
			out[content.PublishedName(rel, v.Hash)] = publishedFile{v.Abs, v.Info.Size}
		}
		for rel, cf := range p.Captions {
			out[content.PublishedName(rel, cf.Hash)] = publishedFile{cf.Abs, cf.Size}
		}
	}
	return out
}

// isVideoOutput reports a name publishVideos writes and may remove.
func isVideoOutput(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".mp4" || ext == ".webm" || ext == ".vtt"
}

// publishVideos copies each video and captions file into VideosDir under
// its published name (its bytes' hash is in the name, so a file of that
// name and size is already the right one), atomically and in pieces, and
// removes the files no video has any more.
func publishVideos(opts *GenerateOptions, files map[string]publishedFile) error {
	if opts.VideosDir == "" {
		return nil
	}
	var published, removed int
	var publishedBytes int64
	for _, name := range slices.Sorted(maps.Keys(files)) {
		f := files[name]
		dest := filepath.Join(opts.VideosDir, name)
		if fi, err := os.Stat(dest); err == nil && fi.Size() == f.Size {
			continue
		}
		if err := fsutil.CopyFileAtomic(dest, f.Abs, f.Size, 0o644); err != nil {
			return fmt.Errorf("publishing %s: %w; run `portfolio generate` again", f.Abs, err)
		}
		published++
		publishedBytes += f.Size
		if !opts.Brief {
			fmt.Fprintf(opts.IO.Out, "published %s (%s) as %s\n", f.Abs, content.SizeText(f.Size), dest)
		}
	}
	for _, name := range staleVideos(opts.VideosDir, files) {
		path := filepath.Join(opts.VideosDir, name)
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		removed++
		if !opts.Brief {
			fmt.Fprintf(opts.IO.Out, "removed %s\n", path)
		}
	}
	if opts.Brief && published+removed > 0 {
		var parts []string
		if published > 0 {
			parts = append(parts, fmt.Sprintf("published %s (%s)", english.Count(published, "video file"), content.SizeText(publishedBytes)))
		}
		if removed > 0 {
			parts = append(parts, fmt.Sprintf("removed %s no project has", english.Count(removed, "video file")))
		}
		fmt.Fprintf(opts.IO.Out, "%s in %s\n", strings.Join(parts, ", "), opts.VideosDir)
	}
	return nil
}

// staleVideos lists the videos and captions in dir that no file is
// published as.
func staleVideos(dir string, files map[string]publishedFile) []string {
	entries, _ := os.ReadDir(dir)
	var stale []string
	for _, e := range entries {
		if _, ok := files[e.Name()]; !ok && !e.IsDir() && isVideoOutput(e.Name()) {
			stale = append(stale, e.Name())
		}
	}
	return stale
}

// checkVideos says what --check finds wrong with the published videos.
func checkVideos(dir string, files map[string]publishedFile) []string {
	if dir == "" {
		return nil
	}
	var problems []string
	for name, f := range files {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.Size() != f.Size {
			problems = append(problems, filepath.Join(dir, name)+" is not published")
		}
	}
	for _, name := range staleVideos(dir, files) {
		problems = append(problems, filepath.Join(dir, name)+" belongs to no video")
	}
	return problems
}
