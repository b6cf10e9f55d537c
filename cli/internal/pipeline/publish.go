package pipeline

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/videostrip"
)

// DefaultDocsDir is where the content's documents are published: the site's
// public folder, served at /docs/.
const DefaultDocsDir = content.PublicDir + "/" + content.DocumentsFolder

// DefaultVideosDir is where the content's videos and their captions are
// published: the site's public folder, served at /video/.
const DefaultVideosDir = content.PublicDir + "/" + content.VideosFolder

// publishedFile is a file of the content the build copies into the site:
// as it is, or for a video (Hash set) with the boxes that say where it was
// filmed or which camera filmed it blanked in place, same size, nothing
// re-encoded (docs/decisions/0060-video-containers-read-by-maintained-parsers.md,
// decision 0100).
type publishedFile struct {
	Abs  string
	Size int64
	// Hash is, for a video, the SHA-256 (hex) of its cleaned bytes, which
	// its published name holds: the copy must hash to it.
	Hash string
}

// A publication is a folder of the site that the build fills with copies
// of content files, each under its published name: its bytes' hash is in
// the name, so a file of that name and size is already the right one. Of
// the other files in the folder, the publication removes those Owns says
// it writes (they belong to no file any more) and leaves the rest alone.
type publication struct {
	// Dir is the folder; "" publishes and checks nothing.
	Dir string
	// Files are the files to publish, by published name.
	Files map[string]publishedFile
	// Owns reports a name of the kind the publication writes.
	Owns func(name string) bool
	// Noun counts the files in the brief summary ("2 documents"), and
	// Owner is what --check says a stale output belongs to no more.
	Noun, Owner string
}

// publications lists what the content publishes: its documents into
// docsDir, its videos and their captions into videosDir.
func publications(c *content.Content, docsDir, videosDir string) []publication {
	docs := publication{Dir: docsDir, Files: map[string]publishedFile{}, Owns: isDocumentOutput, Noun: "document", Owner: "document"}
	videos := publication{Dir: videosDir, Files: map[string]publishedFile{}, Owns: isVideoOutput, Noun: "video file", Owner: "video"}
	for _, p := range c.Projects {
		for rel, d := range p.Documents {
			docs.Files[d.PublishedName(rel)] = publishedFile{Abs: d.Abs, Size: d.Size}
		}
		for rel, v := range p.Videos {
			videos.Files[content.PublishedName(rel, v.Hash)] = publishedFile{v.Abs, v.Info.Size, v.Hash}
		}
		for rel, cf := range p.Captions {
			videos.Files[content.PublishedName(rel, cf.Hash)] = publishedFile{Abs: cf.Abs, Size: cf.Size}
		}
	}
	return []publication{docs, videos}
}

// isDocumentOutput reports a name the documents' publication writes.
func isDocumentOutput(name string) bool { return strings.HasSuffix(name, ".pdf") }

// isVideoOutput reports a name the videos' publication writes.
func isVideoOutput(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".mp4" || ext == ".webm" || ext == ".vtt"
}

// publish copies each file missing from Dir (or there at another size)
// into it, atomically and in pieces (a video need not fit in memory), and
// removes the stale outputs. It prints a line per file, or with brief one
// line in all.
func (p publication) publish(out io.Writer, brief bool) error {
	if p.Dir == "" {
		return nil
	}
	var published, removed int
	var publishedBytes int64
	for _, name := range p.missing() {
		f, dest := p.Files[name], filepath.Join(p.Dir, name)
		if err := f.copyTo(dest); err != nil {
			return fmt.Errorf("publishing %s: %w; run `portfolio generate` again", f.Abs, err)
		}
		published++
		publishedBytes += f.Size
		if !brief {
			fmt.Fprintf(out, "published %s (%s) as %s\n", f.Abs, content.SizeText(f.Size), dest)
		}
	}
	for _, name := range p.stale() {
		path := filepath.Join(p.Dir, name)
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		removed++
		if !brief {
			fmt.Fprintf(out, "removed %s\n", path)
		}
	}
	if brief && published+removed > 0 {
		var parts []string
		if published > 0 {
			parts = append(parts, fmt.Sprintf("published %s (%s)", english.Count(published, p.Noun), content.SizeText(publishedBytes)))
		}
		if removed > 0 {
			parts = append(parts, fmt.Sprintf("removed %s no project has", english.Count(removed, p.Noun)))
		}
		fmt.Fprintf(out, "%s in %s\n", strings.Join(parts, ", "), p.Dir)
	}
	return nil
}

// copyTo writes the file at dest, through a temporary file: a video
// cleaned (package videostrip), anything else as it is.
func (f publishedFile) copyTo(dest string) error {
	if f.Hash == "" {
		return fsutil.CopyFileAtomic(dest, f.Abs, f.Size, 0o644)
	}
	return videostrip.WriteFile(dest, f.Abs, f.Size, sha256.New(), f.Hash)
}

// problems says what `generate --check` finds wrong in Dir.
func (p publication) problems() []string {
	if p.Dir == "" {
		return nil
	}
	var problems []string
	for _, name := range p.missing() {
		problems = append(problems, filepath.Join(p.Dir, name)+" is not published")
	}
	for _, name := range p.stale() {
		problems = append(problems, filepath.Join(p.Dir, name)+" belongs to no "+p.Owner)
	}
	return problems
}

// missing lists, sorted, the files Dir does not hold at their size.
func (p publication) missing() []string {
	var missing []string
	for _, name := range slices.Sorted(maps.Keys(p.Files)) {
		if fi, err := os.Stat(filepath.Join(p.Dir, name)); err != nil || fi.Size() != p.Files[name].Size {
			missing = append(missing, name)
		}
	}
	return missing
}

// stale lists the outputs in Dir that no file is published as.
func (p publication) stale() []string {
	entries, _ := os.ReadDir(p.Dir)
	var stale []string
	for _, e := range entries {
		if _, ok := p.Files[e.Name()]; !ok && !e.IsDir() && p.Owns(e.Name()) {
			stale = append(stale, e.Name())
		}
	}
	return stale
}
