package server

import (
	"fmt"
	"html/template"
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

// admitted says whether the request carries a valid cookie for slug.
func (h *Handler) admitted(r *http.Request, slug string) bool {
	if slug == "" {
		return false
	}
	secret := h.cfg.PrivateSecret(slug)
	now := h.cfg.Now()
	for _, c := range r.CookiesNamed(privateaccess.CookieName(slug)) {
		if privateaccess.Valid(secret, slug, c.Value, now) {
			return true
		}
	}
	return false
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
	if slug == "" {
		h.fail(w, r, http.StatusNotFound, "No page here", "There is no page at this address.")
		return
	}
	page := gateForm{Action: (&url.URL{Path: urlPath}).EscapedPath()}
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
		page.Problem = fmt.Sprintf("Too many tries from your address. Wait %s, then enter the secret again.", wait(secs))
		writeGate(w, r, http.StatusTooManyRequests, page)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		page.Problem = "The form could not be read. Enter the secret again."
		writeGate(w, r, http.StatusBadRequest, page)
		return
	}
	secret := h.cfg.PrivateSecret(slug)
	if !privateaccess.SecretMatches(secret, r.PostForm.Get(privateaccess.SecretField)) {
		h.tries.spend(client, h.cfg.Now())
		page.Problem = "That is not the secret for this page. Check the message it came in, and try again."
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
		Value:    privateaccess.Cookie(secret, slug, expires),
		Path:     privateaccess.CookiePath(slug),
		Expires:  expires,
		MaxAge:   int(privateaccess.Lifetime / time.Second),
		HttpOnly: true,
		Secure:   r.TLS != nil,
		SameSite: http.SameSiteLaxMode,
	})
	h.logf("private: %s opened by %s\n", slug, client)
	name := "" // H2a: the cookie's client
	h.record(r, Event{Slug: slug, Client: name, Kind: EventOpened})
	hdr.Set("Location", page.Action)
	w.WriteHeader(http.StatusSeeOther)
}

// gateForm is the page that asks for the secret: it names nothing of the
// project, not even its title.
type gateForm struct {
	Action  string
	Problem string
}

var gatePage = template.Must(template.New("gate").Parse(pageHead + `<title>Private page</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}input,button{font:inherit;padding:.4rem .6rem}input{width:100%;box-sizing:border-box;margin:.25rem 0 1rem}p[role=alert]{font-weight:600}</style>
</head>
<body>
<main>
<h1>Private page</h1>
<p>This page is private. Enter the secret you were sent to open it.</p>
{{if .Problem}}<p role="alert">{{.Problem}}</p>{{end}}
<form method="post" action="{{.Action}}">
<label for="secret">Secret</label>
<input id="secret" name="secret" type="password" required autocomplete="off" autofocus>
<button type="submit">Open</button>
</form>
</main>
</body>
</html>
`))

func writeGate(w http.ResponseWriter, r *http.Request, status int, page gateForm) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_ = gatePage.Execute(w, page)
	}
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
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	who := g.Owner
	if who == "" {
		who = "the photographer"
	}
	h.logf("private: %q refused: its access ended with %s (UTC)\n", urlPath, g.Expires)
	w.WriteHeader(http.StatusForbidden)
	if r.Method != http.MethodHead {
		_ = closedPage.Execute(w, closedForm{Owner: who, Contact: privateaccess.ContactPath})
	}
}

type closedForm struct{ Owner, Contact string }

var closedPage = template.Must(template.New("closed").Parse(pageHead + `<title>This private page is closed</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}a{color:LinkText}</style>
</head>
<body>
<main>
<h1>This private page is closed</h1>
<p>The time to see this page is over. If you still need it, {{.Owner}} can open it again for you.</p>
<p><a href="{{.Contact}}">Write to {{.Owner}}</a></p>
</main>
</body>
</html>
`))
