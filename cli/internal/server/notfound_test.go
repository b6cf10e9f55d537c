package server_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/server"
)

// A site in several languages: serve answers a missing page under a
// language's prefix with that language's not-found page, by the rules the
// build writes for the host (headers.WriteRedirects, decision 0123); any
// other missing page, and every one of a site in one language, with
// 404.html.
func TestNotFoundPageOfTheLanguage(t *testing.T) {
	for _, langs := range [][]string{{"sv", "en", "fr"}, {"en"}} {
		dir := writeSite(t)
		for _, lang := range langs[1:] {
			if err := os.MkdirAll(filepath.Join(dir, lang, "about"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, body := range map[string]string{"404.html": "<h1>404 in " + lang + "</h1>", "about/index.html": "<h1>About in " + lang + "</h1>"} {
				if err := os.WriteFile(filepath.Join(dir, lang, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := headers.WriteRedirects(dir, langs); err != nil {
			t.Fatal(err)
		}
		s := serveDir(t, dir, func(*server.Config) {})
		tests := []struct{ path, status, body string }{
			{"/no-such-page", "404", "<h1>404</h1>"},
			{"/english/no-such-page", "404", "<h1>404</h1>"},
			{"/_redirects", "404", "<h1>404</h1>"},
		}
		for _, lang := range langs[1:] {
			tests = append(tests,
				struct{ path, status, body string }{"/" + lang + "/no-such-page", "404", "<h1>404 in " + lang + "</h1>"},
				struct{ path, status, body string }{"/" + lang + "/projects/gone/photos/9", "404", "<h1>404 in " + lang + "</h1>"},
				struct{ path, status, body string }{"/" + lang + "/_redirects", "404", "<h1>404 in " + lang + "</h1>"},
				struct{ path, status, body string }{"/" + lang + "/about", "200", "<h1>About in " + lang + "</h1>"},
			)
		}
		for _, tt := range tests {
			t.Run(langs[0]+tt.path, func(t *testing.T) {
				res, body := get(t, s.url, tt.path, nil)
				if got := res.Status[:3]; got != tt.status {
					t.Errorf("status = %s, want %s", got, tt.status)
				}
				if !bytes.Contains(body, []byte(tt.body)) {
					t.Errorf("body = %.60q, want it to contain %q", body, tt.body)
				}
			})
		}
		if _, err := os.Stat(filepath.Join(dir, headers.RedirectsFile)); (err == nil) != (len(langs) > 1) {
			t.Errorf("languages %v: %s written = %v, want %v", langs, headers.RedirectsFile, err == nil, len(langs) > 1)
		}
	}
}
