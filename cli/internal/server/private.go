package server

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"portfolio/cli/internal/privateaccess"
)

// A private project (project.yaml `access: private`) is published under
// /private/<slug>/, and only a visitor with the cookie its secret gives
// reaches anything there: pages, photo pages, images, videos and
// downloads alike. Everyone else gets a page asking for the secret, with
// nothing of the project in it. The Netlify Edge Function
// (netlify/private-gate/) applies the same rule (docs/decisions/0080).

// DefaultPrivateLimit lets a person mistype the secret a few times and
// keeps a script to about five guesses a minute per address. Only wrong
// secrets count.
var DefaultPrivateLimit = Limit{Burst: 5, Every: 12 * time.Second}

// admittedClient says whether the request carries a valid cookie for
// slug, and whose: "" for the project's own secret, else a named client
// the build lists as not revoked (privateaccess.ValidClient; decision
// 0096).
func (h *Handler) admittedClient(r *http.Request, slug string) (client string, ok bool) {
	if slug == "" {
		return "", false
	}
	secret := h.cfg.PrivateSecret(slug)
	now := h.cfg.Now()
	clients := h.clients(slug)
	for _, c := range r.CookiesNamed(privateaccess.CookieName(slug)) {
		if client, ok := privateaccess.ValidClient(secret, slug, c.Value, clients, now); ok {
			return client, true
		}
	}
	return "", false
}

// clients are the named clients of the project slug that the build lists
// as not revoked (decision 0096); none without the list, so that no named
// client is admitted on a guess (the Edge Function reads it the same way).
func (h *Handler) clients(slug string) []string {
	if h.cfg.Galleries == nil {
		return nil
	}
	all, err := h.cfg.Galleries()
	if err != nil {
		return nil
	}
	return all.Projects[slug].Clients
}

// gate answers a request under the private prefix without a valid cookie:
// the secret's form, or, for a post of the secret, the cookie and a
// redirect back to the page asked for.
func (h *Handler) gate(w http.ResponseWriter, r *http.Request, urlPath, slug string) {
	h.secure(w, urlPath)
	hdr := w.Header()
	// Whatever _headers says, this answer is never kept, indexed or opened
	// into another window's process.
	hdr.Set("Cross-Origin-Opener-Policy", "same-origin")
	hdr.Set("X-Robots-Tag", "noindex")
	notWork(hdr)
	if slug == "" {
		h.noPrivatePage(w, r, urlPath)
		return
	}
	site, shown := h.pageOf(slug)
	page := newGateForm((&url.URL{Path: urlPath}).EscapedPath(), site, shown)
	if r.Method != http.MethodPost {
		writeGate(w, r, http.StatusUnauthorized, page)
		return
	}
	// Only a wrong secret counts against the address (decision 0080); an
	// address out of tries waits, whatever it sends.
	client := clientOf(r)
	if ok, retry := h.tries.check(client, h.cfg.Now()); !ok {
		secs := int(retry.Round(time.Second).Seconds())
		hdr.Set("Retry-After", strconv.Itoa(max(secs, 1)))
		page.Problem = page.Say.TooManyTries(secs)
		writeGate(w, r, http.StatusTooManyRequests, page)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, privateaccess.MaxSecretPost)
	if err := r.ParseForm(); err != nil {
		page.Problem = page.Say.Unreadable
		writeGate(w, r, http.StatusBadRequest, page)
		return
	}
	secret := h.cfg.PrivateSecret(slug)
	// The project's secret, or a client's the build lists as not revoked
	// (decision 0096): the cookie names whose it was.
	named, ok := privateaccess.SecretClient(secret, slug, r.PostForm.Get(privateaccess.SecretField), h.clients(slug))
	if !ok {
		h.tries.spend(client, h.cfg.Now())
		page.Problem = page.Say.Wrong
		writeGate(w, r, http.StatusUnauthorized, page)
		return
	}
	if g, ok := h.ended(slug); ok {
		h.closed(w, r, urlPath, g)
		return
	}
	expires := h.cfg.Now().Add(privateaccess.Lifetime)
	http.SetCookie(w, &http.Cookie{
		Name:     privateaccess.CookieName(slug),
		Value:    privateaccess.ClientCookie(secret, slug, named, expires),
		Path:     privateaccess.CookiePath(slug),
		Expires:  expires,
		MaxAge:   int(privateaccess.Lifetime / time.Second),
		HttpOnly: true,
		Secure:   r.TLS != nil,
		SameSite: http.SameSiteLaxMode,
	})
	if named != "" {
		h.logf("private: %s opened by %s, client %q\n", slug, client, named)
	} else {
		h.logf("private: %s opened by %s\n", slug, client)
	}
	h.record(r, Event{Slug: slug, Client: named, Kind: EventOpened})
	hdr.Set("Location", page.Action)
	w.WriteHeader(http.StatusSeeOther)
}

// noPrivatePage answers an address under the private prefix that has no
// page: 404, never the site's 404.html (which loads the analytics), in the
// path's language with the catalogue's words (decision 0123, amended), as
// the Edge Function answers.
func (h *Handler) noPrivatePage(w http.ResponseWriter, r *http.Request, urlPath string) {
	site, _ := h.pageOf("")
	lang, say := site.GateLanguage(urlPath)
	h.failIn(w, r, http.StatusNotFound, notice{Title: say.NotFound.Title, Text: say.NotFound.Text, Lang: lang, Home: say.Home})
}

// pageOf is what the build says the pages the gate writes show: of the
// site, and of the project slug (as its owner allowed, decision 0095).
// Nothing known (no list, or no such project): zero values, and the page
// shows nothing of either; an unknown slug's page is any hidden project's.
func (h *Handler) pageOf(slug string) (privateaccess.Site, privateaccess.Page) {
	if h.cfg.Galleries == nil {
		return privateaccess.Site{}, privateaccess.Page{}
	}
	all, err := h.cfg.Galleries()
	if err != nil {
		return privateaccess.Site{}, privateaccess.Page{}
	}
	var site privateaccess.Site
	if all.Site != nil {
		site = *all.Site
	}
	var page privateaccess.Page
	if g, ok := all.Projects[slug]; ok && g.Page != nil {
		page = *g.Page
	}
	return site, page
}

// ended says whether access to the project slug has ended (its last day,
// project.yaml's `expires`, is over in UTC; decision 0094), with what the
// build says of it. A project the gallery list does not name, or no list,
// has no known end: the gate's cookie rule alone applies (the Edge
// Function reads it the same way).
func (h *Handler) ended(slug string) (privateaccess.Gallery, bool) {
	if h.cfg.Galleries == nil {
		return privateaccess.Gallery{}, false
	}
	all, err := h.cfg.Galleries()
	if err != nil {
		return privateaccess.Gallery{}, false
	}
	g, ok := all.Projects[slug]
	return g, ok && g.Ended(h.cfg.Now())
}

// closed answers the holder of the secret or of a valid cookie once the
// project's access has ended: 403, never kept, with the owner's name and
// the site's contact page, and nothing of the project (decision 0094; the
// Edge Function's closedPage is the same page).
func (h *Handler) closed(w http.ResponseWriter, r *http.Request, urlPath string, g privateaccess.Gallery) {
	h.secure(w, urlPath)
	hdr := w.Header()
	hdr.Set("Cross-Origin-Opener-Policy", "same-origin")
	hdr.Set("X-Robots-Tag", "noindex")
	notWork(hdr)
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	site, _ := h.pageOf("") // the site's alone: nothing of the project
	lang, say := site.GateLanguage(urlPath)
	who := g.Owner
	if who == "" {
		who = say.Closed.Owner
	}
	h.logf("private: %q refused: its access ended with %s (UTC)\n", urlPath, g.Expires)
	w.WriteHeader(http.StatusForbidden)
	if r.Method != http.MethodHead {
		_ = closedPage.Execute(w, closedForm{Site: site.Name, Owner: who, Contact: privateaccess.ContactPath, Fonts: fontFaces(site), Lang: lang, Say: say.Closed})
	}
}

// notWork takes from an answer of the gate's own (the secret's form, the
// closed page) the TDMRep reservation the site's rules give the owner's
// work (decision 0101): these pages are none of it, and the Edge
// Function, to whose own answers Netlify applies no _headers, sends none.
func notWork(hdr http.Header) {
	hdr.Del("tdm-reservation")
	hdr.Del("tdm-policy")
}
