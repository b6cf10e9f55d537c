package share

import (
	"fmt"
	"strings"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/projectedit"
	"portfolio/cli/internal/termsafe"
)

// shareClient prints the link, the secret and the line to send for the
// project's client opts.Client (decision 0096), adding the name to
// project.yaml's `clients:` when it is new. The client's secret is derived
// from the project's, which must be set where share runs.
func shareClient(opts *Options, c *content.Content, p *content.Project, getenv func(string) string) error {
	want := opts.Client
	if problem := privateaccess.ClientNameProblem(want); problem != "" {
		return cmdutil.Usagef("--client %q: %s", termsafe.String(want), problem)
	}
	env := privateaccess.EnvName(p.Slug)
	secret := getenv(env)
	if secret == "" {
		return cmdutil.Usagef("%s is not set here: a client's secret is derived from the project's secret, so set it first (the value on Netlify; `portfolio share %s` proposes one if there is none yet), then run `portfolio share %s --client %q` again",
			env, p.Slug, p.Slug, termsafe.String(want))
	}
	i := clientIndex(p.Clients, want)
	if i >= 0 && p.Clients[i].Revoked {
		return cmdutil.Usagef("client %q of %s is revoked, and a revoked name is not given again (its secret would be the same): choose another name, e.g. %q",
			termsafe.String(p.Clients[i].Name), p.Doc.File, termsafe.String(want+" 2"))
	}
	if err := privateRepository(opts, p); err != nil {
		return err
	}
	out := opts.IO.Out
	name := want
	if i >= 0 {
		name = p.Clients[i].Name // as the owner first wrote it: the secret is of that spelling
		fmt.Fprintf(out, "Client: %s, in the clients of %s.\n", termsafe.String(name), p.Doc.File)
	} else {
		e, err := projectedit.Read(opts.ContentDir, p.Slug)
		if err != nil {
			return err
		}
		data, err := e.AddClient(name)
		if err != nil {
			return err
		}
		if _, err := e.Save(data); err != nil {
			return err
		}
		fmt.Fprintf(out, "Client: %s, added to the clients of %s: deploy, so that the gate knows them.\n", termsafe.String(name), p.Doc.File)
	}
	link := strings.TrimSuffix(c.Site.URL, "/") + p.Link()
	fmt.Fprintf(out, "Link: %s\n", link)
	fmt.Fprintf(out, "Secret: %s's own, derived from %s (nothing new to set); `portfolio share %s --revoke %q` takes it back.\n",
		termsafe.String(name), env, p.Slug, termsafe.String(name))
	until := ""
	if p.Expires != "" {
		until = expiry(out, p, time.Now())
	}
	fmt.Fprintf(out, "Send %s: Open %s and enter the password %s%s\n", termsafe.String(name), link, privateaccess.ClientSecret(secret, p.Slug, name), until)
	return nil
}

// revoke marks the project's client opts.Revoke revoked in project.yaml:
// from the next deploy, its secret and cookie open nothing (decision 0096).
func revoke(opts *Options, p *content.Project) error {
	out := opts.IO.Out
	i := clientIndex(p.Clients, opts.Revoke)
	if i < 0 {
		var names []string
		for _, cl := range p.Clients {
			names = append(names, cl.Name)
		}
		hint := ""
		if near := schemacheck.Closest(opts.Revoke, names); near != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", termsafe.String(near))
		} else if len(names) == 0 {
			hint = " (it has none: `portfolio share " + p.Slug + " --client NAME` adds one)"
		}
		return cmdutil.Usagef("no client %q in the clients of %s%s", termsafe.String(opts.Revoke), p.Doc.File, hint)
	}
	name := termsafe.String(p.Clients[i].Name)
	if p.Clients[i].Revoked {
		_, err := fmt.Fprintf(out, "Client %s of %s is already revoked: once deployed, their secret and cookie open nothing.\n", name, p.Doc.File)
		return err
	}
	e, err := projectedit.Read(opts.ContentDir, p.Slug)
	if err != nil {
		return err
	}
	j := clientIndex(e.Clients, p.Clients[i].Name)
	if j < 0 {
		return fmt.Errorf("%s changed while share ran; run it again", p.Doc.File)
	}
	data, err := e.RevokeClient(j)
	if err != nil {
		return err
	}
	if _, err := e.Save(data); err != nil {
		return err
	}
	fmt.Fprintf(out, "Revoked %s in %s (revoked: true).\n", name, p.Doc.File)
	fmt.Fprintf(out, "Deploy now: until the next deploy, their secret and cookie still open %s; after it, nothing.\n", p.Slug)
	fmt.Fprintf(out, "The project's own secret (%s) and the other clients are unchanged; to shut out everyone, change that secret.\n", privateaccess.EnvName(p.Slug))
	return nil
}

// clientIndex is the place of the client named name, whatever its letter
// case (names are unique so), or -1.
func clientIndex(clients []content.Client, name string) int {
	for i, c := range clients {
		if strings.EqualFold(c.Name, name) {
			return i
		}
	}
	return -1
}
