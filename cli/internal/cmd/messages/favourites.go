package messages

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/termsafe"
)

// LightroomSeparator joins the names of a line the owner pastes into
// Lightroom Classic's Library Filter (Text, Filename, Contains): with the
// "Contains" rule a photo matches any of the comma-separated names (as the
// hosted proofing galleries' "copy for Lightroom" lists are made). Not
// checked in Lightroom on this project's machines (Linux, no Lightroom):
// recorded as the owner's step in the command's help. "Contains" matches
// part of a name: IMG_0101 matches IMG_01010 too, and a name with a space
// may match more than itself.
const LightroomSeparator = ", "

// favourites prints the favourites received for the private project
// opts.Favourites, newest first: for each list, when it came and who sent
// it (and the named client whose secret it came through, decision 0096),
// then its photos as one line for Lightroom Classic's filter; last,
// every photo once. A message counts as a list when
// contact.ParseFavourites reads it, it names the project's title, and
// every name is in the project's gallery now (a contact message written to
// look like a list, or a list made before the gallery changed, is left
// out, and said so).
func favourites(opts *Options, msgs []messages.Message, loc *time.Location) error {
	p, err := privateProject(opts, opts.Favourites, "favourites come from a private project's pages")
	if err != nil {
		return err
	}
	var gallery []string
	for _, img := range p.Gallery {
		if img.Path != "" {
			gallery = append(gallery, path.Base(img.Path))
		}
	}

	var b bytes.Buffer
	var all []string
	lists, skipped := 0, 0
	for _, m := range slices.Backward(msgs) {
		title, photos, ok := contact.ParseFavourites(m.Body)
		if !ok || title != p.Title {
			continue
		}
		if slices.ContainsFunc(photos, func(name string) bool { return !slices.Contains(gallery, name) }) {
			skipped++
			fmt.Fprintf(opts.IO.ErrOut, "Left out message %d from %s: it names photos that are not in %s's gallery.\n", m.ID, sender(m), p.Slug)
			continue
		}
		if lists == 0 {
			fmt.Fprintf(&b, "Favourites for “%s” (%s), newest first. In Lightroom Classic: Library, Filter bar, Text, Filename, Contains; paste a line.\n",
				termsafe.String(p.Title), p.Slug)
		}
		lists++
		fmt.Fprintf(&b, "\n%s  %s%s  %s\n%s\n", m.ReceivedAt.In(loc).Format("2006-01-02 15:04 MST"), client(m), sender(m), count(len(photos)), lightroomLine(photos))
		for _, name := range photos {
			if !slices.Contains(all, name) {
				all = append(all, name)
			}
		}
	}
	if lists == 0 {
		where := messages.Path(opts.DataDir)
		if opts.Netlify != nil {
			where = "the site's Blobs store " + FavouritesStore
		}
		_, err := fmt.Fprintf(opts.IO.ErrOut, "No favourites for %s yet in %s.\n", p.Slug, where)
		return err
	}
	fmt.Fprintf(&b, "\nAll %s, from %d %s:\n%s\n", count(len(all)), lists, map[bool]string{true: "list", false: "lists"}[lists == 1], lightroomLine(all))
	_, err = opts.IO.Out.Write(b.Bytes())
	return err
}

// privateProject is the private project slug of the content folder; a
// usage error names a near slug for a typo, or says why a public one has
// none (why: "favourites come from a private project's pages").
func privateProject(opts *Options, slug, why string) (*content.Project, error) {
	c, _, err := content.Load(opts.ContentDir, content.Options{})
	if err != nil {
		return nil, err
	}
	var slugs []string
	var p *content.Project
	for _, q := range c.Projects {
		slugs = append(slugs, q.Slug)
		if q.Slug == slug {
			p = q
		}
	}
	if p == nil {
		hint := ""
		if near := schemacheck.Closest(slug, slugs); near != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", near)
		}
		return nil, cmdutil.Usagef("no project folder %q in %s%s", termsafe.String(slug), content.ProjectsDir+"/", hint)
	}
	if !p.Private() {
		return nil, cmdutil.Usagef("project %s is public: %s (access: private)", p.Slug, why)
	}
	return p, nil
}

// lightroomLine is the names as Lightroom's filter takes them: each
// without its extension (the catalog holds the raw file, IMG_0101.CR3,
// where the site shows its export, IMG_0101.jpg), escaped for the
// terminal, joined by LightroomSeparator.
func lightroomLine(names []string) string {
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = termsafe.String(strings.TrimSuffix(name, path.Ext(name)))
	}
	return strings.Join(out, LightroomSeparator)
}

func count(n int) string {
	if n == 1 {
		return "1 photo"
	}
	return fmt.Sprintf("%d photos", n)
}

// client names the named client whose secret opened the project the list
// came from (project.yaml `clients:`, as the owner wrote the name; decision
// 0096), before the name and address the form gave; "" for the project's
// own secret. Escaped for the terminal.
func client(m messages.Message) string {
	if m.Client == "" {
		return ""
	}
	return "client " + termsafe.String(m.Client) + ", sent by "
}

// sender is who sent the message, escaped for the terminal.
func sender(m messages.Message) string {
	name, email := termsafe.String(m.Name), termsafe.String(m.Email)
	if email == "" {
		return name
	}
	return name + " <" + email + ">"
}
