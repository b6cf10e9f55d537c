package messages

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// applicationID marks the file as a portfolio messages database in the
// SQLite header ("PfMs"), so another program's database is refused instead
// of having a table added to it.
const applicationID = 0x50664d73

// migrations[i] brings the schema from version i to i+1; PRAGMA
// user_version holds the version. Append only: never edit a migration that
// has shipped.
var migrations = []string{
	// 1: messages. AUTOINCREMENT so an ID is never reused, even after the
	// newest message is deleted. STRICT so a wrong type is an error.
	`CREATE TABLE messages (
		id          INTEGER PRIMARY KEY AUTOINCREMENT,
		received_at TEXT NOT NULL,
		name        TEXT NOT NULL,
		email       TEXT NOT NULL,
		body        TEXT NOT NULL
	) STRICT`,
	// 2: activity, what clients did on a private project's pages
	// (activity.go, decision 0097): who (the client's name, "" for the
	// project's own secret), what, which file, how many photos, when.
	// No address or user agent.
	`CREATE TABLE activity (
		id     INTEGER PRIMARY KEY AUTOINCREMENT,
		at     TEXT NOT NULL,
		slug   TEXT NOT NULL,
		client TEXT NOT NULL,
		kind   TEXT NOT NULL CHECK (kind IN ('opened', 'favourites', 'download')),
		file   TEXT NOT NULL DEFAULT '',
		photos INTEGER NOT NULL DEFAULT 0
	) STRICT;
	CREATE INDEX activity_by_project ON activity (slug, id)`,
	// 3: the named client whose secret opened the private project a
	// favourites list came from (decision 0096); NULL for a contact
	// message and for the project's own secret.
	`ALTER TABLE messages ADD COLUMN client TEXT`,
	// 4: the language of the page a contact message was sent from, on a
	// site in several languages (decision 0116); NULL otherwise.
	`ALTER TABLE messages ADD COLUMN language TEXT`,
}

// migrate checks that db is ours and applies the migrations it lacks, in one
// transaction: a failure leaves the file as it was.
func migrate(ctx context.Context, db *sql.DB) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			if rerr := tx.Rollback(); rerr != nil {
				err = errors.Join(err, rerr)
			}
		}
	}()
	var appID, version, tables int
	if err := tx.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&appID); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&tables); err != nil {
		return err
	}
	switch {
	case appID == 0 && version == 0 && tables == 0: // new file
		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d`, applicationID)); err != nil {
			return err
		}
	case appID != applicationID:
		return fmt.Errorf("%w: it is another program's SQLite database; move it aside or choose another folder", ErrCorrupt)
	case version > len(migrations):
		return fmt.Errorf("%w: its schema version %d is newer than this portfolio knows (%d); use a newer portfolio", ErrCorrupt, version, len(migrations))
	}
	if version == len(migrations) {
		return tx.Commit()
	}
	for i := version; i < len(migrations); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("schema migration %d: %w", i+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, len(migrations))); err != nil {
		return err
	}
	return tx.Commit()
}

// check reads, without changing anything, whether db is a messages
// database this version can list: ErrNoDatabase for a new, empty one,
// ErrCorrupt for someone else's or a newer one.
func check(ctx context.Context, db *sql.DB) error {
	var appID, version, tables int
	if err := db.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&appID); err != nil {
		return err
	}
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return err
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&tables); err != nil {
		return err
	}
	switch {
	case appID == 0 && version == 0 && tables == 0:
		return ErrNoDatabase
	case appID != applicationID:
		return fmt.Errorf("%w: it is another program's SQLite database; move it aside or choose another folder", ErrCorrupt)
	case version > len(migrations):
		return fmt.Errorf("%w: its schema version %d is newer than this portfolio knows (%d); use a newer portfolio", ErrCorrupt, version, len(migrations))
	case version == 0:
		return ErrNoDatabase // marked as ours, no table yet
	}
	return nil
}
