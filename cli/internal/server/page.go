package server

import (
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

// writePage answers with a notice page.
func writePage(w http.ResponseWriter, status int, n notice) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = noticePage.Execute(w, n)
}
