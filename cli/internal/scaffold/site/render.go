package site

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode"

	"portfolio/cli/internal/scaffold"
	"portfolio/cli/internal/yamltext"
)

// schemaFile is the site schema's path in the repository.
const schemaFile = "schema/site.schema.json"

// DefaultSchemaRef is the modeline's schema path when no schema folder is
// found above the content folder: the layout the tool expects, schema/
// beside the content folder.
const DefaultSchemaRef = "../" + schemaFile

// SchemaRef returns the path of the repository's schema/site.schema.json
// relative to dir, for site.yaml's modeline (see scaffold.SchemaRef: above
// dir, then above the current folder). Without one it returns
// DefaultSchemaRef.
func SchemaRef(dir string) string {
	return scaffold.SchemaRef(dir, filepath.Base(schemaFile), DefaultSchemaRef)
}

// Modeline is site.yaml's first line for a schema at schemaRef.
func Modeline(schemaRef string) string { return scaffold.ModelinePrefix + schemaRef }

// width is where long texts are folded.
const width = 78

// Render returns site.yaml for the settings (with their defaults filled in):
// the modeline, then every setting with a short comment that says where it
// shows. Pure: the same settings give the same bytes.
func Render(s Site, schemaRef string) []byte {
	var w siteWriter
	w.header(s, schemaRef)
	w.sharing(s)
	w.analytics(s)
	w.social(s)
	w.about(s)
	w.contact(s)
	w.categories(s)
	w.gallery(s)
	w.rights(s)
	return []byte(w.b.String())
}

// siteWriter writes site.yaml's lines, one section a method.
type siteWriter struct{ b strings.Builder }

func (w *siteWriter) line(format string, args ...any) { fmt.Fprintf(&w.b, format+"\n", args...) }

func (w *siteWriter) text(indent, key, value string) { w.b.WriteString(textLine(indent, key, value)) }

// header writes the modeline, the file's opening comment and who the site is
// for: name, taglines, hero, home page, description and address.
func (w *siteWriter) header(s Site, schemaRef string) {
	w.line("%s", Modeline(schemaRef))
	w.line("# Site-wide settings and texts, made by `portfolio init`. Texts you did not")
	w.line("# give are placeholders: replace them with your own before publishing.")
	w.line("# Check the file with `portfolio validate`; see the site with `portfolio serve`.")
	w.line("")
	w.line("# Your name: navigation brand, home hero heading, footer and copyright line.")
	w.text("", "name", s.Name)
	w.line("")
	w.line("# The two lines under your name on the home page (the first is also the footer tagline).")
	w.line("taglines:")
	w.text("  ", "role", s.Taglines.Role)
	w.text("  ", "mission", s.Taglines.Mission)
	w.line("")
	w.line("# Short introduction under the taglines on the home page.")
	w.text("", "hero", s.Hero)
	w.line("")
	if s.preset().PhotoHome {
		w.line("# Your home page can open on a photograph of yours: once a project has")
		w.line("# some, name one (or up to five) and remove the '#' (docs/content.md, \"home\").")
		w.line("# home: {layout: photo, photos: [<project>/gallery/01.jpg]}")
		w.line("")
	}
	w.line("# Meta description of the home page (search results and link previews).")
	w.text("", "description", s.Description)
	w.line("")
	w.line("# Public address of the site, without a trailing slash.")
	w.text("", "url", s.URL)
	w.line("")
	if s.WritesLanguages() {
		w.line("# The site's languages, the default first: its pages at /, another's at /<code>/.")
		w.line("# Another language's texts go in site.<code>.yaml beside this file and in")
		w.line("# project.<code>.yaml beside each project.yaml (docs/getting-started.md).")
		w.line("languages: [%s]", strings.Join(s.Languages, ", "))
		w.line("")
	}
}

// sharing writes what link previews show and who makes the photographs'
// widths, when the kind of work sets them.
func (w *siteWriter) sharing(s Site) {
	if s.Previews != "" {
		w.line("# What links to your pages show in chats and social networks: `photos`, a")
		w.line("# category its first project's cover, a project its cover; `cards`, a card")
		w.line("# drawn with the page's title.")
		w.line("previews: %s", s.Previews)
		w.line("")
	}
	if s.Fonts != "" {
		w.line("# The pages' typefaces: `system`, the visitor's own system font (nothing to")
		w.line("# download, so your photographs appear sooner); `theme`, Fraunces and Inter.")
		w.line("fonts: %s", s.Fonts)
		w.line("")
	}
	if s.Images.Delivery != "" {
		w.line("# Who makes the widths of your photographs: `netlify`, Netlify Image CDN,")
		w.line("# when a visitor first asks for one (a build in seconds; the site then needs")
		w.line("# Netlify); `build`, `portfolio build` (AVIF only where libavif is")
		w.line("# installed, which Netlify's build image lacks). See docs/deploy.md.")
		w.line("images:")
		w.line("  delivery: %s", s.Images.Delivery)
		w.line("")
	}
}

// analytics writes the service that counts visits, or how to add one.
func (w *siteWriter) analytics(s Site) {
	if s.MeasurementID != "" {
		w.line("# Google Analytics 4 measurement ID. Delete this line to load no analytics.")
		w.text("", "measurementId", s.MeasurementID)
	}
	if a := s.Analytics; a.Provider != "" {
		w.line("# The analytics service that counts page views, and its setting")
		w.line("# (docs/content.md, \"analytics\", says what each service needs).")
		w.line("analytics:")
		w.text("  ", "provider", a.Provider)
		for _, kv := range [][2]string{{"domain", a.Domain}, {"websiteId", a.WebsiteID}, {"code", a.Code}} {
			if kv[1] != "" {
				w.text("  ", kv[0], kv[1])
			}
		}
	} else if s.MeasurementID == "" {
		w.line("# No analytics are loaded. To use Google Analytics 4, add its measurement ID:")
		w.line("# measurementId: G-XXXXXXXXXX")
	}
	w.line("")
}

// social writes the profile links, or how to add them.
func (w *siteWriter) social(s Site) {
	var links []string
	for _, l := range []struct {
		key  string
		link Link
	}{
		{"professionalNetwork", s.Social.ProfessionalNetwork}, {"codeHosting", s.Social.CodeHosting},
		{"microblog", s.Social.Microblog}, {"photoSharing", s.Social.PhotoSharing},
	} {
		if l.link.URL != "" {
			links = append(links, "  "+l.key+":\n"+textLine("    ", "label", l.link.Label)+textLine("    ", "url", l.link.URL))
		}
	}
	w.line("# Profiles linked from the home page and the footer, each opening in a new tab.")
	w.line("# All optional: professionalNetwork, codeHosting, microblog, photoSharing, e.g.")
	w.line("#   codeHosting:")
	w.line("#     label: GitHub")
	w.line("#     url: https://github.com/you")
	if len(links) > 0 {
		w.line("social:")
		for _, l := range links {
			w.b.WriteString(l)
		}
	} else {
		w.line("# social:")
	}
	w.line("")
}

// about writes the About page's texts, skills and sections.
func (w *siteWriter) about(s Site) {
	w.line("# The About Me page (/about): up to 12 bullets per list, up to 8 skill tags.")
	w.line("about:")
	w.text("  ", "description", s.About.Description)
	w.text("  ", "intro", s.About.Intro)
	if len(s.About.Skills) > 0 {
		w.line("  skills:")
		for _, item := range s.About.Skills {
			w.line("    - %s", yamltext.Scalar(item))
		}
	} else {
		w.line("  # Skill tags under the introduction, if you want them (up to 8):")
		w.line("  # skills: [First Skill, Second Skill]")
	}
	w.line("  # The sections under the skill tags, in order: a heading over bullets;")
	w.line("  # `width: half` puts two sections side by side on wide screens.")
	w.line("  sections:")
	for _, sec := range s.About.Sections {
		w.line("    - title: %s", yamltext.Scalar(sec.Title))
		if sec.Width != "" {
			w.line("      width: %s", sec.Width)
		}
		w.line("      items:")
		for _, item := range sec.Items {
			w.line("        - %s", yamltext.Scalar(item))
		}
	}
	w.line("")
}

// contact writes the Contact page's texts.
func (w *siteWriter) contact(s Site) {
	w.line("# The Contact page (/contact).")
	w.line("contact:")
	w.text("  ", "title", s.Contact.Title)
	w.text("  ", "description", s.Contact.Description)
	w.text("  ", "heading", s.Contact.Heading)
	w.text("  ", "intro", s.Contact.Intro)
	w.line("")
}

// categories writes the categories, in navigation order.
func (w *siteWriter) categories(s Site) {
	w.line("# The categories of your work, in the order of the navigation: each is a")
	w.line("# page at /<slug> listing the projects whose `page:` is that slug. Add your")
	w.line("# own (schema/site.schema.json says what each may hold); a blurb is an")
	w.line("# optional paragraph under the heading.")
	w.line("categories:")
	for _, c := range s.Categories {
		w.text("  - ", "slug", c.Slug)
		w.text("    ", "title", c.Title)
		w.text("    ", "description", c.Description)
		if c.Blurb != "" {
			w.text("    ", "blurb", c.Blurb)
		}
		if c.Card != nil {
			w.line("    card: {%s}", strings.Join(cardFields([]cardField{{"role", c.Card.Role}, {"skills", c.Card.Skills},
				{"description", c.Card.Description}, {"category", c.Card.Category}}), ", "))
		}
		if c.PhotoGalleries != nil {
			w.line("    photoGalleries: %t", *c.PhotoGalleries)
		}
	}
}

// gallery writes the gallery columns, when the kind of work sets them.
func (w *siteWriter) gallery(s Site) {
	if col := s.Gallery.Columns; col != nil {
		w.line("")
		w.line("# How project galleries are laid out: columns by window width, xs below")
		w.line("# 600 px, then sm, md, lg and xl from 600, 900, 1200 and 1536 px.")
		w.line("gallery:")
		w.line("  columns:")
		for _, c := range []struct {
			key string
			n   *int
		}{{"xs", col.XS}, {"sm", col.SM}, {"md", col.MD}, {"lg", col.LG}, {"xl", col.XL}} {
			if c.n != nil {
				w.line("    %s: %d", c.key, *c.n)
			}
		}
	}
}

// rights writes the owner's rights in the work.
func (w *siteWriter) rights(s Site) {
	w.line("")
	w.line("# Your rights in the work (docs/rights.md): written into the published")
	w.line("# photos. `aiTraining: disallow` asks AI-training crawlers to keep out")
	w.line("# (search engines still index the site); `block` also turns them away")
	w.line("# at the host (a function call per request); `allow` sends no signal.")
	w.line("# licence: all rights reserved, or the address of a licence.")
	w.line("rights:")
	w.text("  ", "creator", s.Name)
	w.text("  ", "copyright", "© "+s.Name)
	w.text("  ", "licence", "all rights reserved")
	w.line("  aiTraining: disallow")
}

// cardField is a switch of a category's card.
type cardField struct {
	key string
	on  *bool
}

// cardFields are the switches given, as key: value.
func cardFields(list []cardField) []string {
	var out []string
	for _, f := range list {
		if f.on != nil {
			out = append(out, fmt.Sprintf("%s: %t", f.key, *f.on))
		}
	}
	return out
}

// textLine writes key: value, folding a long text (>-) at word boundaries
// so that the file stays easy to read and edit.
func textLine(indent, key, value string) string {
	first := indent + key + ": "
	if len(first)+len(value) <= width || !foldOK(value) {
		return first + yamltext.Scalar(value) + "\n"
	}
	var b strings.Builder
	b.WriteString(indent + key + ": >-\n")
	prefix := indent + "  "
	cur := prefix
	for _, w := range strings.Fields(value) {
		if cur != prefix && len(cur)+1+len(w) > width {
			b.WriteString(cur + "\n")
			cur = prefix
		}
		if cur != prefix {
			cur += " "
		}
		cur += w
	}
	b.WriteString(cur + "\n")
	return b.String()
}

// foldOK reports whether a folded block (>-) reads back as exactly text:
// words separated by single spaces, printable, on one line.
func foldOK(text string) bool {
	if text != strings.Join(strings.Fields(text), " ") {
		return false
	}
	for _, r := range text {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}
