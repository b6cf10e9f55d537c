package headers

import (
	"mime"
	"path"
	"strings"
)

// extraTypes are the types of the site's own kinds of file, whatever the
// system's MIME table says (it differs between machines; these are what
// the host sends).
var extraTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".svg":         "image/svg+xml",
	".webp":        "image/webp",
	".woff2":       "font/woff2",
	".xml":         "application/xml",
	".txt":         "text/plain; charset=utf-8",
	".webmanifest": "application/manifest+json",
}

// ContentType is the Content-Type a file of the built site is sent with,
// by its name's extension: `portfolio serve` sends it with the site's
// files, and the build writes it into each private file's metadata in the
// deploy store (package privatestore), which the Edge Function sends.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := extraTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}
