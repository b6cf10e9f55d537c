// Package server serves a built site the way its host (Netlify) does, and
// receives its contact form the way the host's form feature does, storing
// every accepted message.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/hostmsg"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/rights"
	"portfolio/cli/internal/termsafe"
)

// Message is one contact-form submission, as received (untrimmed).
type Message struct {
	Name, Email, Message string
	// Client is whose secret opened the private project a favourites
	// list came from: "" for the project's own (and for the contact
	// form), else the client's name (decision 0096).
	Client string
	// Language is the language of the page a contact message was sent
	// from, on a site in several languages; "" otherwise (decision 0116).
	Language string
}

// Store keeps accepted messages; Add returns once the message is durable.
type Store interface {
	Add(ctx context.Context, m Message) error
}

// Validator returns the problems of a message per field ("name", "email",
// "message"), the same rules and messages as the site's form; none when valid.
type Validator func(Message) map[string]string

// HeaderRules returns the headers the host sends for a URL path (the site's
// headers the build wrote, package headers).
type HeaderRules func(urlPath string) http.Header

// Config is what the handler needs.
type Config struct {
	// SiteDir is the built site (site/dist).
	SiteDir  string
	Headers  HeaderRules
	Validate Validator
	Store    Store
	// MaxBody caps a form post's body; larger posts get 413. Default contact.MaxPost.
	MaxBody int64
	// Limit is each client's allowance of form posts. Default: 5 at once,
	// then one a minute.
	Limit Limit
	// Log receives one line per stored message and per server-side failure.
	Log io.Writer
	// Images bounds the Image CDN at /.netlify/images (imagecdn.go).
	Images ImageCDNConfig
	// PrivateSecret returns the secret of the private project slug (its
	// environment variable, privateaccess.EnvName); "" admits nobody.
	// Nil: no private project can be opened.
	PrivateSecret func(slug string) string
	// Galleries reads what the build says of each private project's
	// gallery (privateaccess.GalleriesFile), against which a favourites
	// post is checked. Nil, or an error: every favourites post is refused.
	Galleries func() (privateaccess.Galleries, error)
	// PrivateStore is the deploy store the build moved the private
	// projects' files into (package privatestore): an admitted request
	// under the prefix is answered from there (privatefile.go). "" or a
	// missing folder: every such request is the gate's 404.
	PrivateStore string
	// PrivateLimit is each client's allowance of wrong secrets (a right
	// one does not count). Default: 5 at once, then one every 12 seconds.
	PrivateLimit Limit
	// Now is the clock of the cookies and the limits. Default time.Now.
	Now func() time.Time
	// Activity keeps what clients do on the private projects' pages
	// (activity.go, decision 0097). Nil: nothing is kept.
	Activity ActivityLog
	// AICrawlers are the tokens of the AI-training crawlers refused on
	// every path, as the Edge Function the build wrote for aiTraining:
	// block refuses them (rights.BlockedBy, decision 0103); none: nobody.
	AICrawlers []string
}

// Handler serves the site and its form.
type Handler struct {
	cfg     Config
	static  *static
	images  *ImageCDN
	limiter *limiter
	// tries limits the secrets each client tries (private.go).
	tries *limiter
	log   io.Writer // cfg.Log, each entry escaped to one line
	forms formPages
}

// New returns the handler for cfg.SiteDir; Close releases the folder.
func New(cfg Config) (*Handler, error) {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = contact.MaxPost
	}
	if cfg.Limit == (Limit{}) {
		cfg.Limit = DefaultLimit
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Headers == nil {
		cfg.Headers = func(string) http.Header { return nil }
	}
	if cfg.PrivateSecret == nil {
		cfg.PrivateSecret = func(string) string { return "" }
	}
	if cfg.PrivateLimit == (Limit{}) {
		cfg.PrivateLimit = DefaultPrivateLimit
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	st, err := newStatic(cfg.SiteDir)
	if err != nil {
		return nil, err
	}
	images, err := NewImageCDN(cfg.SiteDir, cfg.Headers, cfg.Log, cfg.Images)
	if err != nil {
		_ = st.Close()
		return nil, err
	}
	return &Handler{cfg: cfg, static: st, images: images, limiter: newLimiter(cfg.Limit), tries: newLimiter(cfg.PrivateLimit), log: termsafe.LogWriter(cfg.Log)}, nil
}

// Close releases the site folder.
func (h *Handler) Close() error { return errors.Join(h.static.Close(), h.images.Close()) }

// logf writes one line to the log; visitor text in it is escaped.
func (h *Handler) logf(format string, args ...any) {
	fmt.Fprintf(h.log, format, args...)
}

// allowed is the Allow header of a 405: a form may be posted to any path.
const allowed = "GET, HEAD, POST"

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// A request with a Transfer-Encoding may also have had a Content-Length
	// (Go's server drops it before the handler sees it): such a request is
	// answered and its connection closed (RFC 9112 §6.3), so nothing read
	// after it on the connection is taken for a request.
	if len(r.TransferEncoding) > 0 {
		w.Header().Set("Connection", "close")
	}
	// The Edge Function of aiTraining: block runs before anything else,
	// on every path and method (decision 0103).
	if token := rights.BlockedBy(r.Header.Get("User-Agent"), h.cfg.AICrawlers); token != "" {
		refuseCrawler(w, r, token)
		return
	}
	c := classify(r.URL)
	if c.Kind == privateaccess.Refused {
		// Rules and files must agree on the path; this one means
		// different things depending on how it is decoded or cleaned,
		// or hides the private prefix (decision 0091).
		h.secure(w, "/")
		h.fail(w, r, http.StatusBadRequest, "This address cannot be served",
			"The address has characters or parts that no page of this site has (such as an encoded slash or a “..”). Check the link, or start again from the home page.")
		return
	}
	urlPath := c.Path
	client := "" // whose cookie opened a private project (decision 0096)
	if c.Kind == privateaccess.Private {
		var ok bool
		if client, ok = h.admittedClient(r, c.Slug); !ok {
			h.gate(w, r, urlPath, c.Slug)
			return
		}
		if g, ok := h.ended(c.Slug); ok {
			h.closed(w, r, urlPath, g)
			return
		}
	}
	if isCDNPath(urlPath) {
		// The Image CDN's address is the host's, whatever the method: a
		// form posted there is no form (405, as Netlify's own Image CDN
		// answers; decision 0092).
		h.images.ServeHTTP(w, r)
		return
	}
	switch r.Method {
	case http.MethodPost:
		h.form(w, r, urlPath, client)
	case http.MethodGet, http.MethodHead:
		if c.Kind == privateaccess.Private {
			h.privateFile(w, r, urlPath, client) // past the gate
			return
		}
		h.page(w, r, urlPath)
	default:
		h.secure(w, urlPath)
		w.Header().Set("Allow", allowed)
		h.fail(w, r, http.StatusMethodNotAllowed, "This request is not supported",
			"Pages of this site can be read (GET) and its forms sent (POST); nothing else.")
	}
}

// refuseCrawler answers an AI-training crawler as the Edge Function does:
// the same status, headers and text, and none of the site's headers (to
// an Edge Function's own answer Netlify applies no _headers).
func refuseCrawler(w http.ResponseWriter, r *http.Request, token string) {
	hdr := w.Header()
	for _, h := range rights.RefusalHeaders {
		hdr.Set(h[0], h[1])
	}
	body := rights.Refusal(token)
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusForbidden)
	if r.Method != http.MethodHead {
		_, _ = io.WriteString(w, body)
	}
}

// secure sets the host's headers for urlPath (the security headers among
// them) on an answer the server makes itself, never to be cached.
func (h *Handler) secure(w http.ResponseWriter, urlPath string) {
	hdr := w.Header()
	for k, vs := range h.cfg.Headers(urlPath) {
		hdr[k] = vs
	}
	hdr.Set("Cache-Control", "no-store")
}

// page serves a file of the site with the host's headers.
func (h *Handler) page(w http.ResponseWriter, r *http.Request, urlPath string) {
	name, status := h.static.resolve(urlPath)
	// The host's own files are not part of the site.
	if base := path.Base(name); strings.EqualFold(base, "_headers") || strings.EqualFold(base, "_redirects") {
		name, status = h.static.notFound(path.Clean("/"+urlPath)), http.StatusNotFound
	}
	hdr := w.Header()
	for k, vs := range h.cfg.Headers(urlPath) {
		hdr[k] = vs
	}
	// Pages and unhashed files are checked again on every visit; so is a
	// missing file, even under /assets/: it may exist after the next deploy.
	if hdr.Get("Cache-Control") == "" || status != http.StatusOK {
		hdr.Set("Cache-Control", "public, max-age=0, must-revalidate")
	}
	h.static.serve(w, r, name, status)
}

// formResponse is the JSON body of a form post's answer.
type formResponse struct {
	OK     bool              `json:"ok"`
	Errors map[string]string `json:"errors,omitempty"`
	Error  string            `json:"error,omitempty"`
}

// form receives a form post as the host's form feature does: POST to any
// path with form-name, urlencoded. A browser's native post (Accept lists
// text/html) gets HTML; a script gets JSON.
func (h *Handler) form(w http.ResponseWriter, r *http.Request, urlPath, client string) {
	h.secure(w, urlPath)
	if ok, retry := h.limiter.allow(clientOf(r), time.Now()); !ok {
		secs := int(retry.Round(time.Second).Seconds())
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		// Its body is not read: the site's default language.
		h.refuseForm(w, r, http.StatusTooManyRequests, "Too many messages from this address; please try again later.", "",
			func(n hostmsg.Notices) hostmsg.Notice { return n.TooMany },
			func(wait privateaccess.Wait) []string { return []string{"{wait}", wait.Say(secs)} })
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		h.refuseForm(w, r, http.StatusUnsupportedMediaType, "Send the form as application/x-www-form-urlencoded.", "",
			func(n hostmsg.Notices) hostmsg.Notice { return n.Unsupported }, nil)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, h.cfg.MaxBody)
	if err := r.ParseForm(); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			h.refuseForm(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("The message is too large (limit %d bytes).", h.cfg.MaxBody), "",
				func(n hostmsg.Notices) hostmsg.Notice { return n.TooLarge },
				func(privateaccess.Wait) []string {
					return []string{"{limit}", strconv.FormatInt(h.cfg.MaxBody>>10, 10)}
				})
			return
		}
		h.refuseForm(w, r, http.StatusBadRequest, "The form data cannot be read.", "",
			func(n hostmsg.Notices) hostmsg.Notice { return n.Unreadable }, nil)
		return
	}
	name := r.PostForm.Get(contact.FormNameField)
	if slug, private := privateaccess.SlugOf(urlPath); private && name == contact.FavouritesFormName {
		h.favourites(w, r, urlPath, slug, client) // past the gate: the client holds slug's secret
		return
	}
	if name != contact.FormName {
		h.refuseForm(w, r, http.StatusNotFound, fmt.Sprintf("There is no form named %q.", name), r.PostForm.Get(contact.FieldLanguage),
			func(n hostmsg.Notices) hostmsg.Notice { return n.Unknown },
			func(privateaccess.Wait) []string { return []string{"{form}", strconv.Quote(termsafe.String(name))} })
		return
	}
	// A filled honeypot is a bot: answered like a person, and dropped.
	if r.PostForm.Get(contact.Honeypot) != "" {
		h.sent(w, r, urlPath)
		return
	}
	m := Message{Name: r.PostForm.Get(contact.FieldName), Email: r.PostForm.Get(contact.FieldEmail), Message: r.PostForm.Get(contact.FieldMessage),
		Language: contact.Language(r.PostForm.Get(contact.FieldLanguage))}
	if problems := h.cfg.Validate(m); len(problems) > 0 {
		if wantsHTML(r) {
			h.refill(w, r, name, m.Language, r.PostForm, problems)
			return
		}
		reply(w, http.StatusBadRequest, formResponse{Errors: problems})
		return
	}
	if h.store(w, r, m, "contact form", notStored{
		message: "The message could not be stored; please try again.",
		title:   "The message was not sent",
		text:    "The message could not be stored because of a problem on the server. Go back: your text is still in the form; try again in a moment.",
	}) {
		h.sent(w, r, urlPath)
	}
}

// notStored is what a form answers when its accepted post could not be
// stored: the script's message, and the browser's page title and text.
type notStored struct{ message, title, text string }

// store keeps an accepted post of the form named `form`, even if the
// visitor goes away, and logs it; when it cannot, it answers with the
// form's texts and reports false.
func (h *Handler) store(w http.ResponseWriter, r *http.Request, m Message, form string, failed notStored) bool {
	if err := h.cfg.Store.Add(context.WithoutCancel(r.Context()), m); err != nil {
		h.logf("%s: cannot store a message: %v\n", form, err)
		h.failForm(w, r, http.StatusInternalServerError, failed.message, failed.title, failed.text)
		return false
	}
	h.logf("%s: message from %s <%s> stored\n", form, strings.TrimSpace(m.Name), strings.TrimSpace(m.Email))
	return true
}

// sent answers an accepted post: for a browser, 303 See Other to the
// post's own path when that is a page (so a reload does not post again),
// else a small thank-you page; for a script, JSON.
func (h *Handler) sent(w http.ResponseWriter, r *http.Request, urlPath string) {
	if !wantsHTML(r) {
		reply(w, http.StatusOK, formResponse{OK: true})
		return
	}
	if name, status := h.static.resolve(urlPath); status == http.StatusOK && strings.HasSuffix(name, ".html") {
		w.Header().Set("Location", (&url.URL{Path: urlPath}).EscapedPath())
		w.WriteHeader(http.StatusSeeOther)
		return
	}
	writePage(w, http.StatusOK, notice{
		Title: "Thank you! Your message has been received.",
		Text:  "The message was sent; you will get an answer at the email address you gave.",
		Back:  backLink(r),
	})
}

// failForm answers a failed post: a readable page for a browser, JSON for
// a script.
func (h *Handler) failForm(w http.ResponseWriter, r *http.Request, status int, jsonError, title, text string) {
	if !wantsHTML(r) {
		reply(w, status, formResponse{Error: jsonError})
		return
	}
	writePage(w, status, notice{Title: title, Text: text, Back: backLink(r)})
}

// fail answers a request the server refuses, as a page for a browser and
// as text otherwise.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, status int, title, text string) {
	h.failIn(w, r, status, notice{Title: title, Text: text})
}

// failIn is fail with a page in a language of its own (n.Lang, n.Home;
// decision 0123, amended); its link leads home.
func (h *Handler) failIn(w http.ResponseWriter, r *http.Request, status int, n notice) {
	if wantsHTML(r) {
		n.Back = "/"
		writePage(w, status, n)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	fmt.Fprintf(w, "%d %s\n", status, n.Text)
}

func reply(w http.ResponseWriter, status int, body formResponse) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// clientOf is the client's address (the local server trusts no proxy header).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
