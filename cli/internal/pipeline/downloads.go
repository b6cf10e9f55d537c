package pipeline

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/termsafe"
	"portfolio/cli/internal/tsgen"
)

// A private project's downloads (project.yaml `downloads: web|originals`):
// one ZIP of its gallery's photos, and each photo on its own, made by the
// build inside the project's prefix (site/public/private/<slug>/<slug>-
// <kind>.zip and <slug>/download/<file>, published under /private/<slug>/
// and moved into the deploy store), so the same secret guards them
// (docs/decisions/0080, 0089). Originals are the gallery's files cleaned
// of GPS, serial numbers and maker notes, keeping the owner's rights
// (metastrip.Original, decision 0099).

// download is one ZIP to make: its path, and each entry's name and source.
type download struct {
	Path    string
	Entries []zipEntry
	// Clean: each source is an original, cleaned as it is written
	// (downloads: originals).
	Clean bool
}

type zipEntry struct {
	Name, Source string
}

// cleaner names the cleaning in the fingerprints, so a build with a new
// one makes the downloads again.
const cleaner = "metastrip.Original 1"

// downloads lists the ZIPs the content's private projects ask for; each
// entry is also a photo's own download, in the folder beside the ZIP
// (photoDir). publicDir is the site's public folder; the web variants are
// in its img/.
func downloads(c *content.Content, assets tsgen.Assets, publicDir string) []download {
	var out []download
	for _, p := range c.Projects {
		name := p.Download()
		if name == "" {
			continue
		}
		d := download{
			Path:  filepath.Join(publicDir, filepath.FromSlash(strings.TrimPrefix(content.PrivateRoute, "/")), p.Slug, name),
			Clean: p.Downloads == content.DownloadsOriginals,
		}
		for _, pd := range tsgen.PhotoDownloads(p, assets) {
			source := filepath.Join(publicDir, content.ImagesFolder, pd.Variant)
			if pd.Variant == "" {
				source = filepath.Join(p.Dir, filepath.FromSlash(pd.Image))
			}
			d.Entries = append(d.Entries, zipEntry{pd.Name, source})
		}
		out = append(out, d)
	}
	return out
}

// photoDir is the folder of the project's photo downloads, beside its ZIP.
func (d download) photoDir() string {
	return filepath.Join(filepath.Dir(d.Path), tsgen.DownloadFolder)
}

// bytesOf is what the client downloads of an entry: the source, cleaned
// when it is an original. An original that cannot be cleaned is an
// error, never published as it is.
func (d download) bytesOf(e zipEntry) ([]byte, error) {
	data, err := os.ReadFile(e.Source)
	if err != nil || !d.Clean {
		return data, err
	}
	out, _, err := metastrip.Original(data)
	if err != nil {
		return nil, fmt.Errorf("%s: its metadata cannot be cleaned for the client (%v): export it again as JPEG, PNG or WebP, or set the project's downloads to web", termsafe.String(e.Source), err)
	}
	return out, nil
}

// removeOldDownloads removes the ZIPs and photo downloads under the
// private prefix's folder that no project asks for any more (downloads set back to none, a project
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
	for _, d := range wanted {
		for _, e := range d.Entries {
			keep[filepath.Join(d.photoDir(), e.Name)] = true
		}
	}
	photos, err := filepath.Glob(filepath.Join(publicDir, filepath.FromSlash(strings.TrimPrefix(content.PrivateRoute, "/")), "*", tsgen.DownloadFolder, "*"))
	if err != nil {
		return err
	}
	for _, f := range append(old, photos...) {
		if !keep[f] {
			if err := os.RemoveAll(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// fingerprint names what a ZIP holds: each entry's name, source, size and
// modification time, and the cleaning of originals. A ZIP whose comment
// is its fingerprint is current.
func (d download) fingerprint() (string, error) {
	h := sha256.New()
	if d.Clean {
		fmt.Fprintf(h, "%s\n", cleaner)
	}
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
		if err := d.addFile(zw, e); err != nil {
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

func (d download) addFile(zw *zip.Writer, e zipEntry) error {
	info, err := os.Stat(e.Source)
	if err != nil {
		return err
	}
	data, err := d.bytesOf(e)
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
	_, err = w.Write(data)
	return err
}

// makePhotos writes each entry on its own into photoDir, as the ZIP holds
// it, when missing or stale: a file is current when its modification
// time is its source's (set when written) and the ZIP was not made
// again. It returns how many it wrote.
func (d download) makePhotos(zipWritten bool) (int, error) {
	dir := d.photoDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	n := 0
	for _, e := range d.Entries {
		dest := filepath.Join(dir, e.Name)
		src, err := os.Stat(e.Source)
		if err != nil {
			return n, err
		}
		if cur, err := os.Stat(dest); err == nil && !zipWritten && cur.ModTime().Equal(src.ModTime()) {
			continue
		}
		data, err := d.bytesOf(e)
		if err != nil {
			return n, err
		}
		if err := fsutil.WriteFileAtomic(dest, data, 0o644); err != nil {
			return n, err
		}
		if err := os.Chtimes(dest, src.ModTime(), src.ModTime()); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
