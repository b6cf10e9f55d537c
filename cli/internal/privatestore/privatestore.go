// Package privatestore keeps a private project's files (project.yaml
// `access: private`) out of the published site: after the prerender, the
// build moves everything under site/dist/private/ into Netlify's
// deploy-scoped Blobs store, in the layout of the Frameworks API (v3) that
// Netlify's build uploads with the deploy:
//
//	.netlify/v1/blobs/deploy/<key>/blob            the file's bytes
//	.netlify/v1/blobs/deploy/<key>/blob.meta.json  its Meta, JSON
//
// at the repository root, beside site/. No static URL, Image CDN request
// or path trick reaches a file there; only the Edge Function
// (netlify/private-gate/) reads it, after the cookie check, and
// `portfolio serve` reads the same folder the same way (package server).
// See docs/decisions/0089.
package privatestore

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/privateaccess"
)

// Dir is the store, relative to the build's folder (the repository root,
// Netlify's base directory): where @netlify/build looks first for the
// deploy's blobs (scanForBlobs, API version 3). Not the legacy
// .netlify/blobs/deploy, which it uploads pinned to one region (us-east-2)
// whatever the site's region (decision 0089).
const Dir = ".netlify/v1/blobs/deploy"

// Folder is where, in the built site (dist), the prerender writes the
// private projects' files, and where the key of each begins.
const Folder = "private"

// The two files of a key's folder.
const (
	BlobFile = "blob"
	MetaFile = "blob.meta.json"
)

// Netlify Blobs sends a blob's metadata in one header,
// `netlify-blobs-metadata: b64;<base64 of the JSON>`, and refuses to store
// one whose name and value exceed 2 KB (@netlify/blobs METADATA_MAX_SIZE,
// encodeMetadata). MaxMeta is the longest JSON that fits: 1515 bytes.
const (
	metaLimit   = 2 * 1024
	metaHeader  = len("netlify-blobs-metadata") + len("b64;")
	MaxMeta     = (metaLimit - metaHeader) / 4 * 3
	maxKeyBytes = 600 // @netlify/blobs: a key's UTF-8 is at most 600 bytes
)

// Meta is a blob's metadata: what a response with its bytes carries.
type Meta struct {
	// ContentType is the type `portfolio serve` sends a file of that name
	// with (headers.ContentType).
	ContentType string `json:"contentType"`
	// ETag is a strong entity tag of the bytes, quoted.
	ETag string `json:"etag"`
	Size int64  `json:"size"`
	// Headers are every header the site's rules (_headers) give the
	// file's URL path, by canonical name, but Content-Type, ETag and
	// Content-Length: the security headers, the policy, and the private
	// rule's opener policy, noindex and private caching.
	Headers map[string]string `json:"headers"`
}

// encode is the metadata as the store keeps it: compact JSON, with no
// HTML escaping (JSON.stringify's length, which Netlify measures).
func (m Meta) encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// excluded are the headers a response sets from the blob itself.
var excluded = []string{"Content-Type", "Etag", "Content-Length"}

// URLPath is the address a visitor asks for the file at key by, the one
// whose header rules apply: a folder's index.html by the folder
// (/private/x/photos/2/), any other file by its own path.
func URLPath(key string) string {
	if dir, ok := strings.CutSuffix(key, "/index.html"); ok {
		return "/" + dir + "/"
	}
	return "/" + key
}

// metaFor is the metadata of the file at key whose bytes hash to sum.
func metaFor(key string, size int64, sum []byte, rules headers.Set) Meta {
	hdr := rules.Match(URLPath(key))
	m := Meta{
		ContentType: headers.ContentType(key),
		ETag:        `"` + hex.EncodeToString(sum[:16]) + `"`,
		Size:        size,
		Headers:     map[string]string{},
	}
	for name, values := range hdr {
		name = http.CanonicalHeaderKey(name)
		if slices.Contains(excluded, name) || len(values) == 0 {
			continue
		}
		m.Headers[name] = strings.Join(values, ", ")
	}
	// A photo's own download (private/<slug>/download/<file>, decision
	// 0099) is an attachment named as its file: saved, not shown, even
	// where a link's download attribute does not reach (the address
	// pasted into a new tab). filename* (RFC 6266) for a name beyond
	// ASCII.
	if parts := strings.Split(key, "/"); len(parts) == 4 && parts[0] == Folder && parts[2] == privateaccess.DownloadFolder {
		if d := mime.FormatMediaType("attachment", map[string]string{"filename": parts[3]}); d != "" {
			m.Headers["Content-Disposition"] = d
		}
	}
	return m
}

// Result is what a move did.
type Result struct {
	Files int
	Bytes int64
}

// ForSite is the store of the site whose project folder is siteDir: in
// the folder above it (the repository root).
func ForSite(siteDir string) (string, error) {
	abs, err := filepath.Abs(siteDir)
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(abs), filepath.FromSlash(Dir)), nil
}

// ForDist is the store beside a built site, when dist is a site's dist
// folder as `portfolio build` leaves it (<repository>/site/dist, or the
// dist of another site folder): ForSite of the folder above it. A built
// folder of any other name (a deploy artifact, a copy) has no store.
func ForDist(dist string) (string, bool) {
	abs, err := filepath.Abs(dist)
	if err != nil || filepath.Base(abs) != "dist" {
		return "", false
	}
	store, err := ForSite(filepath.Dir(abs))
	return store, err == nil
}

// Move moves every file under dist/private into a new store at store,
// with each one's metadata (its headers from rules), and then removes
// dist/private. The store is written fresh: built beside the old one and
// renamed in its place, so a key no file has any more (a project made
// public or removed) is gone, and a move that fails leaves the old store
// and dist as they were. Without dist/private, the store is removed.
func Move(dist, store string, rules headers.Set) (Result, error) {
	var res Result
	src := filepath.Join(dist, Folder)
	if fi, err := os.Lstat(src); errors.Is(err, fs.ErrNotExist) {
		return res, removeStore(store)
	} else if err != nil {
		return res, err
	} else if !fi.IsDir() {
		return res, fmt.Errorf("%s is not a folder: the prerender writes the private projects' files there", src)
	}
	parent := filepath.Dir(store)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return res, err
	}
	// Beside the store, not in it: Netlify uploads every file under it.
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(store)+"-new-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(tmp) // gone once renamed; the half-written store otherwise
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dist, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file (a link or a device): the store holds only the files the build wrote", p)
		}
		if err := CheckKey(key); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		size, err := put(p, filepath.Join(tmp, filepath.FromSlash(key)), key, rules)
		if err != nil {
			return err
		}
		res.Files++
		res.Bytes += size
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	if err := swap(tmp, store); err != nil {
		return Result{}, err
	}
	if err := os.RemoveAll(src); err != nil {
		return res, fmt.Errorf("the private files are in %s, but %s could not be removed: %w", store, src, err)
	}
	return res, nil
}

// put writes the file at from as the blob at dir (a new folder), with its
// metadata: linked when it can be (a video is not copied), else copied.
func put(from, dir, key string, rules headers.Set) (int64, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	blob := filepath.Join(dir, BlobFile)
	if err := fsutil.LinkOrCopy(from, blob); err != nil {
		return 0, err
	}
	f, err := os.Open(blob)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	h := sha256.New()
	size, err := io.Copy(h, f)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", from, err)
	}
	meta := metaFor(key, size, h.Sum(nil), rules)
	data, err := meta.encode()
	if err != nil {
		return 0, err
	}
	if len(data) > MaxMeta {
		return 0, fmt.Errorf("%s: its metadata in the deploy store (the headers of %s) is %d bytes of JSON, more than the %d that Netlify Blobs keeps (2 KB once encoded): "+
			"the site's headers are too long, most likely its Content-Security-Policy with many image or frame origins; use fewer other origins", from, URLPath(key), len(data), MaxMeta)
	}
	return size, os.WriteFile(filepath.Join(dir, MetaFile), data, 0o644)
}

// swap puts the folder tmp in store's place: the old store is renamed
// aside first (a rename cannot replace a folder that has files), then
// removed.
func swap(tmp, store string) error {
	old := ""
	if _, err := os.Lstat(store); err == nil {
		old = tmp + "-old"
		if err := os.Rename(store, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, store); err != nil {
		if old != "" {
			_ = os.Rename(old, store)
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// removeStore removes the store, its folder only (not .netlify, which
// holds Netlify's own state).
func removeStore(store string) error {
	if _, err := os.Lstat(store); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	old := store + "-old-" + rand.Text()
	if err := os.Rename(store, old); err != nil {
		return err
	}
	return os.RemoveAll(old)
}

// CheckKey refuses a key that is not a plain path under Folder: the keys
// are the files' paths in dist, and the server reads only such keys.
func CheckKey(key string) error {
	if len(key) > maxKeyBytes {
		return fmt.Errorf("its key is %d bytes long, more than the %d Netlify Blobs allows: shorten the file's name", len(key), maxKeyBytes)
	}
	if !utf8.ValidString(key) {
		return errors.New("its name is not UTF-8 text")
	}
	segs := strings.Split(key, "/")
	if len(segs) < 2 || segs[0] != Folder {
		return fmt.Errorf("key %q is not under %s/", key, Folder)
	}
	for _, s := range segs {
		if s == "" || s == "." || s == ".." || strings.ContainsAny(s, "\\\x00") {
			return fmt.Errorf("key %q has an empty, dot or backslash part", key)
		}
	}
	return nil
}

// Keys are the keys a request's path may name, in the order they are
// tried (the first one that exists wins), the same rule as the site's
// public files: a path ending in "/" names the folder's index.html, any
// other the file, the folder's index.html, or name.html. urlPath is the
// canonical, decoded path (package server's canonicalPath), under the
// private prefix in any letter case; the prefix's own segment becomes
// Folder, the rest keeps its case. None for a path not under a project's
// prefix, and no key with an empty, dot or backslash segment.
func Keys(urlPath string) []string {
	if slug, private := privateaccess.SlugOf(urlPath); !private || slug == "" {
		return nil
	}
	_, after, _ := strings.Cut(strings.TrimPrefix(urlPath, "/"), "/")
	rel := Folder + "/" + after
	var keys []string
	if strings.HasSuffix(urlPath, "/") {
		keys = []string{rel + "index.html"}
	} else {
		keys = []string{rel, rel + "/index.html", rel + ".html"}
	}
	out := keys[:0]
	for _, k := range keys {
		if CheckKey(k) == nil {
			out = append(out, k)
		}
	}
	return out
}

// Blob is a stored file, open for reading.
type Blob struct {
	Key  string
	Meta Meta
	File *os.File
}

// Close closes the blob's file.
func (b *Blob) Close() error { return b.File.Close() }

// ErrNotFound says that no key of a path is in the store (or there is no
// store).
var ErrNotFound = errors.New("not in the private store")

// Find opens the first of the path's keys (Keys) that the store at dir
// holds. The store is opened for each call (a build replaces the folder
// while `serve` runs), through an os.Root: no key, link or name in it
// reaches a file outside. ErrNotFound when none is there; another error
// when the store is damaged (metadata missing, too long, or not the
// blob's).
func Find(dir, urlPath string) (*Blob, error) {
	keys := Keys(urlPath)
	if dir == "" || len(keys) == 0 {
		return nil, ErrNotFound
	}
	root, err := os.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	} else if err != nil {
		return nil, err
	}
	defer root.Close()
	for _, key := range keys {
		b, err := open(root, key)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		return b, err
	}
	return nil, ErrNotFound
}

// open reads key's metadata and opens its blob.
func open(root *os.Root, key string) (*Blob, error) {
	name := path.Join(key, BlobFile)
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fs.ErrNotExist
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	meta, err := readMeta(root, key)
	if err == nil && meta.Size != info.Size() {
		err = fmt.Errorf("%s: the metadata says %d bytes, the blob has %d: build the site again", key, meta.Size, info.Size())
	}
	if err != nil {
		f.Close()
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s has no %s: build the site again", key, MetaFile)
		}
		return nil, err
	}
	return &Blob{Key: key, Meta: meta, File: f}, nil
}

// readMeta reads and checks key's metadata, at most MaxMeta bytes.
func readMeta(root *os.Root, key string) (Meta, error) {
	var m Meta
	f, err := root.Open(path.Join(key, MetaFile))
	if err != nil {
		return m, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(MaxMeta)+1))
	switch {
	case err != nil:
		return m, err
	case len(data) > MaxMeta:
		return m, fmt.Errorf("%s: %s is longer than %d bytes", key, MetaFile, MaxMeta)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("%s: %s: %v", key, MetaFile, err)
	}
	if err := m.check(); err != nil {
		return m, fmt.Errorf("%s: %s: %w", key, MetaFile, err)
	}
	return m, nil
}

// check refuses metadata a response cannot carry as it is.
func (m Meta) check() error {
	if !headerValue(m.ContentType) || m.ContentType == "" {
		return fmt.Errorf("contentType %q is not a media type", m.ContentType)
	}
	if len(m.ETag) < 2 || m.ETag[0] != '"' || m.ETag[len(m.ETag)-1] != '"' || strings.Contains(m.ETag[1:len(m.ETag)-1], `"`) || !headerValue(m.ETag) {
		return fmt.Errorf("etag %q is not a strong entity tag", m.ETag)
	}
	if m.Size < 0 {
		return fmt.Errorf("size %d is negative", m.Size)
	}
	for name, v := range m.Headers {
		if !token(name) || !headerValue(v) {
			return fmt.Errorf("header %q is not a header name and value", name)
		}
	}
	return nil
}

// token says whether s is an HTTP field name (RFC 9110 §5.1).
func token(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}

// headerValue says whether s can be sent as a field value as it is: no
// control character (CR and LF among them).
func headerValue(s string) bool {
	for _, c := range []byte(s) {
		if c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}
