// The typed content: site.yaml and each project.yaml as Go values,
// decoded once after the schema check with the schema's defaults applied
// (schemacheck.Schema.Decode), and completed by the loader with what the
// rest of the content says (a category's back link and whether it is
// built, a gallery's images, a video's files). Every command downstream
// reads these values, never the YAML.
//
// Two tags name a field:
//   - json: the property of the file it is decoded from;
//   - ts: the property of the generated module it is written to, in the
//     order of the struct (the schema's order; what the loader computes
//     last, marked resolved), "-" for what stays out of the module,
//     omitempty for an optional property left out, inline for an image
//     whose variants are written beside its alt text and caption.
//
// TestModelFollowsSchema holds each struct against its schema, so a
// property added to a schema fails the tests until it has its field here.

package content

import "encoding/json"

// Path and text kinds of the schemas' definitions, which the generator
// resolves into richer values: an ImagePath into the image's web variants,
// Markdown into rich text, a DocumentPath into the published PDF.
type (
	// ImagePath is an image file, relative to the project folder
	// (imagePath).
	ImagePath string
	// Markdown is text in the Markdown subset (markdown).
	Markdown string
	// DocumentPath is a PDF file, relative to the project folder
	// (documentPath).
	DocumentPath string
)

// Site is site.yaml.
type Site struct {
	Name          string   `json:"name" ts:"name"`
	Taglines      Taglines `json:"taglines" ts:"taglines"`
	Hero          string   `json:"hero" ts:"hero"`
	Description   string   `json:"description" ts:"description"`
	URL           string   `json:"url" ts:"url"`
	Languages     []string `json:"languages" ts:"-"`
	Home          *Home    `json:"home" ts:"home,omitempty"`
	Previews      string   `json:"previews" ts:"previews"`
	Fonts         string   `json:"fonts" ts:"fonts"`
	MeasurementID string   `json:"measurementId" ts:"measurementId,omitempty"`
	Analytics     *Setting `json:"analytics" ts:"analytics,omitempty"`
	Privacy       *Privacy `json:"privacy" ts:"privacy,omitempty"`
	// Rights are the owner's rights in the work; Content.Rights resolves
	// them (the pages read only whether AI training is allowed).
	Rights     *Rights    `json:"rights" ts:"rights,omitempty"`
	Social     *Social    `json:"social" ts:"social,omitempty"`
	About      About      `json:"about" ts:"about"`
	Contact    Contact    `json:"contact" ts:"contact"`
	Categories []Category `json:"categories" ts:"categories"`
	Gallery    Gallery    `json:"gallery" ts:"gallery"`
	// Images says how images are delivered: it decides what the
	// generator writes for each image, so the module need not carry it.
	Images Images `json:"images" ts:"-"`
	// ProjectOrder orders the cards; the generator applies it to the
	// projects list rather than shipping it.
	ProjectOrder []string `json:"projectOrder" ts:"-"`
}

// Taglines are the two lines under the owner's name.
type Taglines struct {
	Role    string `json:"role" ts:"role"`
	Mission string `json:"mission" ts:"mission"`
}

// Home is what the home page shows first (site.yaml's home), one of the
// layouts' branches. The loader fills Photos for the featured layout from
// the galleries named, and completes each photo and the video.
type Home struct {
	Layout    string      `json:"layout" ts:"layout"`
	Photos    []HomePhoto `json:"photos" ts:"photos,omitempty"`
	Galleries []string    `json:"galleries" ts:"-"`
	Count     int         `json:"count" ts:"-"`
	Video     *HomeVideo  `json:"video" ts:"video,omitempty"`
}

// Home page layouts (site.yaml's home.layout).
const (
	HomeText     = "text"
	HomePhotos   = "photo"
	HomeFeatured = "featured"
	HomeVideos   = "video"
)

// HomePhoto is a photograph of the home page: "<project>/<path>" as
// site.yaml writes it, and what the loader finds for it.
type HomePhoto struct {
	// Path is as written: the project's folder name, then the path inside.
	Path string
	// Key is the image's manifest key; Alt its alt text (the gallery's
	// for it, else the project's title); Project the project's slug and
	// N the photo's place in its gallery from 1 (0: not a gallery photo),
	// for the page it links to.
	Key, Alt, Project string
	N                 int
}

// UnmarshalJSON reads the path as written.
func (h *HomePhoto) UnmarshalJSON(data []byte) error { return json.Unmarshal(data, &h.Path) }

// HomeVideo is the home page's video: "<project>/<path>" as written, and
// its project, whose published files and poster it is.
type HomeVideo struct {
	Path    string
	Project *Project
	// Rel is the video's path inside the project folder; Alt the
	// gallery's alt text for it, else the project's title.
	Rel, Alt string
}

// UnmarshalJSON reads the path as written.
func (h *HomeVideo) UnmarshalJSON(data []byte) error { return json.Unmarshal(data, &h.Path) }

// Previews values (site.yaml's previews).
const (
	PreviewCards  = "cards"
	PreviewPhotos = "photos"
)

// Fonts values (site.yaml's fonts): the theme's two web fonts, or the
// visitor's system font.
const (
	FontsTheme  = "theme"
	FontsSystem = "system"
)

// Setting is site.yaml's analytics setting as written, one of the
// providers' branches; Content.Analytics resolves it.
type Setting struct {
	Provider  string `json:"provider" ts:"provider"`
	Consent   string `json:"consent" ts:"consent,omitempty"`
	Domain    string `json:"domain" ts:"domain,omitempty"`
	WebsiteID string `json:"websiteId" ts:"websiteId,omitempty"`
	Host      string `json:"host" ts:"host,omitempty"`
	Code      string `json:"code" ts:"code,omitempty"`
}

// Privacy is what the privacy page says beyond what the site knows.
type Privacy struct {
	Contact   string   `json:"contact" ts:"contact,omitempty"`
	Retention string   `json:"retention" ts:"retention,omitempty"`
	Text      Markdown `json:"text" ts:"text,omitempty"`
}

// Social holds the owner's profiles.
type Social struct {
	ProfessionalNetwork *SocialLink `json:"professionalNetwork" ts:"professionalNetwork,omitempty"`
	CodeHosting         *SocialLink `json:"codeHosting" ts:"codeHosting,omitempty"`
	Microblog           *SocialLink `json:"microblog" ts:"microblog,omitempty"`
	PhotoSharing        *SocialLink `json:"photoSharing" ts:"photoSharing,omitempty"`
}

// SocialLink is one profile.
type SocialLink struct {
	Label string `json:"label" ts:"label"`
	URL   string `json:"url" ts:"url"`
}

// About is the about page.
type About struct {
	Description string         `json:"description" ts:"description"`
	Intro       string         `json:"intro" ts:"intro"`
	Skills      []string       `json:"skills" ts:"skills"`
	Sections    []AboutSection `json:"sections" ts:"sections"`
}

// AboutSection is one section of the about page: a heading over bullets,
// across the page or half of it.
type AboutSection struct {
	Title string   `json:"title" ts:"title"`
	Items []string `json:"items" ts:"items"`
	Width string   `json:"width" ts:"width"`
}

// Contact is the contact page.
type Contact struct {
	Title       string `json:"title" ts:"title"`
	Description string `json:"description" ts:"description"`
	Heading     string `json:"heading" ts:"heading"`
	Intro       string `json:"intro" ts:"intro"`
}

// Gallery is how galleries are laid out.
type Gallery struct {
	Columns    GalleryColumns `json:"columns" ts:"columns"`
	Thumbnails bool           `json:"thumbnails" ts:"thumbnails"`
	Exif       string         `json:"exif" ts:"exif"`
	Order      string         `json:"order" ts:"order"`
	Reverse    bool           `json:"reverse" ts:"reverse"`
}

// Images is how the site's images reach visitors (site.yaml's images).
type Images struct {
	Delivery string `json:"delivery"`
}

// Image deliveries (site.yaml's images.delivery): the build makes every
// width, or Netlify Image CDN makes them on request from the original.
const (
	DeliveryBuild   = "build"
	DeliveryNetlify = "netlify"
)

// GalleryOptions are a category's settings for its projects' galleries;
// a zero value (a nil Reverse) is left out, and comes from the site's.
type GalleryOptions struct {
	Columns GalleryColumns `json:"columns"`
	Exif    string         `json:"exif"`
	Order   string         `json:"order"`
	Reverse *bool          `json:"reverse"`
}

// GalleryColumns are a gallery's columns by window width; 0 is left out.
type GalleryColumns struct {
	XS int `json:"xs" ts:"xs,omitempty"`
	SM int `json:"sm" ts:"sm,omitempty"`
	MD int `json:"md" ts:"md,omitempty"`
	LG int `json:"lg" ts:"lg,omitempty"`
	XL int `json:"xl" ts:"xl,omitempty"`
}

// CardColumns are a category page's columns of cards.
type CardColumns struct {
	SM int `json:"sm" ts:"sm,omitempty"`
	MD int `json:"md" ts:"md,omitempty"`
}

// CardFields are what a category's project cards show beside the cover
// and title.
type CardFields struct {
	Category    bool `json:"category" ts:"category"`
	Description bool `json:"description" ts:"description"`
	Role        bool `json:"role" ts:"role"`
	Skills      bool `json:"skills" ts:"skills"`
}

// Category is one category page: as site.yaml declares it, with what the
// loader adds (BackLink resolved, Built, the counts).
type Category struct {
	Slug        string      `json:"slug" ts:"slug"`
	Title       string      `json:"title" ts:"title"`
	Description string      `json:"description" ts:"description"`
	Blurb       string      `json:"blurb" ts:"blurb,omitempty"`
	Columns     CardColumns `json:"columns" ts:"columns"`
	Card        CardFields  `json:"card" ts:"card"`
	// PhotoGalleries says its projects' galleries are the work itself.
	PhotoGalleries bool `json:"photoGalleries" ts:"-"`
	// KeepWhenEmpty builds the page even with no active project.
	KeepWhenEmpty bool `json:"keepWhenEmpty" ts:"keepWhenEmpty"`
	// Gallery is resolved into each gallery block of its projects.
	Gallery *GalleryOptions `json:"gallery" ts:"-"`
	// BackLink is the label of its projects' link back to it: site.yaml's
	// backLink, or "All <title> Projects".
	BackLink string `json:"backLink" ts:"backLink,resolved"`
	// Built says whether the site has a page for the category (and lists
	// it in the navigation): it has an active project, or the owner keeps
	// it.
	Built bool `json:"-" ts:"built"`
	// Index is its place in the list, from 0: its pointer is
	// /categories/<Index>.
	Index int `json:"-" ts:"-"`
	// Projects and Active count the projects that name it, all of them
	// and the listed ones (active and public).
	Projects int `json:"-" ts:"-"`
	Active   int `json:"-" ts:"-"`
}

// ProjectData is a project.yaml.
type ProjectData struct {
	// ProjectDetails come first, in the schema's order: the keys the
	// project commands ask for (details.go; decision 0110).
	ProjectDetails
	Access    string `json:"access" ts:"access"`
	Downloads string `json:"downloads" ts:"downloads"`
	// Watermark is the proofing text drawn into a private project's image
	// variants at build time (decision 0093); never sent to the site.
	Watermark string `json:"watermark" ts:"-"`
	// WatermarkImage is a PNG or JPEG in the project folder drawn instead
	// of text (decision 0093, "Image watermark"); never sent to the site.
	WatermarkImage string    `json:"watermarkImage" ts:"-"`
	Cover          ImagePath `json:"cover" ts:"cover"`

	// Expires is a private project's last day of access, YYYY-MM-DD in
	// UTC (decision 0094); the gate reads it from privateaccess's
	// GalleriesFile, so the site's modules need not carry it.
	Expires string `json:"expires" ts:"-"`
	// Clients are a private project's named clients, each with a secret of
	// its own derived from the project's, revocable alone (decision 0096);
	// the gate reads the names not revoked from privateaccess's
	// GalleriesFile, never the site's modules.
	Clients []Client `json:"clients" ts:"-"`
	// SecretPage is what a private project's secret page shows of it
	// (decision 0095); the gate reads it from privateaccess's
	// GalleriesFile.
	SecretPage *SecretPage `json:"secretPage" ts:"-"`
	// Body, the page's blocks, goes into a module of its own per project.
	Body Blocks `json:"body" ts:"-"`
}

// Client is one named client of a private project (project.yaml
// `clients:`; decision 0096): its name as the owner gave it, which derives
// its secret and names it on its favourites, and whether it is revoked.
type Client struct {
	Name    string `json:"name"`
	Revoked bool   `json:"revoked"`
}

// SecretPage is project.yaml's secretPage: what the page that asks for
// the password shows of the project (decision 0095).
type SecretPage struct {
	// Title shows the project's title; nil is the default, true.
	Title *bool `json:"title"`
	// Cover shows a small, blurred copy of the project's cover.
	Cover bool `json:"cover"`
}

// ShowsTitle says whether the secret page shows the project's title.
func (s *SecretPage) ShowsTitle() bool { return s == nil || s.Title == nil || *s.Title }

// ShowsCover says whether the secret page shows a blurred cover.
func (s *SecretPage) ShowsCover() bool { return s != nil && s.Cover }

// Block is one block of a project page: one of the types below.
type Block interface{ blockType() string }

// Blocks is a page's blocks in order. A block of no known type decodes as
// nil (the schema check reports it).
type Blocks []Block

// UnmarshalJSON decodes each block as the type its `type` names.
func (bs *Blocks) UnmarshalJSON(data []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*bs = make(Blocks, len(raw))
	var first error
	for i, r := range raw {
		var head struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(r, &head)
		b := newBlock(head.Type)
		if b == nil {
			continue
		}
		// A mismatch inside a block leaves that field zero, as
		// everywhere else; the rest of the block is kept.
		if err := json.Unmarshal(r, b); err != nil && first == nil {
			first = err
		}
		(*bs)[i] = b
	}
	return first
}

// newBlock returns a new block of the type named (a pointer, to decode
// into), or nil.
func newBlock(t string) Block {
	switch t {
	case "text":
		return &TextBlock{}
	case "image":
		return &ImageBlock{}
	case "gallery":
		return &GalleryBlock{}
	case "document":
		return &DocumentBlock{}
	case "caseStudy":
		return &CaseStudyBlock{}
	case "screenshots":
		return &ScreenshotsBlock{}
	case "prototype":
		return &PrototypeBlock{}
	case "video":
		return &VideoBlock{}
	}
	return nil
}

// TextBlock is a block of text under an optional heading.
type TextBlock struct {
	Type    string   `json:"type" ts:"type"`
	Heading string   `json:"heading" ts:"heading,omitempty"`
	Text    Markdown `json:"text" ts:"text"`
}

// ImageBlock is one image.
type ImageBlock struct {
	Type    string    `json:"type" ts:"type"`
	Src     ImagePath `json:"src" ts:"src,inline"`
	Alt     string    `json:"alt" ts:"alt"`
	Caption string    `json:"caption" ts:"caption,omitempty"`
}

// GalleryBlock is the project's gallery: its folder's images and videos,
// then the external images.
type GalleryBlock struct {
	Type     string          `json:"type" ts:"type"`
	External []ExternalImage `json:"external" ts:"-"`
	Texts    []GalleryText   `json:"texts" ts:"-"`
	// Columns, Exif, Order and Reverse are the block's as written (zero,
	// or nil, when left out), which the loader resolves: the block's, its
	// category's, the site's, the schema's defaults (resolveGallery).
	Columns GalleryColumns `json:"columns" ts:"columns,resolved"`
	Exif    string         `json:"exif" ts:"exif,resolved"`
	Order   string         `json:"order" ts:"order,resolved"`
	Reverse *bool          `json:"reverse" ts:"reverse,resolved"`
	// Images is every image of the gallery in display order, as the
	// loader found them (Project.Gallery).
	Images []GalleryImage `json:"-" ts:"images"`
}

// GalleryText is the alt text and caption of one file of the gallery.
type GalleryText struct {
	File    string `json:"file"`
	Alt     string `json:"alt"`
	Caption string `json:"caption"`
}

// ExternalImage is an image of the gallery on another host.
type ExternalImage struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// DocumentBlock is a link to a PDF: a file of the project or an address.
type DocumentBlock struct {
	Type  string       `json:"type" ts:"type"`
	Label string       `json:"label" ts:"label"`
	File  DocumentPath `json:"file" ts:"file,omitempty"`
	URL   string       `json:"url" ts:"url,omitempty"`
}

// CaseStudyBlock is a case study's sections.
type CaseStudyBlock struct {
	Type         string    `json:"type" ts:"type"`
	Role         string    `json:"role" ts:"role"`
	Technologies []string  `json:"technologies" ts:"technologies"`
	Hero         HeroImage `json:"hero" ts:"hero"`
	Overview     Markdown  `json:"overview" ts:"overview"`
	Challenge    Markdown  `json:"challenge" ts:"challenge"`
	Solution     Markdown  `json:"solution" ts:"solution"`
	Impact       Markdown  `json:"impact" ts:"impact"`
}

// HeroImage is a case study's lead image.
type HeroImage struct {
	Src ImagePath `json:"src" ts:"src,inline"`
	Alt string    `json:"alt" ts:"alt"`
}

// ScreenshotsBlock is a series of screenshots.
type ScreenshotsBlock struct {
	Type    string       `json:"type" ts:"type"`
	Heading string       `json:"heading" ts:"heading,omitempty"`
	Items   []Screenshot `json:"items" ts:"items"`
}

// Screenshot is one screenshot.
type Screenshot struct {
	Src     ImagePath `json:"src" ts:"src,inline"`
	Alt     string    `json:"alt" ts:"alt"`
	Caption string    `json:"caption" ts:"caption"`
}

// PrototypeBlock is an embedded Figma prototype.
type PrototypeBlock struct {
	Type  string `json:"type" ts:"type"`
	Title string `json:"title" ts:"title"`
	URL   string `json:"url" ts:"url"`
}

// VideoBlock is a video of the project folder.
type VideoBlock struct {
	Type         string   `json:"type" ts:"type"`
	Src          string   `json:"src" ts:"-"`
	Alternatives []string `json:"alternatives" ts:"-"`
	Captions     string   `json:"captions" ts:"-"`
	Loop         bool     `json:"loop" ts:"loop"`
	Alt          string   `json:"alt" ts:"alt,omitempty"`
	Caption      string   `json:"caption" ts:"caption,omitempty"`
	// Video is the one video its files make: Src with its alternatives
	// (offered first) and captions.
	Video VideoRef `json:"-" ts:"video"`
}

// VideoRef names a video of the project folder and the files that go
// with it, each relative to the project folder.
type VideoRef struct {
	Src          string
	Alternatives []string
	Captions     string
}

func (*TextBlock) blockType() string        { return "text" }
func (*ImageBlock) blockType() string       { return "image" }
func (*GalleryBlock) blockType() string     { return "gallery" }
func (*DocumentBlock) blockType() string    { return "document" }
func (*CaseStudyBlock) blockType() string   { return "caseStudy" }
func (*ScreenshotsBlock) blockType() string { return "screenshots" }
func (*PrototypeBlock) blockType() string   { return "prototype" }
func (*VideoBlock) blockType() string       { return "video" }
