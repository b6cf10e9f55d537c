// Package uploadstrip stands in front of the browser editor's local
// backend (decap-server, `portfolio dev --editor`) and strips every image
// an upload carries before the backend writes it into content/: its GPS
// position, serial numbers and the rest the command line's import removes
// (package metastrip), so that a photo added in the browser ends as one
// added by `portfolio new project` (issue 48, decision 0084).
package uploadstrip

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"

	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/termsafe"
)

// MaxBody is the largest request passed on: decap-server's own limit
// (express.json's 50 MB), so a larger one is refused here as it would be
// there.
const MaxBody = 50 << 20

// New returns a handler that passes every request to the backend at
// target, each persistMedia and persistEntry request (decap-server's API:
// POST /api/v1, {"action": …, "params": …}) with its images stripped. An
// image that carries private metadata and cannot be stripped is refused
// (422), never written. Each stripped file is named on log.
func New(target *url.URL, log io.Writer) http.Handler {
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(target) }}
	var mu sync.Mutex
	say := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(log, format, args...)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			proxy.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
		if err != nil {
			http.Error(w, "reading the request: "+err.Error(), http.StatusBadRequest)
			return
		}
		if len(body) > MaxBody {
			writeError(w, http.StatusRequestEntityTooLarge, "the upload is over 50 MB")
			return
		}
		out, stripped, err := Strip(body)
		if err != nil {
			writeError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		for _, s := range stripped {
			say("  stripped the upload %s: %s\n", termsafe.String(s.Path), strings.Join(s.Found, ", "))
		}
		r.Body = io.NopCloser(bytes.NewReader(out))
		r.ContentLength = int64(len(out))
		r.Header.Set("Content-Length", fmt.Sprint(len(out)))
		proxy.ServeHTTP(w, r)
	})
}

// writeError answers as decap-server does, {"error": message}, which the
// editor shows.
func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// Stripped is one image an upload carried, and what it lost.
type Stripped struct {
	Path  string
	Found []string
}

// Strip returns the API request body with the images of its assets
// stripped (persistMedia's asset, persistEntry's assets), and what each
// lost; any other request, or one with nothing to strip, comes back as it
// was. Every other field is kept as sent.
func Strip(body []byte) ([]byte, []Stripped, error) {
	var req map[string]json.RawMessage
	if json.Unmarshal(body, &req) != nil {
		return body, nil, nil // not JSON: the backend answers it
	}
	var action string
	_ = json.Unmarshal(req["action"], &action)
	var params map[string]json.RawMessage
	if action != "persistMedia" && action != "persistEntry" || json.Unmarshal(req["params"], &params) != nil {
		return body, nil, nil
	}
	var done []Stripped
	changed := false
	switch action {
	case "persistMedia":
		asset, s, err := stripAsset(params["asset"])
		if err != nil {
			return nil, nil, err
		}
		if s != nil {
			params["asset"], changed, done = asset, true, append(done, *s)
		}
	case "persistEntry":
		var assets []json.RawMessage
		if json.Unmarshal(params["assets"], &assets) != nil {
			return body, nil, nil
		}
		for i, a := range assets {
			asset, s, err := stripAsset(a)
			if err != nil {
				return nil, nil, err
			}
			if s != nil {
				assets[i], changed, done = asset, true, append(done, *s)
			}
		}
		if changed {
			params["assets"], _ = json.Marshal(assets)
		}
	}
	if !changed {
		return body, nil, nil
	}
	req["params"], _ = json.Marshal(params)
	out, err := json.Marshal(req)
	return out, done, err
}

// stripAsset strips one asset ({"path", "content", "encoding": "base64"}):
// the new asset and what it lost, or nil when it carried nothing.
func stripAsset(raw json.RawMessage) (json.RawMessage, *Stripped, error) {
	var asset map[string]json.RawMessage
	if json.Unmarshal(raw, &asset) != nil {
		return raw, nil, nil
	}
	var path, content, encoding string
	_ = json.Unmarshal(asset["path"], &path)
	_ = json.Unmarshal(asset["encoding"], &encoding)
	if encoding != "base64" || json.Unmarshal(asset["content"], &content) != nil {
		return raw, nil, nil
	}
	data, err := base64.StdEncoding.DecodeString(content)
	if err != nil {
		return raw, nil, nil
	}
	out, found, err := metastrip.Upload(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %w", termsafe.String(path), err)
	}
	if len(found) == 0 {
		return raw, nil, nil
	}
	asset["content"], _ = json.Marshal(base64.StdEncoding.EncodeToString(out))
	b, err := json.Marshal(asset)
	return b, &Stripped{Path: path, Found: found}, err
}
