// Package share is the `portfolio share` command.
package share

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"time"

	"charm.land/huh/v2"
	"github.com/spf13/cobra"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/termsafe"
)

// Options are the inputs of a share run.
type Options struct {
	IO         *iostreams.IOStreams
	ContentDir string
	Slug       string
	// Getenv reads the environment (os.Getenv when nil).
	Getenv func(string) string
	// Yes: the owner has made sure the repository is private; no question.
	Yes bool
	// Accessible asks in plain text; AccessibleFlag: --accessible was
	// given, which asks even without a terminal.
	Accessible, AccessibleFlag bool
	// Terminal: stdin and stdout are a terminal, where it may ask.
	Terminal bool
	// Origin is the repository's origin remote (git's, when nil).
	Origin func(dir string) string
	// Client names a client of the project (project.yaml `clients:`,
	// added when new): its own link, secret and line to send. Revoke
	// names one to mark revoked. Decision 0096.
	Client, Revoke string
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
the Edge Function that guards ` + privateaccess.Prefix + `; ` + "`portfolio serve`" + ` reads the same
variable from its environment. When the variable is set where this runs,
the line to send names its value; otherwise the command proposes a new
random secret (128 bits) to set. Changing the secret shuts out everyone who
had the old one.

When project.yaml has ` + "`expires: YYYY-MM-DD`" + `, share says when access ends (after
that day, in UTC) and the line to send says so too; after it, the secret and
the cookies it gave open nothing, and the client is pointed to the contact
page.

The secret guards the site, not the repository: the project's originals
(its photos, its texts) are in content/, which you commit and push. The
repository must then be private: anyone who can read it sees the client's
work. When the repository's origin is on GitHub, share asks whether it is
private (without a terminal it refuses, exit status 2); --yes says you have
made sure (on GitHub: Settings → General → Danger Zone → Change repository
visibility).

More than one client: --client NAME gives the client NAME a secret of its own
(decision 0096). The name is added to the project's ` + "`clients:`" + ` list in
project.yaml (the rest of the file is kept as written), and share prints
that client's secret and the line to send them. A client's secret is derived
from the project's secret, so there is no new variable to set, but the
project's variable must be set where share runs; deploy once the name is in
the list, so the gate knows it. --revoke NAME marks that client
` + "`revoked: true`" + `: after the next deploy, its secret and the cookies it gave
open nothing, and the other clients and the project's own secret still do.
A revoked name is not given again (its secret would be the same): choose
another. To shut out everyone at once, change the project's secret instead.
` + "`portfolio messages --favourites SLUG`" + ` names the client of each list.`),
		Example: strings.TrimRight(`  portfolio share smith-wedding
  portfolio share smith-wedding --yes
  PORTFOLIO_PRIVATE_SMITH_WEDDING=… portfolio share smith-wedding
  portfolio share smith-wedding --client "Anna Smith"
  portfolio share smith-wedding --revoke "Anna Smith"`, "\n"),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.Usagef("name one project: portfolio share SLUG")
			}
			if cmd.Flags().Changed("client") && cmd.Flags().Changed("revoke") {
				return cmdutil.Usagef("give --client or --revoke, not both")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Slug = args[0]
			opts.ContentDir = cmdutil.ContentDir(cmd)
			opts.AccessibleFlag = cmd.Flags().Changed("accessible") && opts.Accessible
			opts.Accessible = opts.Accessible || os.Getenv("ACCESSIBLE") != ""
			opts.Terminal = prompt.CanPrompt(opts.IO)
			if runF != nil {
				return runF(opts)
			}
			if err := cmdutil.LocateContent(cmd, "content", &opts.ContentDir); err != nil {
				return err
			}
			return Run(opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.Yes, "yes", "y", false, "the repository is private: share without asking")
	cmd.Flags().BoolVar(&opts.Accessible, "accessible", false, "ask in plain text, for screen readers (also ACCESSIBLE=1)")
	cmd.Flags().StringVar(&opts.Client, "client", "", "share with the named client: its own secret, added to the project's clients")
	cmd.Flags().StringVar(&opts.Revoke, "revoke", "", "revoke the named client's secret (from the next deploy)")
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
	if opts.Revoke != "" {
		return revoke(opts, p)
	}
	if c.Site == nil || c.Site.URL == "" {
		return fmt.Errorf("%s has no url: run `portfolio validate`", content.SiteFile)
	}
	if opts.Client != "" {
		return shareClient(opts, c, p, getenv)
	}
	if err := privateRepository(opts, p); err != nil {
		return err
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
	until := ""
	if p.Expires != "" {
		until = expiry(out, p, time.Now())
	}
	fmt.Fprintf(out, "Send your client: Open %s and enter the password %s%s\n", link, termsafe.String(secret), until)
	return nil
}

// expiry prints when the project's access ends (project.yaml's expires,
// the last day in UTC; decision 0094), and returns what the line to send
// the client says of it.
func expiry(out io.Writer, p *content.Project, now time.Time) string {
	end, ok := privateaccess.EndOf(p.Expires)
	if !ok {
		return "" // not a date: `portfolio validate` reports it
	}
	last := end.AddDate(0, 0, -1).Format("2 January 2006")
	verb := "ends"
	if !now.Before(end) {
		verb = "ended"
	}
	fmt.Fprintf(out, "Access %s: after %s (expires: %s), at %s UTC; the secret and its cookies then open nothing.\n",
		verb, last, p.Expires, end.Format("2006-01-02 15:04"))
	fmt.Fprintf(out, "        Change or remove expires in %s to move the end, then deploy.\n", p.Doc.File)
	return fmt.Sprintf(" (open until the end of %s, UTC)", last)
}

// privateRepository stops the share, unless the owner says otherwise, when
// the content is pushed to GitHub: the secret guards the site, while the
// client's originals are in the repository (issue 48).
func privateRepository(opts *Options, p *content.Project) error {
	origin := opts.Origin
	if origin == nil {
		origin = gitOrigin
	}
	remote := origin(opts.ContentDir)
	if opts.Yes || !GitHubAddress(remote) {
		return nil
	}
	remote = termsafe.String(redact(remote))
	why := fmt.Sprintf("the originals of %s are in %s, which you push to %s: anyone who can read that repository sees the client's work, whatever the secret",
		p.Slug, p.Dir, remote)
	fix := "make it private (on GitHub: Settings → General → Danger Zone → Change repository visibility)"
	if !opts.Terminal && !opts.AccessibleFlag {
		return cmdutil.Usagef("%s.\nIf the repository is public, %s; then run `portfolio share %s --yes`", why, fix, p.Slug)
	}
	confirm := huh.NewConfirm().Title(fmt.Sprintf("Is %s a private repository?", remote)).
		Description(why + ".\nIf not, " + fix + " first.").Affirmative("It is private").Negative("Not yet")
	_, err := prompt.Sure(context.Background(), opts.IO, opts.Accessible || !opts.Terminal, confirm, "nothing was shared: if the repository is public, "+fix+"; then run `portfolio share "+p.Slug+"` again")
	return err
}

// gitOrigin is the address of the origin remote of the git repository that
// holds dir (after git's own url.<base>.insteadOf rewriting), or "" when
// there is none, or no git.
func gitOrigin(dir string) string {
	out, err := exec.Command("git", "-C", dir, "remote", "get-url", "origin").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// GitHubAddress reports whether the git remote address is on GitHub:
// https or http, ssh (ssh://, git+ssh://), git://, or scp-like
// git@github.com:owner/name.git; github.com or one of its subdomains
// (ssh.github.com, www.github.com).
func GitHubAddress(remote string) bool {
	var host string
	if strings.Contains(remote, "://") {
		u, err := url.Parse(remote)
		if err != nil {
			return false
		}
		host = u.Hostname()
	} else if before, _, ok := strings.Cut(remote, ":"); ok && !strings.Contains(before, "/") {
		// scp-like [user@]host:path; a local path has a / before any :.
		_, host, _ = strings.Cut(before, "@")
		if host == "" {
			host = before
		}
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	return host == "github.com" || strings.HasSuffix(host, ".github.com")
}

// redact drops a password or token from an https address
// (https://user:token@github.com/…), which git keeps in its config.
func redact(remote string) string {
	u, err := url.Parse(remote)
	if err != nil || u.User == nil {
		return remote
	}
	if _, has := u.User.Password(); has {
		u.User = url.User(u.User.Username())
	}
	return u.String()
}

// newSecret is 128 random bits, in letters, digits, - and _.
func newSecret() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
