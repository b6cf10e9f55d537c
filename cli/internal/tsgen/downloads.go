package tsgen

import (
	"net/url"
	"path"
	"strconv"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/images/manifest"
	"portfolio/cli/internal/privateaccess"
)

// DownloadFolder is the folder, under a private project's prefix, of its
// photos' own downloads: /private/<slug>/download/<file> (decision 0099).
const DownloadFolder = privateaccess.DownloadFolder

// PhotoDownload is one photo a private project whose downloads are web or
// originals offers on its own, and in the ZIP of all of them.
type PhotoDownload struct {
	// Image is the photo's path relative to the project folder (the
	// gallery image's Path).
	Image string
	// Name is the file the client gets: the photo's own name, with the
	// web variant's extension for downloads: web, numbered ("a-2.jpg")
	// when another photo of the project already has it.
	Name string
	// Variant is the web variant's file in the site's img/ folder
	// (downloads: web); empty for downloads: originals, whose source is
	// the gallery's file, cleaned of its private metadata.
	Variant string
}

// PhotoDownloads lists a project's photo downloads in gallery order:
// none for a public project or downloads none; never a video or an
// external image, nor (web) a photo without variants yet.
func PhotoDownloads(p *content.Project, assets Assets) []PhotoDownload {
	if p.Download() == "" {
		return nil
	}
	var out []PhotoDownload
	seen := map[string]bool{}
	for _, g := range p.Gallery {
		if g.Key == "" || g.Poster != "" {
			continue // an external image or a video: photos only
		}
		d := PhotoDownload{Image: g.Path}
		name := path.Base(g.Path)
		if p.Downloads != content.DownloadsOriginals {
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
			d.Variant = best.File
			name = strings.TrimSuffix(name, path.Ext(name)) + path.Ext(best.File)
		}
		d.Name = name
		for n := 2; seen[d.Name]; n++ {
			d.Name = strings.TrimSuffix(name, path.Ext(name)) + "-" + strconv.Itoa(n) + path.Ext(name)
		}
		seen[d.Name] = true
		out = append(out, d)
	}
	return out
}

// DownloadLink is the address of the photo download named name of the
// private project p: /private/<slug>/download/<name>, the name escaped.
func DownloadLink(p *content.Project, name string) string {
	return strings.TrimSuffix(p.Link(), "/") + "/" + DownloadFolder + "/" + url.PathEscape(name)
}
