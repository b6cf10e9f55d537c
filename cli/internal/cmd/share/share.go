// Package share is the `portfolio share` command.
package share

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a share run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	Slug       string
	// Getenv reads the environment (os.Getenv when nil).
	Getenv func(string) string
}

// NewCmdShare builds the command; runF replaces the run in tests.
func NewCmdShare(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams}
	cmd := &cobra.Command{
		Use:   "share SLUG",
		Short: "Print the link and the secret to send a client for a private project",
		Long: strings.TrimSpace(`
Print how to share the private project content/projects/SLUG (project.yaml
` + "`access: private`" + `) with one client: its link, the environment variable
that holds its secret, and the one line to send the client.

The secret never goes into the repository. On Netlify it is an environment
variable of the site (Site configuration → Environment variables), read by
the Edge Function that guards /private/; ` + "`portfolio serve`" + ` reads the same
variable from its environment. When the variable is set where this runs,
the line to send names its value; otherwise the command proposes a new
random secret (128 bits) to set. Changing the secret shuts out everyone who
had the old one.`),
		Example: strings.TrimRight(`  portfolio share smith-wedding
  PORTFOLIO_PRIVATE_SMITH_WEDDING=… portfolio share smith-wedding`, "\n"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.Usagef("name one project: portfolio share SLUG")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Slug = args[0]
			opts.ContentDir = cmdutil.ContentDir(cmd)
			if runF != nil {
				return runF(opts)
			}
			if err := cmdutil.LocateContent(cmd, "content", &opts.ContentDir); err != nil {
				return err
			}
			return Run(opts)
		},
	}
	return cmd
}

// Run prints the link and the instructions.
func Run(opts *Options) error {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	c, _, err := content.Load(opts.ContentDir, content.Options{})
	if err != nil {
		return err
	}
	var slugs []string
	var p *content.Project
	for _, q := range c.Projects {
		slugs = append(slugs, q.Slug)
		if q.Slug == opts.Slug {
			p = q
		}
	}
	if p == nil {
		hint := ""
		if near := schemacheck.Closest(opts.Slug, slugs); near != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", near)
		}
		return cmdutil.Usagef("no project folder %q in %s%s", termsafe.String(opts.Slug), content.ProjectsDir+"/", hint)
	}
	if !p.Private() {
		return cmdutil.Usagef("project %s is public: add `access: private` to %s to share it with one client", p.Slug, p.Doc.File)
	}
	if c.Site == nil || c.Site.URL == "" {
		return fmt.Errorf("%s has no url: run `portfolio validate`", content.SiteFile)
	}
	link := strings.TrimSuffix(c.Site.URL, "/") + p.Link()
	name := privateaccess.EnvName(p.Slug)
	secret, proposed := getenv(name), false
	if secret == "" {
		secret, proposed = newSecret(), true
	}
	out := opts.IO.Out
	fmt.Fprintf(out, "Link: %s\n", link)
	if proposed {
		fmt.Fprintf(out, "Secret: set %s=%s on Netlify (Site configuration → Environment variables), then deploy;\n", name, secret)
		fmt.Fprintf(out, "        a new random secret: keep it, and set the same variable for `portfolio serve`.\n")
	} else {
		fmt.Fprintf(out, "Secret: the value of %s here; set the same on Netlify (Site configuration → Environment variables), then deploy.\n", name)
	}
	fmt.Fprintf(out, "Send your client: Open %s and enter the secret %s\n", link, termsafe.String(secret))
	return nil
}

// newSecret is 128 random bits, in letters, digits, - and _.
func newSecret() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
