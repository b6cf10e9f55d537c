// Package netlifyblobs reads a Netlify site's Blobs stores from outside
// Netlify, through Netlify's API, with the requests @netlify/blobs' own
// client makes in its API mode (what `netlify blobs:list` and
// `netlify blobs:get` run; decision 0097):
//
//   - list: GET <api>/api/v1/blobs/<site>/site:<store>[?cursor=C] with the
//     token as a bearer; a JSON page {blobs: [{key}], next_cursor}; 404 is
//     an empty store. The whole store is listed and the prefix applied
//     here: @netlify/blobs 11.1.1's BlobsServer, the one server this can be
//     tested against, reads a list request with a query as another store
//     (its API_URL_PATH takes "site:activity?prefix=alpha" for the store's
//     name, and drops the query), so a ?prefix= request cannot be held to
//     anything here (decision 0097);
//   - get: the same address with the key appended, Accept
//     application/json;type=signed-url, answered {url}; then a GET of that
//     URL, without the token, for the bytes; 404 is no such blob.
//
// A site store's name on the wire is "site:" and the name the functions
// give getStore. Every answer read is bounded (Client.MaxKeys,
// Client.MaxBytes); the API is reached over https only, but on a loopback
// address (a test's BlobsServer).
package netlifyblobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultAPI is Netlify's API.
const DefaultAPI = "https://api.netlify.com"

// signedURLAccept asks the API for a signed URL of a blob, not the bytes
// (@netlify/blobs SIGNED_URL_ACCEPT_HEADER).
const signedURLAccept = "application/json;type=signed-url"

// Client reads one site's stores.
type Client struct {
	API    string // "" is DefaultAPI; https, or http on a loopback address
	SiteID string
	Token  string // a Netlify personal access token
	HTTP   *http.Client
	// MaxKeys bounds a listing (default 10000); MaxBytes one blob's
	// bytes (default 64 KiB). Past either, the read fails and says so.
	MaxKeys  int
	MaxBytes int64
}

// ErrNotFound is a key the store does not hold.
var ErrNotFound = errors.New("no such blob")

// maxPage bounds one page of a listing's JSON.
const maxPage = 8 << 20

func (c *Client) api() (*url.URL, error) {
	raw := c.API
	if raw == "" {
		raw = DefaultAPI
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("the Netlify API address %q cannot be read: give one such as %s", raw, DefaultAPI)
	}
	if u.Scheme != "https" && !(u.Scheme == "http" && loopback(u.Hostname())) {
		return nil, fmt.Errorf("the Netlify API address %q is not https: the token is sent only over https (or to this machine)", raw)
	}
	return u, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (c *Client) limits() (int, int64) {
	keys, bytes := c.MaxKeys, c.MaxBytes
	if keys <= 0 {
		keys = 10_000
	}
	if bytes <= 0 {
		bytes = 64 << 10
	}
	return keys, bytes
}

func (c *Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 30 * time.Second}
}

// storeURL is the API address of a site store, or of one of its keys.
func (c *Client) storeURL(store, key string) (*url.URL, error) {
	if c.SiteID == "" || c.Token == "" {
		return nil, errors.New("reading the site's Blobs needs its site ID and a Netlify token (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN)")
	}
	u, err := c.api()
	if err != nil {
		return nil, err
	}
	p := "/api/v1/blobs/" + url.PathEscape(c.SiteID) + "/" + url.PathEscape("site:"+store)
	raw := p
	if key != "" {
		var segs []string
		for _, s := range strings.Split(key, "/") {
			segs = append(segs, url.PathEscape(s))
		}
		raw += "/" + strings.Join(segs, "/")
	}
	u = u.JoinPath() // a copy
	u.Path, u.RawPath = "", ""
	return u.Parse(raw)
}

func (c *Client) do(ctx context.Context, u *url.URL, accept string, auth bool) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	if auth {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	res, err := c.http().Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("cannot reach Netlify's Blobs at %s: %w; check the network connection", u.Host, err)
	}
	return res, nil
}

// statusError says what an unexpected answer means to the owner.
func statusError(res *http.Response, what string) error {
	status := fmt.Sprintf("%d %s", res.StatusCode, http.StatusText(res.StatusCode))
	switch res.StatusCode {
	case http.StatusUnauthorized, http.StatusForbidden:
		return fmt.Errorf("the token was refused by Netlify (%s) when %s: check NETLIFY_AUTH_TOKEN (a personal access token, app.netlify.com, User settings, Applications) and that its account may read the site NETLIFY_SITE_ID", status, what)
	case http.StatusTooManyRequests:
		return fmt.Errorf("too many requests to Netlify (%s) when %s: try again in a minute", status, what)
	}
	return fmt.Errorf("the answer from Netlify was %s when %s", status, what)
}

// List returns the keys of store that begin with prefix, every page of
// them, in the order the API gives. The whole store is listed (see the
// package's comment): MaxKeys bounds all its keys.
func (c *Client) List(ctx context.Context, store, prefix string) ([]string, error) {
	maxKeys, _ := c.limits()
	base, err := c.storeURL(store, "")
	if err != nil {
		return nil, err
	}
	var keys []string
	cursor, seen := "", 0
	for {
		u := *base
		q := url.Values{}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		u.RawQuery = q.Encode()
		res, err := c.do(ctx, &u, "", true)
		if err != nil {
			return nil, err
		}
		what := fmt.Sprintf("listing the store %q", store)
		if res.StatusCode == http.StatusNotFound {
			res.Body.Close()
			return keys, nil
		}
		if res.StatusCode != http.StatusOK {
			res.Body.Close()
			return nil, statusError(res, what)
		}
		var page struct {
			Blobs []struct {
				Key string `json:"key"`
			} `json:"blobs"`
			NextCursor string `json:"next_cursor"`
		}
		err = json.NewDecoder(io.LimitReader(res.Body, maxPage)).Decode(&page)
		res.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("the answer from Netlify when %s cannot be read: %w", what, err)
		}
		seen += len(page.Blobs)
		if seen > maxKeys {
			return nil, fmt.Errorf("the store %q holds more than %d keys: delete the old ones (netlify blobs:delete %s KEY) and try again", store, maxKeys, store)
		}
		for _, b := range page.Blobs {
			if strings.HasPrefix(b.Key, prefix) {
				keys = append(keys, b.Key)
			}
		}
		if page.NextCursor == "" || page.NextCursor == cursor {
			return keys, nil
		}
		cursor = page.NextCursor
	}
}

// Get returns the bytes of key in store; ErrNotFound when it holds none.
func (c *Client) Get(ctx context.Context, store, key string) ([]byte, error) {
	_, maxBytes := c.limits()
	u, err := c.storeURL(store, key)
	if err != nil {
		return nil, err
	}
	what := fmt.Sprintf("reading %q from the store %q", key, store)
	res, err := c.do(ctx, u, signedURLAccept, true)
	if err != nil {
		return nil, err
	}
	var signed struct {
		URL string `json:"url"`
	}
	switch res.StatusCode {
	case http.StatusOK:
		err = json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&signed)
		res.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("the answer from Netlify when %s cannot be read: %w", what, err)
		}
	case http.StatusNotFound:
		res.Body.Close()
		return nil, ErrNotFound
	default:
		res.Body.Close()
		return nil, statusError(res, what)
	}
	blob, err := url.Parse(signed.URL)
	if err != nil || blob.Host == "" || (blob.Scheme != "https" && !(blob.Scheme == "http" && loopback(blob.Hostname()))) {
		return nil, fmt.Errorf("the answer from Netlify when %s gives no https address to read it from (%q)", what, signed.URL)
	}
	res, err = c.do(ctx, blob, "", false)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusOK:
	case http.StatusNotFound:
		return nil, ErrNotFound
	default:
		return nil, statusError(res, what)
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("%q in the store %q is larger than %d bytes: it is not a record this program wrote", key, store, maxBytes)
	}
	return data, nil
}
