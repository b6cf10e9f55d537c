package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/richtext"
	"portfolio/cli/internal/schemamodel"
	"portfolio/cli/internal/termsafe"
	"portfolio/cli/internal/videocheck"
)

var (
	videoPath    = regexp.MustCompile(`\.([mM][pP]4|[mM]4[vV]|[wW][eE][bB][mM])$`)
	captionsPath = regexp.MustCompile(`\.[vV][tT][tT]$`)
)

// Names of schema definitions that rules and the generator act on.
const (
	DefImagePath     = "imagePath"
	DefMarkdown      = "markdown"
	DefGalleryBlock  = "galleryBlock"
	DefExternalImage = "externalImage"
	DefHomePhoto     = "homePhoto"
	DefHomeVideo     = "homeVideo"
)

// galleryRef records where a project's gallery block is and what it lists.
type galleryRef struct {
	pointer  string
	files    []string // relative to the project folder, in display order
	external []GalleryImage
	// texts holds the alt text and caption of gallery files, by file name.
	texts map[string]ImageText
	// listed counts the external entries as written, valid or not: an
	// invalid entry is reported by the schema, not as an empty gallery.
	listed int
}

// collectImages finds every local image the project refers to, checks each
// path, and queues the images for inspection: those its fields name, then
// those of its gallery folder.
func (l *loader) collectImages(p *Project) {
	galleries := l.queueFields(p)
	for _, extra := range galleries[min(1, len(galleries)):] {
		l.add(p.Doc.Diag(diag.Error, extra, "keep one gallery block; it shows every image of the gallery folder",
			"a project has at most one gallery block"))
	}
	if _, err := os.Lstat(filepath.Join(p.Dir, GalleryJournal)); err == nil {
		// Some images are under temporary hidden names until it is finished.
		l.add(p.Doc.Diag(diag.Error, "", "run "+l.command("gallery "+p.Slug)+" (any gallery command) to finish it",
			"a `portfolio gallery` change to this project was interrupted"))
	}
	listing := listGallery(p.Dir)
	if len(galleries) == 0 {
		if n := len(listing.images); n > 0 && listing.outside == "" {
			l.add(p.Doc.Diag(diag.Warning, "/body", "add `- type: gallery` to body where the gallery should appear",
				"%s/ holds %s but body has no gallery block, so they are not shown", GalleryDir, english.Count(n, "image")))
		}
		return
	}
	g := &galleryRef{pointer: galleries[0]}
	p.gallery = g
	if block, ok := p.blockAt(g.pointer).(*GalleryBlock); ok {
		g.external, g.listed = externalImages(block)
	}
	if !l.galleryFolderReadable(p, g, listing) {
		return
	}
	l.reportGalleryStrays(p, g, listing)
	l.queueGallery(p, g, listing)
}

// queueFields walks the project's fields by their schema definitions:
// queues the images and videos they name, checks the captions files, and
// returns the pointers of the gallery blocks.
func (l *loader) queueFields(p *Project) (galleries []string) {
	l.projectSchema.Walk(p.Doc, func(ptr string, s *schemamodel.Schema, def string, v any) {
		switch def {
		case DefImagePath:
			if rel, ok := v.(string); ok {
				l.queueLocal(p, ptr, rel)
			}
		case DefGalleryBlock:
			galleries = append(galleries, ptr)
		case DefVideoPath:
			if rel, ok := v.(string); ok && videoPath.MatchString(rel) {
				// An alternative encoding shares its block's poster.
				l.queueVideo(p, ptr, rel, !strings.Contains(ptr, "/alternatives/"))
			}
		case DefCaptionsPath:
			if rel, ok := v.(string); ok && captionsPath.MatchString(rel) {
				l.checkCaptions(p, ptr, rel)
			}
		}
	})
	return galleries
}

// galleryFolderReadable reports, at the gallery block g, a gallery folder
// that cannot be read as the project's own: a link out of the project, a
// name in the wrong case, an error, a file.
func (l *loader) galleryFolderReadable(p *Project, g *galleryRef, listing galleryListing) bool {
	problem := func(hint, format string, args ...any) {
		l.add(p.Doc.Diag(diag.Error, g.pointer, hint, format, args...))
	}
	switch {
	case listing.outside != "":
		problem("copy the images into the project folder instead of linking to them",
			"%s/ is a symbolic link to %s, outside the project folder", GalleryDir, listing.outside)
	case listing.wrongCase != "":
		problem("rename it to "+GalleryDir+": names are case-sensitive on the web host",
			"the gallery folder must be named %q, not %q", GalleryDir, listing.wrongCase)
	case listing.err != nil:
		problem("", "cannot read %s/: %s", GalleryDir, describeIOError(listing.err))
	case listing.notFolder:
		problem("", "%s is not a folder", GalleryDir)
	default:
		return true
	}
	return false
}

// reportGalleryStrays reports, at the gallery block g, what its folder
// holds that the gallery leaves out: badly named files, sub-folders, files
// of other kinds (with the ffmpeg line for a .mov or .mkv), posters of no
// video.
func (l *loader) reportGalleryStrays(p *Project, g *galleryRef, listing galleryListing) {
	galleryDir := filepath.Join(p.Dir, GalleryDir)
	for _, name := range listing.badNames {
		l.add(p.Doc.Diag(diag.Error, g.pointer, renameHint+"; the gallery leaves it out until then",
			"%s/: %s", GalleryDir, NameProblem(name)))
	}
	for _, name := range listing.folders {
		l.add(p.Doc.Diag(diag.Warning, g.pointer, "move its images up into "+GalleryDir+"/, or out of the project",
			"%s/%s/ is a folder; galleries do not look into sub-folders", GalleryDir, name))
	}
	for _, name := range listing.others {
		hint := "galleries take .jpg, .jpeg, .png and .webp images and .mp4 and .webm videos; move it out of " + GalleryDir + "/"
		if ext := strings.ToLower(path.Ext(name)); ext == ".mov" || ext == ".mkv" {
			out := strings.TrimSuffix(name, path.Ext(name)) + ".mp4"
			hint = fmt.Sprintf("copy it into an MP4, in %s: `ffmpeg -i %s -c copy -movflags +faststart %s`, then remove %s", galleryDir, termsafe.ShellWord(name), termsafe.ShellWord(out), name)
		}
		l.add(p.Doc.Diag(diag.Warning, g.pointer, hint,
			"%s/%s is not an image or video file and is ignored", GalleryDir, name))
	}
	for _, name := range listing.posters {
		l.add(p.Doc.Diag(diag.Warning, g.pointer, "remove it, or name it after its video (demo.mp4 → demo.poster.jpg)",
			"%s/%s is named as a video's poster, but no video of that name is beside it; it is not shown", GalleryDir, name))
	}
}

// queueGallery queues the gallery folder's images and videos in order,
// reads their texts, and reports a gallery with nothing to show.
func (l *loader) queueGallery(p *Project, g *galleryRef, listing galleryListing) {
	for _, name := range listing.images {
		rel := GalleryDir + "/" + name
		g.files = append(g.files, rel)
		if videocheck.HasVideoExt(name) {
			l.queueVideo(p, g.pointer, rel, true)
		} else {
			l.queueLocal(p, g.pointer, rel)
		}
	}
	g.texts = l.galleryTexts(p, g.pointer, listing.images)
	if len(g.files) == 0 && g.listed == 0 {
		where := fmt.Sprintf("no image files in %s/", GalleryDir)
		if !listing.exists {
			where = fmt.Sprintf("there is no %s/ folder", GalleryDir)
		}
		l.add(p.Doc.Diag(diag.Error, g.pointer,
			fmt.Sprintf("put .jpg, .png or .webp files in %s, or list images under `external:`, or remove the gallery block", filepath.Join(p.Dir, GalleryDir)),
			"the gallery is empty: %s and no external images", where))
	}
}

// readDir lists a folder of the project once, however many images are
// looked up in it.
func (p *Project) readDir(dir string) ([]fs.DirEntry, error) {
	if cached, ok := p.dirs[dir]; ok {
		return cached.entries, cached.err
	}
	entries, err := os.ReadDir(dir)
	p.dirs[dir] = dirListing{entries, err}
	return entries, err
}

type dirListing struct {
	entries []fs.DirEntry
	err     error
}

// galleryListing is what a project's gallery folder holds.
type galleryListing struct {
	exists, notFolder bool
	images            []string // image and video file names, in natural order
	posters           []string // names of posters of no video
	others, folders   []string // names of what the gallery ignores
	badNames          []string // names that cannot be content
	wrongCase         string   // the folder's name when only its letter case differs
	outside           string   // where the folder links to, when outside the project
	err               error
}

func listGallery(projectDir string) galleryListing {
	var g galleryListing
	dir := filepath.Join(projectDir, GalleryDir)
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		g.wrongCase = findFold(projectDir, GalleryDir)
		return g
	case err != nil:
		g.err = err
		return g
	}
	g.exists = true
	if fi.Mode()&fs.ModeSymlink != 0 {
		real, err := filepath.EvalSymlinks(dir)
		realProject, err2 := filepath.EvalSymlinks(projectDir)
		if err != nil || err2 != nil {
			g.err = errors.Join(err, err2)
			return g
		}
		if !within(realProject, real) {
			g.outside = real
			return g
		}
		if fi, err = os.Stat(dir); err != nil {
			g.err = err
			return g
		}
	}
	if !fi.IsDir() {
		g.notFolder = true
		return g
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		g.err = err
		return g
	}
	var posters []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."):
		case NameProblem(name) != "":
			g.badNames = append(g.badNames, name)
		case e.IsDir():
			g.folders = append(g.folders, name)
		case IsPoster(name):
			posters = append(posters, name) // shown with its video, not as a photo
		case !imagecheck.HasImageExt(name) && !videocheck.HasVideoExt(name):
			g.others = append(g.others, name)
		default:
			g.images = append(g.images, name)
		}
	}
	slices.SortFunc(g.images, NaturalCompare)
	for _, name := range posters {
		if !slices.ContainsFunc(g.images, func(v string) bool {
			return videocheck.HasVideoExt(v) && slices.Contains(PosterCandidates(v), name)
		}) {
			g.posters = append(g.posters, name)
		}
	}
	return g
}

// externalImages returns the gallery's external images that can be shown
// (an address and a size; the schema reports the others), and how many
// are listed.
func externalImages(block *GalleryBlock) (valid []GalleryImage, listed int) {
	for _, e := range block.External {
		if e.URL != "" && e.Width > 0 && e.Height > 0 {
			valid = append(valid, GalleryImage{URL: e.URL, Width: e.Width, Height: e.Height})
		}
	}
	return valid, len(block.External)
}

// queueLocal checks that rel names a file inside the project folder, with
// exactly that letter case, and queues it for inspection.
func (l *loader) queueLocal(p *Project, pointer, rel string) {
	if p.queued[rel] {
		return
	}
	p.queued[rel] = true
	abs, problem, hint := resolveInside(p.Dir, rel, p.readDir)
	if problem != "" {
		l.add(p.Doc.Diag(diag.Error, pointer, hint, "%s", problem))
		return
	}
	l.mu.Lock()
	l.tasks = append(l.tasks, &imageTask{project: p, rel: rel, abs: abs, pointer: pointer})
	l.mu.Unlock()
}

// webAddress matches a URL (https://…, data:…, //host/…); a one-letter
// scheme is a Windows drive (C:), reported as an absolute path.
var webAddress = regexp.MustCompile(`^([a-zA-Z][a-zA-Z0-9+.-]+:|//)`)

// resolveInside returns the file that rel (a '/'-separated path relative to
// dir) names, or a problem and a hint: the path leaves dir, does not exist
// with exactly this case, is not a regular file, or goes through a symbolic
// link that points out of dir.
func resolveInside(dir, rel string, readDir func(string) ([]fs.DirEntry, error)) (abs, problem, hint string) {
	switch {
	case NameProblem(rel) != "":
		return "", "path: " + NameProblem(rel), "write the path without control characters; " + renameHint
	case webAddress.MatchString(rel):
		return "", fmt.Sprintf("path %q is a web address, not a file of the project", rel),
			"images are files inside the project folder: download the image, save it in the project folder and write its path, e.g. images/photo.jpg (a gallery block can show images from other sites under `external:`)"
	case strings.Contains(rel, `\`):
		return "", fmt.Sprintf("path %q uses \\ between folders", rel), "write / between folders, e.g. " + strings.ReplaceAll(rel, `\`, "/")
	case path.IsAbs(rel) || filepath.IsAbs(rel) || filepath.VolumeName(rel) != "":
		return "", fmt.Sprintf("path %q is absolute", rel), "write the path relative to the project folder, e.g. images/photo.jpg"
	case slices.Contains(strings.Split(rel, "/"), ".."):
		return "", fmt.Sprintf("path %q leaves the project folder", rel), "copy the file into the project folder and refer to it from there, e.g. images/photo.jpg"
	case path.Clean(rel) != rel:
		return "", fmt.Sprintf("path %q is not in its simplest form", rel), "write it as " + path.Clean(rel)
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", "cannot read the project folder: " + describeIOError(err), ""
	}
	cur := dir
	for i, part := range strings.Split(rel, "/") {
		entries, err := readDir(cur)
		if err != nil {
			return "", fmt.Sprintf("file not found: %s", rel), "check the path; it is relative to " + dir
		}
		var exact, folded, normalized string
		for _, e := range entries {
			switch name := e.Name(); {
			case name == part:
				exact = part
			case strings.EqualFold(name, part):
				folded = name
			case norm.NFC.String(name) == norm.NFC.String(part):
				normalized = name
			}
		}
		if exact == "" && normalized != "" {
			// macOS writes é as e plus an accent; typed text is one character.
			return "", fmt.Sprintf("file not found: %s (the name on disk spells %q with different Unicode characters)", rel, normalized),
				"rename the file, typing its name again, so both spell it the same way"
		}
		if exact == "" {
			if folded != "" {
				fixed := strings.Split(rel, "/")
				fixed[i] = folded
				return "", fmt.Sprintf("file not found: %s (letter case differs from %s)", rel, strings.Join(fixed[:i+1], "/")),
					fmt.Sprintf("write %s: names are case-sensitive on the web host", strings.Join(fixed, "/"))
			}
			return "", fmt.Sprintf("file not found: %s", rel), similarHint(entries, part, dir, strings.Join(strings.Split(rel, "/")[:i], "/"))
		}
		cur = filepath.Join(cur, part)
		// A link anywhere on the path may lead out; name the link itself.
		if fi, err := os.Lstat(cur); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			real, err := filepath.EvalSymlinks(cur)
			linked := strings.Join(strings.Split(rel, "/")[:i+1], "/")
			if err != nil {
				return "", fmt.Sprintf("%s is a broken symbolic link", linked), "replace the link with the file or folder itself"
			}
			if !within(realDir, real) {
				what := "file"
				if linked != rel {
					what, linked = "folder", linked+"/"
				}
				return "", fmt.Sprintf("%s is a symbolic link to a %s outside the project folder", linked, what),
					fmt.Sprintf("copy the %s into the project folder instead of linking to it", what)
			}
		}
	}
	real, err := filepath.EvalSymlinks(cur)
	if err != nil {
		return "", fmt.Sprintf("%s is a broken symbolic link", rel), "replace the link with the file itself"
	}
	if !within(realDir, real) {
		return "", fmt.Sprintf("%s resolves to %s, outside the project folder", rel, real), "copy the file into the project folder"
	}
	fi, err := os.Stat(real)
	if err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Sprintf("%s is not a file", rel), "point to an image file"
	}
	return cur, "", ""
}

func similarHint(entries []fs.DirEntry, want, dir, sub string) string {
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	where := filepath.Join(dir, filepath.FromSlash(sub))
	if near := schemacheck.Closest(want, names); near != "" {
		return fmt.Sprintf("did you mean %q? (in %s)", near, where)
	}
	if len(names) == 0 {
		return "the folder " + where + " is empty"
	}
	if len(names) > 6 {
		names = append(names[:6], "…")
	}
	return fmt.Sprintf("%s holds: %s", where, strings.Join(names, ", "))
}

// checkProject applies the rules that need the inspected images.
func (l *loader) checkProject(p *Project, photoGalleries map[string]bool) {
	l.checkPrivateFeatured(p)
	l.checkDownloads(p)
	l.checkWatermark(p)
	l.checkExpires(p)
	l.checkClients(p)
	l.checkSecretPage(p)
	if p.Featured && !p.Active {
		l.add(p.Doc.Diag(diag.Warning, "/featured", "set `active: true` to show it on the home page, or `featured: false`",
			"the project is featured but inactive, so it is not shown in Selected Work"))
	}
	l.checkVideoBlocks(p)
	if g := p.gallery; g != nil {
		for _, rel := range g.files {
			t := g.texts[path.Base(rel)]
			if v, ok := p.Videos[rel]; ok {
				if _, ok := p.Images[v.Poster]; ok {
					p.Gallery = append(p.Gallery, GalleryImage{Path: rel, Poster: v.Poster, Width: v.Info.Width, Height: v.Info.Height, Alt: t.Alt, Caption: t.Caption})
				}
				continue
			}
			info, ok := p.Images[rel]
			if !ok {
				continue // already reported
			}
			p.Gallery = append(p.Gallery, GalleryImage{Path: rel, Width: info.Width, Height: info.Height, Alt: t.Alt, Caption: t.Caption})
		}
		l.orderGallery(p, p.Gallery)
		p.Gallery = append(p.Gallery, g.external...)
		if len(g.files) > 0 && len(g.texts) == 0 && photoGalleries[p.Page] {
			title, _ := p.Doc.At("/title") // as written, when not text
			l.add(p.Doc.Diag(diag.Warning, g.pointer,
				"describe what each photo shows under `texts:` (file, alt, caption), or run "+l.command("gallery "+p.Slug),
				"no photo of the gallery has alt text or a caption: screen readers hear only \"%s 1\", \"%s 2\"…",
				title, title))
		}
	}
}

// MaxDescription is the length (in characters) past which search results
// cut a page's meta description short.
const MaxDescription = 160

// checkDescriptions warns about every meta description (a `description`
// key: the site's, About's, Contact's, each category page's, each
// project's) longer than a search result shows. The categories are a list:
// lists are walked too.
func checkDescriptions(doc *yamldoc.Document) diag.List {
	var out diag.List
	doc.Walk(func(ptr, key string, v any) bool {
		if key == "body" {
			return false // blocks have no meta descriptions
		}
		if text, ok := v.(string); ok && key == "description" {
			if n := utf8.RuneCountInString(strings.TrimSpace(text)); n > MaxDescription {
				out = append(out, doc.Diag(diag.Warning, ptr,
					fmt.Sprintf("shorten it to %d characters or fewer (%d to cut): say first what the page is and for whom; the rest can go in the page itself", MaxDescription, n-MaxDescription),
					"the description is %d characters long: search results and link previews cut it after about %d", n, MaxDescription))
			}
		}
		return true
	})
	return out
}

// checkMarkdown parses every Markdown value of a document.
func checkMarkdown(s *schemacheck.Schema, doc *yamldoc.Document) diag.List {
	var out diag.List
	s.Walk(doc, func(ptr string, _ *schemamodel.Schema, def string, v any) {
		text, ok := v.(string)
		if def != DefMarkdown || !ok || text == "" {
			return
		}
		if _, err := richtext.Parse(text); err != nil {
			var re *richtext.Error
			if !errors.As(err, &re) {
				return
			}
			d := doc.Diag(diag.Error, ptr, re.Hint, "%s", re.Msg)
			d.Line, d.Column = doc.TextPos(ptr, re.Line, re.Text)
			out = append(out, d)
		}
	})
	return out
}
