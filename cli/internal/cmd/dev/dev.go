// Package dev implements `portfolio dev`: the site's development server,
// with the content regenerated on every change.
package dev

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cards"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/pipeline"
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
}

// NewCmdDev builds the command; runF replaces the run in tests.
func NewCmdDev(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Interval: 300 * time.Millisecond}
	cmd := &cobra.Command{
		Use:   "dev",
		Short: "Work on the site: Vite's dev server, content regenerated on every change",
		Long: strings.TrimSpace(`
Makes the images and the site's module, starts Vite's development server
(hot reload), and watches content/ and schema/: on every change it
validates, makes new images and regenerates the module. When the content has
errors they are printed and the last good module stays, so the site keeps
running. Ctrl-C stops everything.`) + "\n\n" + cmdutil.SiteRepoHelp,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
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
	return cmd
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
	regenerate(opts)
	vite := make(chan error, 1)
	if !opts.NoVite {
		cmd := exec.CommandContext(ctx, "npm", "run", "dev")
		cmd.Dir = opts.SiteDir
		cmd.Stdout, cmd.Stderr = opts.IO.Out, opts.IO.ErrOut
		// Vite stops with the terminal's Ctrl-C; this is for other ends.
		cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
		cmd.WaitDelay = 5 * time.Second
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("cannot start the site's dev server (npm run dev in %s): %w; is Node installed?", opts.SiteDir, err)
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

// regenerate makes new images and the site's module; problems are printed
// and the last good module stays in place.
func regenerate(opts *Options) {
	start := time.Now()
	err := pipeline.Images(pipeline.ImagesDefaults(opts.Ctx, opts.IO, opts.ContentDir, cards.DefaultFontDir))
	if err == nil {
		err = pipeline.Generate(pipeline.GenerateDefaults(opts.Ctx, opts.IO, opts.ContentDir))
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
