package content

import "slices"

// Folders the build publishes at the top of the site. The commands write
// the first three into the site's public folder (PublicDir), which Vite
// copies to the top of site/dist; Vite writes the page scripts, styles and
// fonts into the fourth. Every file in them carries a hash of its content
// in its name, so the host caches them for a year (cli/internal/headers).
const (
	// ImagesFolder holds the image variants, social cards and icons
	// (cli/internal/images, cli/internal/cards).
	ImagesFolder = "img"
	// DocumentsFolder holds the documents' PDFs.
	DocumentsFolder = "docs"
	// VideosFolder holds the videos and their captions.
	VideosFolder = "video"
	// AssetsFolder is Vite's build.assetsDir (its default).
	AssetsFolder = "assets"
)

// PublicDir is the site's folder that Vite copies to the top of the built
// site, from the repository's root.
const PublicDir = "site/public"

// PublishedFolders are the folders of the site that are not pages, in the
// order of the headers' rules. A new one goes here, where the publishers,
// the headers and the category rule read it; TestPublishedFoldersAreReserved
// fails when the build publishes a folder this list does not hold.
var PublishedFolders = []string{AssetsFolder, ImagesFolder, DocumentsFolder, VideosFolder}

// SitePages are the first segments of the site's own pages, as
// site/src/config/paths.ts defines them: about, contact, the projects (and
// their photos' pages), the private projects' prefix (docs/decisions/0080),
// the privacy page the analytics notice links to, and the not-found page
// 404. A test reads paths.ts to keep them in step.
var SitePages = []string{"about", "contact", "projects", "private", "privacy", "404"}

// EditorFolder is the browser editor's folder (/admin, decision 79): not a
// page of the site, and its files carry no hash in their names.
const EditorFolder = "admin"

// FixedRoutes are the first segments of the site's own addresses, which no
// category may take as its slug: its pages, the folders it publishes and
// the editor's.
var FixedRoutes = slices.Concat(SitePages, PublishedFolders, []string{EditorFolder})
