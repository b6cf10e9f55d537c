package messages

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/messages"
)

func TestNewCmdMessagesFlags(t *testing.T) {
	tests := []struct {
		args      []string
		want      Options
		wantUsage string
	}{
		// Empty, not nil: for nil, cobra parses the test binary's own
		// arguments (-update among them).
		{args: []string{}, want: Options{DataDir: "data"}},
		{args: []string{"--json"}, want: Options{DataDir: "data", JSON: true}},
		{args: []string{"--csv", "--data", "/srv/portfolio/data"}, want: Options{DataDir: "/srv/portfolio/data", CSV: true}},
		{args: []string{"--json", "--csv"}, wantUsage: "--json and --csv cannot be used together"},
		{args: []string{"--csv", "--json=true"}, wantUsage: "--json and --csv cannot be used together"},
		{args: []string{"--data", ""}, wantUsage: "--data must name a folder"},
		{args: []string{"all"}, wantUsage: "takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			var got *Options
			cmd := NewCmdMessages(&cmdutil.Factory{IOStreams: ios}, func(o *Options) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			cmd.SilenceErrors, cmd.SilenceUsage = true, true
			err := cmd.Execute()
			if tt.wantUsage != "" {
				var ue *cmdutil.UsageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.wantUsage) {
					t.Fatalf("err = %v, want usage error %q", err, tt.wantUsage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.DataDir != tt.want.DataDir || got.JSON != tt.want.JSON || got.CSV != tt.want.CSV {
				t.Errorf("options = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestRunNoMessages(t *testing.T) {
	tests := []struct {
		name       string
		opts       Options
		withDB     bool
		wantOut    string
		wantErrOut string
	}{
		{"text, no database", Options{}, false, "", "No messages yet in DIR/messages.db.\n"},
		{"json, no database", Options{JSON: true}, false, "[]\n", ""},
		{"csv, no database", Options{CSV: true}, false, "id,receivedAt,name,email,message\n", ""},
		{"text, empty database", Options{}, true, "", "No messages yet in DIR/messages.db.\n"},
		{"json, empty database", Options{JSON: true}, true, "[]\n", ""},
		{"csv, empty database", Options{CSV: true}, true, "id,receivedAt,name,email,message\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			if tt.withDB {
				s, err := messages.Open(dir)
				if err != nil {
					t.Fatal(err)
				}
				s.Close()
			}
			ios, _, out, errOut := iostreams.Test()
			opts := tt.opts
			opts.IO, opts.DataDir = ios, dir
			if err := Run(&opts); err != nil {
				t.Fatal(err)
			}
			wantErrOut := strings.ReplaceAll(tt.wantErrOut, "DIR", dir)
			if out.String() != tt.wantOut || errOut.String() != wantErrOut {
				t.Errorf("stdout %q, stderr %q; want %q, %q", out, errOut, tt.wantOut, wantErrOut)
			}
			if _, err := os.Stat(dir); !tt.withDB && !errors.Is(err, os.ErrNotExist) {
				t.Errorf("listing made %s (err %v)", dir, err)
			}
		})
	}
}

func TestRunWithMessages(t *testing.T) {
	dir := t.TempDir()
	s, err := messages.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []messages.Message{
		{Name: "Ada Lovelace", Email: "ada@example.com", Body: "Hello,\r\nlet's talk.", ReceivedAt: time.Date(2026, 7, 3, 12, 5, 9, 0, time.UTC)},
		{Name: "=cmd", Email: "zoë@example.com", Body: "\x1b[2JGrüße", ReceivedAt: time.Date(2026, 7, 4, 8, 0, 0, 0, time.UTC)},
	} {
		if _, err := s.Add(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"text", Options{Loc: time.FixedZone("CEST", 2*60*60)}, `2026-07-03 14:05 CEST  Ada Lovelace <ada@example.com>
    Hello,
    let's talk.

2026-07-04 10:00 CEST  =cmd <zoë@example.com>
    \x1b[2JGrüße
`},
		{"json", Options{JSON: true}, `[
  {
    "id": 1,
    "receivedAt": "2026-07-03T12:05:09.000Z",
    "name": "Ada Lovelace",
    "email": "ada@example.com",
    "message": "Hello,\r\nlet's talk."
  },
  {
    "id": 2,
    "receivedAt": "2026-07-04T08:00:00.000Z",
    "name": "=cmd",
    "email": "zoë@example.com",
    "message": "\u001b[2JGrüße"
  }
]
`},
		{"csv", Options{CSV: true}, "id,receivedAt,name,email,message\n" +
			"1,2026-07-03T12:05:09.000Z,Ada Lovelace,ada@example.com,\"Hello,\r\nlet's talk.\"\n" +
			"2,2026-07-04T08:00:00.000Z,'=cmd,zoë@example.com,\uFFFD[2JGrüße\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, out, errOut := iostreams.Test()
			opts := tt.opts
			opts.IO, opts.DataDir = ios, dir
			if err := Run(&opts); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want || errOut.Len() != 0 {
				t.Errorf("stdout:\n%s\nwant:\n%s\nstderr: %q", out, tt.want, errOut)
			}
		})
	}
}

func TestRunBadDatabase(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(messages.Path(dir), []byte("not a database\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ios, _, out, _ := iostreams.Test()
	err := Run(&Options{IO: ios, DataDir: dir})
	if !errors.Is(err, messages.ErrCorrupt) || !strings.Contains(err.Error(), messages.Path(dir)) {
		t.Errorf("err = %v, want ErrCorrupt naming the file", err)
	}
	if code := cmdutil.ExitCode(err); code != cmdutil.ExitInternal {
		t.Errorf("exit code %d, want %d", code, cmdutil.ExitInternal)
	}
	if out.Len() != 0 {
		t.Errorf("stdout %q", out)
	}
}

// snapshot is every file of dir with its size, time and bytes.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		out[e.Name()] = fmt.Sprintf("%d %d %x", info.Size(), info.ModTime().UnixNano(), sha256.Sum256(data))
	}
	dirInfo, _ := os.Stat(dir)
	out["."] = dirInfo.ModTime().String()
	return out
}

// Listing changes nothing: not an empty file, not a database, not the folder.
func TestListingChangesNothing(t *testing.T) {
	tests := []struct {
		name     string
		setup    func(t *testing.T, dir string)
		want     string
		readOnly bool // the folder and file may not be written at all
	}{
		{"empty file", func(t *testing.T, dir string) {
			if err := os.WriteFile(messages.Path(dir), nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}, "No messages yet", false},
		{"database with a message", func(t *testing.T, dir string) {
			s, err := messages.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Add(context.Background(), messages.Message{Name: "Ada", Email: "a@example.com", Body: "hi"}); err != nil {
				t.Fatal(err)
			}
			s.Close()
		}, "Ada <a@example.com>", false},
		{"database in a read-only folder", func(t *testing.T, dir string) {
			s, err := messages.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Add(context.Background(), messages.Message{Name: "Ada", Email: "a@example.com", Body: "hi"}); err != nil {
				t.Fatal(err)
			}
			s.Close()
		}, "Ada <a@example.com>", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.setup(t, dir)
			if tt.readOnly {
				if err := os.Chmod(messages.Path(dir), 0o400); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(dir, 0o500); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() {
					if err := os.Chmod(dir, 0o700); err != nil {
						t.Error(err)
					}
				})
			}
			before := snapshot(t, dir)
			time.Sleep(10 * time.Millisecond) // a write now would show in the times
			ios, _, out, errOut := iostreams.Test()
			if err := Run(&Options{IO: ios, DataDir: dir}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String()+errOut.String(), tt.want) {
				t.Errorf("output %q %q, want %q", out, errOut, tt.want)
			}
			after := snapshot(t, dir)
			if fmt.Sprint(before) != fmt.Sprint(after) {
				t.Errorf("listing changed the folder:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}

// While the server has the database open, a listing sees its newest
// messages (still in the write-ahead log).
func TestListingWhileTheServerWrites(t *testing.T) {
	dir := t.TempDir()
	s, err := messages.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := range 3 {
		if _, err := s.Add(context.Background(), messages.Message{Name: fmt.Sprint("Visitor ", i), Email: "v@example.com", Body: "hi"}); err != nil {
			t.Fatal(err)
		}
		ios, _, out, _ := iostreams.Test()
		if err := Run(&Options{IO: ios, DataDir: dir, JSON: true}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(out.String(), `"id"`); got != i+1 {
			t.Fatalf("listing shows %d messages, want %d", got, i+1)
		}
	}
}
