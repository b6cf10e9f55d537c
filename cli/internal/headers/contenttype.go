package headers

import (
	_ "embed"
	"encoding/json"
	"mime"
	"path"
	"strings"
)

// contentTypes are the types of the site's own kinds of file, whatever the
// system's MIME table says: it differs between machines (Debian's calls
// .webm audio/webm, .ico image/vnd.microsoft.icon; a machine without one
// has no .mp4, .vtt or .zip at all), and the build machine's table would
// become the private files' type in the deploy store. The table is
// contenttypes.json, which netlify/dev/edge.mjs reads too.
//
//go:embed contenttypes.json
var contentTypesJSON []byte

var contentTypes = func() map[string]string {
	var file struct {
		Types map[string]string `json:"types"`
	}
	if err := json.Unmarshal(contentTypesJSON, &file); err != nil {
		panic("headers: contenttypes.json: " + err.Error()) // embedded; TestContentTypes reads it
	}
	return file.Types
}()

// ContentType is the Content-Type a file of the built site is sent with,
// by its name's extension: `portfolio serve` sends it with the site's
// files, and the build writes it into each private file's metadata in the
// deploy store (package privatestore), which the Edge Function sends.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}
