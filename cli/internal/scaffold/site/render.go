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
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	text := func(indent, key, value string) { b.WriteString(textLine(indent, key, value)) }
	line("%s", Modeline(schemaRef))
	line("# Site-wide settings and texts, made by `portfolio init`. Texts you did not")
	line("# give are placeholders: replace them with your own before publishing.")
	line("# Check the file with `portfolio validate`; see the site with `portfolio serve`.")
	line("")
	line("# Your name: navigation brand, home hero heading, footer and copyright line.")
	text("", "name", s.Name)
	line("")
	line("# The two lines under your name on the home page (the first is also the footer tagline).")
	line("taglines:")
	text("  ", "role", s.Taglines.Role)
	text("  ", "mission", s.Taglines.Mission)
	line("")
	line("# Short introduction under the taglines on the home page.")
	text("", "hero", s.Hero)
	line("")
	if s.preset().PhotoHome {
		line("# Your home page can open on a photograph of yours: once a project has")
		line("# some, name one (or up to five) and remove the '#' (docs/content.md, \"home\").")
		line("# home: {layout: photo, photos: [<project>/gallery/01.jpg]}")
		line("")
	}
	line("# Meta description of the home page (search results and link previews).")
	text("", "description", s.Description)
	line("")
	line("# Public address of the site, without a trailing slash.")
	text("", "url", s.URL)
	line("")
	if s.Previews != "" {
		line("# What links to your pages show in chats and social networks: `photos`, a")
		line("# category its first project's cover, a project its cover; `cards`, a card")
		line("# drawn with the page's title.")
		line("previews: %s", s.Previews)
		line("")
	}
	if s.Images.Delivery != "" {
		line("# Who makes the widths of your photographs: `netlify`, Netlify Image CDN,")
		line("# when a visitor first asks for one (a build in seconds; the site then needs")
		line("# Netlify); `build`, `portfolio build` (AVIF only where libavif is")
		line("# installed, which Netlify's build image lacks). See docs/deploy.md.")
		line("images:")
		line("  delivery: %s", s.Images.Delivery)
		line("")
	}
	if s.MeasurementID != "" {
		line("# Google Analytics 4 measurement ID. Delete this line to load no analytics.")
		text("", "measurementId", s.MeasurementID)
	}
	if a := s.Analytics; a.Provider != "" {
		line("# The analytics service that counts page views, and its setting")
		line("# (docs/content.md, \"analytics\", says what each service needs).")
		line("analytics:")
		text("  ", "provider", a.Provider)
		for _, kv := range [][2]string{{"domain", a.Domain}, {"websiteId", a.WebsiteID}, {"code", a.Code}} {
			if kv[1] != "" {
				text("  ", kv[0], kv[1])
			}
		}
	} else if s.MeasurementID == "" {
		line("# No analytics are loaded. To use Google Analytics 4, add its measurement ID:")
		line("# measurementId: G-XXXXXXXXXX")
	}
	line("")
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
	line("# Profiles linked from the home page and the footer, each opening in a new tab.")
	line("# All optional: professionalNetwork, codeHosting, microblog, photoSharing, e.g.")
	line("#   codeHosting:")
	line("#     label: GitHub")
	line("#     url: https://github.com/you")
	if len(links) > 0 {
		line("social:")
		for _, l := range links {
			b.WriteString(l)
		}
	} else {
		line("# social:")
	}
	line("")
	line("# The About Me page (/about): up to 12 bullets per list, up to 8 skill tags.")
	line("about:")
	text("  ", "description", s.About.Description)
	text("  ", "intro", s.About.Intro)
	if len(s.About.Skills) > 0 {
		line("  skills:")
		for _, item := range s.About.Skills {
			line("    - %s", yamltext.Scalar(item))
		}
	} else {
		line("  # Skill tags under the introduction, if you want them (up to 8):")
		line("  # skills: [First Skill, Second Skill]")
	}
	line("  # The sections under the skill tags, in order: a heading over bullets;")
	line("  # `width: half` puts two sections side by side on wide screens.")
	line("  sections:")
	for _, sec := range s.About.Sections {
		line("    - title: %s", yamltext.Scalar(sec.Title))
		if sec.Width != "" {
			line("      width: %s", sec.Width)
		}
		line("      items:")
		for _, item := range sec.Items {
			line("        - %s", yamltext.Scalar(item))
		}
	}
	line("")
	line("# The Contact page (/contact).")
	line("contact:")
	text("  ", "title", s.Contact.Title)
	text("  ", "description", s.Contact.Description)
	text("  ", "heading", s.Contact.Heading)
	text("  ", "intro", s.Contact.Intro)
	line("")
	line("# The categories of your work, in the order of the navigation: each is a")
	line("# page at /<slug> listing the projects whose `page:` is that slug. Add your")
	line("# own (schema/site.schema.json says what each may hold); a blurb is an")
	line("# optional paragraph under the heading.")
	line("categories:")
	for _, c := range s.Categories {
		text("  - ", "slug", c.Slug)
		text("    ", "title", c.Title)
		text("    ", "description", c.Description)
		if c.Blurb != "" {
			text("    ", "blurb", c.Blurb)
		}
		if c.Card != nil {
			line("    card: {%s}", strings.Join(cardFields([]cardField{{"role", c.Card.Role}, {"skills", c.Card.Skills},
				{"description", c.Card.Description}, {"category", c.Card.Category}}), ", "))
		}
		if c.PhotoGalleries != nil {
			line("    photoGalleries: %t", *c.PhotoGalleries)
		}
	}
	if col := s.Gallery.Columns; col != nil {
		line("")
		line("# How project galleries are laid out: columns by window width, xs below")
		line("# 600 px, then sm, md, lg and xl from 600, 900, 1200 and 1536 px.")
		line("gallery:")
		line("  columns:")
		for _, c := range []struct {
			key string
			n   *int
		}{{"xs", col.XS}, {"sm", col.SM}, {"md", col.MD}, {"lg", col.LG}, {"xl", col.XL}} {
			if c.n != nil {
				line("    %s: %d", c.key, *c.n)
			}
		}
	}
	line("")
	line("# Your rights in the work (docs/rights.md): written into the published")
	line("# photos. `aiTraining: disallow` asks AI-training crawlers to keep out")
	line("# (search engines still index the site); `allow` sends no such signal.")
	line("# licence: all rights reserved, or the address of a licence.")
	line("rights:")
	text("  ", "creator", s.Name)
	text("  ", "copyright", "© "+s.Name)
	text("  ", "licence", "all rights reserved")
	line("  aiTraining: disallow")
	return []byte(b.String())
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
