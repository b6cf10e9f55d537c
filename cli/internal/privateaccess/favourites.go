package privateaccess

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
)

// GalleriesFile is the name, in the site's generated folder
// (site/src/generated/), of what the build says of each private project
// for its favourites: its title and its gallery's file names, by slug
// (package tsgen writes it, on every build, empty when there is none).
// `portfolio serve` reads it; the Edge Function bundles it
// (netlify/edge-functions/private.js). The site's pages never load it.
const GalleriesFile = "private-gate.json"

// Galleries is GalleriesFile's content.
type Galleries struct {
	Projects map[string]Gallery `json:"projects"`
	// Site is what the pages the gate writes show of the site, for any
	// slug, a project's or not (decision 0095); nil in a file written
	// before it.
	Site *Site `json:"site,omitempty"`
}

// Site is what every page the gate writes shows of the site: the owner's
// name (site.yaml's name) and the site's own web fonts, public files the
// site build publishes under /assets/ (FontPath). The colours are the
// theme's (site/src/theme/theme.ts), written into the pages themselves.
type Site struct {
	Name string `json:"name"`
	// Text and Display are the addresses of the body and heading fonts
	// (Inter and Fraunces); "" until the site is built, and then the page
	// falls back to the system's fonts.
	Text    string `json:"text,omitempty"`
	Display string `json:"display,omitempty"`
	// SystemFonts is site.yaml's fonts: system (decision 0124): the site
	// uses no web font, so none is named and the page keeps the system's.
	SystemFonts bool `json:"systemFonts,omitempty"`
	// Languages are the site's languages, the default first, and Messages
	// the secret page's strings in each (GateLanguage, decision 0123):
	// what the site build wrote from its catalogue; none until the site is
	// built, and then the page is in English.
	Languages []string                `json:"languages,omitempty"`
	Messages  map[string]GateMessages `json:"messages,omitempty"`
}

// Gallery is one private project as its favourites are checked: the
// title the owner reads the list under, and the file name of every photo
// (and video) of its gallery; and until when the gate lets its client in
// (decision 0094).
type Gallery struct {
	Title  string   `json:"title"`
	Photos []string `json:"photos"`
	// Expires is project.yaml's `expires`, the last day (YYYY-MM-DD, UTC)
	// a client may enter the project (Ended); "" when access never ends.
	Expires string `json:"expires,omitempty"`
	// Owner is the site's owner (site.yaml's name), named with the
	// contact page's link when access has ended.
	Owner string `json:"owner,omitempty"`
	// Clients are the names of the project's clients that are not revoked
	// (project.yaml `clients:`; decision 0096): the gate admits their
	// secrets and cookies (ValidClient, SecretClient) and no other name's.
	// A revoked client is not here, so its secret and cookie open nothing
	// once this file is deployed.
	Clients []string `json:"clients,omitempty"`
	// Page is what the secret's page shows of the project, as project.yaml's
	// secretPage allows (decision 0095); nil shows nothing of it.
	Page *Page `json:"page,omitempty"`
}

// Page is what the secret's page shows of one project: only what the
// owner allowed (project.yaml's secretPage, decision 0095).
type Page struct {
	// Title is the project's title, "" when the owner hides it.
	Title string `json:"title,omitempty"`
	// Titles is the title in each other language of the site whose
	// translation gives it another (decision 0115), for the page at
	// /private/<slug>/<lang>/… (decision 0123, amended); none when Title
	// is hidden.
	Titles map[string]string `json:"titles,omitempty"`
	// Cover is a blurred, tiny copy of the project's cover as a data: URI
	// (CoverURI), made at build time; "" unless the owner opts in.
	Cover string `json:"cover,omitempty"`
}

// FontPath is the form of a font's address the pages accept: a file the
// site build published under /assets/.
var FontPath = regexp.MustCompile(`^/assets/[A-Za-z0-9_.-]+\.woff2$`)

// CoverURI is the form of Page.Cover the pages accept: a JPEG as base64.
var CoverURI = regexp.MustCompile(`^data:image/jpeg;base64,[A-Za-z0-9+/]+=*$`)

// ReadGalleries reads GalleriesFile's content.
func ReadGalleries(data []byte) (Galleries, error) {
	var g Galleries
	if err := json.Unmarshal(data, &g); err != nil {
		return Galleries{}, fmt.Errorf("%s: %w", GalleriesFile, err)
	}
	return g, nil
}

// The favourites post's fields a problem is about (package contact's names
// of the same fields).
const (
	FieldProject = "project"
	FieldPhotos  = "photos"
)

// maxNamed is how many unknown names a problem lists.
const maxNamed = 5

// Check is the rule for a favourites post past the gate: the project is
// the one the gate admitted (the post's own project field must name it:
// one project's cookie never files a list under another's title), and
// every photo named is in that project's gallery. It returns the field at
// fault and the problem in words, or "", "" when the post may be stored
// under g.Title. photos are the names as posted, each trimmed, empty ones
// dropped. The Edge Function applies the same rule
// (netlify/private-gate/gate.mjs checkFavourites), held to the same
// vectors (testdata/vectors.json).
func (g Gallery) Check(project string, photos []string) (field, problem string) {
	if project != g.Title {
		return FieldProject, "This list was made on another project's page; send it from this project's page"
	}
	var unknown []string
	for _, name := range photos {
		if !slices.Contains(g.Photos, name) && !slices.Contains(unknown, name) {
			unknown = append(unknown, name)
		}
	}
	switch n := len(unknown); {
	case n == 0:
		return "", ""
	case n > maxNamed:
		return FieldPhotos, fmt.Sprintf("Not in this project's gallery: %s and %d more; choose the photos on this project's page", strings.Join(unknown[:maxNamed], ", "), n-maxNamed)
	default:
		return FieldPhotos, fmt.Sprintf("Not in this project's gallery: %s; choose the photos on this project's page", strings.Join(unknown, ", "))
	}
}

// ContactPath is the site's contact page, which every site has (site.yaml's
// contact is required): where a client whose access has ended is sent
// (decision 0094).
const ContactPath = "/contact"

// ExpiresLayout is how project.yaml's `expires` and GalleriesFile's write
// the last day of a project's access: YYYY-MM-DD.
const ExpiresLayout = "2006-01-02"

// EndOf is the first moment after the day expires names, in UTC: the end
// of the last day of access (decision 0094). ok is false when expires is
// not a date.
func EndOf(expires string) (end time.Time, ok bool) {
	day, err := time.Parse(ExpiresLayout, expires)
	if err != nil {
		return time.Time{}, false
	}
	return day.AddDate(0, 0, 1), true
}

// Ended says whether access to the project has ended at now: its last day
// (Expires) is over in UTC. No Expires: it never ends. An Expires that is
// not a date has ended (the build never writes one; a hand-edited file
// fails closed). The Edge Function applies the same rule
// (netlify/private-gate/gate.mjs ended), held to the same vectors.
func (g Gallery) Ended(now time.Time) bool {
	if g.Expires == "" {
		return false
	}
	end, ok := EndOf(g.Expires)
	return !ok || !now.Before(end)
}

// The site's Blobs stores the Edge Function keeps a private project's
// client work in (decisions 0090, 0097), which `portfolio messages
// --netlify` reads: the favourites lists and the activity events.
const (
	FavouritesStore = "favourites"
	ActivityStore   = "activity"
)

// The kinds of activity event, as serve records them and the Edge
// Function stores them (decision 0097).
const (
	EventOpened     = "opened"
	EventFavourites = "favourites"
	EventDownload   = "download"
)
