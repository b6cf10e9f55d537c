package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"portfolio/cli/internal/privateaccess"
)

// Activity (decision 0097): what a client does on a private project's
// pages, kept for the owner (`portfolio messages --activity SLUG`): when
// the gate admits their secret, when a favourites list of theirs is
// stored, when a download is served to them from its first byte. One
// write per event; a write that fails is logged and the client's answer
// is the same as without it. Nothing of the request is kept but the
// project, the client's name, the file and the time: no address, no user
// agent. The Edge Function keeps the same events in Netlify Blobs
// (netlify/private-gate/activity.mjs).

// The kinds of event.
const (
	EventOpened     = privateaccess.EventOpened
	EventFavourites = privateaccess.EventFavourites
	EventDownload   = privateaccess.EventDownload
)

// Event is one thing a client did on a private project.
type Event struct {
	Slug   string
	Client string // the client's name; "" for the holder of the project's own secret
	Kind   string // EventOpened, EventFavourites or EventDownload
	File   string // EventDownload: the file's name
	Photos int    // EventFavourites: the photos in the list
	At     time.Time
}

// ActivityLog keeps events; AddEvent returns once the event is stored.
type ActivityLog interface {
	AddEvent(ctx context.Context, e Event) error
}

// activityTimeout bounds the wait for one event's write: past it, the
// event is given up (logged) and the client answered.
const activityTimeout = 2 * time.Second

// record keeps e, at the handler's time now, when the server keeps
// activity; a failure is logged, never the client's concern.
func (h *Handler) record(r *http.Request, e Event) {
	if h.cfg.Activity == nil {
		return
	}
	e.At = h.cfg.Now()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), activityTimeout)
	defer cancel()
	if err := h.cfg.Activity.AddEvent(ctx, e); err != nil {
		h.logf("activity: cannot keep %s's %s event: %v\n", e.Slug, e.Kind, err)
	}
}

// downloadName is the name of the download at the decoded path urlPath of
// the private project slug, and whether it is one: the project's ZIP,
// <prefix><slug>/<slug>-web.zip or <slug>-originals.zip, or a photo's own
// download, <prefix><slug>/download/<file> (the same shapes as the Edge
// Function's downloadName, held to testdata/download-paths.json).
func downloadName(urlPath, slug string) (string, bool) {
	// The prefix in any letter case, as the gate reads it (SlugOf).
	parts := strings.SplitN(strings.TrimPrefix(urlPath, "/"), "/", 3)
	if slug == "" || len(parts) != 3 || !strings.EqualFold(parts[0]+"/", strings.TrimPrefix(privateaccess.Prefix, "/")) || parts[1] != slug {
		return "", false
	}
	rest := parts[2]
	if rest == slug+"-web.zip" || rest == slug+"-originals.zip" {
		return rest, true
	}
	if file, ok := strings.CutPrefix(rest, "download/"); ok && file != "" && !strings.Contains(file, "/") {
		return file, true
	}
	return "", false
}
