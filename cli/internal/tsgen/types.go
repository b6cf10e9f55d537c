// The types: TypeScript declarations derived from the JSON Schemas, and the
// hand-written ones the content types resolve into.

package tsgen

import (
	"fmt"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/schemamodel"
)

// contentTypes maps schema definitions to the hand-written types below.
var contentTypes = map[string]string{
	content.DefImagePath:    "ImageAsset",
	content.DefMarkdown:     "RichText",
	content.DefDocumentPath: "DocumentAsset",
	content.DefHomePhoto:    "HomePhoto",
	content.DefHomeVideo:    "HomeVideo",
}

// derivedField is a property the loader computes: its declaration. An
// empty tsType is the schema's type of the stored property of that name
// (one it drops): a resolved setting takes the values the file may give,
// written once, in the schema.
type derivedField struct {
	name, tsType, doc string
}

// derived lists, per generated type, the fields computed from the content
// and the stored fields they replace.
var derived = map[string]struct {
	add  []derivedField
	drop []string
}{
	"Project": {
		// The watermark is drawn into the images at build time (decision
		// 0093), and expires reaches the gate through
		// privateaccess.GalleriesFile (decision 0094), as do the names of
		// the clients not revoked (decision 0096) and secretPage (decision
		// 0095): the site reads none of them, and a client's name is never
		// in its modules.
		drop: []string{bodyProperty, "watermark", "watermarkImage", "expires", "clients", "secretPage"},
		add: []derivedField{
			{"slug", "string", "The project's folder name; unique."},
			{"link", "string", "Path of the project page: /projects/<slug>."},
			{"loadBody", "() => Promise<ProjectBody>", "Loads the page's blocks (the body of project.yaml) from the project's own module, so listings do not carry every page's text."},
		},
	},
	// The order is applied to the projects list, and the image delivery
	// to every image's addresses: neither is shipped. The languages go
	// to a module of their own, languages.ts (decision 0115).
	"Site": {drop: []string{content.ProjectOrderKey, "images", content.LanguagesKey}},
	// Whether a category has a page is the content's to say (an active
	// project, or kept), once, here; the site only reads it.
	"Category": {
		drop: []string{"photoGalleries", "backLink", "gallery"},
		add: []derivedField{
			{"backLink", "string", "The label of the link back to the page from each of its projects: site.yaml's backLink, or \"All <title> Projects\"."},
			{"built", "boolean", "Whether the site has the page and lists it in the navigation: it has an active project, or keepWhenEmpty is set."},
		},
	},
	// The files a video block names become one video: its sources in
	// order, its size and length, its poster's variants, its captions.
	"VideoBlock": {
		drop: []string{"src", "alternatives", "captions"},
		add: []derivedField{
			{"video", "VideoAsset", "The video: its files (alternatives first, then src), size, length, poster and captions."},
		},
	},
	// The featured layout's photos are the loader's pick from the galleries.
	"FeaturedHome": {
		drop: []string{"galleries", "count"},
		add: []derivedField{
			{"photos", "readonly HomePhoto[]", "The photographs, from the galleries named: the first of each in order, then the second of each, up to count."},
		},
	},
	// The block's settings as resolved: its own, its category's, the
	// site's, the defaults.
	"GalleryBlock": {
		drop: []string{"external", "texts", "columns", "exif", "order", "reverse"},
		add: []derivedField{
			{"columns", "SiteGalleryColumns", "Columns by window width: the block's, its category's, then the site's, breakpoint by breakpoint; a breakpoint still left out takes the count of the next smaller one."},
			{"exif", "", "Whether the photo page and the viewer show each photo's facts (its images' exif)."},
			{"order", "", "How images is ordered (already applied): by file name, by date taken, or as the block's texts list the files (decision 0081)."},
			{"reverse", "", "Whether that order is turned round (already applied)."},
			{"images", "readonly GalleryImage[]", "Every image of the gallery in display order: the gallery folder's files in the block's order (natural file-path order, by date taken with the undated after, or the files its texts list first, in that order), then the external images."},
		},
	},
}

const fixedTypes = `/** A responsive image: its variants for srcset, a fallback src, its size (to reserve its space before it loads) and a blurred preview. */
export interface ImageAsset {
  /** Address for a plain src: a JPEG variant (PNG when the image is transparent) about 1200 px wide, or with images.delivery: netlify the Image CDN's address of the image at that width, or the https URL of an external image. */
  readonly src: string;
  /** Size in pixels of the largest variant, upright: the image's aspect ratio. */
  readonly width: number;
  readonly height: number;
  /** srcset values per format, smallest first; absent for an external image. */
  readonly srcset?: ImageSrcset;
  /** A blurred preview of a few hundred bytes, as an SVG data URI to paint behind the image while it loads; absent for an external image. */
  readonly placeholder?: string;
}

/** A document of the project folder (a PDF) that the build publishes. */
export interface DocumentAsset {
  /** Its address in the site: /docs/<name>-<hash of its bytes>.pdf. */
  readonly href: string;
  /** Its size in bytes, and as the page shows it (e.g. "48 KB"). */
  readonly bytes: number;
  readonly size: string;
}

/** srcset values of an image: AVIF where it is smaller than WebP (absent where it is not), WebP, which every current browser shows, and the fallback format (that of src) for the others. With images.delivery: netlify the fallback's addresses are Netlify Image CDN's, which answers each in the best format the browser accepts (WebP before AVIF), and a photograph has AVIF too: the same addresses with fm=avif (decision 0104). */
export interface ImageSrcset {
  readonly avif?: string;
  readonly webp?: string;
  readonly fallback: string;
}

/** A video of the content, published as it is (never re-encoded). */
export interface VideoAsset {
  /** Its files, in the order to offer them as <source> elements: a browser plays the first it can. */
  readonly sources: readonly VideoSource[];
  /** Size in pixels as shown (a turned phone video upright): the player's width and height attributes, so nothing moves as it loads. */
  readonly width: number;
  readonly height: number;
  /** Length in seconds, and as a tile shows it ("0:04", "1:20"). */
  readonly duration: number;
  readonly durationText: string;
  /** Whether it has a sound track. */
  readonly audio: boolean;
  /** The poster (the file beside the video named <name>.poster.jpg), through the image pipeline like a photo: shown until the video plays. */
  readonly poster: ImageAsset;
  /** WebVTT captions; absent when the owner gave none. */
  readonly captions?: VideoCaptions;
}

/** One file of a video. */
export interface VideoSource {
  /** Its address in the site: /video/<name>-<hash of its bytes>.<mp4|webm>. */
  readonly src: string;
  /** The <source type>: MIME type and codecs (RFC 6381), e.g. video/mp4; codecs="avc1.64001f,mp4a.40.2". */
  readonly type: string;
  /** Its size in bytes. */
  readonly bytes: number;
}

/** A video's WebVTT captions, for a <track kind="captions">. */
export interface VideoCaptions {
  /** Its address in the site: /video/<name>-<hash>.vtt. */
  readonly src: string;
  /** The captions' language (the page's) and the name players show for the track. */
  readonly srclang: string;
  readonly label: string;
}

/** A photograph of the home page: an image of a project, with its alt text and what it links to. */
export interface HomePhoto extends ImageAsset {
  /** Alternative text: the gallery's for the photo (as GalleryImage.alt), else the project's title. */
  readonly alt: string;
  /** The slug of the project the photo is of. */
  readonly project: string;
  /** Its place in that project's gallery, from 1 (its photo page); absent when it is not a gallery photo. */
  readonly photo?: number;
}

/** The home page's video: a video of a project, with its alt text. */
export interface HomeVideo {
  readonly video: VideoAsset;
  /** What the video shows: the gallery's alt text for it, else the project's title. */
  readonly alt: string;
  /** The slug of the project the video is of. */
  readonly project: string;
}

/** One image of a project gallery. */
export interface GalleryImage extends ImageAsset {
  /** Alternative text: "<project title> <n>", then ": " and the owner's (the gallery block's texts) when there is one. */
  readonly alt: string;
  /** Caption shown with the image in the lightbox; absent when the owner gave none. */
  readonly caption?: string;
  /** Accessible name of the button that opens it: "Open image <n>", or "Open video <n>". */
  readonly label: string;
  /** Set when the item is a video of the gallery folder: the image fields are then its poster's, for the tile. */
  readonly video?: VideoAsset;
  /** How the photo was taken, read from its file at build time; present when its gallery shows photo facts (exif: show) and the file records any. */
  readonly exif?: PhotoFacts;
  /** The file's name in the gallery folder, on a private project only: what the client's favourites name, for the owner to find the photo (docs/decisions/0080). */
  readonly file?: string;
  /** The photo's own download, on a private project whose downloads are web or originals: "/private/<slug>/download/<file>", the widest web variant or the original cleaned of its place and serial numbers (docs/decisions/0099). */
  readonly download?: string;
}

/** A photo's facts, each as a photographer writes it; a fact the file does not record is absent. Never its place or serial numbers. */
export interface PhotoFacts {
  /** Make and model, the make said once: "Fujifilm X-T4". */
  readonly camera?: string;
  /** The lens model, as recorded. */
  readonly lens?: string;
  /** Focal length: "35 mm". */
  readonly focalLength?: string;
  /** Aperture: "f/2.8". */
  readonly aperture?: string;
  /** Exposure time: "1/250 s", "2 s". */
  readonly shutter?: string;
  /** ISO speed: 400. */
  readonly iso?: number;
  /** Date and time taken, ISO 8601, with its offset from UTC when the camera recorded one: "2024-05-01T14:03:00+02:00". */
  readonly taken?: string;
}

/** Inline text: plain text, or emphasis, strong emphasis, code or a link around more inline text. */
export type Inline =
  | string
  | { readonly kind: 'em' | 'strong'; readonly children: readonly Inline[] }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'link'; readonly href: string; readonly children: readonly Inline[] };

/** A paragraph or a list. */
export type RichBlock =
  | { readonly kind: 'paragraph'; readonly children: readonly Inline[] }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly (readonly Inline[])[] };

/** Text written in the content's Markdown subset, as data: render it as elements, never as HTML. */
export type RichText = readonly RichBlock[];
`

// types emits the named types reachable from a schema's root, breadth first.
func (g *gen) types(root *schemamodel.Root, rootName string) {
	g.queue = append(g.queue, pending{root, root.Schema, rootName})
	g.emitted[rootName] = root.Schema
	g.drain()
}

// drain emits the queued types, and those they reach.
func (g *gen) drain() {
	for len(g.queue) > 0 {
		p := g.queue[0]
		g.queue = g.queue[1:]
		g.b.WriteString("\n")
		g.emitType(p)
	}
}

// alias emits `export type name = <type of s>;` and the named types it
// reaches.
func (g *gen) alias(root *schemamodel.Root, s *schemamodel.Schema, name, description string) {
	expr := g.typeExpr(root, s, name+"Item")
	g.b.WriteString("\n")
	doc(&g.b, "", description)
	fmt.Fprintf(&g.b, "export type %s = %s;\n", name, expr)
	g.drain()
}

func (g *gen) name(root *schemamodel.Root, s *schemamodel.Schema, name string) string {
	if prev, ok := g.emitted[name]; ok {
		if prev != s {
			// Two different schemas would share one name: ambiguous types.
			panic(fmt.Sprintf("tsgen: two schemas map to the type name %s; rename a definition", name))
		}
		return name
	}
	g.emitted[name] = s
	g.queue = append(g.queue, pending{root, s, name})
	return name
}

func (g *gen) emitType(p pending) {
	s := p.s
	doc(&g.b, "", s.Description)
	switch {
	case isUnion(s):
		var members []string
		for _, a := range s.AllOf {
			members = append(members, g.typeExpr(p.root, a.Then, ""))
		}
		fmt.Fprintf(&g.b, "export type %s =\n  | %s;\n", p.name, strings.Join(members, "\n  | "))
	case s.Type == "object":
		extends := ""
		if isImage(s) {
			extends = " extends ImageAsset"
		}
		fmt.Fprintf(&g.b, "export interface %s%s {\n", p.name, extends)
		d := derived[p.name]
		for _, prop := range s.Properties {
			if slices.Contains(d.drop, prop.Name) || (extends != "" && prop.Name == "src") {
				continue
			}
			resolved, _ := p.root.Resolve(prop.Schema)
			doc(&g.b, "  ", resolved.Description)
			opt := "?"
			if s.IsRequired(prop.Name) || resolved.HasDefault {
				opt = ""
			}
			t := g.typeExpr(p.root, prop.Schema, p.name+pascal(prop.Name))
			fmt.Fprintf(&g.b, "  readonly %s%s: %s;\n", key(prop.Name), opt, t)
		}
		for _, f := range d.add {
			t := f.tsType
			if t == "" {
				stored := s.Prop(f.name)
				if stored == nil || !slices.Contains(d.drop, f.name) {
					panic(fmt.Sprintf("tsgen: the derived field %s.%s takes its type from a stored property it does not drop", p.name, f.name))
				}
				t = g.typeExpr(p.root, stored, p.name+pascal(f.name))
			}
			doc(&g.b, "  ", f.doc)
			fmt.Fprintf(&g.b, "  readonly %s: %s;\n", f.name, t)
		}
		g.b.WriteString("}\n")
	default:
		fmt.Fprintf(&g.b, "export type %s = %s;\n", p.name, g.inlineType(p.root, s, p.name))
	}
}

// isImage reports whether an object is an image with more to say (alt text,
// a caption): its `src` is an image path. Such an object extends ImageAsset,
// so the site reads block.src and block.width rather than block.src.src.
func isImage(s *schemamodel.Schema) bool {
	src := s.Prop("src")
	return src != nil && schemamodel.DefName(src.Ref) == content.DefImagePath
}

func isUnion(s *schemamodel.Schema) bool {
	if len(s.AllOf) == 0 {
		return false
	}
	for _, a := range s.AllOf {
		if _, _, ok := a.Discriminator(); !ok || a.Then == nil || a.Then.Ref == "" {
			return false
		}
	}
	return true
}

// typeExpr returns the TypeScript type of a property's schema. nameIfObject
// names an inline object type.
func (g *gen) typeExpr(root *schemamodel.Root, s *schemamodel.Schema, nameIfObject string) string {
	if s.Ref != "" {
		def := schemamodel.DefName(s.Ref)
		if t, ok := contentTypes[def]; ok {
			return t
		}
		target := root.Def(s.Ref)
		if target.Type == "object" || isUnion(target) || len(target.Enum) > 0 {
			return g.name(root, target, pascal(def))
		}
		return g.inlineType(root, target, pascal(def))
	}
	if s.Type == "object" || isUnion(s) {
		return g.name(root, s, nameIfObject)
	}
	return g.inlineType(root, s, nameIfObject)
}

func (g *gen) inlineType(root *schemamodel.Root, s *schemamodel.Schema, name string) string {
	switch {
	case len(s.Enum) > 0:
		parts := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			parts[i] = literal(e)
		}
		return strings.Join(parts, " | ")
	case s.HasConst:
		return literal(s.Const)
	}
	switch s.Type {
	case "string":
		return "string"
	case "integer", "number":
		return "number"
	case "boolean":
		return "boolean"
	case "array":
		item := g.typeExpr(root, s.Items, name+"Item")
		if strings.ContainsAny(item, " |") {
			item = "(" + item + ")"
		}
		return "readonly " + item + "[]"
	}
	panic(fmt.Sprintf("tsgen: schema of %s has no type the generator knows", name))
}
