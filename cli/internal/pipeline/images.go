package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"portfolio/cli/internal/cards"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/iostreams"
)

// ImagesOptions are the inputs of an images run.
type ImagesOptions struct {
	IO         *iostreams.IOStreams
	Ctx        context.Context
	ContentDir string
	OutDir     string
	CacheDir   string
	Manifest   string
	Widths     []int
	Quality    int
	Jobs       int
	GC         bool
	MaxPixels  int64
	// FontDir holds the site's @fontsource-variable packages, which draw
	// the social preview cards; without them no card is drawn.
	FontDir string
	// FontsReady, when set, is waited for before the cards are drawn: the
	// build installs the site's npm packages (the fonts among them) while
	// the variants are made.
	FontsReady func() error
	// ContentReported: an earlier step (build's validate) has shown the
	// content's problems, so they are not printed again.
	ContentReported bool
	// Brief leaves out the line per image made off a terminal (CI logs,
	// pipes): the summary line counts them. The build sets it unless
	// --verbose, so a first build does not print a page per photo.
	Brief bool
}

// Images makes the variants, writes the manifest, then draws the cards and
// icons.
func Images(opts *ImagesOptions) error {
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	c, diags, err := content.Load(opts.ContentDir, content.Options{MaxPixels: opts.MaxPixels})
	if err != nil {
		return err
	}
	// Problems in the content are shown first; every image that passed its
	// own checks is still processed, so fixing one file never costs the
	// work on the others.
	if err := reportContent(opts.IO, diags, opts.ContentReported); err != nil {
		return err
	}
	sources := images.Sources(c)
	ui := newReporter(opts.IO, sources, opts.Brief)
	delivery := content.DeliveryBuild
	if c.Site != nil {
		delivery = c.Site.Images.Delivery
	}
	ui.originals = delivery == content.DeliveryNetlify
	res, err := images.Run(ctx, sources, images.Options{
		Widths:    opts.Widths,
		Quality:   opts.Quality,
		MaxPixels: opts.MaxPixels,
		Workers:   opts.Jobs,
		OutDir:    opts.OutDir,
		CacheDir:  opts.CacheDir,
		GC:        opts.GC,
		Delivery:  delivery,
		Rights:    c.Rights().Image(),
		OnEvent:   ui.event,
	})
	ui.close()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(opts.IO.ErrOut, "interrupted: every finished image is kept; run `portfolio images` again to complete the rest")
		return cmdutil.ErrCancel
	}
	if err != nil {
		return err
	}
	if err := res.Manifest.Write(opts.Manifest); err != nil {
		return fmt.Errorf("writing %s: %w", opts.Manifest, err)
	}

	if err := cmdutil.WriteDiagnostics(opts.IO, failureDiagnostics(opts.ContentDir, res.Failures)); err != nil {
		return err
	}
	s := cmdutil.NewStyler(opts.IO)
	fmt.Fprintln(opts.IO.Out, summaryLine(res.Summary, s, ui.originals))
	if line := avifLine(res.Summary); line != "" {
		fmt.Fprintln(opts.IO.Out, line)
	}
	if n := res.Summary.Unused; n > 0 {
		what := fmt.Sprintf("%s (%s) no image needs", english.Count(n, "file"), size(res.Summary.UnusedBytes))
		switch {
		case res.Summary.Removed:
			fmt.Fprintf(opts.IO.Out, "removed %s\n", what)
		case opts.GC:
			fmt.Fprintf(opts.IO.Out, "kept %s: --gc removes nothing while an image fails\n", what)
		default:
			fmt.Fprintf(opts.IO.Out, "%s: `portfolio images --gc` removes them\n", what)
		}
	}
	if errs := diags.Errors() + len(res.Failures); errs > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "%s (see above); every other image is ready\n", s.Red(english.Count(errs, "error")))
		return cmdutil.ErrInvalid
	}
	if opts.FontsReady != nil {
		if err := opts.FontsReady(); err != nil {
			return err
		}
	}
	return MakeCards(opts, c)
}

// MakeCards draws the social preview card of every page and the site's
// icons into the images output (cards/, icons/), with their manifests
// beside the images manifest (cards.json, icons.json), which the prerender
// reads. Unchanged cards are kept. Without the site's fonts (npm packages
// not installed) it says so and draws nothing: the site's build then
// refuses to run without the cards.
func MakeCards(opts *ImagesOptions, c *content.Content) error {
	dir := filepath.Dir(opts.Manifest)
	if _, err := cards.MakeIcons(opts.OutDir, filepath.Join(dir, "icons.json")); err != nil {
		return fmt.Errorf("drawing the site's icons: %w", err)
	}
	if !cards.HaveFonts(opts.FontDir) {
		fmt.Fprintf(opts.IO.Out, "no social preview cards: the site's fonts are not in %s (run `npm ci` in the site folder, then `portfolio images` again)\n", opts.FontDir)
		return nil
	}
	// The titles of the site's own pages (About, Privacy, not found) in
	// each language, from the catalogue beside the generated modules
	// (decision 0123).
	titles, err := cards.ReadTitles(filepath.Join(filepath.Dir(dir), "i18n"), c.Languages())
	if err != nil {
		return fmt.Errorf("reading the pages' titles for the social preview cards: %w", err)
	}
	start := time.Now()
	res, err := cards.Run(cards.Pages(c, titles), cards.Options{
		OutDir:   opts.OutDir,
		Manifest: filepath.Join(dir, "cards.json"),
		FontDir:  opts.FontDir,
		Rights:   c.Rights().Image(),
	})
	if err != nil {
		return fmt.Errorf("drawing the social preview cards: %w", err)
	}
	fmt.Fprintf(opts.IO.Out, "%d social preview cards: %d made, %d unchanged, %d removed, in %s\n", len(res.Manifest), res.Made, res.Reused, res.Removed, time.Since(start).Round(time.Millisecond))
	return nil
}

// failureDiagnostics reports failed images at their path under the content
// folder.
func failureDiagnostics(contentDir string, fs []images.Failure) diag.List {
	var out diag.List
	for _, f := range fs {
		d := diag.Diagnostic{
			File:     filepath.Join(contentDir, filepath.FromSlash(f.Source.Rel)),
			Severity: diag.Error,
			Message:  f.Err.Error(),
		}
		if p, ok := imagecheck.IsProblem(f.Err); ok {
			d.Message, d.Hint = p.Msg, p.Hint
		}
		out = append(out, d)
	}
	return out
}

// summaryLine counts a run: the variants made, or with originals (Netlify
// Image CDN delivery) the originals published.
func summaryLine(s images.Summary, st cmdutil.Styler, originals bool) string {
	made, outputs := "made", english.Count(s.VariantsMade+s.VariantsReused, "variant")
	if originals {
		made, outputs = "published", english.Count(s.VariantsMade+s.VariantsReused, "original")+" for Netlify Image CDN"
	}
	parts := []string{fmt.Sprintf("%d %s", s.VariantsMade, made), fmt.Sprintf("%d reused", s.VariantsReused)}
	if s.Failed > 0 {
		parts = append(parts, st.Red(english.Count(s.Failed, "image")+" failed"))
	}
	return fmt.Sprintf("%s (%s) → %s (%s): %s, in %s",
		english.Count(s.Images, "image"), size(s.BytesIn), outputs, size(s.BytesOut),
		strings.Join(parts, ", "), s.Elapsed.Round(time.Millisecond))
}

// avifLine says which images have no AVIF variants, and why: none when
// this build of portfolio has no AVIF encoder, or those whose AVIF did not
// pay.
func avifLine(s images.Summary) string {
	switch {
	case s.NoAVIF != "":
		return "no AVIF variants: " + s.NoAVIF
	case s.WebPOnly > 0:
		return fmt.Sprintf("%s kept WebP only: AVIF was not smaller (by %d%% over its widths)",
			english.Count(s.WebPOnly, "image"), images.AVIFMinSaving)
	}
	return ""
}

// reportContent shows the content's problems, unless an earlier step of
// the same run has shown them.
func reportContent(ios *iostreams.IOStreams, diags diag.List, reported bool) error {
	if reported {
		return nil
	}
	return cmdutil.WriteDiagnostics(ios, diags)
}

func size(b int64) string {
	switch {
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}
