package server_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/privateaccess"
)

// gatePageCase is one answer the gate writes itself, with what the build
// said of the site and the project, and the request: testdata/secret-pages.json
// holds each with its answer, and the Edge Function's tests send the same
// requests and get the same bytes (netlify/private-gate/gate.test.mjs).
// Most are the secret's page; the others are the gate's own notices,
// refusals and favourites answers, whose texts the function writes again.
type gatePageCase struct {
	Name   string              `json:"name"`
	Method string              `json:"method,omitempty"` // GET when empty
	Path   string              `json:"path"`
	Secret string              `json:"secret,omitempty"` // posted when set
	Accept string              `json:"accept,omitempty"`
	Cookie bool                `json:"cookie,omitempty"` // alpha's, valid an hour
	Form   string              `json:"form,omitempty"`   // posted (urlencoded) when set; "multipart" or "too large" for those
	Site   *privateaccess.Site `json:"site,omitempty"`
	Page   *privateaccess.Page `json:"page,omitempty"`
	// Unlisted: the build's list names no gallery for the project, so
	// favourites cannot be checked; StoreFails: storing them fails.
	Unlisted   bool `json:"unlisted,omitempty"`
	StoreFails bool `json:"storeFails,omitempty"`
	Status     int  `json:"status"`
	// Headers are the answer's Content-Type and, when sent, its Allow.
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
}

// A cover as the build makes it: base64 with '+' and '/' in it, which
// the attribute escapes.
const testCover = "data:image/jpeg;base64,/9j/4AAQSkZJRg+ABAQ/AAAB//2Q=="

// twoLanguages is what the build writes of a site in English and Swedish
// (decision 0123): the secret page's strings in each, as the prerender
// took them from the catalogue (stand-ins here, with what must be
// escaped in them).
var twoLanguages = &privateaccess.Site{
	Name: `Avery & Jo <studio>`, Text: "/assets/inter-DWCdPg6A.woff2", Display: "/assets/fraunces-BpEfuOmu.woff2",
	Languages: []string{"en", "sv"},
	Messages: map[string]privateaccess.GateMessages{
		"en": privateaccess.EnglishGate,
		"sv": {
			Title: "Privat galleri", SharedBy: "{site} har delat galleriet med dig. Skriv lösenordet från {site}s meddelande & se det.",
			Shared: "Galleriet är privat.", Password: "Lösenord", Open: "Öppna <galleriet>",
			Wrong: `Det är inte "lösenordet". Försök igen.`, Unreadable: "Formuläret gick inte att läsa.",
			TooMany: "För många försök. Vänta {wait}.", Wait: privateaccess.Wait{Second: "en sekund", Seconds: "{n} sekunder", Minutes: "{n} minuter"},
			NotFound: privateaccess.Notice{Title: "Ingen sida här", Text: "Det finns ingen sida & så."}, Home: "Gå <hem>",
			Closed: privateaccess.Closed{Title: "Sidan är stängd", Text: "Tiden är över. {owner} kan öppna den igen.", Write: "Skriv till {owner}", Owner: "fotografen"},
		},
	},
}

var gatePageCases = []gatePageCase{
	{Name: "a Swedish page, after a wrong password", Path: "/private/alpha/sv/", Secret: "a guess", Site: twoLanguages},
	{Name: "a Swedish photo's page, no title shown", Path: "/private/alpha/sv/photos/2", Site: twoLanguages},
	{Name: "the default language's page of a site in two", Path: "/private/alpha/photos/2", Site: twoLanguages,
		Page: &privateaccess.Page{Title: "Alpha"}},
	{Name: "a Swedish page shows the project's Swedish title", Path: "/private/alpha/sv/photos/2", Site: twoLanguages,
		Page: &privateaccess.Page{Title: "Alpha & co", Titles: map[string]string{"sv": "Alfa & co", "de": "Alpha <de>"}}},
	{Name: "the default language's page of a project with a Swedish title", Path: "/private/alpha/", Site: twoLanguages,
		Page: &privateaccess.Page{Title: "Alpha & co", Titles: map[string]string{"sv": "Alfa & co"}}},
	{Name: "a segment that is no language of the site", Path: "/private/alpha/fr/", Site: twoLanguages},
	{Name: "a language the build wrote no strings for", Path: "/private/alpha/sv/",
		Site: &privateaccess.Site{Name: "Avery Morgan", Languages: []string{"en", "sv"}}},
	{Name: "title, cover and fonts, after a wrong password", Path: "/private/alpha/", Secret: "a guess",
		Site: &privateaccess.Site{Name: `Avery & Jo O'Neil <studio>`, Text: "/assets/inter-DWCdPg6A.woff2", Display: "/assets/fraunces-BpEfuOmu.woff2"},
		Page: &privateaccess.Page{Title: `The "Alpha" wedding & party`, Cover: testCover}},
	{Name: "nothing of the project shown", Path: "/private/alpha/photos/2",
		Site: &privateaccess.Site{Name: "Avery Morgan", Text: "/assets/inter-DWCdPg6A.woff2", Display: "/assets/fraunces-BpEfuOmu.woff2"}},
	{Name: "fonts not yet built, no such project", Path: "/private/nobody/",
		Site: &privateaccess.Site{Name: "Avery Morgan"}},
	{Name: "addresses that are not a published font's or a cover's are left out", Path: "/private/alpha/",
		Site: &privateaccess.Site{Name: "Avery Morgan", Text: "https://fonts.example.com/inter.woff2", Display: "/assets/x.woff2);background:url(//evil"},
		Page: &privateaccess.Page{Title: "Alpha", Cover: "https://cdn.example.com/alpha/cover.jpg"}},
	{Name: "a list from before the site's part", Path: "/private/alpha/"},
	{Name: "the prefix alone, for a browser", Path: "/private/", Accept: "text/html", Status: http.StatusNotFound},
	{Name: "the prefix alone, for a script", Path: "/private/", Status: http.StatusNotFound},
	{Name: "a spelling that hides the prefix", Path: "/%70rivate/alpha/", Accept: "text/html", Status: http.StatusBadRequest},
	{Name: "past the gate, no such page", Path: "/private/alpha/no-such-page", Accept: "text/html", Cookie: true, Status: http.StatusNotFound},
	{Name: "past the gate, no such Swedish page", Path: "/private/alpha/sv/no-such-page", Accept: "text/html", Cookie: true, Site: twoLanguages, Status: http.StatusNotFound},
	{Name: "past the gate, no such Swedish page, for a script", Path: "/private/alpha/sv/no-such-page", Cookie: true, Site: twoLanguages, Status: http.StatusNotFound},
	{Name: "past the gate, no such page of the default language", Path: "/private/alpha/no-such-page", Accept: "text/html", Cookie: true, Site: twoLanguages, Status: http.StatusNotFound},
	{Name: "past the gate, a method no page takes", Method: http.MethodPut, Path: "/private/alpha/", Cookie: true, Status: http.StatusMethodNotAllowed},
	{Name: "favourites sent, for a browser", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "text/html", Cookie: true,
		Form: favouritesForm("Secret Alpha", "IMG_0012.jpg"), Status: http.StatusOK},
	{Name: "favourites sent, for a script", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "application/json", Cookie: true,
		Form: favouritesForm("Secret Alpha", "IMG_0012.jpg"), Status: http.StatusOK},
	{Name: "favourites refused, for a browser", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "text/html", Cookie: true,
		Form: favouritesForm("Secret Beta", "IMG_9999.jpg"), Status: http.StatusBadRequest},
	{Name: "favourites refused, for a script", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "application/json", Cookie: true,
		Form: favouritesForm("Secret Alpha", ""), Status: http.StatusBadRequest},
	{Name: "favourites sent in another encoding", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "text/html", Cookie: true,
		Form: "multipart", Status: http.StatusUnsupportedMediaType},
	{Name: "favourites too large, for a browser", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "text/html", Cookie: true,
		Form: "too large", Status: http.StatusRequestEntityTooLarge},
	{Name: "favourites that cannot be checked, for a browser", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "text/html", Cookie: true,
		Form: favouritesForm("Secret Alpha", "IMG_0012.jpg"), Unlisted: true, Status: http.StatusServiceUnavailable},
	{Name: "favourites that cannot be checked, for a script", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "application/json", Cookie: true,
		Form: favouritesForm("Secret Alpha", "IMG_0012.jpg"), Unlisted: true, Status: http.StatusServiceUnavailable},
	{Name: "favourites that cannot be stored, for a browser", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "text/html", Cookie: true,
		Form: favouritesForm("Secret Alpha", "IMG_0012.jpg"), StoreFails: true, Status: http.StatusInternalServerError},
	{Name: "favourites that cannot be stored, for a script", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "application/json", Cookie: true,
		Form: favouritesForm("Secret Alpha", "IMG_0012.jpg"), StoreFails: true, Status: http.StatusInternalServerError},
	{Name: "favourites too large, for a script", Method: http.MethodPost, Path: "/private/alpha/photos/1", Accept: "application/json", Cookie: true,
		Form: "too large", Status: http.StatusRequestEntityTooLarge},
}

// favouritesForm is a favourites post for the project titled project.
func favouritesForm(project, photos string) string {
	return url.Values{"form-name": {"favourites"}, "name": {"Jo"}, "email": {"jo@example.com"}, "message": {"Prints, please"},
		"project": {project}, "photos": {photos}}.Encode()
}

// TestSecretPagesFile: testdata/secret-pages.json is each case's page as
// serve writes it (`go test ./cli/internal/server -run SecretPagesFile
// -update` rewrites it, then check gate.mjs with `node --test
// netlify/private-gate/`).
func TestSecretPagesFile(t *testing.T) {
	s := newPrivateSite(t)
	var got []gatePageCase
	for i, c := range gatePageCases {
		g := privateaccess.Galleries{Site: c.Site, Projects: map[string]privateaccess.Gallery{
			"alpha": {Title: "Secret Alpha", Photos: []string{"IMG_0012.jpg"}, Page: c.Page},
		}}
		if c.Unlisted {
			g.Projects = nil
		}
		*s.galleries = g
		*s.storeFails = c.StoreFails
		method, body, header := cmp.Or(c.Method, http.MethodGet), "", http.Header{}
		if c.Secret != "" {
			method, body = http.MethodPost, url.Values{privateaccess.SecretField: {c.Secret}}.Encode()
		}
		if c.Form == "multipart" {
			header.Set("Content-Type", "multipart/form-data; boundary=x")
			body = "--x\r\nContent-Disposition: form-data; name=\"form-name\"\r\n\r\nfavourites\r\n--x--\r\n"
		} else if c.Form == "too large" {
			// A byte over the limit (contact.MaxPost).
			body = favouritesForm("Secret Alpha", "IMG_0012.jpg") + "&x="
			body += strings.Repeat("x", contact.MaxPost+1-len(body))
		} else if c.Form != "" {
			body = c.Form
		}
		if c.Accept != "" {
			header.Set("Accept", c.Accept)
		}
		if c.Cookie {
			header.Set("Cookie", privateaccess.CookieName("alpha")+"="+privateaccess.Cookie(theSecret, "alpha", s.clock.Now().Add(time.Hour)))
		}
		// Each from an address of its own: no case spends another's tries.
		r := s.do(method, c.Path, fmt.Sprintf("192.0.2.%d", i+1), header, body)
		want := cmp.Or(c.Status, http.StatusUnauthorized)
		if r.status != want {
			t.Fatalf("%s: status %d, want %d:\n%s", c.Name, r.status, want, r.body)
		}
		c.Status, c.Body = r.status, r.body
		c.Headers = map[string]string{"Content-Type": r.header.Get("Content-Type")}
		if allow := r.header.Get("Allow"); allow != "" {
			c.Headers["Allow"] = allow
		}
		got = append(got, c)
	}
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if !golden.File(t, filepath.Join("testdata", "secret-pages.json"), data) {
		t.Log(edgeFunctionReadsIt)
	}
}

// What each page shows, and never shows (decision 0095).
func TestSecretPageShowsOnlyWhatTheOwnerAllowed(t *testing.T) {
	s := newPrivateSite(t)
	site := &privateaccess.Site{Name: "Avery Morgan", Text: "/assets/inter-DWCdPg6A.woff2", Display: "/assets/fraunces-BpEfuOmu.woff2"}
	page := func(p *privateaccess.Page) string {
		*s.galleries = privateaccess.Galleries{Site: site, Projects: map[string]privateaccess.Gallery{"alpha": {Title: "Secret Alpha", Photos: []string{"IMG_0012.jpg"}, Page: p}}}
		return s.do(http.MethodGet, "/private/alpha/", "192.0.2.1", nil, "").body
	}
	hidden := page(nil)
	for _, must := range []string{"<p class=\"site\">Avery Morgan</p>", "<h1>Private gallery</h1>", "Avery Morgan shared this private gallery with you.", `<label for="secret">Password</label>`,
		`src:url(/assets/inter-DWCdPg6A.woff2)`, `src:url(/assets/fraunces-BpEfuOmu.woff2)`, "@media (prefers-color-scheme:dark)"} {
		if !strings.Contains(hidden, must) {
			t.Errorf("the page without the project's part lacks %q:\n%s", must, hidden)
		}
	}
	for _, never := range []string{"Secret Alpha", "IMG_0012", "<img", "data:", "<script"} {
		if strings.Contains(hidden, never) {
			t.Errorf("the page without the project's part holds %q", never)
		}
	}
	// (but for the form's action, its own address)
	if other := s.do(http.MethodGet, "/private/nobody/", "192.0.2.1", nil, "").body; strings.Replace(other, "/private/nobody/", "/private/alpha/", 1) != hidden {
		t.Error("a project that shows nothing has a page unlike a slug no project has: the page tells them apart")
	}
	shown := page(&privateaccess.Page{Title: "Secret Alpha", Cover: testCover})
	for _, must := range []string{"<h1>Secret Alpha</h1>", "<title>Secret Alpha · Avery Morgan</title>", `<img class="cover" src="data:image/jpeg;base64,`} {
		if !strings.Contains(shown, must) {
			t.Errorf("the page with title and cover lacks %q", must)
		}
	}
	if titleOnly := page(&privateaccess.Page{Title: "Secret Alpha"}); strings.Contains(titleOnly, "<img") {
		t.Error("the cover is shown though the owner did not opt in")
	}
}

// The secret's and the closed page's colours are the site's theme's: each
// colour the page's style names is one site/src/theme/theme.ts gives the
// same role in the same scheme.
func TestGatePageColoursAreTheTheme(t *testing.T) {
	theme, err := os.ReadFile(filepath.Join("..", "..", "..", "site", "src", "theme", "theme.ts"))
	if err != nil {
		t.Fatal(err)
	}
	light, dark, ok := strings.Cut(string(theme), "dark: {")
	if !ok {
		t.Fatal("theme.ts: no dark scheme found")
	}
	s := newPrivateSite(t)
	body := s.do(http.MethodGet, "/private/alpha/", "192.0.2.1", nil, "").body
	style := regexp.MustCompile(`(?s)<style>(.*)</style>`).FindStringSubmatch(body)[1]
	lightCSS, darkCSS, ok := strings.Cut(style, "@media (prefers-color-scheme:dark)")
	if !ok {
		t.Fatal("the page has no dark scheme")
	}
	roles := map[string]string{"bg": "default", "paper": "paper", "ink": "primary", "muted": "secondary", "primary": "main", "on-primary": "contrastText"}
	for _, scheme := range []struct{ name, css, ts string }{{"light", lightCSS, light}, {"dark", darkCSS, dark}} {
		for v, role := range roles {
			m := regexp.MustCompile(`--` + v + `:(#[0-9a-f]{6})`).FindStringSubmatch(scheme.css)
			if m == nil {
				t.Errorf("%s: the page sets no --%s", scheme.name, v)
				continue
			}
			if !strings.Contains(scheme.ts, role+": '"+m[1]+"'") {
				t.Errorf("%s: --%s is %s, which theme.ts does not give %s in that scheme", scheme.name, v, m[1], role)
			}
		}
	}
}

// TestGatePageFontsAreTheTheme: the secret's page sets its text and its
// heading in the site's two font stacks, as site/src/theme/fonts.css
// writes them for the theme (theme.ts names its variables; the page's CSS
// has double quotes and no spaces after commas).
func TestGatePageFontsAreTheTheme(t *testing.T) {
	theme, err := os.ReadFile(filepath.Join("..", "..", "..", "site", "src", "theme", "fonts.css"))
	if err != nil {
		t.Fatal(err)
	}
	s := newPrivateSite(t)
	body := s.do(http.MethodGet, "/private/alpha/", "192.0.2.1", nil, "").body
	for _, tt := range []struct{ name, rule string }{{"text", `body\{[^}]*font:[0-9.rem/]+ ([^;}]+)`}, {"display", `h1\{[^}]*font:600 [0-9.rem/]+ ([^;}]+)`}} {
		m := regexp.MustCompile(`--font-` + tt.name + `: ([^;]+);`).FindSubmatch(theme)
		if m == nil {
			t.Fatalf("fonts.css: no --font-%s", tt.name)
		}
		m[1] = bytes.ReplaceAll(m[1], []byte("'"), []byte(`"`))
		want := strings.ReplaceAll(string(m[1]), ", ", ",")
		got := regexp.MustCompile(tt.rule).FindStringSubmatch(body)
		if got == nil || got[1] != want {
			t.Errorf("the page's %s font is %q, theme.ts's %q", tt.name, got, want)
		}
	}
}
