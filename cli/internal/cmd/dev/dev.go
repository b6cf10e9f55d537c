// Package dev implements `portfolio dev`: the site's development server,
// with the content regenerated on every change.
package dev

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/childproc"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/pipeline"
	"portfolio/cli/internal/server"
	"portfolio/cli/internal/termsafe"
)

// DefaultHost and DefaultPort are Vite's own defaults: where dev listens
// unless --addr or --port say otherwise.
const (
	DefaultHost = "localhost"
	DefaultPort = 5173
)

// Options are the inputs of a dev run.
type Options struct {
	IO         *iostreams.IOStreams
	Ctx        context.Context
	ContentDir string
	SiteDir    string
	// Watch are the folders whose changes regenerate the content.
	Watch []string
	// Interval is how often the folders are scanned for changes.
	Interval time.Duration
	// NoVite watches and regenerates without starting Vite (tests).
	NoVite bool
	// Host and Port are where the development server listens.
	Host string
	Port int
	// Editor serves the browser editor at /admin (decisions 79, 0120).
	Editor bool
	// ImagesReady, when set, receives the address of the Image CDN that
	// answers /.netlify/images (tests).
	ImagesReady func(addr string)
}

// ImageCache is the cache folder of the development server's Image CDN:
// its own, beside serve's (server.DefaultImageCache).
const ImageCache = ".cache/image-cdn-dev"

// ImageCDNVariable tells Vite's development server (site/scripts/dev-pages.mjs)
// where to send /.netlify/images.
const ImageCDNVariable = "PORTFOLIO_IMAGE_CDN"

// NewCmdDev builds the command; runF replaces the run in tests.
func NewCmdDev(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Interval: 300 * time.Millisecond, Host: DefaultHost, Port: DefaultPort}
	var listen *cmdutil.ListenFlags
	cmd := &cobra.Command{
		Use:   "dev",
		Short: "Work on the site: every page as the build renders it, reloaded on every change",
		Long: strings.TrimSpace(`
Makes the images and the site's module, then starts Vite's development
server at http://localhost:5173/ (--port or --addr to change it). Every page is
rendered on request by the same code as the build's prerender, with its
interactive parts (the lightbox, the contact form) working; it sends no page
views to your analytics. With images.delivery: netlify in site.yaml, the
images' addresses (/.netlify/images) are answered as Netlify Image CDN
answers them, as `+"`portfolio serve`"+` does.

It watches content/ and schema/: on every change it validates, makes new
images and regenerates the module, and the open page reloads. A change to
the site's code reloads it too. When the content has errors they are printed
with file:line:col and the last good content stays, so the page keeps
working until you fix them.

With --editor, the browser editor (Sveltia CMS) is at
http://localhost:5173/admin/: the site's content in forms generated from its
schemas, every language of site.yaml's languages, each save checked by the
schemas first. Open it in Chrome or Edge, choose "Work with Local
Repository" and pick this repository's folder: the browser saves into its
files itself, and the site regenerates as on any edit. Firefox and Safari
cannot pick a folder; there the editor works through GitHub only. An
uploaded photo loses its GPS position, serial numbers and the rest the
import removes before it is written, as with `+"`portfolio new project`"+`.
Nothing is committed: review the change with git and commit it yourself. As
the editor writes into the repository, --editor listens on this computer
only: an --addr on another interface is refused with it.

Ctrl-C, SIGTERM or a closed terminal stops everything, Vite included.`) + "\n\n" + cmdutil.SiteRepoHelp,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.Host, opts.Port, err = listen.Resolve(cmd.Flags()); err != nil {
				return err
			}
			if err := checkEditorFlags(opts); err != nil {
				return err
			}
			opts.Ctx = cmd.Context()
			opts.ContentDir = cmdutil.ContentDir(cmd)
			if err := cmdutil.EnterSiteRepo(cmd, &opts.ContentDir, opts.SiteDir); err != nil {
				return err
			}
			opts.Watch = []string{opts.ContentDir, "schema"}
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	cmd.Flags().StringVar(&opts.SiteDir, "site", "site", "the site's project `folder`")
	listen = cmdutil.AddListenFlags(cmd.Flags(), DefaultHost, DefaultPort, "the development server")
	cmd.Flags().BoolVar(&opts.Editor, "editor", false, "serve the browser editor at /admin, saving into this repository")
	return cmd
}

// checkEditorFlags refuses --editor on an address other computers reach:
// the editor writes into this repository, and the browser lets a page pick
// a folder on a secure address only, which plain http on another interface
// is not (decision 0120).
func checkEditorFlags(opts *Options) error {
	if opts.Editor && !isLoopback(opts.Host) {
		return cmdutil.Usagef("--editor with --addr %s: the editor saves into this repository, so it listens on this computer only; use --addr localhost:%d (or 127.0.0.1)", termsafe.String(opts.Host), opts.Port)
	}
	return nil
}

// isLoopback says whether host names this computer only.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Run regenerates, starts Vite and watches until the context ends.
func Run(opts *Options) error {
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// The snapshot comes first: a file saved while the first module is made,
	// or just as "watching" is printed, is then a change on the first tick,
	// never part of the state the watcher starts from.
	last := snapshot(opts.Watch)
	if !opts.NoVite {
		// Before anything else, so that a port in use fails at once.
		if err := portFree(opts.Host, opts.Port); err != nil {
			return err
		}
	}
	regenerate(opts)
	// A site with images.delivery: netlify asks /.netlify/images for its
	// images: Vite sends those requests to the Image CDN of package server,
	// on a port of its own, over the images Vite serves (site/public).
	cdnAddr, stopCDN, err := startImageCDN(opts)
	if err != nil {
		return err
	}
	defer stopCDN()
	vite := make(chan error, 1)
	if !opts.NoVite {
		if opts.Editor {
			if err := buildEditor(ctx, opts); err != nil {
				return err
			}
		}
		cmd, err := startVite(ctx, opts, cdnAddr)
		if err != nil {
			return err
		}
		go func() { vite <- cmd.Wait() }()
	}

	fmt.Fprintf(opts.IO.ErrOut, "watching %s for changes\n", strings.Join(opts.Watch, ", "))
	tick := time.NewTicker(opts.Interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			if !opts.NoVite {
				<-vite //nolint:errcheck // stopping on purpose: only waiting for Vite to end; its error is the stop
			}
			return cmdutil.ErrStopped
		case err := <-vite:
			if ctx.Err() != nil {
				return cmdutil.ErrStopped
			}
			return fmt.Errorf("the site's dev server stopped: %v", err)
		case <-tick.C:
			now := snapshot(opts.Watch)
			changed := diff(last, now)
			if len(changed) == 0 {
				continue
			}
			// Let a save that writes several files finish.
			time.Sleep(opts.Interval)
			now = snapshot(opts.Watch)
			changed = diff(last, now)
			last = now
			fmt.Fprintf(opts.IO.ErrOut, "\n%s changed\n", describe(changed))
			regenerate(opts)
		}
	}
}

// portFree says what to do when another program (another `portfolio dev`)
// holds the port: Vite would move to the next one, and the page open in the
// browser would be the other program's.
func portFree(host string, port int) error {
	if port < 1 || port > 65535 {
		return cmdutil.Usagef("--port %d: a port is a number from 1 to 65535", port)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		return fmt.Errorf("port %d on %s is in use (another `portfolio dev`?): stop that program, or choose another port with --port", port, termsafe.String(host))
	}
	return ln.Close()
}

// startVite subsets the fonts, then starts Vite's development server with
// the site's pages (site/scripts/dev-pages.mjs) on the port. Node runs Vite
// itself, without npm's shell between: it is the child that
// childproc stops with the command, whichever signal ends it.
func startVite(ctx context.Context, opts *Options, cdnAddr string) (*childproc.Cmd, error) {
	if err := pipeline.InstallPackages(ctx, opts.IO, opts.SiteDir); err != nil {
		return nil, err
	}
	node := func(args ...string) *childproc.Cmd {
		cmd := childproc.Command(ctx, "node", args...)
		cmd.Dir = opts.SiteDir
		cmd.Stdout, cmd.Stderr = opts.IO.Out, opts.IO.ErrOut
		return cmd
	}
	if err := node(filepath.Join("scripts", "fonts.mjs")).Run(); err != nil {
		if ctx.Err() != nil {
			return nil, cmdutil.ErrStopped
		}
		return nil, fmt.Errorf("cannot subset the site's fonts (node scripts/fonts.mjs in %s): %w", opts.SiteDir, err)
	}
	args := []string{filepath.Join("node_modules", "vite", "bin", "vite.js"), "--port", strconv.Itoa(opts.Port), "--strictPort"}
	if opts.Host != "" && opts.Host != DefaultHost {
		args = append(args, "--host", opts.Host)
	}
	cmd := node(args...)
	cmd.Env = append(os.Environ(), ImageCDNVariable+"=http://"+cdnAddr)
	if opts.Editor {
		// The editor's page gets the host's policy, so that what works here
		// works there.
		cmd.Env = append(cmd.Env, EditorCSPVariable+"="+headers.EditorCSP)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start the site's dev server (node in %s): %w; is Node installed?", opts.SiteDir, err)
	}
	return cmd, nil
}

// startImageCDN serves /.netlify/images on a free port of the loopback
// address for the images of site/public, which Vite serves; stop ends it.
func startImageCDN(opts *Options) (addr string, stop func(), err error) {
	cdn, err := server.NewImageCDN(filepath.Join(opts.SiteDir, "public"), nil, opts.IO.ErrOut, server.ImageCDNConfig{CacheDir: ImageCache})
	if err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		cdn.Close()
		return "", nil, fmt.Errorf("cannot start the Image CDN on a loopback port: %w", err)
	}
	srv := &http.Server{Handler: cdn, ReadHeaderTimeout: 10 * time.Second, ErrorLog: log.New(termsafe.LogWriter(opts.IO.ErrOut), "portfolio dev: ", 0)}
	go func() { _ = srv.Serve(ln) }()
	addr = ln.Addr().String()
	if opts.ImagesReady != nil {
		opts.ImagesReady(addr)
	}
	return addr, func() { _ = srv.Close(); _ = cdn.Close() }, nil
}

// regenerate makes new images and the site's module; problems are printed
// and the last good module stays in place.
func regenerate(opts *Options) {
	start := time.Now()
	err := pipeline.Images(pipeline.ImagesDefaults(opts.Ctx, opts.IO, opts.ContentDir, opts.SiteDir, filepath.Join(opts.SiteDir, "node_modules", "@fontsource-variable")))
	if err == nil {
		err = pipeline.Generate(pipeline.GenerateDefaults(opts.Ctx, opts.IO, opts.ContentDir, opts.SiteDir))
	}
	s := cmdutil.NewStyler(opts.IO)
	switch {
	case err == nil:
		fmt.Fprintf(opts.IO.ErrOut, "%s content regenerated in %s\n", s.Green("✓"), time.Since(start).Round(time.Millisecond))
	case errors.Is(err, cmdutil.ErrInvalid):
		fmt.Fprintf(opts.IO.ErrOut, "%s the site keeps the last good content until the problems above are fixed\n", s.Yellow("!"))
	case errors.Is(err, cmdutil.ErrCancel):
	default:
		fmt.Fprintf(opts.IO.ErrOut, "%s %v\n", s.Red("error:"), err)
	}
}

type stamp struct {
	size int64
	mod  time.Time
}

// snapshot records every file under the folders by size and time.
func snapshot(dirs []string) map[string]stamp {
	files := map[string]stamp{}
	for _, dir := range dirs {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if info, err := d.Info(); err == nil {
				files[p] = stamp{info.Size(), info.ModTime()}
			}
			return nil
		})
	}
	return files
}

// diff lists the files added, removed or changed between two snapshots.
func diff(before, after map[string]stamp) []string {
	var changed []string
	for p, s := range after {
		if b, ok := before[p]; !ok || b != s {
			changed = append(changed, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			changed = append(changed, p)
		}
	}
	return changed
}

func describe(changed []string) string {
	slices.Sort(changed)
	if len(changed) == 1 {
		return changed[0]
	}
	return fmt.Sprintf("%s and %d more", changed[0], len(changed)-1)
}
