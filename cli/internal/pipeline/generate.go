package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/tsgen"
)

// DefaultOut is where the site imports its content from.
const DefaultOut = "site/src/generated/content.ts"

// GenerateOptions are the inputs of a generate run.
type GenerateOptions struct {
	IO         *iostreams.IOStreams
	Ctx        context.Context
	ContentDir string
	Out        string
	Manifest   string
	// DocsDir receives the content's documents (PDFs) under content-hashed
	// names; "" publishes none.
	DocsDir string
	// VideosDir receives the content's videos and captions under
	// content-hashed names; "" publishes none.
	VideosDir string
	// EditorDir receives the browser editor's generated configuration
	// (decision 79); "" writes none.
	EditorDir string
	Check     bool
	MaxPixels int64
	// ContentReported: an earlier step (build's validate) has shown the
	// content's problems, so they are not printed again.
	ContentReported bool
	// Brief counts the documents published and removed in one line
	// instead of a line each (the build, unless --verbose).
	Brief bool
}

// Generate validates the content, then writes the site's module (content.ts
// and a page module per project) and publishes the documents.
func Generate(opts *GenerateOptions) error {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(content.SoftMemoryLimit)
	}
	c, assets, err := validContent(opts)
	if err != nil {
		return err
	}
	dir := filepath.Dir(opts.Out)
	files, err := tsgen.Generate(c, assets, strings.TrimSuffix(filepath.Base(opts.Out), ".ts"))
	if err != nil {
		return err
	}
	if err := withGateFonts(files, dir); err != nil {
		return err
	}
	stale := staleBodies(dir, files)
	pubs := publications(c, opts.DocsDir, opts.VideosDir)
	var editor []editorFile
	if opts.EditorDir != "" {
		if editor, err = editorFiles(c, opts.EditorDir); err != nil {
			return err
		}
	}
	if opts.Check {
		return check(opts, dir, files, stale, pubs, editor)
	}
	if opts.Ctx != nil && opts.Ctx.Err() != nil {
		return cmdutil.ErrCancel // interrupted: leave the old files as they were
	}
	total, err := writeModules(opts.Out, dir, files)
	if err != nil {
		return err
	}
	for _, path := range stale {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if err := writeEditorFiles(editor); err != nil {
		return err
	}
	for _, p := range pubs {
		if err := p.publish(opts.IO.Out, opts.Brief); err != nil {
			return err
		}
	}
	if opts.VideosDir != "" {
		if err := makeDownloads(opts, c, assets); err != nil {
			return err
		}
	}
	fmt.Fprintf(opts.IO.Out, "wrote %s: site settings and %s (%.1f KB), and %s in %s (%.1f KB in all)\n",
		opts.Out, english.Count(len(c.Projects), "project"), float64(len(files[0].Data))/1024, english.Count(pageModules(files), "page module"),
		filepath.Join(dir, tsgen.BodyDir), float64(total)/1024)
	for _, t := range c.Translations {
		fmt.Fprintf(opts.IO.Out, "wrote %s: the site in %s\n", filepath.Join(dir, tsgen.LangDir, t.Lang), content.LanguageName(t.Lang))
	}
	if line := leftOut(c); line != "" {
		fmt.Fprintln(opts.IO.Out, line)
	}
	return nil
}

// validContent loads the content and the web variants of its images; any
// error in either is reported on opts.IO and is cmdutil.ErrInvalid.
func validContent(opts *GenerateOptions) (*content.Content, tsgen.Assets, error) {
	c, diags, err := content.Load(opts.ContentDir, content.Options{MaxPixels: opts.MaxPixels})
	if err != nil {
		return nil, nil, err
	}
	if err := reportContent(opts.IO, diags, opts.ContentReported); err != nil {
		return nil, nil, err
	}
	if diags.Errors() > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "%s not written: the content has %s (see above)\n", opts.Out, english.Count(diags.Errors(), "error"))
		return nil, nil, cmdutil.ErrInvalid
	}
	assets, problems, err := currentAssets(c, opts.Manifest)
	if err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "%s not written: %v\n", opts.Out, err)
		return nil, nil, cmdutil.ErrInvalid
	}
	if len(problems) > 0 {
		if err := cmdutil.WriteDiagnostics(opts.IO, problems); err != nil {
			return nil, nil, err
		}
		verb := "have"
		if len(problems) == 1 {
			verb = "has"
		}
		fmt.Fprintf(opts.IO.ErrOut, "%s not written: %s %s no current web variants (see above)\n", opts.Out, english.Count(len(problems), "image"), verb)
		return nil, nil, cmdutil.ErrInvalid
	}
	return c, assets, nil
}

// writeModules writes the generated modules, the first (the main module) at
// out and the others under dir, and returns their size in bytes. The page
// modules go first, the main module last: it is what imports them, so it
// never names a module that is not there yet.
func writeModules(out, dir string, files []tsgen.File) (int, error) {
	total := 0
	for i := len(files) - 1; i >= 0; i-- {
		f := files[i]
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if i == 0 {
			path = out
		}
		total += len(f.Data)
		// A file already as it would be written is left alone: `portfolio
		// dev`'s Vite sees only the modules that changed.
		if current, err := os.ReadFile(path); err == nil && bytes.Equal(current, f.Data) {
			continue
		}
		if err := fsutil.WriteFileAtomic(path, f.Data, 0o644); err != nil {
			return total, fmt.Errorf("writing %s: %w", path, err)
		}
	}
	return total, nil
}

// writeEditorFiles writes the browser editor's files that changed.
func writeEditorFiles(editor []editorFile) error {
	for _, f := range editor {
		if current, err := os.ReadFile(f.path); err == nil && bytes.Equal(current, f.data) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			return err
		}
		if err := fsutil.WriteFileAtomic(f.path, f.data, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", f.path, err)
		}
	}
	return nil
}

// makeDownloads makes the private projects' downloads (their ZIPs and
// photos) in the folder above opts.VideosDir, and removes the old ones.
func makeDownloads(opts *GenerateOptions, c *content.Content, assets tsgen.Assets) error {
	wanted := downloads(c, assets, filepath.Dir(opts.VideosDir))
	if err := removeOldDownloads(filepath.Dir(opts.VideosDir), wanted); err != nil {
		return err
	}
	for _, d := range wanted {
		wrote, err := d.make()
		if err != nil {
			return fmt.Errorf("the download %s: %w", d.Path, err)
		}
		if wrote {
			fmt.Fprintf(opts.IO.Out, "made %s (%s)\n", d.Path, english.Count(len(d.Entries), "photo"))
		}
		if _, err := d.makePhotos(wrote); err != nil {
			return fmt.Errorf("the photo downloads of %s: %w", d.Path, err)
		}
	}
	return nil
}

// withGateFonts gives the secret page's file (privateaccess.GalleriesFile)
// the fonts' addresses of the site built beside the module's folder dir
// (site/src/generated → site/dist), as the build leaves it (decision
// 0095): generate, and its --check after a build, agree with the build.
// Before any site build there are none, and the page uses the system's.
func withGateFonts(files []tsgen.File, dir string) error {
	dist := filepath.Join(dir, "..", "..", "dist")
	for i, f := range files {
		if f.Name != privateaccess.GalleriesFile {
			continue
		}
		data, err := tsgen.GateFonts(f.Data, dist)
		if err != nil {
			return fmt.Errorf("%s: %w", privateaccess.GalleriesFile, err)
		}
		files[i].Data = data
	}
	return nil
}

// check compares the files on disk with what would be written.
func check(opts *GenerateOptions, dir string, files []tsgen.File, stale []string, pubs []publication, editor []editorFile) error {
	var problems []string
	for _, p := range pubs {
		problems = append(problems, p.problems()...)
	}
	slices.Sort(problems)
	for i, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if i == 0 {
			path = opts.Out
		}
		current, err := os.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, path+" does not exist")
		case err != nil:
			return err
		case !bytes.Equal(current, f.Data):
			problems = append(problems, path+" is out of date")
		}
	}
	for _, f := range editor {
		current, err := os.ReadFile(f.path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, f.path+" does not exist")
		case err != nil:
			return err
		case !bytes.Equal(current, f.data):
			problems = append(problems, f.path+" is out of date")
		}
	}
	for _, path := range stale {
		problems = append(problems, path+" belongs to no project")
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(opts.IO.ErrOut, "%s; run `portfolio generate`\n", p)
		}
		return cmdutil.ErrInvalid
	}
	fmt.Fprintf(opts.IO.Out, "%s is up to date\n", opts.Out)
	return nil
}

// pageModules counts the per-project modules among the generated files.
func pageModules(files []tsgen.File) int {
	n := 0
	for _, f := range files {
		if strings.HasPrefix(f.Name, tsgen.BodyDir+"/") {
			n++
		}
	}
	return n
}

// staleBodies lists the page modules in dir that no project has any more.
func staleBodies(dir string, files []tsgen.File) []string {
	want := map[string]bool{}
	for _, f := range files {
		want[f.Name] = true
	}
	entries, _ := os.ReadDir(filepath.Join(dir, tsgen.BodyDir))
	var stale []string
	for _, e := range entries {
		name := tsgen.BodyDir + "/" + e.Name()
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".ts") && !want[name] {
			stale = append(stale, filepath.Join(dir, filepath.FromSlash(name)))
		}
	}
	// The modules of a language the site no longer has, or of a project
	// gone (decision 0115): lang/<code>/content.ts, lang/<code>/projects/.
	langs, _ := os.ReadDir(filepath.Join(dir, tsgen.LangDir))
	for _, l := range langs {
		if !l.IsDir() {
			continue
		}
		for _, sub := range []string{"", tsgen.BodyDir + "/"} {
			prefix := tsgen.LangDir + "/" + l.Name() + "/" + sub
			entries, _ := os.ReadDir(filepath.Join(dir, filepath.FromSlash(prefix)))
			for _, e := range entries {
				if name := prefix + e.Name(); !e.IsDir() && strings.HasSuffix(e.Name(), ".ts") && !want[name] {
					stale = append(stale, filepath.Join(dir, filepath.FromSlash(name)))
				}
			}
		}
	}
	return stale
}

// currentAssets reads the image manifest and checks, from file metadata
// only, that every local image of the content has current variants.
func currentAssets(c *content.Content, path string) (tsgen.Assets, diag.List, error) {
	m, err := manifest.Read(path)
	if err != nil {
		return nil, nil, err
	}
	assets := tsgen.Assets{}
	var problems diag.List
	for _, s := range images.Sources(c) {
		img, err := m.Lookup(c.Dir, s.Rel)
		var p *manifest.Problem
		if errors.As(err, &p) {
			problems = append(problems, diag.Diagnostic{File: s.Path, Severity: diag.Error, Message: p.Msg})
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		assets[s.Rel] = img.Asset
	}
	return assets, problems, nil
}

// leftOut says which category pages the site will not have (no active,
// public project, not kept), or returns "" when it builds them all.
func leftOut(c *content.Content) string {
	var routes []string
	for _, cat := range c.Categories() {
		if !cat.Built {
			routes = append(routes, "/"+cat.Slug)
		}
	}
	if len(routes) == 0 {
		return ""
	}
	return fmt.Sprintf("not built: %s, left out of the navigation too (no active, public project; `keepWhenEmpty: true` in %s keeps a category)",
		english.And(routes), content.SiteFile)
}
