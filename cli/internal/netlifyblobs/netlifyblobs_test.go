package netlifyblobs_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/netlifyblobs"
	"portfolio/cli/internal/netlifyblobs/blobstest"
)

const (
	token  = "test-token"
	siteID = "site-123"
)

func TestListAndGetAgainstBlobsServer(t *testing.T) {
	api := blobstest.Start(t, token, siteID, map[string]map[string]string{
		"activity": {
			"alpha/2027-01-15T08-00-01-000Z-aaaaaaaaaaaa.json":    `{"kind":"opened"}`,
			"alpha/2027-01-15T08-00-05-000Z-bbbbbbbbbbbb.json":    `{"kind":"download","file":"é ü.zip"}`,
			"alphabet/2027-01-15T08-00-01-000Z-cccccccccccc.json": `{"kind":"opened"}`,
			"big/x.json": strings.Repeat("x", 2000),
		},
		"favourites": {"alpha/f.json": `{}`},
	})
	ctx := context.Background()
	c := &netlifyblobs.Client{API: api, SiteID: siteID, Token: token}
	keys, err := c.List(ctx, "activity", "alpha/")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	want := []string{"alpha/2027-01-15T08-00-01-000Z-aaaaaaaaaaaa.json", "alpha/2027-01-15T08-00-05-000Z-bbbbbbbbbbbb.json"}
	if !slices.Equal(keys, want) {
		t.Errorf("List = %q, want %q", keys, want)
	}
	data, err := c.Get(ctx, "activity", want[1])
	if err != nil || string(data) != `{"kind":"download","file":"é ü.zip"}` {
		t.Errorf("Get = %q, %v", data, err)
	}
	if none, err := c.List(ctx, "no-such-store", "alpha/"); err != nil || len(none) != 0 {
		t.Errorf("List of an empty store = %q, %v; want none", none, err)
	}
	if _, err := c.Get(ctx, "activity", "alpha/none.json"); !errors.Is(err, netlifyblobs.ErrNotFound) {
		t.Errorf("Get of a missing key: %v, want ErrNotFound", err)
	}

	// Bounded: a listing past MaxKeys, a blob past MaxBytes.
	small := &netlifyblobs.Client{API: api, SiteID: siteID, Token: token, MaxKeys: 1, MaxBytes: 1000}
	if _, err := small.List(ctx, "activity", "alpha/"); err == nil || !strings.Contains(err.Error(), "more than 1 keys") {
		t.Errorf("List past MaxKeys: %v", err)
	}
	if _, err := small.Get(ctx, "activity", "big/x.json"); err == nil || !strings.Contains(err.Error(), "larger than 1000 bytes") {
		t.Errorf("Get past MaxBytes: %v", err)
	}

	// A wrong token: refused, and said so.
	wrong := &netlifyblobs.Client{API: api, SiteID: siteID, Token: "wrong"}
	for name, call := range map[string]func() error{
		"list": func() error { _, err := wrong.List(ctx, "activity", "alpha/"); return err },
		"get":  func() error { _, err := wrong.Get(ctx, "activity", want[0]); return err },
	} {
		if err := call(); err == nil || !strings.Contains(err.Error(), "the token was refused by Netlify (403 Forbidden)") || !strings.Contains(err.Error(), "NETLIFY_AUTH_TOKEN") {
			t.Errorf("%s with a wrong token: %v", name, err)
		}
	}
}

func TestClientRefusals(t *testing.T) {
	ctx := context.Background()
	// Nothing listens on a port just closed.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	tests := []struct {
		name string
		c    netlifyblobs.Client
		want string
	}{
		{"no token", netlifyblobs.Client{SiteID: siteID}, "NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN"},
		{"no site", netlifyblobs.Client{Token: token}, "NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN"},
		{"http to another machine", netlifyblobs.Client{API: "http://api.example.com", SiteID: siteID, Token: token}, "is not https"},
		{"not an address", netlifyblobs.Client{API: "::", SiteID: siteID, Token: token}, "cannot be read"},
		{"no one there", netlifyblobs.Client{API: closed, SiteID: siteID, Token: token}, "cannot reach Netlify's Blobs at " + strings.TrimPrefix(closed, "http://")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.c.List(ctx, "activity", "alpha/"); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("List: %v, want %q", err, tt.want)
			}
			if _, err := tt.c.Get(ctx, "activity", "alpha/x.json"); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Get: %v, want %q", err, tt.want)
			}
		})
	}
}

// Netlify's API pages a long listing (next_cursor, then ?cursor=); the
// BlobsServer never does, so the pages are served here as @netlify/blobs'
// client reads them (its getListIterator): every page is read, the prefix
// applied to each.
func TestListReadsEveryPage(t *testing.T) {
	pages := map[string]string{
		"":   `{"blobs":[{"key":"alpha/1.json"},{"key":"beta/1.json"}],"next_cursor":"c2"}`,
		"c2": `{"blobs":[{"key":"alpha/2.json"}],"next_cursor":""}`,
	}
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/blobs/"+siteID+"/site:activity" || r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "unexpected "+r.URL.Path, http.StatusBadRequest)
			return
		}
		cursor := r.URL.Query().Get("cursor")
		asked = append(asked, cursor)
		_, _ = w.Write([]byte(pages[cursor]))
	}))
	defer srv.Close()
	keys, err := (&netlifyblobs.Client{API: srv.URL, SiteID: siteID, Token: token}).List(context.Background(), "activity", "alpha/")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(keys, []string{"alpha/1.json", "alpha/2.json"}) || !slices.Equal(asked, []string{"", "c2"}) {
		t.Errorf("List = %q after asking for the pages %q", keys, asked)
	}
}
