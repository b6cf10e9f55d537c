// Package content loads the owner's content folder: site.yaml and one folder
// per project, each parsed (yamldoc) and checked against its JSON Schema
// (schemacheck), then against the rules a schema cannot say, within a file
// and across files: files exist with the exact case, paths stay inside the
// project, images and videos are real ones of a sane size, categories and
// the project order name what exists. Every problem is reported at its
// file, line and column; loading goes on after a problem so the owner sees
// all of them at once.
package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/photofacts"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/schemamodel"
	"portfolio/cli/internal/termsafe"
)

var printer = message.NewPrinter(language.English)

// DefaultDir is the content folder the commands read unless told another
// (--content).
const DefaultDir = "content"

// File and folder names inside the content folder.
const (
	SiteFile    = "site.yaml"
	ProjectsDir = "projects"
	ProjectFile = "project.yaml"
	GalleryDir  = "gallery"
	// GalleryJournal records a `portfolio gallery` change in progress.
	GalleryJournal = ".gallery-journal.json"
	ProjectRoute   = "/projects/"
	// PrivateRoute is where a private project's pages and files are
	// published: one prefix the host guards (docs/decisions/0080), the
	// gate's own (privateaccess.Prefix, which the Edge Function and the
	// site's paths are held to by testdata/vectors.json).
	PrivateRoute = privateaccess.Prefix
	// AccessPrivate is project.yaml's `access` of a project shown to one
	// client only.
	AccessPrivate = "private"
	// DownloadsNone is project.yaml's `downloads` when the client
	// downloads nothing; DownloadsOriginals gives the gallery's own files.
	DownloadsNone      = "none"
	DownloadsOriginals = "originals"
	maxSlugLength      = 80
)

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Options tune loading.
type Options struct {
	// MaxPixels refuses larger images; 0 means imagecheck.DefaultMaxPixels.
	MaxPixels int64
	// ShownDir is the content folder that hints' commands name (with
	// --content), when it is not the one loaded: a staged change is loaded
	// from a hidden folder but is checked for the real one (package stage),
	// and a command that names the hidden folder fails once it is gone.
	ShownDir string
}

// Content is a loaded content folder.
type Content struct {
	Dir string
	// Site is site.yaml, decoded (nil when it could not be parsed), and
	// SiteDoc the file as parsed, for the positions of diagnostics.
	Site     *Site
	SiteDoc  *yamldoc.Document
	Projects []*Project // sorted by slug; those that could be read
	// Folders counts the project folders found, readable or not.
	Folders int
	// Lang is the language of the texts: the first of the site's
	// languages, or a translation's (decisions 0113, 0115).
	Lang string
	// Translations is the content in each of the site's other languages,
	// in their order: the translation files' texts over the default's,
	// everything else the default's (translate.go).
	Translations []*Content
}

// Project is one project folder: its project.yaml, decoded, and what the
// loader found beside it.
type Project struct {
	ProjectData
	Slug string
	Dir  string
	// Doc is project.yaml as parsed, for the positions of diagnostics.
	Doc *yamldoc.Document
	// Images holds every local image the project references or has in its
	// gallery, by path relative to Dir with '/' separators.
	Images map[string]imagecheck.Info
	// Gallery is the gallery in display order: the gallery folder's image
	// files in natural file-path order, then the external images.
	Gallery []GalleryImage
	// Documents holds the local documents (PDFs) the project's document
	// blocks name, by path relative to Dir with '/' separators.
	Documents map[string]DocumentFile
	// WatermarkMark is the bytes of a private project's watermarkImage,
	// read and checked once while loading (decision 0093): what the
	// variants are drawn with and keyed by. Nil for none.
	WatermarkMark []byte
	// Videos holds the local videos (MP4, WebM) of video blocks and of
	// the gallery, and Captions their WebVTT files, by path relative to
	// Dir with '/' separators.
	Videos   map[string]VideoFile
	Captions map[string]CaptionsFile

	gallery *galleryRef
	// facts holds the facts of the gallery's photos, by path, when its
	// gallery shows them or is ordered by them.
	facts  map[string]photofacts.Facts
	queued map[string]bool
	dirs   map[string]dirListing // folder listings, read once
}

// Link is the project's page path: under /private/ for a private project.
func (p *Project) Link() string {
	if p.Private() {
		return PrivateRoute + p.Slug
	}
	return ProjectRoute + p.Slug
}

// Private says whether the project is shown only to the holder of the
// owner's secret.
func (p *Project) Private() bool { return p.Access == AccessPrivate }

// Download is the name of the private project's ZIP of its gallery
// (downloads web or originals), published under its prefix; "" when it
// has none.
func (p *Project) Download() string {
	if !p.Private() || p.Downloads == "" || p.Downloads == DownloadsNone {
		return ""
	}
	return p.Slug + "-" + p.Downloads + ".zip"
}

// Listed says whether the project appears in listings: active and public.
func (p *Project) Listed() bool { return p.Active && !p.Private() }

// ImageKey is the key of an image of the project (rel is relative to its
// folder) in the images' manifest: its path relative to the content
// folder, projects/<slug>/<rel>.
func (p *Project) ImageKey(rel string) string { return ProjectsDir + "/" + p.Slug + "/" + rel }

// blockAt is the block of the body at pointer (/body/<n>), or nil.
func (p *Project) blockAt(pointer string) Block {
	var i int
	if _, err := fmt.Sscanf(pointer, "/body/%d", &i); err != nil || i < 0 || i >= len(p.Body) {
		return nil
	}
	return p.Body[i]
}

// completeBlocks gives the gallery block its images, in display order,
// and each video block its video.
func (p *Project) completeBlocks() {
	for i := range p.Gallery {
		img := &p.Gallery[i]
		n := i + 1
		switch {
		case img.Poster != "":
			img.Key = p.ImageKey(img.Poster)
		case img.URL == "":
			img.Key = p.ImageKey(img.Path)
		}
		img.Alt = GalleryAlt(p.Title, n, img.Alt)
		img.Label = fmt.Sprintf("Open image %d", n)
		if img.Poster != "" {
			img.Label = fmt.Sprintf("Open video %d", n)
		}
	}
	for _, b := range p.Body {
		switch x := b.(type) {
		case *GalleryBlock:
			x.Images = p.Gallery
		case *VideoBlock:
			x.Video = VideoRef{Src: x.Src, Alternatives: x.Alternatives, Captions: x.Captions}
		}
	}
}

// GalleryImage is one image of a gallery.
type GalleryImage struct {
	// Path is relative to the project folder for a local file; empty for an
	// external image.
	Path string
	// URL is the https address of an external image.
	URL           string
	Width, Height int
	// Key is the manifest key of the image the tile shows (the poster of
	// a video); empty for an external image.
	Key string
	// Alt is the tile's alt text: the owner's, or one made of the
	// project's title and the image's place (GalleryAlt). Caption is the
	// owner's, empty when not given.
	Alt, Caption string
	// Label is the accessible name of the tile's link: "Open image 3".
	Label string
	// Poster is set for a video of the gallery folder (at Path): the
	// path of its poster image, which the tile shows.
	Poster string
	// Facts are the photo's, read from its file, when its gallery shows
	// them (exif: show) and it has any.
	Facts *photofacts.Facts
}

// Load reads and checks the content folder. The returned list holds every
// problem found; the error is only for failures that are not the content's
// fault (such as a schema that does not compile). Its steps: the site's
// settings, the project folders, the projects (in parallel), then the
// checks across them.
func Load(dir string, opts Options) (*Content, diag.List, error) {
	l, err := newLoader(dir, opts)
	if err != nil {
		return nil, nil, err
	}
	c := &Content{Dir: dir}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		l.add(diag.Diagnostic{File: dir, Message: "content folder not found",
			Hint: "run the command from the repository root, or pass --content DIR"})
		return c, l.diags, nil
	}
	l.realRoot, err = filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, nil, err
	}
	l.loadSite(c)
	projectsDir := filepath.Join(dir, ProjectsDir)
	names := l.boundProjects(dir, projectsDir, l.projectFolders(projectsDir))
	l.loadProjects(c, projectsDir, names)
	l.checkContent(c)
	l.loadTranslations(c)
	l.diags.Sort()
	return c, l.diags, nil
}

// newLoader compiles the schemas (once per process) for a loader of dir.
func newLoader(dir string, opts Options) (*loader, error) {
	if opts.MaxPixels == 0 {
		opts.MaxPixels = imagecheck.DefaultMaxPixels
	}
	site, err := schemacheck.SiteSchema()
	if err != nil {
		return nil, err
	}
	proj, err := schemacheck.ProjectSchema()
	if err != nil {
		return nil, err
	}
	return &loader{opts: opts, dir: dir, siteSchema: site, projectSchema: proj}, nil
}

// loadSite reads site.yaml into c, leniently: Check reported what does
// not decode.
func (l *loader) loadSite(c *Content) {
	if path := filepath.Join(l.dir, SiteFile); l.insideRoot(path, "") {
		if c.SiteDoc = l.loadDocument(path, l.siteSchema); c.SiteDoc != nil {
			c.Site = &Site{}
			_ = l.siteSchema.Decode(c.SiteDoc, c.Site)
		}
	}
}

// projectFolders lists the folders of projectsDir that name projects;
// a file or a badly named folder there is reported.
func (l *loader) projectFolders(projectsDir string) []string {
	entries, err := os.ReadDir(projectsDir)
	if err != nil {
		l.add(diag.Diagnostic{File: projectsDir, Message: "projects folder not found",
			Hint: "create " + projectsDir + " with one folder per project, or run " + l.command("new project")})
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."): // .DS_Store and the like
		case NameProblem(name) != "":
			l.add(diag.Diagnostic{File: filepath.Join(projectsDir, name), Message: NameProblem(name), Hint: renameHint})
		case isDir(projectsDir, e):
			names = append(names, name)
		case isReadme(name):
		default:
			l.add(diag.Diagnostic{Severity: diag.Warning, File: filepath.Join(projectsDir, name),
				Message: "this file is not a project folder and is ignored",
				Hint:    "each project is a folder with a project.yaml: move the file into a project folder, or out of " + ProjectsDir + "/"})
		}
	}
	return names
}

// loadProjects parses and checks each project folder of names into c, on
// all cores (projects are independent), and reports two folders whose
// slugs differ only in case.
func (l *loader) loadProjects(c *Content, projectsDir string, names []string) {
	loaded := make([]*Project, len(names))
	parallel(len(names), func(i int) {
		loaded[i] = l.loadProject(filepath.Join(projectsDir, names[i]), names[i])
	})
	seen := map[string]string{}
	c.Folders = len(names)
	for i, p := range loaded {
		name := names[i]
		if p == nil {
			continue
		}
		folded := strings.ToLower(name)
		if other, dup := seen[folded]; dup {
			l.add(p.Doc.Diag(diag.Error, "", "rename one of the folders: each project needs its own slug",
				"two projects have the slug %q: folders %q and %q", folded, other, name))
		}
		seen[folded] = name
		c.Projects = append(c.Projects, p)
	}
}

// checkContent runs the checks across the loaded content: the images and
// videos, the galleries, each project against its category and the
// site's pages, then the site's settings that name projects.
func (l *loader) checkContent(c *Content) {
	l.inspectImages()
	l.inspectVideos()
	c.countCategories()
	l.resolveGalleries(c)
	ownHost, pages := siteHost(c), pageRoutes(c)
	// Galleries that are the work itself should describe their photos.
	photoGalleries := map[string]bool{}
	for _, cat := range c.Categories() {
		photoGalleries[cat.Slug] = cat.PhotoGalleries
	}
	for _, p := range c.Projects {
		l.checkProject(p, photoGalleries)
		l.checkDocuments(p, ownHost, pages)
		p.completeBlocks()
	}
	l.checkCategories(c)
	slices.SortFunc(c.Projects, func(a, b *Project) int { return strings.Compare(a.Slug, b.Slug) })
	if c.Site == nil {
		return
	}
	complete := len(c.Projects) == c.Folders
	if complete {
		l.checkProjectOrder(c)
	}
	l.checkPrivateOrder(c)
	if complete {
		l.checkHome(c)
	}
	l.checkAnalytics(c)
	l.checkRights(c)
	l.checkPlaceholders(c.SiteDoc)
}

// closestKey reports whether one of keys looks like a misspelling of name.
func closestKey(keys []string, name string) bool {
	for _, k := range keys {
		if schemacheck.Closest(k, []string{name}) != "" {
			return true
		}
	}
	return false
}

// Bounds on the whole content folder, checked before any project is read:
// memory grows with each document kept, and a portfolio has a few dozen
// projects of a few kilobytes each (this one: 19, 60 KB in all).
const (
	MaxProjects     = 500
	MaxContentBytes = 1 << 20
	// SoftMemoryLimit is the heap limit that every command loading the
	// content sets (pipeline.Validate and Generate, unless GOMEMLIMIT is
	// set): with it the collector keeps even the largest content folder
	// allowed under 100 MB of memory, turns a collector that validate and
	// generate switched off back on (cmdutil.ShortLived), and keeps a
	// build's image work lower too (6 real photographs from nothing: peak
	// 97 MiB against 154 without it, the same time).
	SoftMemoryLimit = 64 << 20
)

// boundProjects returns the project folders to load: none when there are
// more than MaxProjects, or when the YAML files add up to more than
// MaxContentBytes (each is reported).
func (l *loader) boundProjects(dir, projectsDir string, names []string) []string {
	if len(names) > MaxProjects {
		l.add(diag.Diagnostic{File: projectsDir,
			Message: printer.Sprintf("%d project folders, more than the %d a content folder may have; no project was read", len(names), MaxProjects),
			Hint:    "a portfolio shows a few dozen projects: remove the folders that are not projects"})
		return nil
	}
	var total int64
	size := func(path string) {
		if fi, err := os.Stat(path); err == nil {
			total += min(fi.Size(), yamldoc.MaxFileBytes+1)
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, SiteFile)); err == nil {
		total += fi.Size()
	}
	// Translations count too (decision 0115), each file bounded alone by
	// yamldoc.MaxFileBytes as the others are.
	for _, t := range translationNames(dir, SiteFile) {
		size(filepath.Join(dir, t))
	}
	for _, name := range names {
		size(filepath.Join(projectsDir, name, ProjectFile))
		for _, t := range translationNames(filepath.Join(projectsDir, name), ProjectFile) {
			size(filepath.Join(projectsDir, name, t))
		}
	}
	if total > MaxContentBytes {
		l.add(diag.Diagnostic{File: projectsDir,
			Message: fmt.Sprintf("the YAML files of the content add up to %s, more than the %s a content folder may have; no project was read", yamldoc.FileSize(total), yamldoc.FileSize(MaxContentBytes)),
			Hint:    "content files are a few kilobytes of text each: look for files that are not content"})
		return nil
	}
	return names
}

// isReadme reports a README file, which documents the folder.
func isReadme(name string) bool {
	return strings.EqualFold(strings.TrimSuffix(name, filepath.Ext(name)), "README")
}

const renameHint = "rename it with letters, digits, spaces, hyphens and dots only"

// NameProblem says why a file or folder name cannot be content, or returns
// "": a name holding control characters (a line break, ESC), direction
// controls or bytes that are not UTF-8 breaks tools that print it and can
// disguise what it is. The name is shown escaped.
func NameProblem(name string) string {
	if termsafe.String(name) == name {
		return ""
	}
	return fmt.Sprintf(`the name "%s" holds a control or direction character, or bytes that are not UTF-8`, termsafe.String(name))
}

func isDir(parent string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink != 0 {
		fi, err := os.Stat(filepath.Join(parent, e.Name()))
		return err == nil && fi.IsDir()
	}
	return false
}

type loader struct {
	opts          Options
	dir           string // the content folder as given
	realRoot      string // the content folder with symbolic links resolved
	siteSchema    *schemacheck.Schema
	projectSchema *schemacheck.Schema

	mu         sync.Mutex
	diags      diag.List
	tasks      []*imageTask
	videoTasks []*videoTask
}

// command is `portfolio ARGS` as a hint names it: run on this content
// folder, with --content when it is not the default one.
func (l *loader) command(args string) string {
	dir := l.dir
	if l.opts.ShownDir != "" {
		dir = l.opts.ShownDir
	}
	if filepath.Clean(dir) == DefaultDir {
		return "`portfolio " + args + "`"
	}
	return "`portfolio " + args + " --content " + termsafe.ShellWord(dir) + "`"
}

// DirFlag is what a command line printed for the user adds so that it works
// from any folder: "" for the default content folder, else
// " --content /absolute/dir" (quoted for a POSIX shell when needed).
func DirFlag(dir string) string {
	if dir == DefaultDir || dir == "" {
		return ""
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return " --content " + termsafe.ShellWord(abs)
}

func (l *loader) add(d ...diag.Diagnostic) {
	l.mu.Lock()
	l.diags = append(l.diags, d...)
	l.mu.Unlock()
}

// loadDocument reads, parses and schema-checks one YAML file; nil when it
// cannot be parsed.
func (l *loader) loadDocument(path string, s *schemacheck.Schema) *yamldoc.Document {
	data, err := yamldoc.ReadFile(path)
	if errors.Is(err, yamldoc.ErrTooLarge) {
		size := int64(len(data))
		if fi, err := os.Stat(path); err == nil {
			size = fi.Size()
		}
		l.add(*yamldoc.TooLarge(path, size))
		return nil
	}
	if err != nil {
		d := diag.Diagnostic{File: path, Message: "cannot read the file: " + describeIOError(err)}
		if errors.Is(err, fs.ErrNotExist) {
			d.Message = "file not found"
			d.Hint = fmt.Sprintf("create it; its schema is schema/%s", s.Name)
		}
		l.add(d)
		return nil
	}
	doc, perr := yamldoc.Parse(path, data)
	if perr != nil {
		if perr.Message == yamldoc.MsgEmptyFile {
			perr.Hint = fmt.Sprintf("write it as YAML following schema/%s; %s lists what is missing", s.Name, l.command("validate"))
		}
		l.add(*perr)
		return nil
	}
	if !doc.IsMapping("") {
		// Text, a number or a list where the file's keys should be: one
		// error says so; rules and warnings about its parts would only
		// repeat it.
		for _, d := range s.Check(doc) {
			d.Hint = fmt.Sprintf("write the file as key: value lines following schema/%s", s.Name)
			if s == l.projectSchema {
				d.Hint += "; " + l.command("new project") + " writes a valid one to start from"
			}
			l.add(d)
		}
		return nil
	}
	if keys := doc.Keys(""); len(keys) > 0 && !slices.ContainsFunc(s.Model.Properties, func(p schemamodel.Property) bool {
		return slices.Contains(keys, p.Name) || closestKey(keys, p.Name)
	}) {
		// Not one key of the file's schema: some other file, or text
		// with a colon in it. One error, not one per missing key.
		var names []string
		for _, p := range s.Model.Properties[:min(4, len(s.Model.Properties))] {
			names = append(names, p.Name)
		}
		l.add(doc.Diag(diag.Error, "", fmt.Sprintf("write the file as key: value lines following schema/%s", s.Name),
			"the file has none of the keys of a %s file (such as %s)", strings.TrimSuffix(s.Name, ".schema.json"), strings.Join(names, ", ")))
		return nil
	}
	problems := s.Check(doc)
	l.add(problems...)
	l.add(checkMarkdown(s, doc)...)
	l.add(checkControls(s, doc, problems)...)
	l.add(checkDescriptions(doc)...)
	if d := checkModeline(path, data, s.Name); d != nil && !s.Translation {
		l.add(*d)
	}
	return doc
}

const modelinePrefix = "# yaml-language-server: $schema="

// Modeline is the first line of the content file named name (site.yaml,
// or a project's project.yaml) that names its schema, schema/<schemaFile>,
// for editors: "# yaml-language-server: $schema=../schema/site.schema.json".
// The browser editor writes it too (package editorconfig).
func Modeline(name, schemaFile string) string {
	// The schema folder sits beside the content folder: count the folders
	// between the file and the content folder's parent.
	depth := 1
	if name == ProjectFile {
		depth = 3
	}
	return modelinePrefix + strings.Repeat("../", depth) + "schema/" + schemaFile
}

// checkModeline warns when the file does not name its schema on the first
// line, the way editors (VS Code's YAML extension, Neovim, Zed) find it to
// complete and check while the owner types.
func checkModeline(path string, data []byte, schemaFile string) *diag.Diagnostic {
	first, _, _ := strings.Cut(string(yamldoc.TrimBOM(data)), "\n")
	first = strings.TrimSpace(first)
	if strings.HasPrefix(first, modelinePrefix) && strings.HasSuffix(first, "/"+schemaFile) {
		return nil
	}
	want := Modeline(filepath.Base(path), schemaFile)
	return &diag.Diagnostic{Severity: diag.Warning, File: path, Line: 1, Column: 1,
		Message: "the first line does not name the file's schema, so editors cannot check it as you type",
		Hint:    "make the first line: " + want}
}

func describeIOError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func (l *loader) loadProject(dir, slug string) *Project {
	file := filepath.Join(dir, ProjectFile)
	if !l.insideRoot(dir, "folder") {
		return nil
	}
	if _, err := os.Lstat(file); err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			l.add(diag.Diagnostic{File: file, Message: "cannot read the file: " + describeIOError(err)})
			return nil
		}
		hint := "add a project.yaml (e.g. with " + l.command("new project") + "), or remove the folder"
		if actual := findFold(dir, ProjectFile); actual != "" {
			hint = fmt.Sprintf("rename %s to %s: names are case-sensitive", actual, ProjectFile)
		}
		l.add(diag.Diagnostic{File: dir, Message: "project folder has no " + ProjectFile, Hint: hint})
		return nil
	}
	if !l.insideRoot(file, "") {
		return nil
	}
	doc := l.loadDocument(file, l.projectSchema)
	if doc == nil {
		return nil
	}
	p := &Project{Slug: slug, Dir: dir, Doc: doc, Images: map[string]imagecheck.Info{}, queued: map[string]bool{}, dirs: map[string]dirListing{}}
	_ = l.projectSchema.Decode(doc, &p.ProjectData) // lenient: Check reported what does not decode
	if msg := SlugProblem(slug); msg != "" {
		l.add(doc.Diag(diag.Error, "", "rename the folder to "+suggestSlug(slug), "%s", msg))
	}
	l.collectImages(p)
	return p
}

// SlugProblem says what is wrong with slug as a project's folder name, in the
// words `portfolio validate` uses, or returns "" when slug is valid.
func SlugProblem(slug string) string {
	if slugRE.MatchString(slug) && len(slug) <= maxSlugLength {
		return ""
	}
	return fmt.Sprintf("the folder name %q is not a valid slug: it becomes the page address /projects/%s, so use lowercase letters, digits and single hyphens (at most %d characters)",
		slug, slug, maxSlugLength)
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// SuggestSlug turns text, such as a title or a folder name, into a valid
// slug: lower case, accents dropped ("Café" → "cafe"), every run of other
// characters one hyphen, at most 80 characters. It returns "" when no letter
// or digit is left.
func SuggestSlug(text string) string {
	folded, _, err := transform.String(dropMarks(), text)
	if err != nil {
		folded = text
	}
	out := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(folded), "-"), "-")
	if len(out) > maxSlugLength {
		out = strings.TrimRight(out[:maxSlugLength], "-")
	}
	return out
}

// dropMarks decomposes letters and drops their accents. A Transformer keeps
// state, so each call gets its own (slugs are suggested from several
// goroutines: the form's fields update while it runs).
func dropMarks() transform.Transformer {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}

func suggestSlug(s string) string {
	if out := SuggestSlug(s); out != "" {
		return out
	}
	return "a name such as my-project"
}

// insideRoot reports whether path, with symbolic links resolved, stays in
// the content folder; otherwise it reports the problem. The content is what
// the repository holds, and a link's target is not in it: the build host
// would not have the file.
func (l *loader) insideRoot(path, what string) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return true // missing or unreadable: reported where it is read
	}
	if within(l.realRoot, real) {
		return true
	}
	if what == "" {
		what = "file"
	}
	l.add(diag.Diagnostic{File: path,
		Message: fmt.Sprintf("this %s is a symbolic link to %s, outside the content folder", what, real),
		Hint:    fmt.Sprintf("copy the %s into the content folder instead of linking to it: the repository stores only the link", what)})
	return false
}

// within reports whether path is dir or inside it; both are clean, absolute
// or relative alike.
func within(dir, path string) bool {
	r, err := filepath.Rel(dir, path)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) && !filepath.IsAbs(r)
}

// findFold returns the entry of dir whose name equals name except for letter
// case, or "".
func findFold(dir, name string) string {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) && e.Name() != name {
			return e.Name()
		}
	}
	return ""
}

// warnPrivate says that an original in content/ carries a GPS position,
// a serial number or the like, which the command line's import removes and
// an upload through the browser editor on the host keeps. A warning, not
// an error: the published copies carry none, so the site is fine to
// deploy; the repository is what tells (decision 0084).
func (l *loader) warnPrivate(t *imageTask) {
	l.add(t.project.Doc.Diag(diag.Warning, t.pointer,
		"run "+l.command("strip")+" to remove it in place, losslessly (every image in content/); the published copies carry none",
		"%s carries its %s: anyone who can read the repository can tell where it was taken or which camera took it",
		t.rel, strings.Join(t.private, ", ")))
}

// imageTask is one local image to inspect.
type imageTask struct {
	project *Project
	rel     string // relative to the project folder
	abs     string
	pointer string // where the YAML refers to it
	info    imagecheck.Info
	err     error
	private []string // what it carries that says where or with which camera (metastrip.ScanFile)
}

// parallel calls f(0) … f(n-1) on as many goroutines as there are cores. A
// panic in f is raised again on the caller's goroutine, where the command's
// recovery turns it into an "internal error" message, not a stack trace.
func parallel(n int, f func(i int)) {
	work := make(chan int)
	var wg sync.WaitGroup
	var once sync.Once
	var panicked any
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { panicked = r })
					for range work { // let the sender finish
					}
				}
			}()
			for i := range work {
				f(i)
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// inspectImages reads every image's header and structure, on all cores.
func (l *loader) inspectImages() {
	parallel(len(l.tasks), func(i int) {
		t := l.tasks[i]
		t.info, t.err = imagecheck.File(t.abs, l.opts.MaxPixels)
		if t.err == nil {
			// Its metadata segments only; a file it cannot follow was
			// judged by imagecheck.
			t.private, _ = metastrip.ScanFile(t.abs)
		}
	})
	warned := map[string]bool{}
	for _, t := range l.tasks {
		if t.err == nil {
			t.project.Images[t.rel] = t.info
			if len(t.private) > 0 && !warned[t.abs] {
				warned[t.abs] = true
				l.warnPrivate(t)
			}
			continue
		}
		hint := ""
		msg := describeIOError(t.err)
		if p, ok := imagecheck.IsProblem(t.err); ok {
			hint, msg = p.Hint, p.Msg
		}
		l.add(t.project.Doc.Diag(diag.Error, t.pointer, hint, "%s: %s", t.rel, msg))
	}
}
