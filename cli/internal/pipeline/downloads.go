package pipeline

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/tsgen"
)

// A private project's download (project.yaml `downloads: web|originals`):
// one ZIP of its gallery's photos, made by the build inside the project's
// prefix (site/public/private/<slug>/<slug>-<kind>.zip, published under
// /private/<slug>/), so the same secret guards it (docs/decisions/0080).

// download is one ZIP to make: its path, and each entry's name and source.
type download struct {
	Path    string
	Entries []zipEntry
}

type zipEntry struct {
	Name, Source string
}

// downloads lists the ZIPs the content's private projects ask for.
// publicDir is the site's public folder; the web variants are in its img/.
func downloads(c *content.Content, assets tsgen.Assets, publicDir string) []download {
	var out []download
	for _, p := range c.Projects {
		name := p.Download()
		if name == "" {
			continue
		}
		d := download{Path: filepath.Join(publicDir, filepath.FromSlash(strings.TrimPrefix(content.PrivateRoute, "/")), p.Slug, name)}
		seen := map[string]bool{}
		for _, g := range p.Gallery {
			if g.Key == "" || g.Poster != "" {
				continue // an external image or a video: photos only
			}
			base := path.Base(g.Path)
			if p.Downloads == content.DownloadsOriginals {
				d.add(base, filepath.Join(p.Dir, filepath.FromSlash(g.Path)), seen)
				continue
			}
			a, ok := assets[g.Key]
			if !ok {
				continue
			}
			// The widest variant in the fallback format (JPEG, or PNG).
			var best manifest.Variant
			for _, v := range a.Variants {
				if v.Type == a.FallbackType() && v.Width > best.Width {
					best = v
				}
			}
			if best.File == "" {
				continue
			}
			ext := path.Ext(best.File)
			d.add(strings.TrimSuffix(base, path.Ext(base))+ext, filepath.Join(publicDir, content.ImagesFolder, best.File), seen)
		}
		out = append(out, d)
	}
	return out
}

// removeOldDownloads removes the ZIPs under the private prefix's folder
// that no project asks for any more (downloads set back to none, a project
// made public or deleted): a ZIP left there would still be published.
func removeOldDownloads(publicDir string, wanted []download) error {
	keep := map[string]bool{}
	for _, d := range wanted {
		keep[d.Path] = true
	}
	old, err := filepath.Glob(filepath.Join(publicDir, filepath.FromSlash(strings.TrimPrefix(content.PrivateRoute, "/")), "*", "*.zip"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if !keep[f] {
			if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
	}
	return nil
}

// fingerprint names what a ZIP holds: each entry's name, source, size and
// modification time. A ZIP whose comment is its fingerprint is current.
func (d download) fingerprint() (string, error) {
	h := sha256.New()
	for _, e := range d.Entries {
		info, err := os.Stat(e.Source)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\n", e.Name, e.Source, info.Size(), info.ModTime().UnixNano())
	}
	return "portfolio download " + hex.EncodeToString(h.Sum(nil)), nil
}

// make writes the ZIP when it is missing or stale: to a temporary file in
// its folder, then renamed, so an interrupted build leaves no half ZIP.
// Photos are stored, not compressed (JPEG and PNG do not shrink). It
// reports whether it wrote.
func (d download) make() (bool, error) {
	comment, err := d.fingerprint()
	if err != nil {
		return false, err
	}
	if r, err := zip.OpenReader(d.Path); err == nil {
		current := r.Comment == comment
		_ = r.Close()
		if current {
			return false, nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(d.Path), 0o755); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(d.Path), ".download-*.zip")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	zw := zip.NewWriter(tmp)
	for _, e := range d.Entries {
		if err := addFile(zw, e); err != nil {
			_ = tmp.Close()
			return false, err
		}
	}
	if err := zw.SetComment(comment); err != nil {
		_ = tmp.Close()
		return false, err
	}
	if err := zw.Close(); err != nil {
		_ = tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	return true, os.Rename(tmp.Name(), d.Path)
}

func addFile(zw *zip.Writer, e zipEntry) error {
	f, err := os.Open(e.Source)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	hdr, err := zip.FileInfoHeader(info)
	if err != nil {
		return err
	}
	hdr.Name, hdr.Method = e.Name, zip.Store
	w, err := zw.CreateHeader(hdr)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, f)
	return err
}

// add appends an entry, numbering a name the ZIP already has (a.png's web
// copy a.jpg beside a photo a.jpg): "a-2.jpg".
func (d *download) add(name, source string, seen map[string]bool) {
	unique := name
	for n := 2; seen[unique]; n++ {
		unique = strings.TrimSuffix(name, path.Ext(name)) + "-" + strconv.Itoa(n) + path.Ext(name)
	}
	seen[unique] = true
	d.Entries = append(d.Entries, zipEntry{unique, source})
}
