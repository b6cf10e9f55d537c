// Package schemadoc renders the content reference, docs/content.md, from the
// JSON Schemas of the content files: every field of site.yaml and
// project.yaml with its type, whether it is required, its limits, default,
// description and examples. The schemas' titles, descriptions and examples
// are the text editors show on hover, so the page and the editors say the
// same thing, and a field added to a schema appears on the page with no edit
// here.
//
// Rendering is pure and byte-for-byte deterministic: fields in the order the
// schema declares them, sections in reading order (breadth first from the
// top of each file).
package schemadoc

import (
	"bytes"
	"fmt"
	"strings"

	"portfolio/cli/internal/schemamodel"
)

// header says where the page comes from; it is an HTML comment, invisible
// when the page is shown.
const header = "<!-- Generated from schema/site.schema.json and schema/project.schema.json by cli/internal/schemadoc; do not edit.\n" +
	"     Change the schemas' titles, descriptions and examples, and generate it again. -->\n\n"

const intro = `# Content reference

The site's content is YAML in ` + "`content/`" + `: ` + "`content/site.yaml`" + ` holds the site-wide settings and texts,
and each project is a folder ` + "`content/projects/<slug>/`" + ` with a ` + "`project.yaml`" + ` beside the images and
documents it names. Each file's first line names its JSON Schema, so that an editor with YAML
support completes the fields, shows each one's description on hover and marks mistakes as you
type; ` + "`portfolio validate`" + ` checks the same schemas, then what a schema cannot (that the files a
project names are there, that its Markdown is in the subset the site renders, …).

This page is generated from those schemas. In its tables, **Required** says whether a field must
be there when the mapping that holds it is; **Limits** count characters for text and items for
lists; a field left out takes its **Default**, when it has one. Examples are written as in YAML.
A field marked *Translatable* is a text a translation file may give in another of the site's
` + "`languages`" + `: ` + "`site.<lang>.yaml`" + ` beside site.yaml, ` + "`project.<lang>.yaml`" + ` beside each
project.yaml, in the same shape; every other field is shared by all languages.
`

// Render returns docs/content.md for the schemas of site.yaml and
// project.yaml, as embedded by package schema (schema.Site, schema.Project).
func Render(site, project []byte) ([]byte, error) {
	return render([]file{
		{name: "site.yaml", path: "content/site.yaml", schema: "schema/site.schema.json", anchor: "site", data: site},
		{name: "project.yaml", path: "content/projects/<slug>/project.yaml", schema: "schema/project.schema.json", anchor: "project", data: project},
	})
}

// file is one content file and its schema.
type file struct {
	name   string // as the page names it: site.yaml
	path   string // in the repository: content/site.yaml
	schema string // the schema's path in the repository
	anchor string // prefix of its sections' anchors
	data   []byte
}

func render(files []file) ([]byte, error) {
	var docs []*fileDoc
	for _, f := range files {
		d, err := plan(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.schema, err)
		}
		docs = append(docs, d)
	}
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString(intro)
	b.WriteString("\n")
	for _, d := range docs {
		fmt.Fprintf(&b, "- [%s](#%s)\n", d.name, d.sections[0].anchor)
		for _, s := range d.sections[1:] {
			fmt.Fprintf(&b, "  - [%s](#%s)\n", s.heading, s.anchor)
		}
	}
	b.WriteString("\n")
	for _, d := range docs {
		d.render(&b)
	}
	// Every part ends with an empty line; the page with one line break.
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n'), nil
}

// section is a part of the page that describes one object, list or value
// type: the top of a file, an object written inside another (`taglines`), or
// a definition the schema names and refers to ($defs).
type section struct {
	anchor  string
	heading string // Markdown
	schema  *schemamodel.Schema
	path    string // the YAML path of an inline object: gallery.columns
	usedBy  []use
}

// use is a place whose value a definition describes: a field, a kind of
// a union (a block type), the items of a list.
type use struct {
	field string
	in    *section
	as    useKind
}

type useKind int

const (
	asField useKind = iota
	asKind
	asItem
)

type fileDoc struct {
	file
	root     *schemamodel.Root
	sections []*section // in reading order; the first is the file's top
	byDef    map[string]*section
	inline   map[*schemamodel.Schema]*section
	anchors  map[string]bool
	queue    []*section // definitions used and not yet described
}

// plan parses a schema and lists its sections in reading order: the top of
// the file, each object written in place right after the section that
// holds it, then the definitions, breadth first in the order the fields
// use them (so a file's fields come before the definitions they use), and
// last any definition nothing uses, in declaration order.
func plan(f file) (*fileDoc, error) {
	root, err := schemamodel.Parse(f.data)
	if err != nil {
		return nil, err
	}
	d := &fileDoc{file: f, root: root, byDef: map[string]*section{}, inline: map[*schemamodel.Schema]*section{}, anchors: map[string]bool{}}
	top := &section{anchor: f.anchor + "-yaml", heading: f.name, schema: root.Schema}
	if err := d.add(top); err != nil {
		return nil, err
	}
	if err := d.visit(top); err != nil {
		return nil, err
	}
	if err := d.drain(); err != nil {
		return nil, err
	}
	for _, def := range root.Defs {
		if d.byDef[def.Name] == nil {
			d.queue = append(d.queue, d.defSection(def.Name))
		}
	}
	return d, d.drain()
}

// drain describes the queued definitions, and those they use in turn.
func (d *fileDoc) drain() error {
	for len(d.queue) > 0 {
		sec := d.queue[0]
		d.queue = d.queue[1:]
		if err := d.add(sec); err != nil {
			return err
		}
		if err := d.visit(sec); err != nil {
			return err
		}
	}
	return nil
}

// visit links the fields of a section (a union's kinds, a list's items) to
// the sections that describe their values.
func (d *fileDoc) visit(sec *section) error {
	for _, p := range sec.schema.Properties {
		if err := d.link(sec, use{p.Name, sec, asField}, p.Schema); err != nil {
			return err
		}
	}
	for _, a := range branches(sec.schema) {
		if err := d.link(sec, use{"", sec, asKind}, a.Then); err != nil {
			return err
		}
	}
	if sec.schema.Type == "array" {
		return d.link(sec, use{"", sec, asItem}, sec.schema.Items)
	}
	return nil
}

func (d *fileDoc) add(s *section) error {
	if d.anchors[s.anchor] {
		return fmt.Errorf("two sections would share the anchor #%s; rename a definition or a property", s.anchor)
	}
	d.anchors[s.anchor] = true
	d.sections = append(d.sections, s)
	return nil
}

// link records the section that describes a value (its definition, or the
// object written in place), creating it on first use: an object written in
// place is described at once, a definition is queued.
func (d *fileDoc) link(from *section, u use, s *schemamodel.Schema) error {
	s = elem(s)
	switch {
	case s == nil:
		return nil
	case s.Ref != "":
		name := schemamodel.DefName(s.Ref)
		target := d.byDef[name]
		if target == nil {
			target = d.defSection(name)
			d.queue = append(d.queue, target)
		}
		target.usedBy = append(target.usedBy, u)
	case hasSection(s) && d.inline[s] == nil:
		path := u.field
		if from.path != "" {
			path = from.path + "." + u.field
		}
		prefix := d.anchor
		if from != d.sections[0] {
			prefix = from.anchor
		}
		sec := &section{anchor: prefix + "-" + kebab(u.field), heading: "`" + path + "`", schema: s, path: path}
		if s.Title != "" {
			sec.heading += ": " + s.Title
		}
		d.inline[s] = sec
		if err := d.add(sec); err != nil {
			return err
		}
		return d.visit(sec)
	}
	return nil
}

func (d *fileDoc) defSection(name string) *section {
	s := d.root.Def("#/$defs/" + name)
	heading := s.Title
	if heading == "" {
		heading = name
	}
	sec := &section{anchor: d.anchor + "-" + kebab(name), heading: heading, schema: s}
	d.byDef[name] = sec
	return sec
}

// sectionOf returns the section that describes a value of schema s (the
// items' for a list), or nil when its row says all there is.
func (d *fileDoc) sectionOf(s *schemamodel.Schema) *section {
	s = elem(s)
	switch {
	case s == nil:
		return nil
	case s.Ref != "":
		return d.byDef[schemamodel.DefName(s.Ref)]
	}
	return d.inline[s]
}

// elem steps from a list written in place to its items.
func elem(s *schemamodel.Schema) *schemamodel.Schema {
	for s != nil && s.Ref == "" && s.Type == "array" {
		s = s.Items
	}
	return s
}

// hasSection reports whether an object written in place gets a section of
// its own: one with fields, or a choice of kinds.
func hasSection(s *schemamodel.Schema) bool {
	return len(s.Properties) > 0 || len(branches(s)) > 0
}

// objectLike reports whether values of s are mappings, described field by
// field.
func objectLike(s *schemamodel.Schema) bool {
	return s.Type == "object" || hasSection(s)
}

// branches returns the if/then pairs of a schema that picks its shape by a
// constant property (a block's type), or nil.
func branches(s *schemamodel.Schema) []*schemamodel.Schema {
	if len(s.AllOf) == 0 {
		return nil
	}
	for _, a := range s.AllOf {
		if _, _, ok := a.Discriminator(); !ok || a.Then == nil {
			return nil
		}
	}
	return s.AllOf
}

// kebab turns a property or definition name into an anchor's words:
// caseStudyBlock → case-study-block, gallery.columns → gallery-columns.
func kebab(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range name {
		switch {
		case r >= 'A' && r <= 'Z':
			if b.Len() > 0 && !dash {
				b.WriteByte('-')
			}
			b.WriteRune(r - 'A' + 'a')
			dash = false
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		default:
			if b.Len() > 0 && !dash {
				b.WriteByte('-')
				dash = true
			}
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
