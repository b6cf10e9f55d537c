package server

import (
	"html/template"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// wantsHTML reports whether the request's Accept lists text/html (with a
// quality above 0): a browser's native form post. A script's fetch sends
// */* or application/json and gets JSON.
func wantsHTML(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil || mt != "text/html" {
			continue
		}
		return params["q"] == "" || strings.Trim(params["q"], "0.") != ""
	}
	return false
}

// backLink is where a page's "go back" link leads: the Referer when it is a
// page of this site (its path and query only, so the link cannot leave the
// site), else the home page.
func backLink(r *http.Request) string {
	ref, err := url.Parse(r.Header.Get("Referer"))
	if err != nil || ref.Scheme != "http" && ref.Scheme != "https" || !strings.EqualFold(ref.Host, r.Host) || ref.User != nil {
		return "/"
	}
	back := ref.EscapedPath()
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.Contains(back, "\\") {
		return "/"
	}
	if ref.RawQuery != "" {
		back += "?" + ref.RawQuery
	}
	return back
}

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

// writePage answers with a notice page.
func writePage(w http.ResponseWriter, status int, n notice) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = noticePage.Execute(w, n)
}
