package messages

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func openTest(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestAddListRoundTrip(t *testing.T) {
	at := time.Date(2026, 7, 3, 14, 5, 9, 123_456_789, time.FixedZone("CEST", 2*3600))
	tests := []struct {
		name string
		msg  Message
	}{
		{"plain", Message{Name: "Ada Lovelace", Email: "ada@example.com", Body: "Hello."}},
		{"unicode", Message{Name: "Zoë Ørsted 山田太郎", Email: "zoë@exämple.com", Body: "Grüße 👋🏽, שלום, مرحبا, e\u0301"}},
		{"line breaks kept as sent", Message{Name: "N", Email: "n@example.com", Body: "one\r\ntwo\n\n  three\t4\n"}},
		{"sql in text", Message{Name: "Robert'); DROP TABLE messages;--", Email: `"x"@example.com`, Body: `%_\'`}},
		{"control characters", Message{Name: "\x1b]0;pwned\x07", Email: "a@b", Body: "nul\x00inside"}},
		{"empty fields", Message{}},
		{"long body", Message{Name: "L", Email: "l@example.com", Body: strings.Repeat("long ", 20_000)}},
		{"given time kept, in UTC, to the millisecond", Message{Name: "T", Email: "t@example.com", Body: "b", ReceivedAt: at}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := openTest(t, t.TempDir())
			s.now = func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 999_999_999, time.Local) }
			got, err := s.Add(context.Background(), tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.msg
			want.ID = 1
			want.ReceivedAt = time.Date(2026, 1, 2, 3, 4, 5, 999_000_000, time.Local).UTC()
			if !tt.msg.ReceivedAt.IsZero() {
				want.ReceivedAt = time.Date(2026, 7, 3, 12, 5, 9, 123_000_000, time.UTC)
			}
			if got != want {
				t.Errorf("Add returned\n%+v, want\n%+v", got, want)
			}
			list, err := s.List(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != 1 || list[0] != want {
				t.Errorf("List = %+v, want [%+v]", list, want)
			}
		})
	}
}

// TestListOrder: oldest first means the order messages were added, even when
// the clock went backwards in between.
func TestListOrder(t *testing.T) {
	s := openTest(t, t.TempDir())
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	offsets := []time.Duration{0, time.Hour, -time.Minute, 2 * time.Hour} // the third one arrived after a clock step back
	for i, off := range offsets {
		s.now = func() time.Time { return base.Add(off) }
		if _, err := s.Add(context.Background(), Message{Name: fmt.Sprint(i), Email: "e@example.com", Body: "b"}); err != nil {
			t.Fatal(err)
		}
	}
	list, err := s.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i, m := range list {
		names = append(names, m.Name)
		if m.ID != int64(i+1) || !m.ReceivedAt.Equal(base.Add(offsets[i])) {
			t.Errorf("message %d = %+v", i, m)
		}
	}
	if got := strings.Join(names, ","); got != "0,1,2,3" {
		t.Errorf("order = %s, want 0,1,2,3", got)
	}
}

// TestConcurrentAdds is what an HTTP server does under load: many handlers
// adding at once. None may fail with "database is locked", none may be lost.
func TestConcurrentAdds(t *testing.T) {
	const goroutines, perGoroutine = 50, 40 // 2000 messages
	s := openTest(t, t.TempDir())
	ctx := context.Background()
	start := time.Now()
	ids := make(chan int64, goroutines*perGoroutine)
	errs := make(chan error, goroutines*perGoroutine)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range perGoroutine {
				m, err := s.Add(ctx, Message{Name: fmt.Sprintf("g%d", g), Email: "c@example.com", Body: fmt.Sprintf("%d/%d", g, i)})
				if err != nil {
					errs <- err
					return
				}
				ids <- m.ID
			}
		})
	}
	wg.Wait()
	close(ids)
	close(errs)
	t.Logf("%d concurrent Adds from %d goroutines: %v", goroutines*perGoroutine, goroutines, time.Since(start))
	for err := range errs {
		t.Fatal(err)
	}
	seen := map[int64]bool{}
	for id := range ids {
		if seen[id] {
			t.Errorf("ID %d returned twice", id)
		}
		seen[id] = true
	}
	n, err := s.Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n != goroutines*perGoroutine || len(seen) != n {
		t.Fatalf("Count = %d, unique IDs = %d, want %d", n, len(seen), goroutines*perGoroutine)
	}
	list, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]bool{}
	for _, m := range list {
		bodies[m.Body] = true
	}
	for g := range goroutines {
		for i := range perGoroutine {
			if !bodies[fmt.Sprintf("%d/%d", g, i)] {
				t.Fatalf("message %d/%d missing", g, i)
			}
		}
	}
}

// TestRestart: what was added is there after Close and Open, and IDs go on.
func TestRestart(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Add(ctx, Message{Name: "Before", Email: "b@example.com", Body: "restart"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(Path(dir) + suffix); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s%s still there after Close (err %v)", FileName, suffix, err)
		}
	}

	s = openTest(t, dir)
	second, err := s.Add(ctx, Message{Name: "After", Email: "a@example.com", Body: "restart"})
	if err != nil {
		t.Fatal(err)
	}
	list, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0] != first || list[1] != second || second.ID != 2 {
		t.Errorf("after restart: %+v", list)
	}
}

func TestOpenCreatesPrivateFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "data")
	s := openTest(t, dir)
	if _, err := s.Add(context.Background(), Message{Body: "x"}); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{
		dir:                0o700 | os.ModeDir,
		Path(dir):          0o600,
		Path(dir) + "-wal": 0o600,
	} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != want {
			t.Errorf("%s: mode %v, want %v", path, fi.Mode(), want)
		}
	}
}

// TestDurabilitySettings: every commit is synced to disk before Add returns.
func TestDurabilitySettings(t *testing.T) {
	s := openTest(t, t.TempDir())
	var mode string
	var sync, timeout int
	ctx := context.Background()
	if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if err := s.db.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil {
		t.Fatal(err)
	}
	if err := s.db.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&timeout); err != nil {
		t.Fatal(err)
	}
	if mode != "wal" || sync != 2 || timeout != int(busyTimeout.Milliseconds()) {
		t.Errorf("journal_mode=%s synchronous=%d busy_timeout=%d, want wal, 2 (FULL), %d", mode, sync, timeout, busyTimeout.Milliseconds())
	}
}

// TestOpenBadFile: a file that is not our database is refused with an error
// that names it and says what to do, and is left as it was.
func TestOpenBadFile(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, path string)
		want  string
	}{
		{"text file", writeFile("hello, I am not a database\n"), "move it aside"},
		{"random bytes", writeFile(strings.Repeat("\x8f\x02garbage\xff", 1000)), "move it aside"},
		{"sqlite header, garbage pages", writeFile("SQLite format 3\x00" + strings.Repeat("\xde\xad\xbe\xef", 2048)), "move it aside"},
		{"another program's database", func(t *testing.T, path string) {
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec(`CREATE TABLE things (x)`); err != nil {
				t.Fatal(err)
			}
		}, "another program's SQLite database"},
		{"newer schema", func(t *testing.T, path string) {
			s, err := Open(filepath.Dir(path))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if _, err := s.db.Exec(`PRAGMA user_version = 99`); err != nil {
				t.Fatal(err)
			}
		}, fmt.Sprintf("schema version 99 is newer than this portfolio knows (%d); use a newer portfolio", len(migrations))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := Path(dir)
			tt.setup(t, path)
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Open(dir)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			t.Log(err)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want ErrCorrupt naming %s and saying %q", err, path, tt.want)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(before) != string(after) {
				t.Error("Open changed the file it refused")
			}
		})
	}
}

func writeFile(data string) func(t *testing.T, path string) {
	return func(t *testing.T, path string) {
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenBadPath(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, root string) (dir string)
		want  string
	}{
		{"folder is a file", func(t *testing.T, root string) string {
			dir := filepath.Join(root, "data")
			writeFile("x")(t, dir)
			return dir
		}, "is a file, not a folder"},
		{"parent is a file", func(t *testing.T, root string) string {
			writeFile("x")(t, filepath.Join(root, "file"))
			return filepath.Join(root, "file", "data")
		}, "create messages folder"},
		{"database is a folder", func(t *testing.T, root string) string {
			if err := os.MkdirAll(Path(root), 0o700); err != nil {
				t.Fatal(err)
			}
			return root
		}, "is a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := tt.setup(t, root)
			s, err := Open(dir)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			t.Log(err)
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), root) {
				t.Errorf("err = %v, want it to name the path and say %q", err, tt.want)
			}
		})
	}
}

func TestOpenUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	dir := t.TempDir()
	writeFile("")(t, Path(dir))
	if err := os.Chmod(Path(dir), 0o200); err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir)
	if err == nil {
		s.Close()
		t.Fatal("Open succeeded")
	}
	if !strings.Contains(err.Error(), Path(dir)) || !strings.Contains(err.Error(), "readable and writable") {
		t.Errorf("err = %v", err)
	}
}

func TestPathWithURISyntax(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "odd ?name#x%20&y=1")
	s := openTest(t, dir)
	if _, err := s.Add(context.Background(), Message{Body: "x"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(Path(dir)); err != nil {
		t.Errorf("database not where asked: %v", err)
	}
}

func TestUseAfterCloseAndCancel(t *testing.T) {
	s := openTest(t, t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Add(ctx, Message{Body: "x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Add with cancelled context: err = %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Add(context.Background(), Message{Body: "x"}); err == nil {
		t.Error("Add after Close succeeded")
	}
}

// TestDamagedPage: damage inside the file, found only when the messages are
// read, gives the same clear error.
func TestDamagedPage(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if _, err := s.Add(context.Background(), Message{Name: fmt.Sprint(i), Body: strings.Repeat("x", 1000)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(Path(dir), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte(strings.Repeat("\xff", 4096)), 10*4096); err != nil { // page 11 of ~30
		t.Fatal(err)
	}
	f.Close()

	s, err = Open(dir)
	if err == nil {
		defer s.Close()
		_, err = s.List(context.Background())
	}
	t.Log(err)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), Path(dir)) || !strings.Contains(err.Error(), "restore it from a backup") {
		t.Errorf("err = %v, want ErrCorrupt naming the file", err)
	}
}

// TestTwoStoresOnOneFile is `portfolio messages` listing while `portfolio
// serve` writes, or two servers on one folder: separate connections, so
// SQLite's locks (WAL, busy timeout) are what keeps them apart.
func TestTwoStoresOnOneFile(t *testing.T) {
	dir := t.TempDir()
	server, lister := openTest(t, dir), openTest(t, dir)
	ctx := context.Background()
	const writers, each = 10, 20
	var wg sync.WaitGroup
	errs := make(chan error, writers*each+100)
	for w := range writers {
		wg.Go(func() {
			store := server
			if w%2 == 1 {
				store = lister // the second store writes too
			}
			for i := range each {
				if _, err := store.Add(ctx, Message{Body: fmt.Sprint(w, i)}); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Go(func() {
		for range 50 {
			if _, err := lister.List(ctx); err != nil {
				errs <- err
			}
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, s := range []*Store{server, lister} {
		if n, err := s.Count(ctx); err != nil || n != writers*each {
			t.Errorf("Count = %d, %v; want %d", n, err, writers*each)
		}
	}
}

// Decision 0096: a favourites list names the client whose secret opened
// the project; a database made before (schema 1) gains the column, its
// messages naming no client.
func TestClientColumnMigrated(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", dsn(Path(dir)))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		fmt.Sprintf(`PRAGMA application_id = %d`, applicationID),
		migrations[0],
		`PRAGMA user_version = 1`,
		`INSERT INTO messages (received_at, name, email, body) VALUES ('2026-01-02T03:04:05.000Z', 'Old', 'old@example.com', 'Before clients')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s := openTest(t, dir)
	ctx := context.Background()
	if _, err := s.Add(ctx, Message{Name: "Jo", Email: "jo@example.com", Body: "Favourites", Client: "Zoë (mother of the bride)"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Add(ctx, Message{Name: "Al", Email: "al@example.com", Body: "Contact"}); err != nil {
		t.Fatal(err)
	}
	msgs, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range msgs {
		got = append(got, m.Name+":"+m.Client)
	}
	if want := "Old: Jo:Zoë (mother of the bride) Al:"; strings.Join(got, " ") != want {
		t.Errorf("clients %q, want %q", strings.Join(got, " "), want)
	}
	var nulls int
	if err := s.db.QueryRow(`SELECT count(*) FROM messages WHERE client IS NULL`).Scan(&nulls); err != nil || nulls != 2 {
		t.Errorf("%d messages with no client (%v), want 2: no client is NULL, not \"\"", nulls, err)
	}
}

// Decision 0116: a contact message names the language of the page it was
// sent from; a database made before (schema 3) gains the column, its
// messages naming none.
func TestLanguageColumnMigrated(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", dsn(Path(dir)))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		fmt.Sprintf(`PRAGMA application_id = %d`, applicationID),
		migrations[0], migrations[1], migrations[2],
		`PRAGMA user_version = 3`,
		`INSERT INTO messages (received_at, name, email, body) VALUES ('2026-01-02T03:04:05.000Z', 'Old', 'old@example.com', 'Before languages')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s := openTest(t, dir)
	ctx := context.Background()
	if _, err := s.Add(ctx, Message{Name: "Jo", Email: "jo@example.com", Body: "Hej", Language: "sv"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Add(ctx, Message{Name: "Al", Email: "al@example.com", Body: "Hello"}); err != nil {
		t.Fatal(err)
	}
	msgs, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range msgs {
		got = append(got, m.Name+":"+m.Language)
	}
	if want := "Old: Jo:sv Al:"; strings.Join(got, " ") != want {
		t.Errorf("languages %q, want %q", strings.Join(got, " "), want)
	}
	var nulls int
	if err := s.db.QueryRow(`SELECT count(*) FROM messages WHERE language IS NULL`).Scan(&nulls); err != nil || nulls != 2 {
		t.Errorf("%d messages with no language (%v), want 2: no language is NULL, not \"\"", nulls, err)
	}
}
