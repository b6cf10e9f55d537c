// Package pipeline is the chain that turns content into a site: Validate,
// Images, Generate and Site, each with its defaults, and Build, which runs
// them in order. The commands validate, images, generate, build, dev, serve
// and delete call it; no command calls another command.
package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"portfolio/cli/internal/childproc"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/images"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/privatestore"
	"portfolio/cli/internal/rights"
	"portfolio/cli/internal/termsafe"
	"portfolio/cli/internal/tsgen"
)

// BuildOptions are the inputs of a build.
type BuildOptions struct {
	IO         *iostreams.IOStreams
	Ctx        context.Context
	ContentDir string
	// SiteDir is the site's project folder (site); the result is SiteDir/dist.
	SiteDir string
	// Verbose lists what each step did file by file (each image made, each
	// document published) and ends with the per-route table; without it
	// each step prints a summary line.
	Verbose bool
	// Force builds even when the inputs and outputs are those of the last
	// build, and prerenders every page again.
	Force bool
	// Explained says the caller has told why it builds (serve does).
	Explained bool
	// Timings ends the build with a table of where its time went; without
	// it one line says the same.
	Timings bool
}

// Build runs the chain; each step's own output explains a failure.
func Build(opts *BuildOptions) error {
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	out := opts.IO.Out
	dist := filepath.Join(opts.SiteDir, "dist")
	// What this build reads, noted before it starts: a file saved while it
	// runs makes the next check see a change.
	inputs, inputsErr := Inputs(opts.ContentDir, opts.SiteDir)
	if inputsErr == nil && !opts.Force {
		last, stale, why := staleAgainst(opts.SiteDir, inputs)
		if !stale {
			fmt.Fprintf(out, "%s is up to date (inputs unchanged since %s); --force rebuilds\n", termsafe.String(dist), last.Read.Local().Format("2006-01-02 15:04:05"))
			return nil
		}
		if last != nil && !opts.Explained {
			fmt.Fprintf(out, "Building: %s.\n", termsafe.String(why)) // file names are outside text
		}
	}
	// The old record goes first, so a build that fails or is stopped leaves
	// the site stale.
	_ = os.Remove(recordFile)
	if opts.Force {
		_ = os.RemoveAll(prerenderCache)
	}
	s := cmdutil.NewStyler(opts.IO)
	steps := buildSteps(ctx, opts, dist)
	var took timings
	for i, step := range steps {
		fmt.Fprintf(out, "%s %s\n", s.Bold(fmt.Sprintf("[%d/%d]", i+1, len(steps))), step.name)
		stepStart := time.Now()
		err := step.run()
		took = append(took, stepTime{step.short, time.Since(stepStart)})
		if err != nil {
			if !errors.Is(err, cmdutil.ErrCancel) {
				fmt.Fprintf(opts.IO.ErrOut, "%s stopped at step %d (%s)\n", s.Red("build"), i+1, step.name)
			}
			return err
		}
	}
	if inputsErr == nil {
		outputs, err := Outputs(opts.SiteDir)
		if err == nil {
			err = saveRecord(start, inputs, outputs)
		}
		if err != nil {
			fmt.Fprintf(opts.IO.ErrOut, "warning: cannot record what the build read and wrote (%v); the next build runs again\n", err)
		}
	}
	took = took.splitPrerender(readPrerenderTime())
	total := time.Since(start)
	fmt.Fprintf(out, "%s site built in %s: %s\n", s.Green("✓"), total.Round(100*time.Millisecond), dist)
	if opts.Timings {
		took.table(out, total)
	} else {
		fmt.Fprintf(out, "  %s\n", took.line())
	}
	return nil
}

// buildStep is one step of the build: its name, its short name in the
// timings, and its work.
type buildStep struct {
	name, short string
	run         func() error
}

// buildSteps are the build's steps, in order, for the site whose built
// folder is dist.
func buildSteps(ctx context.Context, opts *BuildOptions, dist string) []buildStep {
	out := opts.IO.Out
	return []buildStep{
		{"validate the content", "validate", func() error {
			return Validate(&ValidateOptions{IO: opts.IO, ContentDir: opts.ContentDir, Format: "text", MaxPixels: imagecheck.DefaultMaxPixels})
		}},
		{"make the images, social preview cards and icons", "images", func() error {
			// The cards are drawn in the site's fonts, from its npm packages,
			// which install (on a first build: the network, then unpacking)
			// while the variants are made (the CPU): only the cards wait.
			if err := checkNode(ctx); err != nil {
				return err
			}
			installed := installPackagesAsync(ctx, opts)
			imagesOpts := ImagesDefaults(ctx, opts.IO, opts.ContentDir, opts.SiteDir, filepath.Join(opts.SiteDir, "node_modules", "@fontsource-variable"))
			imagesOpts.ContentReported = true
			imagesOpts.Brief = !opts.Verbose
			imagesOpts.FontsReady = installed
			err := Images(imagesOpts)
			// npm is never left running behind a failed step.
			return errors.Join(err, installed())
		}},
		{"generate the site's module", "generate", func() error {
			generateOpts := GenerateDefaults(ctx, opts.IO, opts.ContentDir, opts.SiteDir)
			generateOpts.ContentReported = true
			generateOpts.Brief = !opts.Verbose
			return Generate(generateOpts)
		}},
		{"build and prerender the site", "site", func() error {
			start := time.Now()
			if err := Site(ctx, opts); err != nil {
				return err
			}
			routes, err := ReportKnown(dist, reportCache)
			if err != nil {
				return err
			}
			if opts.Verbose {
				WriteReport(out, routes)
			}
			fmt.Fprintln(out, SiteSummary(routes, RenderedPages(dist), time.Since(start), opts.Verbose))
			return nil
		}},
	}
}

// ImagesDefaults are `portfolio images --gc` with its default settings,
// for the site in siteDir (site): the variants go to siteDir/public/img,
// the manifests to siteDir/src/generated. The variants and cache entries
// no image needs any more (those of a deleted project or a replaced photo)
// are removed, so they do not reach the site. It draws the social preview
// cards (in the fonts of fontDir) and icons too.
func ImagesDefaults(ctx context.Context, ios *iostreams.IOStreams, contentDir, siteDir, fontDir string) *ImagesOptions {
	return &ImagesOptions{
		IO: ios, Ctx: ctx, ContentDir: contentDir, FontDir: fontDir,
		OutDir: SitePath(siteDir, images.DefaultOutDir), CacheDir: images.DefaultCacheDir, Manifest: SitePath(siteDir, images.DefaultManifest),
		Widths: images.DefaultWidths, Quality: images.DefaultQuality, MaxPixels: imagecheck.DefaultMaxPixels,
		GC: true,
	}
}

// GenerateDefaults are `portfolio generate` with its default settings, for
// the site in siteDir (site).
func GenerateDefaults(ctx context.Context, ios *iostreams.IOStreams, contentDir, siteDir string) *GenerateOptions {
	return &GenerateOptions{
		IO: ios, Ctx: ctx, ContentDir: contentDir, Out: SitePath(siteDir, DefaultOut),
		DocsDir: SitePath(siteDir, DefaultDocsDir), VideosDir: SitePath(siteDir, DefaultVideosDir),
		EditorDir: SitePath(siteDir, DefaultEditorDir),
		Manifest:  SitePath(siteDir, images.DefaultManifest), MaxPixels: imagecheck.DefaultMaxPixels,
	}
}

// SitePath is a default path under the site's folder ("site/…", as the
// flags' defaults name them) moved under siteDir: build, serve and dev
// with --site write their images and module into the site they build.
func SitePath(siteDir, def string) string {
	rel, ok := strings.CutPrefix(filepath.ToSlash(def), "site/")
	if !ok {
		panic("pipeline.SitePath: " + def + " is not under site/")
	}
	return filepath.Join(siteDir, filepath.FromSlash(rel))
}

// prerenderCache is where the site's prerender keeps each page with what
// it was rendered from (site/scripts/prerender.mjs), so that a build
// renders again only the pages whose inputs changed.
const prerenderCache = ".cache/build/prerender"

// reportCache keeps what the report measured of each page, by its HTML.
const reportCache = ".cache/build/report.json"

// minNode is the oldest Node the site's tools run on (Vite 8).
var minNode = [3]int{20, 19, 0}

// Site runs the site's npm build (build and prerender into SiteDir/dist),
// installing its packages first when they are missing or older than the
// lock file, then writes the site's response headers (package headers).
func Site(ctx context.Context, opts *BuildOptions) error {
	if err := installPackages(ctx, opts); err != nil {
		return err
	}
	cache, err := filepath.Abs(prerenderCache)
	if err != nil {
		return err
	}
	if err := npm(ctx, opts, []string{"PORTFOLIO_PRERENDER_CACHE=" + cache}, "run", "build", "--silent"); err != nil {
		return err
	}
	c, _, err := content.Load(opts.ContentDir, content.Options{MaxPixels: imagecheck.DefaultMaxPixels})
	if err != nil {
		return err
	}
	dist := filepath.Join(opts.SiteDir, "dist")
	if err := headers.Build(dist, c); err != nil {
		return err
	}
	// Each language's not-found page for a missing page under its prefix
	// (decision 0123); nothing for a site in one language.
	if err := headers.WriteRedirects(dist, c.Languages()); err != nil {
		return err
	}
	// The AI-training opt-out the rights ask for, in robots.txt and
	// /.well-known/tdmrep.json (decision 0101; the headers carry the rest).
	if err := rights.Write(dist, c.Rights()); err != nil {
		return err
	}
	if err := writeAIBlock(opts, c.Rights()); err != nil {
		return err
	}
	// The secret page loads the site's fonts from where this build put
	// them (decision 0095).
	if err := tsgen.SetGateFonts(filepath.Join(filepath.Dir(SitePath(opts.SiteDir, DefaultOut)), privateaccess.GalleriesFile), dist); err != nil {
		return fmt.Errorf("writing the secret page's fonts: %w", err)
	}
	return movePrivate(opts, dist)
}

// writeAIBlock writes, with aiTraining: block, the Edge Function that
// refuses the AI-training crawlers (beside the deploy store, where Netlify
// bundles generated functions), and removes it with any other value, so
// that only the owner who chose block has a function deployed (decision
// 0103).
func writeAIBlock(opts *BuildOptions, r content.Rights) error {
	dir, err := rights.EdgeFor(opts.SiteDir)
	if err != nil {
		return err
	}
	if err := rights.WriteEdge(dir, r); err != nil {
		return fmt.Errorf("writing the Edge Function that blocks AI-training crawlers: %w", err)
	}
	if r.BlocksAICrawlers() {
		fmt.Fprintf(opts.IO.Out, "  AI-training crawlers (%s) refused at the edge by %s\n",
			strings.Join(rights.UserAgentTokens(), ", "), termsafe.String(dir))
	}
	return nil
}

// movePrivate moves the private projects' files the prerender wrote under
// dist/private into the deploy store beside the site folder (package
// privatestore, decision 0089), each with the headers the site's rules
// give its address: nothing private stays in the published folder.
func movePrivate(opts *BuildOptions, dist string) error {
	rules, err := headers.Read(dist)
	if err != nil {
		return err
	}
	store, err := privatestore.ForSite(opts.SiteDir)
	if err != nil {
		return err
	}
	res, err := privatestore.Move(dist, store, rules)
	if err != nil {
		return fmt.Errorf("moving the private projects' files out of the published site: %w", err)
	}
	if res.Files > 0 {
		fmt.Fprintf(opts.IO.Out, "  %s of private projects (%s) moved out of %s into the deploy store %s\n",
			english.Count(res.Files, "file"), size(res.Bytes), termsafe.String(dist), termsafe.String(store))
	}
	return nil
}

// InstallPackages installs the site's npm packages when they are missing or
// older than the lock file (what `portfolio dev` needs before it starts Vite).
func InstallPackages(ctx context.Context, ios *iostreams.IOStreams, siteDir string) error {
	return installPackages(ctx, &BuildOptions{IO: ios, SiteDir: siteDir})
}

// installPackages installs the site's npm packages when they are missing or
// older than the lock file.
func installPackages(ctx context.Context, opts *BuildOptions) error {
	if err := checkNode(ctx); err != nil {
		return err
	}
	return installPackagesAsync(ctx, opts)()
}

// installPackagesAsync starts installing the site's npm packages when they
// are missing or older than the lock file, and returns the wait for it:
// its error, the same on every call.
func installPackagesAsync(ctx context.Context, opts *BuildOptions) func() error {
	stale, why := packagesStale(opts.SiteDir)
	if !stale {
		return func() error { return nil }
	}
	args := []string{"ci", "--no-audit", "--no-fund"}
	what := "the site's npm packages"
	if !hasDevPackages(opts.SiteDir) {
		// Building needs the site's dependencies only; the test and lint
		// tools (devDependencies: Playwright, ESLint, TypeScript, Vitest)
		// are 370 of its 460 packages. An install that has them is kept
		// whole; .ci/test installs them when they are missing.
		args = append(args, "--omit=dev")
		what = "the packages the site's build needs"
	}
	fmt.Fprintf(opts.IO.Out, "  installing %s (%s)…\n", what, why)
	done := make(chan struct{})
	var err error
	go func() {
		defer close(done)
		err = npm(ctx, opts, nil, args...)
	}()
	return func() error {
		<-done
		return err
	}
}

// checkNode says what to install when node or npm is missing or too old.
func checkNode(ctx context.Context) error {
	if _, err := exec.LookPath("node"); err != nil {
		return fmt.Errorf("node is not installed: the site needs Node %d.%d or newer with npm (https://nodejs.org)", minNode[0], minNode[1])
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return errors.New("npm is not installed: install it with Node (https://nodejs.org) or your system's package manager")
	}
	v, err := exec.CommandContext(ctx, "node", "--version").Output()
	if err != nil {
		return fmt.Errorf("cannot run node --version: %w", err)
	}
	have, ok := parseVersion(string(v))
	if !ok {
		return fmt.Errorf("cannot read node's version %q", strings.TrimSpace(string(v)))
	}
	if !atLeast(have, minNode) {
		return fmt.Errorf("node %s is too old: the site needs Node %d.%d or newer (https://nodejs.org)", strings.TrimSpace(string(v)), minNode[0], minNode[1])
	}
	return nil
}

var versionRe = regexp.MustCompile(`v?(\d+)\.(\d+)\.(\d+)`)

func parseVersion(s string) ([3]int, bool) {
	m := versionRe.FindStringSubmatch(s)
	if m == nil {
		return [3]int{}, false
	}
	var v [3]int
	for i := range v {
		v[i], _ = strconv.Atoi(m[i+1])
	}
	return v, true
}

func atLeast(have, want [3]int) bool {
	for i := range have {
		if have[i] != want[i] {
			return have[i] > want[i]
		}
	}
	return true
}

// packagesStale reports whether `npm ci` must run: no node_modules, or a
// lock file newer than the installed tree.
func packagesStale(siteDir string) (bool, string) {
	installed, err := os.Stat(filepath.Join(siteDir, "node_modules", ".package-lock.json"))
	if err != nil {
		return true, "not installed yet"
	}
	lock, err := os.Stat(filepath.Join(siteDir, "package-lock.json"))
	if err == nil && lock.ModTime().After(installed.ModTime()) {
		return true, "package-lock.json changed"
	}
	return false, ""
}

// hasDevPackages reports whether the installed tree has the site's
// devDependencies: npm marks their entries in node_modules/.package-lock.json
// "dev": true, and an install made with --omit=dev has none.
func hasDevPackages(siteDir string) bool {
	data, err := os.ReadFile(filepath.Join(siteDir, "node_modules", ".package-lock.json"))
	if err != nil {
		return false
	}
	var lock struct {
		Packages map[string]struct {
			Dev bool `json:"dev"`
		} `json:"packages"`
	}
	if json.Unmarshal(data, &lock) != nil {
		return false
	}
	for _, p := range lock.Packages {
		if p.Dev {
			return true
		}
	}
	return false
}

// npm runs npm in the site folder, with env added to the environment. Its
// output is shown only when it fails, with the command to run again by hand.
func npm(ctx context.Context, opts *BuildOptions, env []string, args ...string) error {
	// npm runs a shell that runs Node: the whole group ends with the build.
	cmd := childproc.Command(ctx, "npm", args...)
	cmd.Dir = opts.SiteDir
	cmd.Env = append(append(os.Environ(), "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1"), env...)
	var output bytes.Buffer
	cmd.Stdout = &output
	cmd.Stderr = &output
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return cmdutil.ErrCancel
		}
		if _, werr := opts.IO.ErrOut.Write(output.Bytes()); werr != nil {
			return fmt.Errorf("`npm %s` in %s failed (%v), and its output could not be shown: %w", strings.Join(args, " "), opts.SiteDir, err, werr)
		}
		return fmt.Errorf("`npm %s` in %s failed (%v): its output is above", strings.Join(args, " "), opts.SiteDir, err)
	}
	return nil
}
