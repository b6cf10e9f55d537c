package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/privateaccess"
)

// Decision 0096: a named client's secret opens the project and its cookie
// names the client, whose name the favourites are stored under; once the
// build lists the name as revoked, neither the secret nor the cookie opens
// anything, while the project's secret and the other clients still do.
func TestPrivateNamedClients(t *testing.T) {
	const anna, zoe = "Anna Smith", "Zoë (mother of the bride)"
	s := newPrivateSite(t)
	alpha := s.galleries.Projects["alpha"]
	alpha.Clients = []string{anna, zoe}
	s.galleries.Projects["alpha"] = alpha
	annaSecret := privateaccess.ClientSecret(theSecret, "alpha", anna)

	entered := s.enter("/private/alpha/", "192.0.2.1", annaSecret)
	if entered.status != http.StatusSeeOther {
		t.Fatalf("Anna's secret: status %d, want 303", entered.status)
	}
	c := cookieOf(t, entered)
	if want := privateaccess.ClientCookie(theSecret, "alpha", anna, s.clock.Now().Add(privateaccess.Lifetime)); c.Value != want {
		t.Errorf("Anna's cookie %q, want %q (it names her)", c.Value, want)
	}
	with := http.Header{"Cookie": {c.Name + "=" + c.Value}, "Accept": {"text/html"}}
	if r := s.do(http.MethodGet, "/private/alpha/img/p-480.jpg", "192.0.2.1", with, ""); r.status != http.StatusOK || !strings.Contains(r.body, mark) {
		t.Fatalf("Anna's cookie: status %d, want the file", r.status)
	}
	picks := url.Values{
		"form-name": {contact.FavouritesFormName}, "project": {"Secret Alpha"}, "photos": {"IMG_0012.jpg"},
		"name": {"Jo"}, "email": {"jo@example.com"}, "message": {""},
	}.Encode()
	if r := s.do(http.MethodPost, "/private/alpha/photos/1", "192.0.2.1", with, picks); r.status != http.StatusOK {
		t.Fatalf("Anna's favourites: status %d, %.120q", r.status, r.body)
	}
	msgs, err := s.store.List(context.Background())
	if err != nil || len(msgs) != 1 {
		t.Fatalf("stored %d messages (%v), want 1", len(msgs), err)
	}
	if m := msgs[0]; m.Client != anna || m.Name != "Jo" {
		t.Errorf("stored client %q, name %q; want %q as the owner named her, and the form's name", m.Client, m.Name, anna)
	}

	// Her activity is kept under her name (decision 0097): the open, the
	// list; a download from its first byte too.
	if r := s.do(http.MethodGet, "/private/alpha/alpha-web.zip", "192.0.2.1", with, ""); r.status != http.StatusOK {
		t.Fatalf("Anna's download: status %d", r.status)
	}
	var kinds []string
	for _, e := range events(t, s, "alpha") {
		if strings.HasPrefix(e, strconv.Quote(anna)+" ") {
			kinds = append(kinds, strings.Fields(strings.TrimPrefix(e, strconv.Quote(anna)))[0])
		}
	}
	if got := strings.Join(kinds, " "); got != "opened favourites download" {
		t.Errorf("Anna's events %q, want opened favourites download (all: %q)", got, events(t, s, "alpha"))
	}

	// The next build lists Anna no more.
	alpha.Clients = []string{zoe}
	s.galleries.Projects["alpha"] = alpha
	for _, path := range []string{"/private/alpha/", "/private/alpha/img/p-480.jpg", "/private/alpha/alpha-web.zip"} {
		r := s.do(http.MethodGet, path, "192.0.2.2", with, "")
		if r.status != http.StatusUnauthorized {
			t.Errorf("revoked cookie, %s: status %d, want 401 (the secret page)", path, r.status)
		}
		withholds(t, "revoked cookie, "+path, r)
	}
	if r := s.enter("/private/alpha/", "192.0.2.3", annaSecret); r.status != http.StatusUnauthorized || len(r.header.Values("Set-Cookie")) != 0 {
		t.Errorf("revoked secret: status %d, Set-Cookie %q; want 401 and none", r.status, r.header.Values("Set-Cookie"))
	}
	if r := s.do(http.MethodPost, "/private/alpha/photos/1", "192.0.2.1", with, picks); r.status != http.StatusUnauthorized {
		t.Errorf("revoked cookie's favourites: status %d, want 401", r.status)
	}
	if n, _ := s.store.Count(context.Background()); n != 1 {
		t.Errorf("stored %d, want still 1", n)
	}
	// The other client and the project's own secret still open it; the
	// project's secret names no client.
	if r := s.enter("/private/alpha/", "192.0.2.4", privateaccess.ClientSecret(theSecret, "alpha", zoe)); r.status != http.StatusSeeOther {
		t.Errorf("Zoë's secret: status %d, want 303", r.status)
	}
	own := s.enter("/private/alpha/", "192.0.2.5", theSecret)
	if own.status != http.StatusSeeOther || cookieOf(t, own).Value != privateaccess.Cookie(theSecret, "alpha", s.clock.Now().Add(privateaccess.Lifetime)) {
		t.Errorf("the project's secret: status %d, want 303 and the cookie as before clients", own.status)
	}
	// Another project's client's secret opens nothing here.
	if r := s.enter("/private/alpha/", "192.0.2.6", privateaccess.ClientSecret(theSecret, "beta", zoe)); r.status != http.StatusUnauthorized {
		t.Errorf("beta's client's secret at alpha: status %d, want 401", r.status)
	}
}
