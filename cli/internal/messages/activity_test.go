package messages

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestEventsRoundTrip(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 29, 14, 3, 7, 123_456_789, time.FixedZone("CET", 3600))
	s := openTest(t, t.TempDir())
	s.now = func() time.Time { return time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC) }
	add := []Event{
		{Slug: "smith", Client: "", Kind: Opened, At: at},
		{Slug: "other", Client: "Jo", Kind: Opened, At: at},
		{Slug: "smith", Client: "Anna Smith", Kind: Favourites, Photos: 3, At: at.Add(time.Minute)},
		{Slug: "smith", Client: "\x1b]0;x\x07", Kind: Download, File: "smith-web.zip"}, // no time: now
	}
	for _, e := range add {
		if err := s.AddEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Events(ctx, "smith")
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{
		{Slug: "smith", Kind: Opened, At: time.Date(2026, 11, 29, 13, 3, 7, 123_000_000, time.UTC)},
		{Slug: "smith", Client: "Anna Smith", Kind: Favourites, Photos: 3, At: time.Date(2026, 11, 29, 13, 4, 7, 123_000_000, time.UTC)},
		{Slug: "smith", Client: "\x1b]0;x\x07", Kind: Download, File: "smith-web.zip", At: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Events =\n%v\nwant\n%v", got, want)
	}
	if none, err := s.Events(ctx, "nobody"); err != nil || len(none) != 0 {
		t.Errorf("Events of a project with none = %v, %v", none, err)
	}
}

func TestAddEventRefusesAnUnknownKind(t *testing.T) {
	s := openTest(t, t.TempDir())
	for _, kind := range []string{"", "visited", "Opened"} {
		if err := s.AddEvent(context.Background(), Event{Slug: "s", Kind: kind}); err == nil || !strings.Contains(err.Error(), "unknown kind") {
			t.Errorf("kind %q: err = %v, want unknown kind", kind, err)
		}
	}
	if _, err := s.db.Exec(`INSERT INTO activity (at, slug, client, kind) VALUES ('x', 's', '', 'visited')`); err == nil {
		t.Error("the table took a kind its CHECK does not allow")
	}
}

// A database the previous version made (messages only, schema version
// 1): listing it read-only finds no activity and changes nothing; opening
// it for the server adds the table and keeps the messages.
func TestActivityOnAnOlderDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", dsn(Path(dir)))
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{fmt.Sprintf(`PRAGMA application_id = %d`, applicationID), migrations[0], `PRAGMA user_version = 1`,
		`INSERT INTO messages (received_at, name, email, body) VALUES ('2026-01-02T03:04:05.000Z', 'N', 'n@example.com', 'b')`} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	ro, err := OpenReadOnly(dir)
	if err != nil {
		t.Fatal(err)
	}
	events, err := ro.Events(ctx, "smith")
	ro.Close()
	if err != nil || len(events) != 0 {
		t.Fatalf("read-only Events on a version-1 database = %v, %v; want none", events, err)
	}

	s := openTest(t, dir)
	if err := s.AddEvent(ctx, Event{Slug: "smith", Kind: Opened}); err != nil {
		t.Fatal(err)
	}
	var version int
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != len(migrations) {
		t.Errorf("user_version = %d (%v), want %d", version, err, len(migrations))
	}
	var index int
	if err := s.db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'activity_by_project'`).Scan(&index); err != nil || index != 1 {
		t.Errorf("activity's index: %d (%v), want it made by the migration", index, err)
	}
	if n, err := s.Count(ctx); err != nil || n != 1 {
		t.Errorf("Count after the migration = %d, %v; want the 1 message kept", n, err)
	}
}
