package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"regexp"
	"strings"

	"portfolio/cli/internal/diag"
)

// Names of the schema definitions of documents.
const (
	DefDocumentPath  = "documentPath"
	DefDocumentBlock = "documentBlock"
)

// MaxDocumentBytes bounds a document the build publishes: a memo or a
// brochure is well under it; a larger file is a scan or a print master that
// visitors on phones should not download.
const MaxDocumentBytes = 20 << 20

// DocumentsRoute is the folder of the site where documents are published.
const DocumentsRoute = "/" + DocumentsFolder + "/"

// DocumentFile is a local document (a PDF in the project folder) that the
// build publishes.
type DocumentFile struct {
	// Abs is the file on disk.
	Abs string
	// Size in bytes, and the SHA-256 of the bytes, hex.
	Size int64
	Hash string
}

// PublishedName is the document's file name in the site: its own name (in
// lower case letters, digits and hyphens) and a hash of its bytes, so a
// changed file gets a new address and the host may cache each forever.
func (d DocumentFile) PublishedName(rel string) string {
	stem := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	stem = strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(stem), "-"), "-")
	if stem == "" {
		stem = "document"
	}
	return stem + "-" + d.Hash[:16] + ".pdf"
}

// Href is the document's address in the site.
func (d DocumentFile) Href(rel string) string { return DocumentsRoute + d.PublishedName(rel) }

// SizeText is a document's size as the site shows it (e.g. "48 KB").
func SizeText(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", (n+512)>>10)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
}

// checkDocuments checks every document block of a project: exactly one of
// `file` and `url`; a file is a real PDF inside the project folder, at most
// MaxDocumentBytes; a url on the site's own host (site.yaml's url) names a
// page of the site, since nothing else is published at a fixed address.
func (l *loader) checkDocuments(p *Project, ownHost string, pages map[string]bool) {
	for i, b := range p.Body {
		if _, ok := b.(*DocumentBlock); !ok {
			continue
		}
		// As written: text, or something else the schema reports, or
		// nothing.
		ptr := fmt.Sprintf("/body/%d", i)
		fileV, _ := p.Doc.At(ptr + "/file")
		urlV, _ := p.Doc.At(ptr + "/url")
		file, hasFile := fileV.(string)
		link, hasURL := urlV.(string)
		switch {
		case hasFile && hasURL:
			l.add(p.Doc.Diag(diag.Error, ptr+"/url", "keep `file` for a PDF in the project folder, or `url` for a document on another site",
				"a document block has both `file` and `url`"))
			continue
		case fileV == nil && urlV == nil:
			l.add(p.Doc.Diag(diag.Error, ptr, "add `file: memo.pdf` (a PDF in the project folder) or `url: https://…` (a document on another site)",
				"a document block needs `file` or `url`"))
			continue
		}
		if hasFile && pdfPath.MatchString(file) { // else the schema said so
			l.checkDocumentFile(p, ptr+"/file", file)
		}
		if hasURL {
			if u, err := url.Parse(link); err == nil && u.Scheme == "https" && ownHost != "" && strings.EqualFold(u.Hostname(), ownHost) && !pages[strings.TrimSuffix(u.Path, "/")] {
				name := path.Base(u.Path)
				if !strings.HasSuffix(strings.ToLower(name), ".pdf") {
					name = "document.pdf"
				}
				l.add(p.Doc.Diag(diag.Error, ptr+"/url",
					fmt.Sprintf("put the file in the project folder (content/%s/%s/%s) and write `file: %s` instead of `url:`; the build publishes it", ProjectsDir, p.Slug, name, name),
					"%s is on this site's own host (%s), where the build publishes nothing at that address: visitors would get the not-found page", link, ownHost))
			}
		}
	}
}

// checkDocumentFile checks one local document and records it for the
// build: inside the project folder (exact letter case), a regular file of
// at most MaxDocumentBytes, a PDF by its bytes (the %PDF- header and the
// %%EOF marker at its end).
func (l *loader) checkDocumentFile(p *Project, pointer, rel string) {
	abs, problem, hint := resolveInside(p.Dir, rel, p.readDir)
	if problem != "" {
		if strings.HasPrefix(hint, "images are files") {
			hint = "documents are files inside the project folder: save the PDF there and write its path, e.g. memo.pdf (a document on another site goes under `url:`)"
		}
		l.add(p.Doc.Diag(diag.Error, pointer, strings.ReplaceAll(hint, "images/photo.jpg", "memo.pdf"), "%s", problem))
		return
	}
	f, err := os.Open(abs)
	if err != nil {
		l.add(p.Doc.Diag(diag.Error, pointer, "", "cannot read %s: %s", rel, describeIOError(err)))
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		l.add(p.Doc.Diag(diag.Error, pointer, "", "cannot read %s: %s", rel, describeIOError(err)))
		return
	}
	if fi.Size() > MaxDocumentBytes {
		l.add(p.Doc.Diag(diag.Error, pointer, "export it again for the screen (smaller images, no print marks), or link to it elsewhere under `url:`",
			"%s is %s, more than the %s a published document may have", rel, SizeText(fi.Size()), SizeText(MaxDocumentBytes)))
		return
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxDocumentBytes+1))
	if err != nil {
		l.add(p.Doc.Diag(diag.Error, pointer, "", "cannot read %s: %s", rel, describeIOError(err)))
		return
	}
	if msg := pdfProblem(data); msg != "" {
		l.add(p.Doc.Diag(diag.Error, pointer, "export the document as PDF again (File → Export or Print → Save as PDF) and replace the file",
			"%s is not a PDF: %s (%s)", rel, msg, SizeText(int64(len(data)))))
		return
	}
	sum := sha256.Sum256(data)
	l.mu.Lock()
	if p.Documents == nil {
		p.Documents = map[string]DocumentFile{}
	}
	p.Documents[rel] = DocumentFile{Abs: abs, Size: int64(len(data)), Hash: hex.EncodeToString(sum[:])}
	l.mu.Unlock()
}

// pdfProblem says why data is not a complete PDF file, or returns "": a PDF
// starts with %PDF-1.x or %PDF-2.x and ends with %%EOF (a line break or
// some padding may follow; a truncated upload has no end marker).
func pdfProblem(data []byte) string {
	switch {
	case len(data) == 0:
		return "the file is empty"
	case !pdfHeader.Match(data[:min(len(data), 16)]):
		return "it does not start with the %PDF- header"
	case !bytes.Contains(data[max(0, len(data)-1024):], []byte("%%EOF")):
		return "it has no %%EOF end marker: the file is truncated"
	}
	return ""
}

var pdfPath = regexp.MustCompile(`\.[pP][dD][fF]$`)

var pdfHeader = regexp.MustCompile(`^%PDF-[12]\.[0-9]`)

// siteHost is the host of site.yaml's url ("" when there is none).
func siteHost(c *Content) string {
	if c.Site == nil {
		return ""
	}
	u, err := url.Parse(c.Site.URL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// pageRoutes lists the paths of the site's pages, without a trailing slash
// (the home page is ""): home, about, contact, privacy, the category pages it
// builds and every project.
func pageRoutes(c *Content) map[string]bool {
	pages := map[string]bool{"": true, "/about": true, "/contact": true, "/privacy": true}
	for _, cat := range c.Categories() {
		if cat.Built {
			pages["/"+cat.Slug] = true
		}
	}
	for _, p := range c.Projects {
		pages[strings.TrimSuffix(p.Link(), "/")] = true
	}
	return pages
}
