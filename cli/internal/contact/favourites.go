package contact

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The favourites form of a private project's pages (docs/decisions/0080):
// the client's picks, with their name, email and a note, sent through the
// same form handling as a contact message and stored as one. The site's
// names are in site/src/features/favourites/form.ts.
const (
	FavouritesFormName = "favourites"
	FieldProject       = "project"
	FieldPhotos        = "photos"
)

// Limits of a favourites post.
const (
	MaxPhotos    = 500
	MaxPhotoName = 255
)

// Favourites is a client's picks as posted: Photos is one file name a line.
type Favourites struct {
	Name, Email, Note, Project, Photos string
}

// PhotoNames are the posted names, trimmed, empty lines dropped.
func (f Favourites) PhotoNames() []string { return f.photoNames() }

// ProjectTitle is the posted project's title, trimmed.
func (f Favourites) ProjectTitle() string { return trim(f.Project) }

func (f Favourites) photoNames() []string {
	var out []string
	for line := range strings.Lines(f.Photos) {
		if name := trim(line); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// printable says whether s has no control or format characters.
func printable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) })
}

// ValidateFavourites checks a favourites post: the contact form's rules
// for name and email, a note of at most MaxMessage characters (it may be
// empty), and 1 to MaxPhotos file names, each one printable line. The
// project and whether each photo is in its gallery are the gate's to
// check (privateaccess.Gallery.Check): only it knows which project the
// client was admitted to.
func ValidateFavourites(f Favourites) Errors {
	errs := Validate(Message{Name: f.Name, Email: f.Email, Message: "-"})
	if utf8.RuneCountInString(trim(f.Note)) > MaxMessage {
		errs[FieldMessage] = "Message must be less than 1000 characters"
	}
	names := f.photoNames()
	switch {
	case len(names) == 0:
		errs[FieldPhotos] = "Choose at least one photo"
	case len(names) > MaxPhotos:
		errs[FieldPhotos] = fmt.Sprintf("Choose at most %d photos", MaxPhotos)
	}
	for _, n := range names {
		if utf8.RuneCountInString(n) > MaxPhotoName || !printable(n) {
			errs[FieldPhotos] = "A photo's name cannot be read; send the list from the page"
			break
		}
	}
	return errs
}

// Message is the favourites as the owner reads them where contact messages
// arrive: the project's title and the count, each file name on a line of
// its own (a list to paste into a photo editor's search), then the note.
func (f Favourites) Message() Message {
	names := f.photoNames()
	noun := "photos"
	if len(names) == 1 {
		noun = "photo"
	}
	body := fmt.Sprintf("Favourites from “%s” (%d %s):\n%s\n", trim(f.Project), len(names), noun, strings.Join(names, "\n"))
	if note := trim(f.Note); note != "" {
		body += "\n" + note + "\n"
	}
	return Message{Name: f.Name, Email: f.Email, Message: body}
}
