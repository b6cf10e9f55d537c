package server

import (
	"html/template"
	"net/http"
)

// The pages the server writes itself, outside the site's own pages: the
// secret's page, the closed page and the short notices. The Edge Function
// writes the same pages byte for byte (netlify/private-gate/pages.mjs),
// which testdata/closed-page.html and the tests of both hold.

// notice is a small page the server writes itself.
type notice struct {
	Title, Text, Back string
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

var noticePage = template.Must(template.New("notice").Parse(pageHead + `<title>{{.Title}}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}a{color:LinkText}</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
<p><a href="{{.Back}}">{{if eq .Back "/"}}Go to the home page{{else}}Go back{{end}}</a></p>
</main>
</body>
</html>
`))

// gateForm is the page that asks for the secret: it names nothing of the
// project, not even its title.
type gateForm struct {
	Action  string
	Problem string
}

var gatePage = template.Must(template.New("gate").Parse(pageHead + `<title>Private page</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}input,button{font:inherit;padding:.4rem .6rem}input{width:100%;box-sizing:border-box;margin:.25rem 0 1rem}p[role=alert]{font-weight:600}</style>
</head>
<body>
<main>
<h1>Private page</h1>
<p>This page is private. Enter the secret you were sent to open it.</p>
{{if .Problem}}<p role="alert">{{.Problem}}</p>{{end}}
<form method="post" action="{{.Action}}">
<label for="secret">Secret</label>
<input id="secret" name="secret" type="password" required autocomplete="off" autofocus>
<button type="submit">Open</button>
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

type closedForm struct{ Owner, Contact string }

var closedPage = template.Must(template.New("closed").Parse(pageHead + `<title>This private page is closed</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}a{color:LinkText}</style>
</head>
<body>
<main>
<h1>This private page is closed</h1>
<p>The time to see this page is over. If you still need it, {{.Owner}} can open it again for you.</p>
<p><a href="{{.Contact}}">Write to {{.Owner}}</a></p>
</main>
</body>
</html>
`))
