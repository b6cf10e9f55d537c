// Package messages stores the messages visitors send through the site's
// contact form, in one SQLite file the owner keeps (data/messages.db by
// default), and writes them out as text, JSON or CSV.
//
// Only what the owner needs to answer is kept: name, email, the message and
// when it arrived. No IP address, user agent or other request data is stored.
// Checking the form's fields (required, lengths, spam) is the caller's job;
// the store keeps whatever strings it is given.
//
// The driver is modernc.org/sqlite, a pure-Go SQLite: no cgo, so the CLI
// still cross-compiles.
package messages

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// DefaultDir is where `portfolio serve` keeps the database, relative to the
// repository root (git-ignored as /data/).
const DefaultDir = "data"

// FileName is the database's name inside its folder.
const FileName = "messages.db"

// Path returns the database file of the store in dir.
func Path(dir string) string { return filepath.Join(dir, FileName) }

// Message is one contact-form submission.
type Message struct {
	ID         int64     // assigned by Add; increases with every message, never reused
	Name       string    // as the visitor typed it
	Email      string    // as the visitor typed it; not verified
	Body       string    // the message; line breaks kept as sent
	ReceivedAt time.Time // UTC, millisecond precision; Add sets it when zero
	// Client is the named client (project.yaml `clients:`) whose secret
	// opened the private project a favourites list came from, as the
	// owner named them; "" for a contact message or the project's own
	// secret (decision 0096).
	Client string
	// Language is the language of the page a contact message was sent
	// from, on a site in several languages ("sv"); "" otherwise
	// (decision 0116).
	Language string
}

// ErrCorrupt means the database file exists but is not a messages database
// this program can read: not SQLite at all, damaged, someone else's, or made
// by a newer version of portfolio.
var ErrCorrupt = errors.New("not a readable messages database")

// timeLayout is how received_at is stored: fixed width, so text order is
// time order, and what SQLite's strftime('%Y-%m-%dT%H:%M:%fZ') produces.
const timeLayout = "2006-01-02T15:04:05.000Z"

// busyTimeout is how long a statement waits for another process's lock (the
// CLI listing while the server writes, a WAL checkpoint) before failing.
const busyTimeout = 10 * time.Second

// Store is an open messages database. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
	now  func() time.Time
}

// Open opens the database in dir, creating dir (mode 0700) and the file
// (mode 0600: it holds visitors' personal data) when they do not exist, and
// bringing its schema up to date.
//
// All access goes through one connection, so concurrent Adds in this process
// queue in Go instead of competing for SQLite's write lock (which would fail
// with "database is locked" under load; with a busy timeout instead, 50
// connections were 2-3 times slower than one, as SQLite's busy handler
// sleeps and retries). Other processes, such as
// `portfolio messages` reading while `portfolio serve` writes, are handled by
// WAL mode (readers never block the writer) and a busy timeout.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		if fi, statErr := os.Stat(dir); statErr == nil && !fi.IsDir() {
			return nil, fmt.Errorf("messages folder %s is a file, not a folder: move the file away or choose another folder", dir)
		}
		return nil, fmt.Errorf("create messages folder: %w", err)
	}
	path := Path(dir)
	// SQLite would create the file with the umask's mode (often 0644); create
	// it first so the database, and the -wal and -shm files SQLite gives the
	// same mode, are private. An empty file is a valid empty database.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w; check that it is a file this user may read and write", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	}
	db, err := sql.Open("sqlite", dsn(abs))
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	s := &Store{db: db, path: path, now: time.Now}
	ctx := context.Background()
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, s.fileError("open", err)
	}
	// WAL: the server's writes and a listing's reads do not block each other.
	if _, err := db.ExecContext(ctx, `PRAGMA journal_mode = WAL`); err != nil {
		db.Close()
		return nil, s.fileError("open", err)
	}
	return s, nil
}

// ErrNoDatabase is returned by OpenReadOnly when there is no database
// file, or an empty one: no message was ever stored.
var ErrNoDatabase = errors.New("no messages database")

// OpenReadOnly opens the database in dir for reading only: it creates no
// file or folder, writes nothing (an empty file stays empty, a file made
// by an older version is not migrated) and needs no write permission.
// Without a database file, or with an empty one, it returns ErrNoDatabase.
//
// While a server has the database open, its write-ahead log holds the
// newest messages, and the reader shares its lock file (-shm) to see
// them. When no log file exists, no one is writing, and the file is opened
// as immutable: SQLite then creates no -wal or -shm file beside it.
func OpenReadOnly(dir string) (*Store, error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("messages folder %s is a file, not a folder: move the file away or choose another folder", dir)
	}
	path := Path(dir)
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, ErrNoDatabase
	case err != nil:
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	case fi.IsDir():
		return nil, fmt.Errorf("%s is a folder, not a messages database: move it away or choose another folder", path)
	case fi.Size() == 0:
		return nil, ErrNoDatabase
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	}
	_, walErr := os.Stat(path + "-wal")
	q := url.Values{}
	q.Set("mode", "ro")
	if errors.Is(walErr, os.ErrNotExist) {
		q.Set("immutable", "1")
	}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q.Encode()}
	db, err := sql.Open("sqlite", u.String())
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	s := &Store{db: db, path: path, now: time.Now}
	if err := check(context.Background(), db); err != nil {
		db.Close()
		if errors.Is(err, ErrNoDatabase) {
			return nil, err
		}
		return nil, s.fileError("open", err)
	}
	return s, nil
}

// dsn builds the driver's connection string: the path as a file: URI, so
// characters like '?' or '#' in it are not read as URI syntax, and the
// settings every connection gets.
//
// synchronous=FULL makes every commit fsync the log before it returns: a
// message Add reported stored survives a crash or power loss.
// (synchronous=NORMAL, the usual pairing with WAL, may lose the last commits
// on power loss.) _txlock=immediate takes the write lock at BEGIN, so two
// processes opening a new file at once cannot both try to create the schema.
// WAL mode is not set here: it is stored in the file, so Open sets it once it
// knows the file is ours.
func dsn(absPath string) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "synchronous(FULL)")
	q.Set("_txlock", "immediate")
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(absPath), RawQuery: q.Encode()}
	return u.String()
}

// Add stores m and returns it with its ID and, when m.ReceivedAt is zero,
// the time now. ReceivedAt is returned in UTC, truncated to the millisecond,
// as it is stored. When Add returns nil the message is on disk.
func (s *Store) Add(ctx context.Context, m Message) (Message, error) {
	if m.ReceivedAt.IsZero() {
		m.ReceivedAt = s.now()
	}
	m.ReceivedAt = m.ReceivedAt.UTC().Truncate(time.Millisecond)
	res, err := s.db.ExecContext(ctx,
		`INSERT INTO messages (received_at, name, email, body, client, language) VALUES (?, ?, ?, ?, ?, ?)`,
		m.ReceivedAt.Format(timeLayout), m.Name, m.Email, m.Body, sql.NullString{String: m.Client, Valid: m.Client != ""},
		sql.NullString{String: m.Language, Valid: m.Language != ""})
	if err != nil {
		return Message{}, s.fileError("add message to", err)
	}
	if m.ID, err = res.LastInsertId(); err != nil {
		return Message{}, s.fileError("add message to", err)
	}
	return m, nil
}

// List returns every message, oldest first (in the order they were added).
func (s *Store) List(ctx context.Context) ([]Message, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, received_at, name, email, body, coalesce(client, ''), coalesce(language, '') FROM messages ORDER BY id`)
	if err != nil {
		return nil, s.fileError("read", err)
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		var at string
		if err := rows.Scan(&m.ID, &at, &m.Name, &m.Email, &m.Body, &m.Client, &m.Language); err != nil {
			return nil, s.fileError("read", err)
		}
		if m.ReceivedAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return nil, fmt.Errorf("read %s: message %d: bad received_at %q: %w", s.path, m.ID, at, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fileError("read", err)
	}
	return out, nil
}

// Count returns the number of stored messages.
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM messages`).Scan(&n); err != nil {
		return 0, s.fileError("read", err)
	}
	return n, nil
}

// Close closes the database. With WAL, the last connection to close
// checkpoints the log into the main file and removes the -wal and -shm files.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close %s: %w", s.path, err)
	}
	return nil
}

// fileError names the file and, where the cause is the file itself, says
// what the owner can do about it.
func (s *Store) fileError(op string, err error) error {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		if errors.Is(err, ErrCorrupt) { // from migrate, with its own advice
			return fmt.Errorf("%s: %w", s.path, err)
		}
		return fmt.Errorf("%s %s: %w", op, s.path, err)
	}
	switch se.Code() & 0xff { // primary result code; extended codes are on
	case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
		return fmt.Errorf("%s is %w (%w); move it aside to start a new, empty one, or restore it from a backup", s.path, ErrCorrupt, err)
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_READONLY:
		return fmt.Errorf("cannot %s %s: %w; check that the file and its folder are readable and writable by this user", op, s.path, err)
	case sqlite3.SQLITE_FULL:
		return fmt.Errorf("cannot %s %s: %w; free some disk space", op, s.path, err)
	default:
		return fmt.Errorf("%s %s: %w", op, s.path, err)
	}
}
