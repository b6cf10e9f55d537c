package server

import (
	"slices"
	"strings"

	"net/http"

	"portfolio/cli/internal/contact"
)

// favourites receives a client's picks on a private project's pages (the
// gate admitted the post: the client holds the secret), as the host's form
// handling would: stored with the contact messages, the project's title
// and each photo's file name in the message (contact.Favourites.Message),
// so `portfolio messages` lists them where the owner reads messages.
func (h *Handler) favourites(w http.ResponseWriter, r *http.Request, urlPath string) {
	if r.PostForm.Get(contact.Honeypot) != "" {
		h.thanked(w, r, urlPath)
		return
	}
	f := contact.Favourites{
		Name:    r.PostForm.Get(contact.FieldName),
		Email:   r.PostForm.Get(contact.FieldEmail),
		Note:    r.PostForm.Get(contact.FieldMessage),
		Project: r.PostForm.Get(contact.FieldProject),
		Photos:  strings.Join(r.PostForm[contact.FieldPhotos], "\n"),
	}
	if problems := contact.ValidateFavourites(f); len(problems) > 0 {
		if !wantsHTML(r) {
			reply(w, http.StatusBadRequest, formResponse{Errors: problems})
			return
		}
		var lines []string
		for _, field := range slices.Sorted(mapsKeys(problems)) {
			lines = append(lines, problems[field]+".")
		}
		writePage(w, http.StatusBadRequest, notice{Title: "Please correct the form", Text: strings.Join(lines, " ") + " Go back: your choice is still on the page.", Back: urlPath})
		return
	}
	m := f.Message()
	if h.store(w, r, Message{Name: m.Name, Email: m.Email, Message: m.Message}, "favourites", notStored{
		message: "The favourites could not be stored; please try again.",
		title:   "The favourites were not sent",
		text:    "The favourites could not be stored because of a problem on the server. Go back and try again in a moment.",
	}) {
		h.thanked(w, r, urlPath)
	}
}

// thanked answers accepted favourites: JSON for a script, a page for a
// browser with the way back to where they were chosen.
func (h *Handler) thanked(w http.ResponseWriter, r *http.Request, urlPath string) {
	if !wantsHTML(r) {
		reply(w, http.StatusOK, formResponse{OK: true})
		return
	}
	writePage(w, http.StatusOK, notice{
		Title: "Thank you! Your favourites were sent.",
		Text:  "The photographer has your list and your note, and will answer at the email address you gave.",
		Back:  urlPath,
	})
}
