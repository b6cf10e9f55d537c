package messages

import (
	"context"
	"fmt"
	"time"
)

// What a client did on a private project's pages, kept beside the
// messages (decision 0097): the owner's record of how a shared gallery
// was used. An event names the project, the client (the name their
// secret was shared under; "" for the project's own secret), the kind, the
// file downloaded or the number of photos in a favourites list, and the
// time. No address, user agent or other request data is kept.

// The kinds of event.
const (
	Opened     = "opened"     // the gate admitted a right secret
	Favourites = "favourites" // a favourites list was stored
	Download   = "download"   // a download was served from its first byte
)

// Event is one thing a client did.
type Event struct {
	Slug   string
	Client string
	Kind   string // Opened, Favourites or Download
	File   string // Download: the file's name
	Photos int    // Favourites: how many photos the list names
	At     time.Time
}

// AddEvent stores e; a zero At is the time now. The time is kept in UTC,
// to the millisecond.
func (s *Store) AddEvent(ctx context.Context, e Event) error {
	switch e.Kind {
	case Opened, Favourites, Download:
	default:
		return fmt.Errorf("add activity to %s: unknown kind %q", s.path, e.Kind)
	}
	if e.At.IsZero() {
		e.At = s.now()
	}
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO activity (at, slug, client, kind, file, photos) VALUES (?, ?, ?, ?, ?, ?)`,
		e.At.UTC().Truncate(time.Millisecond).Format(timeLayout), e.Slug, e.Client, e.Kind, e.File, e.Photos)
	if err != nil {
		return s.fileError("add activity to", err)
	}
	return nil
}

// Events returns the project slug's events in the order they were
// stored. A database made before activity was kept (read-only, so not
// brought up to date) has none.
func (s *Store) Events(ctx context.Context, slug string) ([]Event, error) {
	var tables int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'activity'`).Scan(&tables); err != nil {
		return nil, s.fileError("read", err)
	}
	if tables == 0 {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, at, slug, client, kind, file, photos FROM activity WHERE slug = ? ORDER BY id`, slug)
	if err != nil {
		return nil, s.fileError("read", err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var id int64
		var at string
		if err := rows.Scan(&id, &at, &e.Slug, &e.Client, &e.Kind, &e.File, &e.Photos); err != nil {
			return nil, s.fileError("read", err)
		}
		if e.At, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return nil, fmt.Errorf("read %s: activity %d: bad time %q: %w", s.path, id, at, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fileError("read", err)
	}
	return out, nil
}
