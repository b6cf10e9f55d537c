package messages

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/golden"
)

// sample covers what visitors send: plain text, other scripts and emoji,
// CRLF line breaks, formula-looking cells, terminal escapes, a bidi override,
// invalid UTF-8, missing fields.
func sample() []Message {
	at := func(s string) time.Time {
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	return []Message{
		{ID: 1, ReceivedAt: at("2026-07-03T12:05:09.123Z"), Name: "Ada Lovelace", Email: "ada@example.com",
			Body: "Hello,\r\n\r\nI would like to talk about a project.\r\n  - an indented list\r\n\tand a tab\r\n\r\nAda\r\n"},
		{ID: 2, ReceivedAt: at("2026-07-03T23:59:59.999Z"), Name: "Zoë 山田 👋🏽", Email: "zoë@exämple.com",
			Body: "Grüße aus Köln. שלום. مرحبا.", Language: "sv"}, // sent from the Swedish pages (decision 0116)
		{ID: 3, ReceivedAt: at("2026-07-04T08:00:00Z"), Name: "=HYPERLINK(\"https://evil.example\",\"x\")", Email: "@evil",
			Body: "+1 555 0100\n-minus\n=1+1"},
		{ID: 4, ReceivedAt: at("2026-07-04T09:30:00Z"), Name: "\x1b[31mRed\x1b[0m\x1b]0;title\x07", Email: "bidi\u202eexe.txt@example.com",
			Body: "line\u2028separator, bell\x07, NUL\x00, bad \xff\xfe bytes\rcarriage return"},
		{ID: 5, ReceivedAt: at("2026-07-05T10:00:00Z"), Name: "", Email: "anon@example.com", Body: ""},
		{ID: 6, ReceivedAt: at("2026-07-05T10:01:00Z"), Name: "Multi\nLine Name", Email: "", Body: "\n\n"},
	}
}

func TestGolden(t *testing.T) {
	cest := time.FixedZone("CEST", 2*60*60)
	writers := []struct {
		ext   string
		write func(io.Writer, []Message) error
	}{
		{"txt", func(w io.Writer, m []Message) error { return WriteText(w, m, cest) }},
		{"json", WriteJSON},
		{"csv", WriteCSV},
	}
	inputs := []struct {
		name string
		msgs []Message
	}{
		{"empty", nil},
		{"sample", sample()},
	}
	for _, in := range inputs {
		for _, wr := range writers {
			name := in.name + "." + wr.ext
			t.Run(name, func(t *testing.T) {
				var got bytes.Buffer
				if err := wr.write(&got, in.msgs); err != nil {
					t.Fatal(err)
				}
				golden.File(t, filepath.Join("testdata", "golden", name), got.Bytes())
			})
		}
	}
}

// TestJSONRoundTrip: the JSON says exactly what is stored (apart from
// invalid UTF-8, which JSON cannot carry).
func TestJSONRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for i, m := range sample() {
		if i == 3 {
			continue // invalid UTF-8
		}
		o := got[i]
		if lang, _ := o["language"].(string); o["id"] != float64(m.ID) || o["name"] != m.Name || o["email"] != m.Email || o["message"] != m.Body || lang != m.Language {
			t.Errorf("object %d = %v, want %+v", i, o, m)
		}
		at, err := time.Parse(time.RFC3339, o["receivedAt"].(string))
		if err != nil || !at.Equal(m.ReceivedAt) {
			t.Errorf("receivedAt %v (%v), want %v", o["receivedAt"], err, m.ReceivedAt)
		}
	}
}

// TestCSVRoundTrip: a CSV reader gets one record per message back, with the
// text intact except for the documented quote.
func TestCSVRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteCSV(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 1+len(sample()) || strings.Join(records[0], ",") != "id,receivedAt,name,email,message" {
		t.Fatalf("records = %q", records)
	}
	// The reader drops CR before LF.
	if got := records[1][4]; got != strings.ReplaceAll(sample()[0].Body, "\r\n", "\n") {
		t.Errorf("message 1 = %q", got)
	}
	if got := records[3][2:]; got[0] != `'=HYPERLINK("https://evil.example","x")` || got[1] != "'@evil" || got[2] != "'+1 555 0100\n-minus\n=1+1" {
		t.Errorf("message 3 = %q", got)
	}
}

func TestCSVCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Ada", "Ada"},
		{"=1+1", "'=1+1"},
		{"+49 30 1234", "'+49 30 1234"},
		{"-2", "'-2"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{" =1", " =1"},
		{"a=1", "a=1"},
		{"'quoted", "'quoted"},
		{"bad\xff", "bad\uFFFD"},
		{"\x1b[2J\x00\x7f\u009b", "\uFFFD[2J\uFFFD\uFFFD\uFFFD"},
		{"-\x1b", "'-\uFFFD"},
		{"tab\tLF\nCR\r kept", "tab\tLF\nCR\r kept"},
		{"bidi \u202e and RTL \u200f kept", "bidi \u202e and RTL \u200f kept"},
	}
	for _, tt := range tests {
		if got := csvCell(tt.in); got != tt.want {
			t.Errorf("csvCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTerminalSafe(t *testing.T) {
	tests := []struct {
		in        string
		multiline bool
		want      string
	}{
		{"plain", false, "plain"},
		{"tab\tin a name", false, `tab\tin a name`},
		{"tab\tin a message", true, "tab\tin a message"},
		{"a\nb", false, `a\nb`},
		{"a\nb", true, "a\nb"},
		{"a\r\nb", true, "a\nb"},
		{"a\r\nb", false, `a\r\nb`},
		{"over\rwrite", true, `over\rwrite`},
		{"\x1b[2J", true, `\x1b[2J`},
		{"\x1b]52;c;aGk=\x07", false, `\x1b]52;c;aGk=\a`},
		{"\u009b31m", false, `\u009b31m`}, // C1 CSI
		{"abc\u202edcba", false, `abc\u202edcba`},
		{"\u2066x\u2069", false, `\u2066x\u2069`},
		{"עברית kept, \u200f (RLM) escaped", false, `עברית kept, \u200f (RLM) escaped`},
		{"a\u2028b\u2029c", true, `a\u2028b\u2029c`},
		{"\x7f", false, `\x7f`},
		{"bad\xffbyte", false, `bad\xffbyte`},
		{"emoji 👩🏽‍💻 e\u0301", false, "emoji 👩🏽‍💻 e\u0301"}, // ZWJ and combining marks are text
	}
	for _, tt := range tests {
		if got := terminalSafe(tt.in, tt.multiline); got != tt.want {
			t.Errorf("terminalSafe(%q, %v) = %q, want %q", tt.in, tt.multiline, got, tt.want)
		}
	}
}
