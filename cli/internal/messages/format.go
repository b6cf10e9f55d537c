package messages

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"

	"portfolio/cli/internal/termsafe"
)

// exportTimeLayout is RFC 3339 in UTC with milliseconds, the stored
// precision; fixed width, so it also sorts as text.
const exportTimeLayout = "2006-01-02T15:04:05.000Z07:00"

// WriteText writes msgs for reading in a terminal, oldest first as given:
// a line with the time (in loc, to the minute) and the sender, then the
// message indented, and a blank line between messages. No messages, no
// output.
//
// Visitors wrote this text, and a terminal obeys control sequences in what
// it prints (colours, window title, clipboard, hiding lines), so control
// characters, bidirectional overrides and isolates, and line/paragraph
// separators are shown escaped (\x1b, \u202e) instead; invalid UTF-8 shows
// as U+FFFD.
// Line breaks in the message are kept; CRLF (as browsers send) becomes LF.
func WriteText(w io.Writer, msgs []Message, loc *time.Location) error {
	if loc == nil {
		loc = time.UTC
	}
	var b bytes.Buffer
	for i, m := range msgs {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s  %s%s\n", m.ReceivedAt.In(loc).Format("2006-01-02 15:04 MST"), sender(m), languageNote(m))
		body := strings.TrimRight(terminalSafe(m.Body, true), "\n")
		if body == "" {
			body = "(empty message)"
		}
		for line := range strings.Lines(body) {
			if line = strings.TrimSuffix(line, "\n"); line != "" {
				b.WriteString("    ")
				b.WriteString(line)
			}
			b.WriteByte('\n')
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// languageNote says which language a message was sent from, on a site in
// several languages: "  (from the sv pages)"; nothing otherwise.
func languageNote(m Message) string {
	if m.Language == "" {
		return ""
	}
	return "  (from the " + terminalSafe(m.Language, false) + " pages)"
}

func sender(m Message) string {
	name, email := terminalSafe(m.Name, false), terminalSafe(m.Email, false)
	switch {
	case name != "" && email != "":
		return name + " <" + email + ">"
	case email != "":
		return "<" + email + ">"
	case name != "":
		return name
	default:
		return "(no name or email)"
	}
}

// terminalSafe escapes what a terminal would act on instead of showing;
// with multiline, line breaks are kept (CRLF made LF). See termsafe.
func terminalSafe(s string, multiline bool) string {
	if multiline {
		return termsafe.Lines(s)
	}
	return termsafe.String(s)
}

// jsonMessage fixes the JSON field names; they follow the contact form's
// field names (name, email, message).
type jsonMessage struct {
	ID         int64  `json:"id"`
	ReceivedAt string `json:"receivedAt"` // RFC 3339, UTC
	Name       string `json:"name"`
	Email      string `json:"email"`
	Message    string `json:"message"`
	// Language is present on a site in several languages (decision 0116).
	Language string `json:"language,omitempty"`
}

// WriteJSON writes msgs as an indented JSON array of objects with the fields
// id, receivedAt (RFC 3339, UTC, milliseconds), name, email and message,
// and language when the message names one; no messages is []. Text is as stored (invalid UTF-8 becomes U+FFFD).
func WriteJSON(w io.Writer, msgs []Message) error {
	out := make([]jsonMessage, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, jsonMessage{
			ID:         m.ID,
			ReceivedAt: m.ReceivedAt.UTC().Format(exportTimeLayout),
			Name:       m.Name,
			Email:      m.Email,
			Message:    m.Body,
			Language:   m.Language,
		})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // "<" stays readable; this is not embedded in HTML
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// CSVHeader is the first row WriteCSV writes; the names match WriteJSON's.
var CSVHeader = []string{"id", "receivedAt", "name", "email", "message"}

// WriteCSV writes msgs as CSV (RFC 4180 quoting, LF line ends) with a
// header row; no messages is the header alone.
//
// Control characters other than tab, LF and CR become U+FFFD, as invalid
// UTF-8 does: a spreadsheet cannot show them, some tools stop at NUL, and
// escape sequences would act on a terminal the file is printed to.
//
// Spreadsheets run a cell that starts with = + - @ (and, in some, tab or
// CR) as a formula: a visitor could make the owner's spreadsheet compute or
// fetch something (CSV injection). Such cells get a leading single quote,
// which spreadsheets show as text; the OWASP advice. So a message that
// really starts with "-" reads "'-" in the file.
func WriteCSV(w io.Writer, msgs []Message) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, m := range msgs {
		row := []string{
			strconv.FormatInt(m.ID, 10),
			m.ReceivedAt.UTC().Format(exportTimeLayout),
			csvCell(m.Name),
			csvCell(m.Email),
			csvCell(m.Body),
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvCell makes visitor text safe to open in a spreadsheet (see WriteCSV).
func csvCell(s string) string {
	s = strings.Map(func(r rune) rune {
		if r != '\t' && r != '\n' && r != '\r' && unicode.IsControl(r) {
			return unicode.ReplacementChar
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
