package dev

import (
	"context"
	"fmt"
	"path/filepath"

	"portfolio/cli/internal/childproc"
	"portfolio/cli/internal/cmdutil"
)

// EditorCSPVariable gives Vite's development server
// (site/scripts/dev-pages.mjs) the editor's Content-Security-Policy
// (headers.EditorCSP), which it sends with /admin/ as the host does.
const EditorCSPVariable = "PORTFOLIO_EDITOR_CSP"

// buildEditor builds /admin (site/scripts/admin.mjs) and tells the owner how
// to open it. Sveltia CMS's local mode is the browser's own (the File System
// Access API, decision 0120): the owner picks the repository's folder and
// the browser writes its files, so no server runs beside Vite.
func buildEditor(ctx context.Context, opts *Options) error {
	cmd := childproc.Command(ctx, "node", filepath.Join("scripts", "admin.mjs"))
	cmd.Dir = opts.SiteDir
	cmd.Stdout, cmd.Stderr = opts.IO.ErrOut, opts.IO.ErrOut
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return cmdutil.ErrStopped
		}
		return fmt.Errorf("cannot build the browser editor (node scripts/admin.mjs in %s): %w", opts.SiteDir, err)
	}
	fmt.Fprintf(opts.IO.ErrOut, "the browser editor: open http://localhost:%d/admin/ in Chrome or Edge, choose \"Work with Local Repository\" and pick this repository's folder; other browsers use the GitHub backend\n", opts.Port)
	return nil
}
