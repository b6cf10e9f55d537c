package server_test

import (
	"net/http"
	"strings"
	"testing"

	"portfolio/cli/internal/rights"
	"portfolio/cli/internal/server"
)

// With the tokens of aiTraining: block, serve refuses those crawlers on
// every path and method, the page, an asset, a missing page, the Image
// CDN, a form post, before anything else, as the Edge Function does
// (decision 0103); search crawlers and browsers get the site. Without
// tokens (disallow, allow) nobody is refused.
func TestAICrawlersRefused(t *testing.T) {
	const (
		gptBot    = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)"
		ccBot     = "CCBot/2.0 (https://commoncrawl.org/faq/)"
		googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
		applebot  = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)"
		firefox   = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
		lookalike = "NotGPTBot-lookalike/1.0"
	)
	blocking := startWith(t, func(c *server.Config) { c.AICrawlers = rights.UserAgentTokens() })
	open := startWith(t, func(*server.Config) {})
	paths := []string{"/", "/about/", "/assets/app-3f2a.js", "/img/photo-480.webp", "/no-such-page", "/.netlify/images?url=/img/photo-480.webp&w=100", "/%2e%2e/secret.txt"}
	for _, tt := range []struct {
		site      site
		userAgent string
		token     string
	}{
		{blocking, gptBot, "GPTBot"},
		{blocking, ccBot, "CCBot"},
		{blocking, googlebot, ""},
		{blocking, applebot, ""},
		{blocking, firefox, ""},
		{blocking, lookalike, ""},
		{open, gptBot, ""},
	} {
		for _, p := range paths {
			res, body := get(t, tt.site.url, p, map[string]string{"User-Agent": tt.userAgent})
			if tt.token == "" {
				if res.StatusCode == http.StatusForbidden {
					t.Errorf("%s %s: 403 %s", tt.userAgent, p, body)
				}
				continue
			}
			if res.StatusCode != http.StatusForbidden || string(body) != rights.Refusal(tt.token) {
				t.Errorf("%s %s: %d %q, want 403 %q", tt.userAgent, p, res.StatusCode, body, rights.Refusal(tt.token))
			}
			for _, h := range rights.RefusalHeaders {
				if got := res.Header.Get(h[0]); got != h[1] {
					t.Errorf("%s %s: %s %q, want %q", tt.token, p, h[0], got, h[1])
				}
			}
			if res.Header.Get("Content-Security-Policy") != "" || res.Header.Get("Content-Encoding") != "" {
				t.Errorf("%s %s: the site's headers on the refusal: %v", tt.token, p, res.Header)
			}
		}
	}
	// A form post and a HEAD are refused alike.
	req, _ := http.NewRequest(http.MethodPost, blocking.url+"/", strings.NewReader("form-name=contact"))
	req.Header.Set("User-Agent", gptBot)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("POST by GPTBot: %d", res.StatusCode)
	}
	if n, _ := blocking.store.Count(t.Context()); n != 0 {
		t.Errorf("%d messages stored from GPTBot", n)
	}
}
