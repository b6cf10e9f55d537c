package server

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"portfolio/cli/internal/headers"
)

// maxCached is the largest file kept in memory (and compressed once); larger
// files (photos) are streamed from disk.
const maxCached = 2 << 20

// static serves a built site folder the way the host does: pretty URLs
// (/about is about/index.html), 404.html with status 404, text compressed
// with gzip, conditional requests. Files are opened through an os.Root, so
// no path (.., encoded or not, or a symbolic link) reaches outside the
// folder.
type static struct {
	root *os.Root

	mu    sync.RWMutex
	files map[string]*file // by path in the root
}

// file is one file's bytes, kept while its size and modification time stay
// the same.
type file struct {
	name     string
	size     int64
	modTime  time.Time
	etag     string // of the file's bytes
	etagGzip string // of its gzip body
	typ      string
	body     []byte // nil when too large to keep
	gz       []byte // nil when not worth compressing
	compress bool
}

func newStatic(dir string) (*static, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("site folder %s: %w", dir, err)
	}
	if _, err := root.Stat("index.html"); err != nil {
		_ = root.Close()
		return nil, fmt.Errorf("site folder %s has no index.html: build the site first (portfolio build)", dir)
	}
	return &static{root: root, files: map[string]*file{}}, nil
}

func (s *static) Close() error { return s.root.Close() }

// resolve maps a URL path to the file to serve and its status: the file
// itself, the folder's index.html, name.html, or 404.html.
func (s *static) resolve(urlPath string) (name string, status int) {
	clean := path.Clean("/" + urlPath)
	rel := strings.TrimPrefix(clean, "/")
	var candidates []string
	if rel == "" {
		candidates = []string{"index.html"}
	} else {
		candidates = []string{rel, rel + "/index.html", rel + ".html"}
	}
	for _, c := range candidates {
		if strings.Contains(c, "\x00") {
			break
		}
		info, err := s.root.Stat(c)
		if err == nil && info.Mode().IsRegular() {
			return c, http.StatusOK
		}
	}
	return s.notFound(clean), http.StatusNotFound
}

// notFound is the not-found page of a missing path, as the host picks it:
// the page of the first rule of _redirects that answers a path under its
// prefix with 404 (`/en/*  /en/404.html  404`, written by the build for a
// site in several languages, decision 0123) and exists, else 404.html.
// Only such rules are read; the build writes no other.
func (s *static) notFound(clean string) string {
	f, err := s.load("_redirects")
	if err != nil || f.body == nil {
		return "404.html"
	}
	for line := range strings.Lines(string(f.body)) {
		fields := strings.Fields(line)
		if len(fields) != 3 || fields[2] != "404" || !strings.HasSuffix(fields[0], "/*") || !strings.HasPrefix(fields[1], "/") {
			continue
		}
		prefix := strings.TrimSuffix(fields[0], "*")
		if !strings.HasPrefix(clean+"/", prefix) {
			continue
		}
		name := strings.TrimPrefix(path.Clean(fields[1]), "/")
		if info, err := s.root.Stat(name); err == nil && info.Mode().IsRegular() {
			return name
		}
	}
	return "404.html"
}

// load returns the file, read (and compressed) again only when it changed.
func (s *static) load(name string) (*file, error) {
	info, err := s.root.Stat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fs.ErrNotExist
	}
	s.mu.RLock()
	f := s.files[name]
	s.mu.RUnlock()
	if f != nil && f.size == info.Size() && f.modTime.Equal(info.ModTime()) {
		return f, nil
	}

	f = &file{
		name:     name,
		size:     info.Size(),
		modTime:  info.ModTime(),
		etag:     fmt.Sprintf(`"%x-%x"`, info.ModTime().UnixNano(), info.Size()),
		etagGzip: fmt.Sprintf(`"%x-%x-gzip"`, info.ModTime().UnixNano(), info.Size()),
		typ:      contentType(name),
	}
	f.compress = compressible(f.typ)
	if f.size <= maxCached {
		body, err := s.root.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f.body = body
		if f.compress && len(body) > 512 {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(body)
			_ = zw.Close()
			if buf.Len() < len(body) {
				f.gz = buf.Bytes()
			}
		}
	}
	s.mu.Lock()
	s.files[name] = f
	s.mu.Unlock()
	return f, nil
}

// serve writes the file at name with status. A 200 goes through
// http.ServeContent (conditional requests, ranges as withRange reads them,
// HEAD), compressed when the client accepts gzip; the file and its gzip
// body are two representations, each with its own strong ETag (RFC 9110
// §8.8.3), and a range is a range of the one sent.
// Another status (the not-found page) is written as it is.
func (s *static) serve(w http.ResponseWriter, r *http.Request, name string, status int) {
	f, err := s.load(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && name == "404.html" {
			http.Error(w, "404 page not found", http.StatusNotFound)
			return
		}
		http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.typ)
	if f.compress {
		h.Add("Vary", "Accept-Encoding")
	}
	var (
		body    io.ReadSeeker
		size    int64
		encoded bool
	)
	switch {
	case f.body == nil: // large: streamed from disk
		rf, err := s.root.Open(name)
		if err != nil {
			http.Error(w, "cannot read "+name, http.StatusInternalServerError)
			return
		}
		defer rf.Close()
		info, err := rf.Stat()
		if err != nil {
			http.Error(w, "cannot read "+name, http.StatusInternalServerError)
			return
		}
		body, size = rf, info.Size()
	case f.gz != nil && acceptsGzip(r):
		h.Set("ETag", f.etagGzip)
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(len(f.gz)))
		body, size, encoded = bytes.NewReader(f.gz), int64(len(f.gz)), true
	default:
		body, size = bytes.NewReader(f.body), int64(len(f.body))
	}
	if status != http.StatusOK {
		h.Del("ETag")
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			_, _ = io.Copy(w, body)
		}
		return
	}
	if h.Get("ETag") == "" {
		h.Set("ETag", f.etag)
	}
	http.ServeContent(w, withRange(r, size, encoded), name, f.modTime, body)
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip
// (listed, and not with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			v, err := strconv.ParseFloat(q, 64)
			return err == nil && v > 0
		}
		return true
	}
	return false
}

// contentType is the type a file is sent with (the host's, package headers).
func contentType(name string) string { return headers.ContentType(name) }

func compressible(typ string) bool {
	return strings.HasPrefix(typ, "text/") || strings.HasPrefix(typ, "application/json") ||
		strings.HasPrefix(typ, "application/xml") || strings.HasPrefix(typ, "image/svg+xml") ||
		strings.HasPrefix(typ, "application/manifest+json")
}
