package server

import (
	"net/http"
	"slices"
	"strings"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/privateaccess"
)

// favourites receives a client's picks on a private project's pages (the
// gate admitted the post: the client holds slug's secret), as the host's
// form handling would: stored with the contact messages, the project's
// title and each photo's file name in the message
// (contact.Favourites.Message), so `portfolio messages` lists them where
// the owner reads messages. The project is the one the gate admitted, and
// every photo must be in its gallery (privateaccess.Gallery.Check, as the
// Edge Function checks it): one project's cookie never files a list under
// another's title.
//
// client is whose secret opened the project ("" for the project's own;
// decision 0096): the list is stored under that name, as the owner gave it,
// beside the name the form gives.
func (h *Handler) favourites(w http.ResponseWriter, r *http.Request, urlPath, slug, client string) {
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
	problems := contact.ValidateFavourites(f)
	if len(problems) == 0 {
		g, ok := h.gallery(slug)
		if !ok {
			h.failForm(w, r, http.StatusServiceUnavailable, "The favourites cannot be checked on this server.",
				"The favourites were not sent", "The favourites cannot be checked against the project on this server, so they were not stored. Please tell the photographer.")
			return
		}
		if field, problem := g.Check(f.ProjectTitle(), f.PhotoNames()); problem != "" {
			problems[field] = problem
		}
		f.Project = g.Title
	}
	if len(problems) > 0 {
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
	if h.store(w, r, Message{Name: m.Name, Email: m.Email, Message: m.Message, Client: client}, "favourites", notStored{
		message: "The favourites could not be stored; please try again.",
		title:   "The favourites were not sent",
		text:    "The favourites could not be stored because of a problem on the server. Go back and try again in a moment.",
	}) {
		h.record(r, Event{Slug: slug, Client: client, Kind: EventFavourites, Photos: len(f.PhotoNames())})
		h.thanked(w, r, urlPath)
	}
}

// gallery is what the build says of the private project slug's gallery;
// false (logged) when it cannot be read or names no such project.
func (h *Handler) gallery(slug string) (privateaccess.Gallery, bool) {
	if h.cfg.Galleries == nil {
		h.logf("favourites: no gallery list to check %s's favourites against\n", slug)
		return privateaccess.Gallery{}, false
	}
	all, err := h.cfg.Galleries()
	if err != nil {
		h.logf("favourites: cannot check %s's favourites: %v\n", slug, err)
		return privateaccess.Gallery{}, false
	}
	g, ok := all.Projects[slug]
	if !ok {
		h.logf("favourites: %s is not a private project of this build\n", slug)
	}
	return g, ok
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
