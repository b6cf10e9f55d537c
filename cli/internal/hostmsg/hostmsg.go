// Package hostmsg reads the strings the host writes itself (outside the
// site's pages) in each of the site's languages: the prerender writes them
// from the site's catalogue (site/src/i18n/<lang>/host.ts and contact.ts;
// hostMessages in site/src/entry-server.tsx) into the built site, so that
// `portfolio serve`, and through private-gate.json the Edge Function, say
// the catalogue's words rather than a copy of them (decision 0123).
package hostmsg

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"portfolio/cli/internal/privateaccess"
)

// File is where, in the built site, the prerender writes them.
const File = ".vite/messages.json"

// Messages is File's content: the site's languages, the default first,
// and the strings in each.
type Messages struct {
	Languages []string            `json:"languages"`
	Messages  map[string]Language `json:"messages"`
}

// Language is the strings in one language: the secret page's, and what
// an invalid form posted without JavaScript comes back with.
type Language struct {
	Gate    privateaccess.GateMessages `json:"gate"`
	Form    Form                       `json:"form"`
	Notices Notices                    `json:"notices"`
}

// Notices are the pages `portfolio serve` answers a contact form's post
// with when it refuses it before its fields are checked (decision 0123,
// amended): too many posts ({wait}, in the gate's Wait words), too large
// ({limit}, in KB), not urlencoded, unreadable, a form the site has not
// ({form}); and the link back to the page, or to the home page when the
// post came from no page of the site.
type Notices struct {
	TooMany     Notice `json:"tooMany"`
	TooLarge    Notice `json:"tooLarge"`
	Unsupported Notice `json:"unsupported"`
	Unreadable  Notice `json:"unreadable"`
	Unknown     Notice `json:"unknown"`
	Back        string `json:"back"`
	Home        string `json:"home"`
}

// Notice is one page's title and text.
type Notice = privateaccess.Notice

// EnglishNotices are the notices without the built site's words (a site
// built before they joined the catalogue): the English catalogue's
// (site/src/i18n/en/host.ts), which testdata/english-notices.json, written
// by this package's test, holds site/src/i18n/host.test.ts to.
var EnglishNotices = Notices{
	TooMany:     Notice{Title: "Too many messages", Text: "Too many messages came from your address. Please try again in {wait}; what you wrote was not sent, so keep a copy."},
	TooLarge:    Notice{Title: "The message is too large", Text: "The message is too large to send (the limit is {limit} KB). Go back, shorten it and send it again."},
	Unsupported: Notice{Title: "The form could not be read", Text: "The form could not be read: it must be sent as application/x-www-form-urlencoded, as a web page's form does. Go back and send it from the page."},
	Unreadable:  Notice{Title: "The form could not be read", Text: "The form data could not be read. Go back and send it again from the page."},
	Unknown:     Notice{Title: "Unknown form", Text: "There is no form named {form} on this site. Go back and send the page's own form."},
	Back:        "Go back",
	Home:        "Go to the home page",
}

// NoticesIn are the notices in lang, a language the post names, or in the
// site's default when lang is none of its languages (or the post could
// not be read: ""): that language, its notices and its words for a wait,
// each word the file lacks the English catalogue's. Without the file: "",
// English.
func (m Messages) NoticesIn(lang string) (string, Notices, privateaccess.Wait) {
	if len(m.Languages) == 0 {
		return "", EnglishNotices, privateaccess.EnglishGate.Wait
	}
	if _, ok := m.Messages[lang]; !ok {
		lang = m.Languages[0]
	}
	l := m.Messages[lang]
	n, e := l.Notices, EnglishNotices
	for _, f := range []struct {
		got     *string
		english string
	}{
		{&n.TooMany.Title, e.TooMany.Title}, {&n.TooMany.Text, e.TooMany.Text},
		{&n.TooLarge.Title, e.TooLarge.Title}, {&n.TooLarge.Text, e.TooLarge.Text},
		{&n.Unsupported.Title, e.Unsupported.Title}, {&n.Unsupported.Text, e.Unsupported.Text},
		{&n.Unreadable.Title, e.Unreadable.Title}, {&n.Unreadable.Text, e.Unreadable.Text},
		{&n.Unknown.Title, e.Unknown.Title}, {&n.Unknown.Text, e.Unknown.Text},
		{&n.Back, e.Back}, {&n.Home, e.Home},
	} {
		if *f.got == "" {
			*f.got = f.english
		}
	}
	_, gate := (&privateaccess.Site{Languages: []string{lang}, Messages: map[string]privateaccess.GateMessages{lang: l.Gate}}).GateLanguage("")
	return lang, n, gate.Wait
}

// Form is what `portfolio serve` writes into a contact form posted
// without JavaScript that comes back invalid: the form's status, and
// each of the contact form's problems keyed by its English text (package
// contact's words, SPEC's, which are the English catalogue's).
type Form struct {
	Invalid  string            `json:"invalid"`
	Problems map[string]string `json:"problems"`
}

// maxFile bounds what Parse reads: the file is a few kilobytes.
const maxFile = 1 << 20

// Parse reads File's content; name is where it was read, for the error.
func Parse(name string, data []byte) (Messages, error) {
	var m Messages
	if len(data) > maxFile {
		return m, fmt.Errorf("%s: larger than %d bytes: the prerender writes it; run `portfolio build`", name, maxFile)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return Messages{}, fmt.Errorf("%s: %w: the prerender writes it; run `portfolio build`", name, err)
	}
	for _, lang := range m.Languages {
		if _, ok := m.Messages[lang]; !ok {
			return Messages{}, fmt.Errorf("%s: no strings in %q, one of its languages: run `portfolio build`", name, lang)
		}
	}
	return m, nil
}

// Read reads File from the built site dist; a site built before
// decision 0123 has none: a zero value, no error.
func Read(dist string) (Messages, error) {
	name := filepath.Join(dist, filepath.FromSlash(File))
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return Messages{}, nil
	}
	if err != nil {
		return Messages{}, err
	}
	return Parse(name, data)
}

// FormWords are the status and the problems of an invalid contact form in
// lang (the language its hidden field names, decision 0116): the
// catalogue's words for each problem it has, the English ones (as given)
// for any other, and for a language the site has none of.
func (m Messages) FormWords(lang string, status string, problems map[string]string) (string, map[string]string) {
	l, ok := m.Messages[lang]
	if !ok {
		return status, problems
	}
	out := make(map[string]string, len(problems))
	for field, p := range problems {
		if said, ok := l.Form.Problems[p]; ok {
			p = said
		}
		out[field] = p
	}
	if l.Form.Invalid != "" {
		status = l.Form.Invalid
	}
	return status, out
}
