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
	Gate privateaccess.GateMessages `json:"gate"`
	Form Form                       `json:"form"`
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
