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
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Message is one contact-form submission, as received (untrimmed).
type Message struct {
	Name, Email, Message string
}

// Store keeps accepted messages; Add returns once the message is durable.
type Store interface {
	Add(ctx context.Context, m Message) error
}

// Validator returns the problems of a message per field ("name", "email",
// "message"), the same rules and messages as the site's form; none when valid.
type Validator func(Message) map[string]string

// HeaderRules returns the headers the host sends for a URL path (the site's
// _headers file).
type HeaderRules func(urlPath string) http.Header

// Config is what the handler needs.
type Config struct {
	// SiteDir is the built site (site/dist).
	SiteDir  string
	Headers  HeaderRules
	Validate Validator
	Store    Store
	// MaxBody caps a form post's body; larger posts get 413. Default 64 KiB.
	MaxBody int64
	// Limit is each client's allowance of form posts. Default: 5 at once,
	// then one a minute.
	Limit Limit
	// Log receives one line per stored message and per server-side failure.
	Log io.Writer
}

// Handler serves the site and its form.
type Handler struct {
	cfg     Config
	static  *static
	limiter *limiter
}

// New returns the handler for cfg.SiteDir; Close releases the folder.
func New(cfg Config) (*Handler, error) {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
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
	st, err := newStatic(cfg.SiteDir)
	if err != nil {
		return nil, err
	}
	return &Handler{cfg: cfg, static: st, limiter: newLimiter(cfg.Limit)}, nil
}

// Close releases the site folder.
func (h *Handler) Close() error { return h.static.Close() }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	isForm := r.URL.Path == "/"
	switch {
	case r.Method == http.MethodPost && isForm:
		h.form(w, r)
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		h.page(w, r)
	default:
		allow := "GET, HEAD"
		if isForm {
			allow += ", POST"
		}
		w.Header().Set("Allow", allow)
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
	}
}

// page serves a file of the site with the host's headers.
func (h *Handler) page(w http.ResponseWriter, r *http.Request) {
	name, status := h.static.resolve(r.URL.Path)
	// The host's own files are not part of the site.
	if base := path.Base(name); base == "_headers" || base == "_redirects" {
		name, status = "404.html", http.StatusNotFound
	}
	hdr := w.Header()
	for k, vs := range h.cfg.Headers(r.URL.Path) {
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

// form receives the contact form as the host's form feature does: POST /
// with form-name=contact, urlencoded.
func (h *Handler) form(w http.ResponseWriter, r *http.Request) {
	for k, vs := range h.cfg.Headers(r.URL.Path) {
		w.Header()[k] = vs
	}
	w.Header().Set("Cache-Control", "no-store")
	if ok, retry := h.limiter.allow(clientOf(r), time.Now()); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(retry.Round(time.Second).Seconds())))
		reply(w, http.StatusTooManyRequests, formResponse{Error: "Too many messages from this address; please try again later."})
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		reply(w, http.StatusUnsupportedMediaType, formResponse{Error: "Send the form as application/x-www-form-urlencoded."})
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, h.cfg.MaxBody)
	if err := r.ParseForm(); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			reply(w, http.StatusRequestEntityTooLarge, formResponse{Error: fmt.Sprintf("The message is too large (limit %d bytes).", h.cfg.MaxBody)})
			return
		}
		reply(w, http.StatusBadRequest, formResponse{Error: "The form data cannot be read."})
		return
	}
	if name := r.PostForm.Get("form-name"); name != "contact" {
		reply(w, http.StatusNotFound, formResponse{Error: fmt.Sprintf("There is no form named %q.", name)})
		return
	}
	// A filled honeypot is a bot: answered like a person, and dropped.
	if r.PostForm.Get("bot-field") != "" {
		reply(w, http.StatusOK, formResponse{OK: true})
		return
	}
	m := Message{Name: r.PostForm.Get("name"), Email: r.PostForm.Get("email"), Message: r.PostForm.Get("message")}
	if problems := h.cfg.Validate(m); len(problems) > 0 {
		reply(w, http.StatusBadRequest, formResponse{Errors: problems})
		return
	}
	// Once accepted, the message is stored even if the visitor goes away.
	if err := h.cfg.Store.Add(context.WithoutCancel(r.Context()), m); err != nil {
		fmt.Fprintf(h.cfg.Log, "contact form: cannot store a message: %v\n", err)
		reply(w, http.StatusInternalServerError, formResponse{Error: "The message could not be stored; please try again."})
		return
	}
	fmt.Fprintf(h.cfg.Log, "contact form: message from %s <%s> stored\n", strings.TrimSpace(m.Name), strings.TrimSpace(m.Email))
	reply(w, http.StatusOK, formResponse{OK: true})
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

// HeadersFile is where the built site keeps the host's header rules.
func HeadersFile(siteDir string) string { return filepath.Join(siteDir, "_headers") }

// Exists reports whether name exists (for callers deciding whether to build).
func Exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}
