package server

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/privatestore"
)

// A private project's files are not in the built site: the build moves
// them into the deploy store (package privatestore, decision 0089), and a
// request the gate admitted is answered from there, by the rule the Edge
// Function follows on Netlify (netlify/private-gate/):
//
//   - the first of the path's keys (privatestore.Keys) the store holds;
//     none, or no store: the gate's 404 "No page here";
//   - 200 with the headers of the blob's metadata, its Content-Type and
//     ETag, Accept-Ranges: bytes and Content-Length; never compressed;
//   - If-None-Match naming the ETag (weak comparison, a list) or "*": 304,
//     the same headers without Content-Length, no body;
//   - GET with one byte range (bytes=a-b, a-, -n): 206 with Content-Range
//     bytes a-b/size; one no byte of which is in the file: 416 with
//     Content-Range bytes */size and no body; more than one range, one
//     that cannot be read, several Range fields or an If-Range other
//     than the ETag: the whole file, 200;
//   - HEAD: the GET's status and headers, no body (ranges are for GET).

// privateFile answers an admitted GET or HEAD under the private prefix;
// client is whose cookie admitted it (decision 0096).
func (h *Handler) privateFile(w http.ResponseWriter, r *http.Request, urlPath, client string) {
	b, err := privatestore.Find(h.cfg.PrivateStore, urlPath)
	if errors.Is(err, privatestore.ErrNotFound) {
		// Not the site's 404.html, which loads the analytics: nothing at
		// a private address counts (decision 0080; the Edge Function
		// answers the same).
		h.secure(w, urlPath)
		h.noPrivatePage(w, r, urlPath)
		return
	}
	if err != nil {
		h.logf("private: %s: %v\n", urlPath, err)
		h.secure(w, urlPath)
		h.fail(w, r, http.StatusInternalServerError, "This page cannot be read",
			"The server cannot read this page. Please tell the site's owner.")
		return
	}
	defer b.Close()
	m := b.Meta
	hdr := w.Header()
	for name, value := range m.Headers {
		hdr.Set(name, value)
	}
	hdr.Set("Content-Type", m.ContentType)
	hdr.Set("ETag", m.ETag)
	hdr.Set("Accept-Ranges", "bytes")
	if noneMatch(r.Header.Values("If-None-Match"), m.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	first, length, status := int64(0), m.Size, http.StatusOK
	if r.Method == http.MethodGet {
		switch verdict, s := oneRange(r, m.Size, m.ETag); verdict {
		case rangeParts:
			first, length, status = s.first, s.last-s.first+1, http.StatusPartialContent
			hdr.Set("Content-Range", "bytes "+strconv.FormatInt(s.first, 10)+"-"+strconv.FormatInt(s.last, 10)+"/"+strconv.FormatInt(m.Size, 10))
		case rangeUnsatisfiable:
			hdr.Set("Content-Range", "bytes */"+strconv.FormatInt(m.Size, 10))
			hdr.Set("Content-Length", "0")
			w.WriteHeader(http.StatusRequestedRangeNotSatisfiable)
			return
		}
	}
	hdr.Set("Content-Length", strconv.FormatInt(length, 10))
	if r.Method == http.MethodHead {
		w.WriteHeader(status)
		return
	}
	if first > 0 {
		if _, err := b.File.Seek(first, io.SeekStart); err != nil {
			hdr.Del("Content-Length")
			hdr.Del("Content-Range")
			http.Error(w, "cannot read "+b.Key, http.StatusInternalServerError)
			return
		}
	}
	// A download counts once, when it is sent from its first byte: not a
	// HEAD, a 304 or a later range of the same download (decision 0097).
	if slug, _ := privateaccess.SlugOf(urlPath); first == 0 {
		if file, ok := downloadName(urlPath, slug); ok {
			h.record(r, Event{Slug: slug, Client: client, Kind: EventDownload, File: file})
		}
	}
	w.WriteHeader(status)
	_, _ = io.CopyN(w, b.File, length)
}

// oneRange reads the request's Range for a file of size bytes with the
// entity tag etag: one satisfiable range, an unsatisfiable one, or
// rangeIgnored (no Range, several fields or ranges, one that cannot be
// read, or an If-Range that is not etag: RFC 9110 §13.1.5, strong).
func oneRange(r *http.Request, size int64, etag string) (rangeVerdict, span) {
	values := r.Header.Values("Range")
	if len(values) != 1 {
		return rangeIgnored, span{}
	}
	if ifRange := r.Header.Values("If-Range"); len(ifRange) > 0 && (len(ifRange) > 1 || ifRange[0] != etag) {
		return rangeIgnored, span{}
	}
	_, set, _ := strings.Cut(values[0], "=")
	specs := 0
	for spec := range strings.SplitSeq(set, ",") {
		if strings.Trim(spec, " \t") != "" {
			specs++
		}
	}
	if specs != 1 {
		return rangeIgnored, span{}
	}
	verdict, spans := byteRanges(values[0], size)
	if verdict == rangeParts {
		return verdict, spans[0]
	}
	return verdict, span{}
}

// noneMatch reports whether If-None-Match fields name etag by the weak
// comparison (RFC 9110 §13.1.2: W/ aside, the same opaque tag), or are
// "*". A list that cannot be read matches nothing from where it breaks.
func noneMatch(fields []string, etag string) bool {
	want := strings.TrimPrefix(etag, "W/")
	for _, field := range fields {
		rest := field
		for {
			rest = strings.TrimLeft(rest, " \t,")
			if rest == "" {
				break
			}
			if rest[0] == '*' {
				return true
			}
			rest = strings.TrimPrefix(rest, "W/")
			if rest == "" || rest[0] != '"' {
				break
			}
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				break
			}
			if rest[:end+2] == want {
				return true
			}
			rest = rest[end+2:]
		}
	}
	return false
}
