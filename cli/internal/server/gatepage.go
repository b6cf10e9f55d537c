package server

import (
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"portfolio/cli/internal/privateaccess"
)

// The pages the server writes itself, outside the site's own pages: the
// secret's page, the closed page and the short notices. The Edge Function
// writes the same pages byte for byte (netlify/private-gate/pages.mjs),
// with the same texts (gate.mjs), which testdata/secret-pages.json and
// closed-page.html and the tests of both hold.

// notice is a small page the server writes itself; Lang, Home and
// BackText are its language and its link's words, from the catalogue
// (decision 0123, amended), English when empty.
type notice struct {
	Title, Text, Back    string
	Lang, Home, BackText string
}

// pageHead starts every page the server writes itself: never indexed,
// in the reader's colour scheme.
const pageHead = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
`

var noticePage = template.Must(template.New("notice").Parse(strings.Replace(pageHead, `<html lang="en">`, `<html lang="{{if .Lang}}{{.Lang}}{{else}}en{{end}}">`, 1) + `<title>{{.Title}}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}a{color:LinkText}</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
<p><a href="{{.Back}}">{{if eq .Back "/"}}{{if .Home}}{{.Home}}{{else}}Go to the home page{{end}}{{else if .BackText}}{{.BackText}}{{else}}Go back{{end}}</a></p>
</main>
</body>
</html>
`))

// pageStyle is the secret's and the closed page's style: the site's
// colours for both schemes (site/src/theme/theme.ts: background, paper,
// text, primary; TestGatePageColoursAreTheTheme holds them to it), its
// fonts with the system's as the fallback, a visible focus ring, and room
// for a phone (decision 0095). No script, nothing loaded but the fonts.
const pageStyle = `:root{color-scheme:light dark;--bg:#f7f4ee;--paper:#ffffff;--ink:#1c1b19;--muted:#55524c;--primary:#26306e;--on-primary:#ffffff}` +
	`@media (prefers-color-scheme:dark){:root{--bg:#111114;--paper:#1a1a1f;--ink:#edeae4;--muted:#b3afa7;--primary:#aab4ff;--on-primary:#0f1230}}` +
	`body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--ink);font:1.0625rem/1.7 "Inter Variable",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}` +
	`.cover{position:fixed;inset:0;width:100%;height:100%;object-fit:cover;filter:blur(28px);transform:scale(1.15);opacity:.55}` +
	`main{position:relative;box-sizing:border-box;width:calc(100% - 2rem);max-width:30rem;margin:2rem auto;padding:2rem 1.5rem;background:var(--paper);border:1px solid var(--muted);border-radius:16px}` +
	`.site{margin:0;font-weight:600;font-size:.8125rem;letter-spacing:.12em;text-transform:uppercase;color:var(--muted)}` +
	`h1{margin:.25rem 0 .75rem;font:600 1.75rem/1.2 "Fraunces Variable",Georgia,"Times New Roman",serif;overflow-wrap:anywhere}` +
	`label{display:block;font-weight:600}` +
	`input{font:inherit;width:100%;box-sizing:border-box;margin:.25rem 0 1.25rem;padding:.55rem .75rem;border:1px solid var(--muted);border-radius:8px;background:var(--paper);color:var(--ink)}` +
	`button{font:inherit;font-weight:600;padding:.55rem 1.5rem;border:0;border-radius:999px;background:var(--primary);color:var(--on-primary);cursor:pointer}` +
	`:focus-visible{outline:3px solid var(--primary);outline-offset:2px}` +
	`a{color:var(--primary)}p[role=alert]{font-weight:600}`

// fontFaces are the @font-face rules of the site's two web fonts, at the
// addresses the build published them (privateaccess.Site); a font whose
// address is unknown or not a published font's is left to the fallback.
func fontFaces(site privateaccess.Site) template.CSS {
	var b strings.Builder
	for _, f := range []struct{ family, url string }{{"Inter Variable", site.Text}, {"Fraunces Variable", site.Display}} {
		if privateaccess.FontPath.MatchString(f.url) {
			fmt.Fprintf(&b, `@font-face{font-family:"%s";font-weight:400 600;font-display:swap;src:url(%s) format("woff2")}`, f.family, f.url)
		}
	}
	return template.CSS(b.String()) // safe: only addresses FontPath matched
}

// gateForm is the page that asks for the secret, called a password to
// the client: the site's name, fonts and colours, and of the project
// only what its owner allowed (privateaccess.Page, decision 0095).
type gateForm struct {
	Action  string
	Problem string
	Site    string // the owner's name; "" when the build wrote none
	Title   string // the project's title, if shown
	Cover   template.URL
	Fonts   template.CSS
	// Lang and Say are the page's language and its strings in it, from the
	// site's catalogue as the build wrote them (decision 0123).
	Lang string
	Say  privateaccess.GateMessages
}

// newGateForm is the secret's page at action (its path) of a project as
// the build describes it, in the path's language; site and page may be
// zero (nothing known: the page names neither, in English).
func newGateForm(action string, site privateaccess.Site, page privateaccess.Page) gateForm {
	f := gateForm{Action: action, Site: site.Name, Title: page.Title, Fonts: fontFaces(site)}
	f.Lang, f.Say = site.GateLanguage(action)
	if t, ok := page.Titles[f.Lang]; ok && f.Title != "" {
		f.Title = t // the translation's title (decision 0123, amended)
	}
	if privateaccess.CoverURI.MatchString(page.Cover) {
		f.Cover = template.URL(page.Cover) // safe: only a base64 JPEG CoverURI matched
	}
	return f
}

// Intro is what the page says: the owner named at each {site}, or the
// words for a site the build named no owner of.
func (f gateForm) Intro() string {
	if f.Site == "" {
		return f.Say.Shared
	}
	return strings.ReplaceAll(f.Say.SharedBy, "{site}", f.Site)
}

var gatePage = template.Must(template.New("gate").Parse(strings.Replace(pageHead, `<html lang="en">`, `<html lang="{{.Lang}}">`, 1) +
	`<title>{{if .Title}}{{.Title}}{{else}}{{.Say.Title}}{{end}}{{if .Site}} · {{.Site}}{{end}}</title>
<style>{{.Fonts}}` + pageStyle + `</style>
</head>
<body>
{{if .Cover}}<img class="cover" src="{{.Cover}}" alt="">
{{end}}<main>
{{if .Site}}<p class="site">{{.Site}}</p>
{{end}}<h1>{{if .Title}}{{.Title}}{{else}}{{.Say.Title}}{{end}}</h1>
<p>{{.Intro}}</p>
{{if .Problem}}<p role="alert">{{.Problem}}</p>
{{end}}<form method="post" action="{{.Action}}">
<label for="secret">{{.Say.Password}}</label>
<input id="secret" name="secret" type="password" required autocomplete="off" autofocus>
<button type="submit">{{.Say.Open}}</button>
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

// closedForm is the page for a client whose access has ended: the site's
// name, fonts and colours, the owner's name and the contact page, and
// nothing of the project (decision 0094, 0095), in the path's language
// with the catalogue's words (decision 0123, amended).
type closedForm struct {
	Site, Owner, Contact string
	Fonts                template.CSS
	Lang                 string
	Say                  privateaccess.Closed
}

// Text and Write are what the page says and its link, the owner named.
func (f closedForm) Text() string  { return strings.ReplaceAll(f.Say.Text, "{owner}", f.Owner) }
func (f closedForm) Write() string { return strings.ReplaceAll(f.Say.Write, "{owner}", f.Owner) }

var closedPage = template.Must(template.New("closed").Parse(strings.Replace(pageHead, `<html lang="en">`, `<html lang="{{.Lang}}">`, 1) + `<title>{{.Say.Title}}{{if .Site}} · {{.Site}}{{end}}</title>
<style>{{.Fonts}}` + pageStyle + `</style>
</head>
<body>
<main>
{{if .Site}}<p class="site">{{.Site}}</p>
{{end}}<h1>{{.Say.Title}}</h1>
<p>{{.Text}}</p>
<p><a href="{{.Contact}}">{{.Write}}</a></p>
</main>
</body>
</html>
`))
