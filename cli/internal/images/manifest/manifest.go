// Package manifest is the record `portfolio images` leaves for `portfolio
// generate`: for every local image of the content, the web variants made from
// it, its size and its placeholder. It is plain data with no image code, so the
// generator reads it without pulling in encoders.
package manifest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
)

// Version changes when the file's shape does; an older file is refused with a
// request to run `portfolio images` again.
const Version = 1

// URLBase is where the site serves the variants: the output folder is the
// site's public/img, which Vite copies to the root of the built site.
const URLBase = "/" + content.ImagesFolder + "/"

// Media types of the variants.
const (
	AVIF = "image/avif"
	WebP = "image/webp"
	JPEG = "image/jpeg"
	PNG  = "image/png"
)

// Manifest lists the processed images.
type Manifest struct {
	Version int `json:"version"`
	// OutDir is the folder the variant files were written to, as given to
	// `portfolio images`.
	OutDir string `json:"outDir"`
	// Images maps an image's path relative to the content folder, with '/'
	// separators (projects/<slug>/gallery/01.jpg), to its record.
	Images map[string]Image `json:"images"`
}

// Image is one source image: what was read, and what was made from it.
type Image struct {
	Source
	Asset
}

// Source identifies the file the variants were made from, so a later change
// to it is noticed without reading it.
type Source struct {
	Size    int64 `json:"size"`
	ModTime int64 `json:"modTime"` // Unix nanoseconds
}

// Asset is what one source (its bytes and the options) gives: the same for
// every path that holds the same bytes.
type Asset struct {
	// Key is the hash of the source bytes and the processing options; every
	// variant's file name starts with it.
	Key string `json:"key"`
	// Width and Height are the largest variant's, upright.
	Width  int `json:"width"`
	Height int `json:"height"`
	// Placeholder is a preview to paint behind the image while it loads,
	// as a CSS background-image value (gradients, or a blurred SVG for a
	// transparent image).
	Placeholder string    `json:"placeholder"`
	Variants    []Variant `json:"variants"`
	// Delivery is content.DeliveryNetlify when the one variant is the
	// original, published for Netlify Image CDN, which makes the widths
	// listed in Widths (ascending) on request; empty for the build's own
	// variants.
	Delivery string `json:"delivery,omitempty"`
	Widths   []int  `json:"widths,omitempty"`
	// AVIF, for an original published for the Image CDN, says that the
	// pages ask it for AVIF too (fm=avif, CDNAVIFAddress): the image is
	// a photograph, where AVIF pays (decision 0104).
	AVIF bool `json:"avif,omitempty"`
}

// CDNPath is where the site asks Netlify Image CDN for the image of an
// Asset published for it.
const CDNPath = "/.netlify/images"

// CDN reports whether the asset is an original for Netlify Image CDN.
func (a Asset) CDN() bool { return a.Delivery == content.DeliveryNetlify && len(a.Variants) == 1 }

// CDNAddress is the Image CDN's address of the file published at the
// site path published, at width w: the path, query-escaped, and the
// width; no format, so the host chooses it from the browser's Accept
// header. The one place such an address is made: the caller names where
// the file is published (a private project's files are not at URLBase,
// and are never sent through the CDN: decision 0080).
func CDNAddress(published string, w int) string {
	return CDNPath + "?url=" + url.QueryEscape(published) + "&w=" + strconv.Itoa(w)
}

// CDNAVIFAddress is CDNAddress in AVIF: the format named (fm=avif), for
// the <source type="image/avif"> of a browser that shows it; without
// fm, Netlify Image CDN prefers WebP to AVIF (decision 0104).
func CDNAVIFAddress(published string, w int) string {
	return CDNAddress(published, w) + "&fm=avif"
}

// Original is the site path of an Image CDN asset's one file, the
// original, where the build publishes it for a public page.
func (a Asset) Original() string { return URLBase + a.Variants[0].File }

// CDNURL is the Image CDN's address of the image at width w, published
// at its public path.
func (a Asset) CDNURL(w int) string { return CDNAddress(a.Original(), w) }

// CDNSrcset is the srcset attribute value of an asset for the Image CDN:
// its widths, smallest first, each at its Image CDN address.
func (a Asset) CDNSrcset() string {
	parts := make([]string, len(a.Widths))
	for i, w := range a.Widths {
		parts[i] = a.CDNURL(w) + " " + strconv.Itoa(w) + "w"
	}
	return strings.Join(parts, ", ")
}

// CDNSrcWidth is the width of an Image CDN asset's plain src (as
// FallbackSrc chooses it); 0 when it has no widths.
func (a Asset) CDNSrcWidth() int {
	if len(a.Widths) == 0 {
		return 0
	}
	return srcWidth(a.Widths)
}

// Variant is one output file.
type Variant struct {
	Type   string `json:"type"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	File   string `json:"file"` // name inside OutDir
	Bytes  int64  `json:"bytes"`
}

// FallbackType is the format of the variants for browsers without WebP and of
// the plain src: JPEG, or PNG when the image has transparency.
func (a Asset) FallbackType() string {
	for _, v := range a.Variants {
		if v.Type == JPEG || v.Type == PNG {
			return v.Type
		}
	}
	return JPEG
}

// Srcset is the srcset attribute value for one format: each variant's URL and
// width descriptor, smallest first; "" when the image has no variant of that
// format (AVIF, where it did not pay).
func (a Asset) Srcset(typ string) string {
	var parts []string
	for _, v := range a.byWidth(typ) {
		parts = append(parts, URLBase+v.File+" "+strconv.Itoa(v.Width)+"w")
	}
	return strings.Join(parts, ", ")
}

// FallbackSrc is the URL for a plain src: the fallback variant closest to
// 1200 px wide without exceeding it (the smallest when all are wider), which
// is sharp on most screens and what crawlers and link previews pick up; for
// the Image CDN, its address at that width.
func (a Asset) FallbackSrc() string {
	if a.CDN() {
		if len(a.Widths) == 0 {
			return ""
		}
		return a.CDNURL(a.CDNSrcWidth())
	}
	vs := a.byWidth(a.FallbackType())
	if len(vs) == 0 {
		return ""
	}
	widths := make([]int, len(vs))
	for i, v := range vs {
		widths[i] = v.Width
	}
	return URLBase + vs[slices.Index(widths, srcWidth(widths))].File
}

// srcWidth is the width of a plain src among widths (ascending): the
// largest up to 1200 px, else the smallest.
func srcWidth(widths []int) int {
	best := widths[0]
	for _, w := range widths {
		if w <= 1200 {
			best = w
		}
	}
	return best
}

func (a Asset) byWidth(typ string) []Variant {
	var out []Variant
	for _, v := range a.Variants {
		if v.Type == typ {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Width < out[j].Width })
	return out
}

// ErrMissing is returned by Read when no manifest exists yet.
var ErrMissing = errors.New("no image manifest")

// Read loads a manifest file.
func Read(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s: run `portfolio images` first", ErrMissing, path)
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s is not a valid image manifest (%v): run `portfolio images` again", path, err)
	}
	if m.Version != Version {
		return nil, fmt.Errorf("%s was written by another version of portfolio: run `portfolio images` again", path)
	}
	if m.Images == nil {
		m.Images = map[string]Image{}
	}
	return &m, nil
}

// Write stores the manifest atomically. The output is deterministic: keys are
// sorted and the layout is fixed. An unchanged file is not rewritten, so a
// watcher (the dev server) sees no change when there is none.
func (m *Manifest) Write(path string) error {
	m.Version = Version
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return fsutil.WriteFileAtomic(path, data, 0o644)
}

// Problem says why a manifest cannot serve one image.
type Problem struct {
	Path string // relative to the content folder
	Msg  string
}

func (p *Problem) Error() string { return p.Path + ": " + p.Msg }

// Lookup returns the record of the image at rel (relative to contentDir) and
// checks, from file metadata only, that it is current: the source has the
// size and modification time it had when processed, and every variant file is
// in the output folder with its size.
func (m *Manifest) Lookup(contentDir, rel string) (Image, error) {
	img, ok := m.Images[rel]
	if !ok {
		return Image{}, &Problem{rel, "has no web variants yet: run `portfolio images`"}
	}
	fi, err := os.Stat(filepath.Join(contentDir, filepath.FromSlash(rel)))
	if err != nil {
		return Image{}, &Problem{rel, fmt.Sprintf("cannot be read: %v", err)}
	}
	if fi.Size() != img.Size || fi.ModTime().UnixNano() != img.ModTime {
		return Image{}, &Problem{rel, "changed since `portfolio images` last ran: run it again"}
	}
	for _, v := range img.Variants {
		vi, err := os.Stat(filepath.Join(m.OutDir, v.File))
		if err != nil || vi.Size() != v.Bytes {
			return Image{}, &Problem{rel, fmt.Sprintf("variant %s is missing from %s: run `portfolio images` again", v.File, m.OutDir)}
		}
	}
	return img, nil
}
