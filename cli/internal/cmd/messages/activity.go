package messages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/netlifyblobs"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/termsafe"
)

// ActivityStore is the site's Blobs store the Edge Function keeps the
// events in (netlify/private-gate/activity.mjs).
const ActivityStore = privateaccess.ActivityStore

// ProjectSecret names, in the listing, whoever opened the gallery with the
// project's own secret (not a named client's).
const ProjectSecret = "(project secret)"

// Netlify is where --netlify reads the host's record: the API address
// ("" is Netlify's), the site and the token (NETLIFY_API_URL,
// NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN).
type Netlify struct {
	API, SiteID, Token string
}

// clientActivity is what one client did on the project.
type clientActivity struct {
	Client      string           `json:"client"` // "" for the project's own secret
	FirstOpened *time.Time       `json:"firstOpened"`
	Opens       int              `json:"opens"`
	Favourites  []favouritesSent `json:"favourites"`
	Downloads   []download       `json:"downloads"`
	first       time.Time        // the client's first event of any kind
}

type favouritesSent struct {
	At     time.Time `json:"at"`
	Photos int       `json:"photos"`
}

type download struct {
	At   time.Time `json:"at"`
	File string    `json:"file"`
}

// summarize groups events by client, the clients in the order they first
// did anything, each one's events oldest first.
func summarize(events []messages.Event) []*clientActivity {
	slices.SortStableFunc(events, func(a, b messages.Event) int { return a.At.Compare(b.At) })
	by := map[string]*clientActivity{}
	var out []*clientActivity
	for _, e := range events {
		c := by[e.Client]
		if c == nil {
			c = &clientActivity{Client: e.Client, first: e.At, Favourites: []favouritesSent{}, Downloads: []download{}}
			by[e.Client] = c
			out = append(out, c)
		}
		at := e.At.UTC()
		switch e.Kind {
		case messages.Opened:
			if c.FirstOpened == nil {
				c.FirstOpened = &at
			}
			c.Opens++
		case messages.Favourites:
			c.Favourites = append(c.Favourites, favouritesSent{At: at, Photos: e.Photos})
		case messages.Download:
			c.Downloads = append(c.Downloads, download{At: at, File: e.File})
		}
	}
	return out
}

// writeActivity prints the clients' activity on the project titled
// title, times in loc; every text a client's request could carry is
// escaped for the terminal.
func writeActivity(w io.Writer, slug, title string, clients []*clientActivity, loc *time.Location) error {
	var b strings.Builder
	when := func(t time.Time) string { return t.In(loc).Format("2006-01-02 15:04 MST") }
	fmt.Fprintf(&b, "Activity on “%s” (%s), oldest first:\n", termsafe.String(title), slug)
	for _, c := range clients {
		name := ProjectSecret
		if c.Client != "" {
			name = termsafe.String(c.Client)
		}
		fmt.Fprintf(&b, "\n%s\n", name)
		switch {
		case c.FirstOpened == nil:
			b.WriteString("  first opened  not recorded (opened before activity was kept)\n")
		case c.Opens == 1:
			fmt.Fprintf(&b, "  first opened  %s, once\n", when(*c.FirstOpened))
		default:
			fmt.Fprintf(&b, "  first opened  %s, %d times in all\n", when(*c.FirstOpened), c.Opens)
		}
		for _, f := range c.Favourites {
			fmt.Fprintf(&b, "  favourites    %s  %s\n", when(f.At), count(f.Photos))
		}
		for _, d := range c.Downloads {
			fmt.Fprintf(&b, "  download      %s  %s\n", when(d.At), termsafe.String(d.File))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// activity prints what clients did on the private project opts.Activity:
// from data/messages.db (what `portfolio serve` kept) or, with --netlify,
// from the site's Blobs store `activity` (what the Edge Function kept).
func activity(opts *Options, loc *time.Location) error {
	p, err := privateProject(opts, opts.Activity, "activity is kept only on a private project's pages")
	if err != nil {
		return err
	}
	ctx := opts.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	var events []messages.Event
	where := messages.Path(opts.DataDir)
	if opts.Netlify != nil {
		where = "the site's Blobs store " + ActivityStore
		events, err = hostEvents(ctx, opts, p.Slug)
	} else {
		events, err = localEvents(ctx, opts.DataDir, p.Slug)
	}
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	clients := summarize(events)
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		if clients == nil {
			clients = []*clientActivity{}
		}
		return enc.Encode(clients)
	}
	if len(clients) == 0 {
		_, err := fmt.Fprintf(opts.IO.ErrOut, "No activity on %s yet in %s.\n", p.Slug, where)
		return err
	}
	return writeActivity(opts.IO.Out, p.Slug, p.Title, clients, loc)
}

// localEvents reads the project's events from the database in dir,
// read-only; none without a database.
func localEvents(ctx context.Context, dir, slug string) ([]messages.Event, error) {
	s, err := messages.OpenReadOnly(dir)
	if errors.Is(err, messages.ErrNoDatabase) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	events, err := s.Events(ctx, slug)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return events, err
}

// hostEvents reads the project's events from the site's Blobs store
// through Netlify's API: every key under <slug>/, each record checked. A
// record that cannot be read as an event of this project is left out and
// said so.
func hostEvents(ctx context.Context, opts *Options, slug string) ([]messages.Event, error) {
	c := &netlifyblobs.Client{API: opts.Netlify.API, SiteID: opts.Netlify.SiteID, Token: opts.Netlify.Token, MaxBytes: 4 << 10}
	keys, err := c.List(ctx, ActivityStore, slug+"/")
	if err != nil {
		return nil, err
	}
	var events []messages.Event
	for _, key := range keys {
		data, err := c.Get(ctx, ActivityStore, key)
		if errors.Is(err, netlifyblobs.ErrNotFound) {
			continue // deleted since the listing
		}
		if err != nil {
			return nil, err
		}
		e, problem := readEvent(data, slug)
		if problem != "" {
			fmt.Fprintf(opts.IO.ErrOut, "Left out %s: %s.\n", termsafe.String(key), problem)
			continue
		}
		events = append(events, e)
	}
	return events, nil
}

// readEvent reads a record the Edge Function stored (activity.mjs event):
// {slug, client, kind, file?, photos?, at}; the problem in words when it
// is not one of slug's events.
func readEvent(data []byte, slug string) (messages.Event, string) {
	var r struct {
		Slug   string `json:"slug"`
		Client string `json:"client"`
		Kind   string `json:"kind"`
		File   string `json:"file"`
		Photos int    `json:"photos"`
		At     string `json:"at"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return messages.Event{}, "it is not an event's JSON"
	}
	if r.Slug != slug {
		return messages.Event{}, fmt.Sprintf("it names the project %q", termsafe.String(r.Slug))
	}
	switch r.Kind {
	case messages.Opened, messages.Favourites, messages.Download:
	default:
		return messages.Event{}, fmt.Sprintf("its kind %q is none of opened, favourites, download", termsafe.String(r.Kind))
	}
	at, err := time.Parse(time.RFC3339Nano, r.At)
	if err != nil {
		return messages.Event{}, fmt.Sprintf("its time %q cannot be read", termsafe.String(r.At))
	}
	return messages.Event{Slug: r.Slug, Client: r.Client, Kind: r.Kind, File: r.File, Photos: r.Photos, At: at}, ""
}

// FavouritesStore is the site's Blobs store the Edge Function keeps the
// favourites lists in (decision 0090).
const FavouritesStore = privateaccess.FavouritesStore

// hostFavourites reads the project's favourites lists from the site's
// Blobs store through Netlify's API, as the messages `portfolio serve`
// would have stored (the text the owner reads, who sent it, when),
// oldest first, numbered in that order. A record that is not one of the
// project's lists is left out and said so.
func hostFavourites(ctx context.Context, opts *Options, slug string) ([]messages.Message, error) {
	c := &netlifyblobs.Client{API: opts.Netlify.API, SiteID: opts.Netlify.SiteID, Token: opts.Netlify.Token}
	keys, err := c.List(ctx, FavouritesStore, slug+"/")
	if err != nil {
		return nil, err
	}
	var out []messages.Message
	for _, key := range keys {
		data, err := c.Get(ctx, FavouritesStore, key)
		if errors.Is(err, netlifyblobs.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		// netlify/private-gate/favourites.mjs record.
		var r struct {
			Slug     string `json:"slug"`
			Name     string `json:"name"`
			Email    string `json:"email"`
			Message  string `json:"message"`
			Received string `json:"received"`
		}
		at, perr := time.Time{}, json.Unmarshal(data, &r)
		if perr == nil {
			at, perr = time.Parse(time.RFC3339Nano, r.Received)
		}
		if perr != nil || r.Slug != slug {
			fmt.Fprintf(opts.IO.ErrOut, "Left out %s: it is not a favourites list of %s.\n", termsafe.String(key), slug)
			continue
		}
		out = append(out, messages.Message{Name: r.Name, Email: r.Email, Body: r.Message, ReceivedAt: at})
	}
	slices.SortStableFunc(out, func(a, b messages.Message) int { return a.ReceivedAt.Compare(b.ReceivedAt) })
	for i := range out {
		out[i].ID = int64(i + 1)
	}
	return out, nil
}
