// Package diag describes problems found in content, each anchored to a file
// position, and prints them as text, JSON or GitHub workflow annotations.
package diag

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"portfolio/cli/internal/termsafe"
)

// Severity says whether a problem fails validation.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalText makes Severity print as a word in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Diagnostic is one problem.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	// File is the path as the user should see it (relative to the working
	// directory when possible).
	File string `json:"file"`
	// Line and Column are 1-based; 0 means the whole file.
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
	// Pointer is the JSON pointer of the value in the document, if any.
	Pointer string `json:"pointer,omitempty"`
	// Hint tells how to fix it, when a hint helps.
	Hint string `json:"hint,omitempty"`
}

// List collects diagnostics.
type List []Diagnostic

// Errors counts the errors.
func (l List) Errors() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Warnings counts the warnings.
func (l List) Warnings() int { return len(l) - l.Errors() }

// Sort orders by file, position, then message, so output is stable.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			cmp.Compare(a.Severity, b.Severity),
			cmp.Compare(a.Message, b.Message),
		)
	})
}

// Position is "file:line:col", or less when line or column is unknown.
func (d Diagnostic) Position() string {
	switch {
	case d.Line == 0:
		return d.File
	case d.Column == 0:
		return fmt.Sprintf("%s:%d", d.File, d.Line)
	default:
		return fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Column)
	}
}

// Escaped returns d with its text made safe to print: file names and the
// content quoted in messages may hold control characters (a newline in a
// file name would forge a line of output, ESC would drive the terminal) or
// bidirectional controls; each output format prints them escaped.
func (d Diagnostic) Escaped() Diagnostic {
	d.File = termsafe.String(d.File)
	d.Message = termsafe.String(d.Message)
	d.Pointer = termsafe.String(d.Pointer)
	d.Hint = termsafe.String(d.Hint)
	return d
}

func escaped(l List) List {
	out := make(List, len(l))
	for i, d := range l {
		out[i] = d.Escaped()
	}
	return out
}

// Format is an output format of WriteAll.
type Format string

const (
	Text   Format = "text"
	JSON   Format = "json"
	GitHub Format = "github"
)

// Formats lists the accepted formats, for flag help and completion.
var Formats = []string{string(Text), string(JSON), string(GitHub)}

// Style decorates text output; the zero value prints plain text.
type Style struct {
	Error, Warning, Dim func(string) string
}

func (s Style) apply(f func(string) string, text string) string {
	if f == nil {
		return text
	}
	return f(text)
}

// WriteText prints each diagnostic as
//
//	path:line:col: error: message (at /pointer)
//	    hint: …
func WriteText(w io.Writer, l List, style Style) error {
	var b strings.Builder
	for _, d := range escaped(l) {
		sev := style.apply(style.Error, d.Severity.String())
		if d.Severity == Warning {
			sev = style.apply(style.Warning, d.Severity.String())
		}
		fmt.Fprintf(&b, "%s: %s: %s", d.Position(), sev, d.Message)
		if d.Pointer != "" {
			b.WriteString(style.apply(style.Dim, " (at "+d.Pointer+")"))
		}
		b.WriteByte('\n')
		if d.Hint != "" {
			fmt.Fprintf(&b, "    %s\n", style.apply(style.Dim, "hint: "+d.Hint))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Report is the JSON output of validation.
type Report struct {
	Valid       bool `json:"valid"`
	Projects    int  `json:"projects"`
	Errors      int  `json:"errors"`
	Warnings    int  `json:"warnings"`
	Diagnostics List `json:"diagnostics"`
}

// WriteJSON prints the report as indented JSON.
func WriteJSON(w io.Writer, l List, projects int) error {
	l = escaped(l)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(Report{
		Valid:       l.Errors() == 0,
		Projects:    projects,
		Errors:      l.Errors(),
		Warnings:    l.Warnings(),
		Diagnostics: l,
	})
}

// WriteGitHub prints workflow commands that GitHub Actions turns into
// annotations on the pull request's files.
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
func WriteGitHub(w io.Writer, l List) error {
	var b strings.Builder
	for _, d := range escaped(l) {
		fmt.Fprintf(&b, "::%s file=%s", d.Severity, escapeProperty(d.File))
		if d.Line > 0 {
			fmt.Fprintf(&b, ",line=%d", d.Line)
		}
		if d.Column > 0 {
			fmt.Fprintf(&b, ",col=%d", d.Column)
		}
		msg := d.Message
		if d.Pointer != "" {
			msg += " (at " + d.Pointer + ")"
		}
		if d.Hint != "" {
			msg += "\nhint: " + d.Hint
		}
		fmt.Fprintf(&b, ",title=portfolio validate::%s\n", escapeData(msg))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string { return dataEscaper.Replace(s) }

func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
