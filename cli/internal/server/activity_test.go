package server_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/server"
)

// activityAdapter keeps the server's events in the messages database, as
// `portfolio serve` does.
type activityAdapter struct{ s *messages.Store }

func (a activityAdapter) AddEvent(ctx context.Context, e server.Event) error {
	return a.s.AddEvent(ctx, messages.Event{Slug: e.Slug, Client: e.Client, Kind: e.Kind, File: e.File, Photos: e.Photos, At: e.At})
}

// events are the project's stored events as lines, "kind file photos
// +seconds" after the site's clock started.
func events(t *testing.T, s *privateSite, slug string) []string {
	t.Helper()
	list, err := s.store.Events(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, e := range list {
		out = append(out, fmt.Sprintf("%q %s %s %d +%s", e.Client, e.Kind, e.File, e.Photos, e.At.Sub(time.Unix(1_800_000_000, 0))))
	}
	return out
}

// Decision 0097: the gate admitting a secret, a stored favourites list and
// a download sent from its first byte are each kept once, with the
// client, the file or the count, and the time; nothing else a client does
// is an event.
func TestActivityIsKept(t *testing.T) {
	s := newPrivateSite(t)
	const from = "192.0.2.7"
	// A wrong secret, and anything asked without the cookie, is no one's activity.
	s.enter("/private/alpha/", from, "wrong")
	s.do(http.MethodGet, "/private/alpha/alpha-web.zip", from, nil, "")
	s.clock.Add(time.Minute)
	c := cookieOf(t, s.enter("/private/alpha/", from, theSecret))
	with := func(h http.Header) http.Header {
		if h == nil {
			h = http.Header{}
		}
		h.Set("Cookie", c.Name+"="+c.Value)
		return h
	}
	steps := []struct {
		method, target string
		header         http.Header
		body           string
		status         int
	}{
		{http.MethodGet, "/private/alpha/", nil, "", http.StatusOK},
		{http.MethodGet, "/private/alpha/img/p-480.jpg", nil, "", http.StatusOK},
		{http.MethodHead, "/private/alpha/alpha-web.zip", nil, "", http.StatusOK},
		{http.MethodGet, "/private/alpha/alpha-web.zip", nil, "", http.StatusOK},                                                  // kept
		{http.MethodGet, "/private/alpha/alpha-web.zip", http.Header{"Range": {"bytes=2-"}}, "", http.StatusPartialContent},       // the rest of it
		{http.MethodGet, "/private/alpha/download/DSC_1.jpg", http.Header{"Range": {"bytes=0-1"}}, "", http.StatusPartialContent}, // kept
		{http.MethodGet, "/private/alpha/download/nothing.jpg", nil, "", http.StatusNotFound},
		{http.MethodPost, "/private/alpha/photos/1", http.Header{"Accept": {"application/json"}}, url.Values{
			"form-name": {contact.FavouritesFormName}, "project": {"Secret Alpha"}, "photos": {"IMG_0012.jpg\nDSC_1.jpg"},
			"name": {"Jo Client"}, "email": {"jo@example.com"},
		}.Encode(), http.StatusOK}, // kept
		{http.MethodPost, "/private/alpha/photos/1", http.Header{"Accept": {"application/json"}}, url.Values{
			"form-name": {contact.FavouritesFormName}, "project": {"Secret Alpha"}, "photos": {"NOT_THERE.jpg"},
			"name": {"Jo Client"}, "email": {"jo@example.com"},
		}.Encode(), http.StatusBadRequest},
	}
	for _, st := range steps {
		s.clock.Add(time.Second)
		if r := s.do(st.method, st.target, from, with(st.header), st.body); r.status != st.status {
			t.Fatalf("%s %s: status %d, want %d: %.120q", st.method, st.target, r.status, st.status, r.body)
		}
	}
	// Asked again with its ETag: not modified, not a download.
	r := s.do(http.MethodGet, "/private/alpha/alpha-web.zip", from, with(nil), "")
	if r2 := s.do(http.MethodGet, "/private/alpha/alpha-web.zip", from, with(http.Header{"If-None-Match": {r.header.Get("ETag")}}), ""); r2.status != http.StatusNotModified {
		t.Fatalf("If-None-Match: status %d, want 304", r2.status)
	}
	want := []string{
		`"" opened  0 +1m0s`,
		`"" download alpha-web.zip 0 +1m4s`,
		`"" download DSC_1.jpg 0 +1m6s`,
		`"" favourites  2 +1m8s`,
		`"" download alpha-web.zip 0 +1m9s`,
	}
	if got := events(t, s, "alpha"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

type failingLog struct{}

func (failingLog) AddEvent(context.Context, server.Event) error { return errors.New("disk full") }

// A write that fails costs the client nothing: the same answers, and a
// line in the log.
func TestActivityThatCannotBeKept(t *testing.T) {
	dir, store := writePrivateSite(t)
	var log bytes.Buffer
	h, err := server.New(server.Config{
		SiteDir: dir, Headers: privateRules.Match, Store: storeAdapter{store}, Log: &log,
		Validate: func(m server.Message) map[string]string {
			return contact.Validate(contact.Message{Name: m.Name, Email: m.Email, Message: m.Message})
		},
		PrivateStore:  deployStore(dir),
		PrivateSecret: func(string) string { return theSecret },
		Activity:      failingLog{},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	s := &privateSite{h: h, dist: dir, store: store}
	r := s.enter("/private/alpha/", "192.0.2.8", theSecret)
	c := cookieOf(t, r)
	if r.status != http.StatusSeeOther {
		t.Errorf("the secret: status %d, want 303", r.status)
	}
	zip := s.do(http.MethodGet, "/private/alpha/alpha-web.zip", "192.0.2.8", http.Header{"Cookie": {c.Name + "=" + c.Value}}, "")
	if zip.status != http.StatusOK || zip.body != "PK"+mark {
		t.Errorf("the ZIP: status %d, %.40q", zip.status, zip.body)
	}
	for _, want := range []string{"activity: cannot keep alpha's opened event: disk full", "activity: cannot keep alpha's download event: disk full"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log %q lacks %q", log.String(), want)
		}
	}
}
