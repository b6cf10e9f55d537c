package contact

import (
	"fmt"
	"strconv"
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
		errs[FieldMessage] = fmt.Sprintf("Message must be less than %d characters", MaxMessage)
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

// ParseFavourites reads back a message body Favourites.Message wrote: the
// project's title and the photo names, ok false for any other body (a
// contact message, or one whose count does not match its list). The
// names are as the gate checked them against the gallery (or, for a
// contact message written to look like a list, as anyone typed them: the
// caller checks them against the gallery again).
func ParseFavourites(body string) (title string, photos []string, ok bool) {
	head, rest, found := strings.Cut(body, "\n")
	if !found {
		return "", nil, false
	}
	const open, mid = "Favourites from “", "” ("
	if !strings.HasPrefix(head, open) || !strings.HasSuffix(head, "):") {
		return "", nil, false
	}
	i := strings.LastIndex(head, mid)
	if i < len(open) {
		return "", nil, false
	}
	title = head[len(open):i]
	count := head[i+len(mid) : len(head)-2] // "1 photo", "3 photos"
	num, noun, _ := strings.Cut(count, " ")
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > MaxPhotos || strconv.Itoa(n) != num || noun != map[bool]string{true: "photo", false: "photos"}[n == 1] {
		return "", nil, false
	}
	// rest is the names, a line each, then nothing or a blank line and
	// the note.
	lines := strings.Split(rest, "\n")
	if len(lines) < n+1 {
		return "", nil, false
	}
	for _, name := range lines[:n] {
		if name == "" || trim(name) != name {
			return "", nil, false
		}
		photos = append(photos, name)
	}
	if tail := strings.Join(lines[n:], "\n"); tail != "" && !strings.HasPrefix(tail, "\n") {
		return "", nil, false
	}
	return title, photos, true
}
