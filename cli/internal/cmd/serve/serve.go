// Package serve implements `portfolio serve`: the built site on a local
// address, served as the host serves it, its contact form included.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/pipeline"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/privatestore"
	"portfolio/cli/internal/rights"
	"portfolio/cli/internal/server"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a serve run.
type Options struct {
	IO         *iostreams.IOStreams
	Ctx        context.Context
	ContentDir string
	SiteDir    string
	Addr       string
	DataDir    string
	NoBuild    bool
	// Limit is each client's allowance of form posts (tests and load tests
	// change it; the flag --no-rate-limit turns it off).
	Limit server.Limit
	// Ready, when set, receives the address once the server listens.
	Ready func(addr string)
}

// DefaultHost and DefaultPort are where serve listens unless --addr or
// --port say otherwise: this computer only.
const (
	DefaultHost = "127.0.0.1"
	DefaultPort = 8080
)

// NewCmdServe builds the command; runF replaces the run in tests.
func NewCmdServe(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	var noLimit bool
	var listen *cmdutil.ListenFlags
	cmd := &cobra.Command{
		Use:     "serve",
		Short:   "Serve the built site locally, as the host does, contact form included",
		Long:    serveLong,
		Example: serveExample,
		Args:    cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Ctx = cmd.Context()
			opts.ContentDir = cmdutil.ContentDir(cmd)
			// A site named with --site and served as it is needs only its
			// built files (checked when serving starts), not the site's
			// sources nor the repository; a build needs both.
			switch {
			case opts.NoBuild && cmd.Flags().Changed("site"):
			case cmd.Flags().Changed("site") && isBuilt(opts.SiteDir):
				return cmdutil.Usagef("--site %s is a built site: add --no-build to serve it as it is (a build needs the site's folder in the portfolio repository)", termsafe.String(opts.SiteDir))
			default:
				if err := cmdutil.EnterSiteRepo(cmd, &opts.ContentDir, opts.SiteDir); err != nil {
					return err
				}
			}
			host, port, err := listen.Resolve(cmd.Flags())
			if err != nil {
				return err
			}
			opts.Addr = net.JoinHostPort(host, strconv.Itoa(port))
			if noLimit {
				opts.Limit = server.Unlimited
			}
			if runF != nil {
				return runF(opts)
			}
			return Run(opts)
		},
	}
	fl := cmd.Flags()
	listen = cmdutil.AddListenFlags(fl, DefaultHost, DefaultPort, "the site")
	fl.StringVar(&opts.SiteDir, "site", "site", "the site's project `folder`; with --no-build, also any built site's folder")
	fl.StringVar(&opts.DataDir, "data", messages.DefaultDir, "`folder` of the messages database")
	fl.BoolVar(&opts.NoBuild, "no-build", false, "serve the built site as it is, even when out of date")
	fl.BoolVar(&noLimit, "no-rate-limit", false, "accept any number of form posts per client (load tests)")
	_ = fl.MarkHidden("no-rate-limit")
	return cmd
}

// Run serves until the context ends.
func Run(opts *Options) error {
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// Every line the server logs is escaped: request paths and visitors'
	// text reach it.
	errOut := termsafe.LogWriter(opts.IO.ErrOut)
	dist, err := siteToServe(ctx, opts)
	if err != nil {
		return err
	}
	rules, err := headers.Read(dist)
	if err != nil {
		return err
	}
	store, err := messages.Open(opts.DataDir)
	if err != nil {
		return err
	}
	defer store.Close()

	h, err := newHandler(opts, dist, rules, store, errOut)
	if err != nil {
		return err
	}
	defer h.Close()

	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s is already in use: stop the program using it, or choose another with --port or --addr", opts.Addr)
		}
		return fmt.Errorf("cannot listen on %s: %w", opts.Addr, err)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          log.New(errOut, "portfolio serve: ", 0),
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	addr := ln.Addr().String()
	fmt.Fprintf(opts.IO.Out, "Serving %s at http://%s (Ctrl-C to stop)\nMessages sent through the contact form go to %s\n", dist, addr, messages.Path(opts.DataDir))
	if opts.Ready != nil {
		opts.Ready(addr)
	}

	select {
	case err := <-served:
		return fmt.Errorf("the server stopped: %w", err)
	case <-ctx.Done():
	}
	// Finish the requests in flight (a message being stored is kept), then stop.
	shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		fmt.Fprintf(errOut, "some connections did not finish within 10 s: %v\n", err)
	}
	n, err := store.Count(context.WithoutCancel(ctx))
	if err == nil {
		fmt.Fprintf(opts.IO.Out, "Stopped. %s stored in %s.\n", english.Count(n, "message"), messages.Path(opts.DataDir))
	}
	return cmdutil.ErrStopped
}

// siteToServe is the folder of the built site to serve: site/dist, built
// first when out of date, or with --no-build the built site as it is.
func siteToServe(ctx context.Context, opts *Options) (string, error) {
	if opts.NoBuild {
		return builtDir(opts.SiteDir)
	}
	if stale, why := pipeline.Stale(opts.ContentDir, opts.SiteDir); stale {
		fmt.Fprintf(opts.IO.Out, "Building first: %s.\n", termsafe.String(why)) // file names are outside text
		if err := pipeline.Build(&pipeline.BuildOptions{IO: opts.IO, Ctx: ctx, ContentDir: opts.ContentDir, SiteDir: opts.SiteDir, Explained: true}); err != nil {
			return "", err
		}
	}
	return filepath.Join(opts.SiteDir, "dist"), nil
}

// newHandler is the server of the built site in dist, with its header
// rules, its private files and AI-crawler list, and the messages in store.
func newHandler(opts *Options, dist string, rules headers.Set, store *messages.Store, errOut io.Writer) (*server.Handler, error) {
	// The private projects' files, moved out of dist by the build
	// (decision 0089): none beside a folder that is not a site's dist.
	deploy, _ := privatestore.ForDist(dist)
	// The AI-training crawlers the build's Edge Function refuses
	// (aiTraining: block, decision 0103), from the file it reads: none
	// without one, as on a deploy without the function.
	var crawlers []string
	if edge, ok := rights.EdgeForDist(dist); ok {
		var err error
		if crawlers, err = rights.ReadEdge(edge); err != nil {
			return nil, err
		}
	}
	return server.New(server.Config{
		SiteDir:      dist,
		PrivateStore: deploy,
		AICrawlers:   crawlers,
		Headers:      rules.Match,
		Validate:     validate,
		Store:        storeAdapter{store},
		// What clients do on the private pages, beside the messages
		// (decision 0097).
		Activity: activityAdapter{store},
		Limit:    opts.Limit,
		Log:      errOut,
		// A private project opens with the secret in its environment
		// variable, never in the repository (docs/decisions/0080).
		PrivateSecret: func(slug string) string { return os.Getenv(privateaccess.EnvName(slug)) },
		// Favourites are checked against the build's list of each private
		// project's gallery, in the site folder beside its dist (read on
		// each post: a build while serving changes it).
		Galleries: func() (privateaccess.Galleries, error) {
			data, err := os.ReadFile(filepath.Join(filepath.Dir(dist), "src", "generated", privateaccess.GalleriesFile))
			if err != nil {
				return privateaccess.Galleries{}, err
			}
			return privateaccess.ReadGalleries(data)
		},
	})
}

// builtFiles are what serving a built site needs: the home page (the
// server refuses a folder without one) and the headers the build wrote.
var builtFiles = []string{"index.html", headers.JSONFile}

// builtDir is the built site that --no-build serves: siteDir itself when
// it is one (a copy of site/dist, a deploy artifact, a yardstick), else
// siteDir/dist, where `portfolio build` writes it. Otherwise the error
// says what the folder lacks and what to do.
func builtDir(siteDir string) (string, error) {
	dist := filepath.Join(siteDir, "dist")
	if isBuilt(siteDir) {
		return siteDir, nil
	}
	if isBuilt(dist) {
		return dist, nil
	}
	const todo = "A built site has index.html and _headers.json at its top, as `portfolio build` leaves site/dist: " +
		"build the site first (portfolio build), or name a built folder (or a copy of one) with --site"
	if fi, err := os.Stat(siteDir); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("%s is not a folder. %s", termsafe.String(siteDir), todo)
	}
	if fi, err := os.Stat(dist); err == nil && fi.IsDir() {
		return "", fmt.Errorf("%s is not a built site: it has no %s. %s", termsafe.String(dist), missing(dist), todo)
	}
	return "", fmt.Errorf("%s is not a built site: it has no %s, and no dist folder that has them. %s", termsafe.String(siteDir), missing(siteDir), todo)
}

func isBuilt(dir string) bool { return missing(dir) == "" }

// missing names the built files dir lacks ("index.html or _headers.json").
func missing(dir string) string {
	var lacks []string
	for _, f := range builtFiles {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || !fi.Mode().IsRegular() {
			lacks = append(lacks, f)
		}
	}
	return strings.Join(lacks, " or ")
}

func validate(m server.Message) map[string]string {
	return contact.Validate(contact.Message{Name: m.Name, Email: m.Email, Message: m.Message})
}

// activityAdapter keeps a client's activity in the messages database.
type activityAdapter struct{ s *messages.Store }

func (a activityAdapter) AddEvent(ctx context.Context, e server.Event) error {
	return a.s.AddEvent(ctx, messages.Event{Slug: e.Slug, Client: e.Client, Kind: e.Kind, File: e.File, Photos: e.Photos, At: e.At})
}

// storeAdapter stores a form post's trimmed values.
type storeAdapter struct{ s *messages.Store }

func (a storeAdapter) Add(ctx context.Context, m server.Message) error {
	t := contact.Message{Name: m.Name, Email: m.Email, Message: m.Message}.Trimmed()
	_, err := a.s.Add(ctx, messages.Message{Name: t.Name, Email: t.Email, Body: t.Message, Client: m.Client, Language: m.Language})
	return err
}
