package dev

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"portfolio/cli/internal/childproc"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/uploadstrip"
)

// EditorBackendVariable tells Vite's development server
// (site/scripts/dev-pages.mjs) where to send /admin/api/v1, the browser
// editor's local backend.
const EditorBackendVariable = "PORTFOLIO_EDITOR_BACKEND"

// EditorCSPVariable gives it the editor's Content-Security-Policy
// (headers.EditorCSP), which it sends with /admin/ as the host does.
const EditorCSPVariable = "PORTFOLIO_EDITOR_CSP"

// decapServer is the local backend's entry, run by node itself: no npx
// between, so that the process childproc stops is the server.
var decapServer = filepath.Join("node_modules", "decap-server", "dist", "index.js")

// startEditorBackend builds /admin (site/scripts/admin.mjs) and starts
// decap-server on a free port of the loopback address, writing into the
// repository's files (MODE=fs), behind a proxy of its own that strips each
// uploaded image's GPS position and serial numbers before decap-server
// writes it (package uploadstrip, decision 0084); both end with ctx, and
// wait waits for them to have ended. It returns the proxy's address.
func startEditorBackend(ctx context.Context, opts *Options) (addr string, wait func(), err error) {
	done := make(chan struct{})
	decap, err := startDecap(ctx, opts, done)
	if err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("no free port on the loopback address: %w", err)
	}
	srv := &http.Server{Handler: uploadstrip.New(&url.URL{Scheme: "http", Host: decap}, opts.IO.ErrOut), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan struct{})
	go func() {
		_ = srv.Serve(ln) // ends with Close below
		close(served)
	}()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	wait = func() { <-done; <-served }
	return ln.Addr().String(), wait, nil
}

func startDecap(ctx context.Context, opts *Options, done chan struct{}) (string, error) {
	node := func(args ...string) *childproc.Cmd {
		cmd := childproc.Command(ctx, "node", args...)
		cmd.Dir = opts.SiteDir
		cmd.Stdout, cmd.Stderr = opts.IO.ErrOut, opts.IO.ErrOut
		return cmd
	}
	if _, err := os.Stat(filepath.Join(opts.SiteDir, decapServer)); errors.Is(err, fs.ErrNotExist) {
		// A development package: an install for building only lacks it.
		fmt.Fprintf(opts.IO.ErrOut, "  installing the site's npm packages with the editor's local server…\n")
		npm := childproc.Command(ctx, "npm", "ci", "--no-audit", "--no-fund")
		npm.Dir = opts.SiteDir
		npm.Stdout, npm.Stderr = opts.IO.ErrOut, opts.IO.ErrOut
		if err := npm.Run(); err != nil {
			if ctx.Err() != nil {
				return "", cmdutil.ErrStopped
			}
			return "", fmt.Errorf("cannot install the editor's local server (npm ci in %s): %w", opts.SiteDir, err)
		}
	}
	if err := node(filepath.Join("scripts", "admin.mjs")).Run(); err != nil {
		if ctx.Err() != nil {
			return "", cmdutil.ErrStopped
		}
		return "", fmt.Errorf("cannot build the browser editor (node scripts/admin.mjs in %s): %w", opts.SiteDir, err)
	}
	repo, err := os.Getwd() // the command runs from the repository's root
	if err != nil {
		return "", err
	}
	port := opts.EditorPort
	if port == 0 {
		if port, err = freePort(); err != nil {
			return "", err
		}
	}
	cmd := node(decapServer)
	// Loopback only: without BIND_HOST it listens on every interface, and
	// CORS stops browsers, not other programs.
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "BIND_HOST=127.0.0.1", "MODE=fs", "GIT_REPO_DIRECTORY="+repo, "LOG_LEVEL=warn")
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("cannot start the editor's local server (node %s in %s): %w", decapServer, opts.SiteDir, err)
	}
	go func() {
		_ = cmd.Wait()
		close(done)
	}()
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(100 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			_ = c.Close()
			fmt.Fprintf(opts.IO.ErrOut, "the browser editor saves through its local server on %s\n", addr)
			return addr, nil
		}
		if ctx.Err() != nil {
			return "", cmdutil.ErrStopped
		}
	}
	return "", fmt.Errorf("the editor's local server did not answer on %s within 30 s", addr)
}

// freePort returns a port of the loopback address no one listens on.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("no free port on the loopback address: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
