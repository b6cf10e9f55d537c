// Package messages is the `portfolio messages` command.
package messages

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/messages"
)

// Options are the inputs of a messages run.
type Options struct {
	IO      *iostreams.IOStreams
	Ctx     context.Context
	DataDir string
	JSON    bool
	CSV     bool
	// Favourites is a private project's slug: print the favourites
	// received for it (favourites.go) instead of every message.
	Favourites string
	// Activity is a private project's slug: print what its clients did
	// (activity.go); from the host's Blobs store when Netlify is set.
	Activity   string
	Netlify    *Netlify
	ContentDir string
	Loc        *time.Location // zone of the times in text output; time.Local when nil
}

// NewCmdMessages builds the command; runF replaces the run in tests.
func NewCmdMessages(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	var netlify bool
	cmd := &cobra.Command{
		Use:     "messages",
		Short:   "List the messages sent through the contact form",
		Long:    strings.TrimSpace(messagesLong),
		Example: strings.TrimRight(messagesExample, "\n"),
		Args:    cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Ctx = cmd.Context()
			if opts.JSON && opts.CSV {
				return cmdutil.Usagef("--json and --csv cannot be used together")
			}
			if opts.DataDir == "" {
				return cmdutil.Usagef("--data must name a folder")
			}
			if opts.Favourites != "" && (opts.JSON || opts.CSV) {
				return cmdutil.Usagef("--favourites prints a list for Lightroom: it cannot be used with --json or --csv")
			}
			if opts.Activity != "" && (opts.Favourites != "" || opts.CSV) {
				return cmdutil.Usagef("--activity cannot be used with --favourites or --csv")
			}
			if netlify && opts.Activity == "" && opts.Favourites == "" {
				return cmdutil.Usagef("--netlify reads the host's record: use it with --activity SLUG or --favourites SLUG")
			}
			if netlify {
				opts.Netlify = &Netlify{API: os.Getenv("NETLIFY_API_URL"), SiteID: os.Getenv("NETLIFY_SITE_ID"), Token: os.Getenv("NETLIFY_AUTH_TOKEN")}
				if opts.Netlify.SiteID == "" || opts.Netlify.Token == "" {
					return cmdutil.Usagef("--netlify needs NETLIFY_SITE_ID (the site's ID: Site configuration, Site details) and NETLIFY_AUTH_TOKEN (a personal access token: User settings, Applications) in the environment")
				}
			}
			if opts.Favourites != "" || opts.Activity != "" {
				opts.ContentDir = cmdutil.ContentDir(cmd)
			}
			if runF != nil {
				return runF(opts)
			}
			if opts.Netlify == nil {
				if err := cmdutil.LocateContent(cmd, "data", &opts.DataDir); err != nil {
					return err
				}
			}
			if opts.Favourites != "" || opts.Activity != "" {
				if err := cmdutil.LocateContent(cmd, "content", &opts.ContentDir); err != nil {
					return err
				}
			}
			return Run(opts)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&opts.JSON, "json", false, "write a JSON array")
	fl.BoolVar(&opts.CSV, "csv", false, "write CSV with a header row")
	fl.StringVar(&opts.DataDir, "data", messages.DefaultDir, "`folder` of the messages database")
	fl.StringVar(&opts.Activity, "activity", "", "print what clients did on the private project `SLUG`: first opened, favourites sent, downloads")
	fl.BoolVar(&netlify, "netlify", false, "with --activity or --favourites: read the site's record on Netlify (NETLIFY_AUTH_TOKEN, NETLIFY_SITE_ID)")
	fl.StringVar(&opts.Favourites, "favourites", "", "print the favourites received for the private project `SLUG`, as lines to paste into Lightroom Classic's filter")
	_ = cmd.MarkFlagDirname("data")
	return cmd
}

// Run lists the messages.
func Run(opts *Options) error {
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	loc := opts.Loc
	if loc == nil {
		loc = time.Local
	}
	if opts.Activity != "" {
		if err := activity(opts, loc); err != nil {
			if ctx.Err() != nil {
				return cmdutil.ErrCancel
			}
			return err
		}
		return nil
	}
	var msgs []messages.Message
	var err error
	if opts.Netlify != nil {
		msgs, err = hostFavourites(ctx, opts, opts.Favourites)
	} else {
		msgs, err = read(ctx, opts.DataDir)
	}
	if err != nil {
		if ctx.Err() != nil {
			return cmdutil.ErrCancel
		}
		return err
	}
	if opts.Favourites != "" {
		return favourites(opts, msgs, loc)
	}
	out := opts.IO.Out
	switch {
	case opts.JSON:
		return messages.WriteJSON(out, msgs)
	case opts.CSV:
		return messages.WriteCSV(out, msgs)
	case len(msgs) == 0:
		_, err := fmt.Fprintf(opts.IO.ErrOut, "No messages yet in %s.\n", messages.Path(opts.DataDir))
		return err
	}
	return messages.WriteText(out, msgs, loc)
}

// read returns the stored messages, opening the database read-only; with
// no database file (or an empty one) there are none, and none is made:
// listing leaves the folder as it was.
func read(ctx context.Context, dir string) ([]messages.Message, error) {
	s, err := messages.OpenReadOnly(dir)
	if errors.Is(err, messages.ErrNoDatabase) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	msgs, err := s.List(ctx)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return msgs, err
}
