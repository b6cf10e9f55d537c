// Package editorconfig writes the browser editor's configuration (Decap CMS,
// decision 79) from the JSON Schemas of the content files and the categories
// site.yaml declares: the site settings as a file collection, the projects
// as a folder collection (one folder each, its media beside project.yaml,
// its gallery's files in gallery/), and every field with each constraint a
// Decap widget can carry. What a widget cannot carry is listed by Unmapped
// with its reason; the editor's save hook (site/admin/check.js) checks those
// against the same schemas, and `portfolio validate` at the host's build.
//
// Output is byte-for-byte deterministic: fields in the schemas' order.
package editorconfig

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/schemamodel"
	"portfolio/cli/internal/videocheck"
)

// ConfigFile and ChecksFile are where the configuration and the facts the
// save hook needs go, under the site's folder: the editor's folder of the
// published site (/admin), never a public page's.
const (
	ConfigFile = "site/public/admin/config.yml"
	ChecksFile = "site/public/admin/checks.json"
)

// Options are the inputs besides the schemas.
type Options struct {
	// Categories are the slugs site.yaml declares: the choices of every
	// field whose value names one (the `page` definition).
	Categories []string
	// Repo is the GitHub repository ("owner/name") the editor commits to on
	// the host; "" leaves it out (the editor then works locally only).
	Repo string
	// Branch is the branch it commits to.
	Branch string
}

// Unmapped is a schema constraint no Decap widget carries, and why.
type Unmapped struct {
	Path   string // site.home.layout, project.skills
	Reason string
}

// ImageExtensions are the image files the editor accepts, as validate
// does (package imagecheck); gallery files may also be videos (package
// videocheck).
var (
	ImageExtensions = imagecheck.Extensions
	VideoExtensions = videocheck.Extensions
)

// commitMessages name the change in each of the editor's commits.
var commitMessages = yaml.MapSlice{
	{Key: "create", Value: `content: add {{collection}} "{{slug}}"`},
	{Key: "update", Value: `content: update {{collection}} "{{slug}}"`},
	{Key: "delete", Value: `content: delete {{collection}} "{{slug}}"`},
	{Key: "uploadMedia", Value: `content: upload "{{path}}"`},
	{Key: "deleteMedia", Value: `content: delete "{{path}}"`},
}

// Generate returns config.yml for the schemas of site.yaml and project.yaml
// (as package schema embeds them) and what it could not map.
func Generate(site, project []byte, opts Options) ([]byte, []Unmapped, error) {
	siteRoot, err := schemamodel.Parse(site)
	if err != nil {
		return nil, nil, fmt.Errorf("site schema: %w", err)
	}
	projectRoot, err := schemamodel.Parse(project)
	if err != nil {
		return nil, nil, fmt.Errorf("project schema: %w", err)
	}
	g := &gen{categories: opts.Categories}
	g.root = projectRoot
	projectFields := g.fields(projectRoot.Schema, "project", false)
	g.root = siteRoot
	siteFields := g.fields(siteRoot.Schema, "site", false)
	for _, f := range []struct {
		fields []yaml.MapSlice
		root   *schemamodel.Schema
		name   string
		schema string
	}{
		{projectFields, projectRoot.Schema, content.ProjectFile, "project.schema.json"},
		{siteFields, siteRoot.Schema, content.SiteFile, "site.schema.json"},
	} {
		if err := withModeline(f.fields, f.root, content.Modeline(f.name, f.schema)); err != nil {
			return nil, nil, err
		}
	}

	backend := yaml.MapSlice{{Key: "name", Value: "github"}}
	if opts.Repo != "" {
		backend = append(backend, yaml.MapItem{Key: "repo", Value: opts.Repo})
	}
	branch := opts.Branch
	if branch == "" {
		branch = "main"
	}
	backend = append(backend, yaml.MapItem{Key: "branch", Value: branch}, yaml.MapItem{Key: "commit_messages", Value: commitMessages})
	config := yaml.MapSlice{
		{Key: "backend", Value: backend},
		// Uploads outside a collection's own folders would land here; every
		// field names its folder, so none does.
		{Key: "media_folder", Value: "content/uploads"},
		{Key: "public_folder", Value: ""},
		// A new project's folder: ASCII, accents dropped, lower case.
		{Key: "slug", Value: yaml.MapSlice{{Key: "encoding", Value: "ascii"}, {Key: "clean_accents", Value: true}, {Key: "sanitize_replacement", Value: "-"}}},
		{Key: "collections", Value: []yaml.MapSlice{
			{
				{Key: "name", Value: "projects"}, {Key: "label", Value: "Projects"}, {Key: "label_singular", Value: "Project"},
				{Key: "folder", Value: "content/projects"}, {Key: "path", Value: "{{slug}}/project"},
				{Key: "extension", Value: "yaml"}, {Key: "format", Value: "yaml"},
				{Key: "create", Value: true}, {Key: "delete", Value: false},
				{Key: "identifier_field", Value: "title"}, {Key: "summary", Value: "{{title}}"},
				// The project's own folder: a cover or an image block's file
				// is uploaded beside project.yaml and named relative to it.
				{Key: "media_folder", Value: ""}, {Key: "public_folder", Value: ""},
				{Key: "fields", Value: projectFields},
			},
			{
				{Key: "name", Value: "settings"}, {Key: "label", Value: "Site settings"}, {Key: "delete", Value: false},
				{Key: "files", Value: []yaml.MapSlice{{
					{Key: "name", Value: "site"}, {Key: "label", Value: "Site"}, {Key: "file", Value: "content/site.yaml"},
					{Key: "fields", Value: siteFields},
				}}},
			},
		}},
	}
	out, err := yaml.MarshalWithOptions(config, yaml.Indent(2), yaml.IndentSequence(true))
	if err != nil {
		return nil, nil, err
	}
	head := "# Generated by `portfolio generate` from schema/*.json and content/site.yaml\n" +
		"# (cli/internal/editorconfig); do not edit. Decision 79.\n"
	return append([]byte(head), out...), g.unmapped, nil
}

type gen struct {
	root       *schemamodel.Root
	categories []string
	unmapped   []Unmapped
}

func (g *gen) skip(path, reason string) { g.unmapped = append(g.unmapped, Unmapped{path, reason}) }

// fields maps an object's properties; inOptional says the object itself
// may be absent, when Decap would still ask for its required fields.
// withModeline has the editor write the file's modeline as its first line,
// as every content file starts (validate warns of a file without it): a
// Decap field's comment is written on the line before its key, and the
// fields are written in their order, so the first field carries it. It
// must be required: an optional first field left empty would take the
// line with it.
func withModeline(fields []yaml.MapSlice, s *schemamodel.Schema, modeline string) error {
	if len(fields) == 0 || len(s.Properties) == 0 || !s.IsRequired(s.Properties[0].Name) ||
		len(fields[0]) == 0 || fields[0][0].Value != s.Properties[0].Name {
		return fmt.Errorf("the schema's first property is not a required field of the editor: it could not keep %q on the first line", modeline)
	}
	fields[0] = append(fields[0], yaml.MapItem{Key: "comment", Value: strings.TrimPrefix(modeline, "# ")})
	return nil
}

func (g *gen) fields(s *schemamodel.Schema, path string, inOptional bool) []yaml.MapSlice {
	var out []yaml.MapSlice
	for _, p := range s.Properties {
		if f := g.field(p.Name, p.Schema, s.IsRequired(p.Name) && !inOptional, path+"."+p.Name, inOptional); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// union reads a discriminated union written as allOf of if {K: const V}
// then {$ref}: the key and each variant's value and schema.
func (g *gen) union(s *schemamodel.Schema) (key string, values []string, variants []*schemamodel.Schema) {
	if len(s.AllOf) == 0 {
		return "", nil, nil
	}
	for _, a := range s.AllOf {
		if a.If == nil || a.Then == nil || len(a.If.Properties) != 1 {
			return "", nil, nil
		}
		p := a.If.Properties[0]
		key = p.Name
		values = append(values, fmt.Sprint(p.Schema.Const))
		v, _ := g.root.Resolve(a.Then)
		variants = append(variants, v)
	}
	return key, values, variants
}

func (g *gen) field(name string, raw *schemamodel.Schema, required bool, path string, inOptional bool) yaml.MapSlice {
	s, def := g.root.Resolve(raw)
	if s.HasConst {
		return nil // a union's key: the typed list's typeKey
	}
	label := s.Title
	if label == "" {
		label = name
	}
	f := yaml.MapSlice{{Key: "name", Value: name}, {Key: "label", Value: label}}
	if s.Description != "" {
		f = append(f, yaml.MapItem{Key: "hint", Value: strings.ReplaceAll(s.Description, "`", "")})
	}
	if !required {
		f = append(f, yaml.MapItem{Key: "required", Value: false})
	}
	if v, ok := scalar(s.Default); s.HasDefault && ok {
		f = append(f, yaml.MapItem{Key: "default", Value: v})
	}
	if key, values, variants := g.union(s); key != "" && s.Type == "object" {
		return g.unionField(f, s, key, values, variants, path, required, inOptional)
	}
	switch {
	case len(s.Enum) > 0:
		return append(f, yaml.MapItem{Key: "widget", Value: "select"}, yaml.MapItem{Key: "options", Value: s.Enum})
	case def == "page":
		// The categories site.yaml declares, at the time of generating.
		return append(f, yaml.MapItem{Key: "widget", Value: "select"}, yaml.MapItem{Key: "options", Value: g.categories})
	}
	switch s.Type {
	case "string":
		return g.stringField(f, s, def, path, required)
	case "integer", "number":
		vt := "float"
		if s.Type == "integer" {
			vt = "int"
		}
		f = append(f, yaml.MapItem{Key: "widget", Value: "number"}, yaml.MapItem{Key: "value_type", Value: vt})
		if s.Minimum != nil {
			f = append(f, yaml.MapItem{Key: "min", Value: *s.Minimum})
		}
		if s.Maximum != nil {
			f = append(f, yaml.MapItem{Key: "max", Value: *s.Maximum})
		}
		return f
	case "boolean":
		return append(f, yaml.MapItem{Key: "widget", Value: "boolean"})
	case "object":
		return append(f, yaml.MapItem{Key: "widget", Value: "object"}, yaml.MapItem{Key: "fields", Value: g.fields(s, path, inOptional || !required)})
	case "array":
		return g.listField(f, name, s, path)
	}
	g.skip(path, "no widget for this type")
	return append(f, yaml.MapItem{Key: "widget", Value: "string"})
}

// unionField is the field f of an object that is one of several
// variants told apart by key: Decap's object widget has no types, so a
// select for the key, then every variant's fields, all optional; the
// save hook checks the rest.
func (g *gen) unionField(f yaml.MapSlice, s *schemamodel.Schema, key string, values []string, variants []*schemamodel.Schema, path string, required, inOptional bool) yaml.MapSlice {
	g.skip(path, "the fields of each "+key+" (Decap's object widget has no types): all shown, optional; the save hook checks them")
	keyField := yaml.MapSlice{{Key: "name", Value: key}, {Key: "label", Value: keyLabel(s, key)}, {Key: "widget", Value: "select"}, {Key: "options", Value: values}}
	if inOptional || !required {
		keyField = append(keyField, yaml.MapItem{Key: "required", Value: false})
	}
	sub := []yaml.MapSlice{keyField}
	seen := map[string]bool{key: true}
	for i, v := range variants {
		for _, x := range g.fields(v, path+"["+values[i]+"]", true) {
			n := x[0].Value.(string)
			if !seen[n] {
				seen[n] = true
				sub = append(sub, x)
			}
		}
	}
	return append(f, yaml.MapItem{Key: "widget", Value: "object"}, yaml.MapItem{Key: "fields", Value: sub})
}

// listField is the field f of an array named name: a list of typed
// objects, of objects, or of one field each.
func (g *gen) listField(f yaml.MapSlice, name string, s *schemamodel.Schema, path string) yaml.MapSlice {
	f = append(f, yaml.MapItem{Key: "widget", Value: "list"})
	if s.MinItems != nil {
		f = append(f, yaml.MapItem{Key: "min", Value: *s.MinItems})
	}
	if s.MaxItems != nil {
		f = append(f, yaml.MapItem{Key: "max", Value: *s.MaxItems})
	}
	if s.UniqueItems {
		g.skip(path, "uniqueItems: no list option; the save hook checks it")
	}
	items, itemDef := g.root.Resolve(s.Items)
	if key, values, variants := g.union(items); key != "" {
		types := make([]yaml.MapSlice, len(variants))
		for i, v := range variants {
			label := v.Title
			if label == "" {
				label = values[i]
			}
			types[i] = yaml.MapSlice{{Key: "name", Value: values[i]}, {Key: "label", Value: label}, {Key: "widget", Value: "object"},
				{Key: "fields", Value: g.fields(v, path+"["+values[i]+"]", false)}}
		}
		return append(f, yaml.MapItem{Key: "typeKey", Value: key}, yaml.MapItem{Key: "types", Value: types})
	}
	if items.Type == "object" {
		sub := g.fields(items, path+"[]", false)
		if itemDef == "galleryText" {
			sub = galleryFiles(sub)
		}
		return append(f, yaml.MapItem{Key: "fields", Value: sub})
	}
	one := g.field(strings.TrimSuffix(name, "s"), s.Items, true, path+"[]", false)
	return append(f, yaml.MapItem{Key: "field", Value: one})
}

// keyLabel is the union key's title, from the object's own property.
func keyLabel(s *schemamodel.Schema, key string) string {
	if p := s.Prop(key); p != nil && p.Title != "" {
		return p.Title
	}
	return key
}

// galleryFiles turns a gallery text's file name into a file chosen from,
// or uploaded into, the project's gallery/ folder.
func galleryFiles(fields []yaml.MapSlice) []yaml.MapSlice {
	for i, f := range fields {
		if f[0].Value != "file" {
			continue
		}
		out := yaml.MapSlice{}
		for _, item := range f {
			if item.Key == "widget" {
				item.Value = "image"
			}
			if item.Key == "pattern" {
				item.Value = extensionPattern(append(slices.Clone(ImageExtensions), VideoExtensions...),
					fmt.Sprintf("must be an image (%s) or video (%s) file of the gallery folder", strings.Join(ImageExtensions, ", "), strings.Join(VideoExtensions, ", ")))
			}
			out = append(out, item)
		}
		out = append(out, yaml.MapItem{Key: "media_folder", Value: "gallery"}, yaml.MapItem{Key: "public_folder", Value: ""}, yaml.MapItem{Key: "choose_url", Value: false})
		fields[i] = out
	}
	return fields
}

// extensionPattern is a Decap pattern accepting names with one of exts.
func extensionPattern(exts []string, msg string) []string {
	alts := make([]string, len(exts))
	for i, e := range exts {
		var b strings.Builder
		for _, r := range strings.TrimPrefix(e, ".") {
			up := strings.ToUpper(string(r))
			if up == string(r) {
				b.WriteRune(r)
			} else {
				fmt.Fprintf(&b, "[%c%s]", r, up)
			}
		}
		alts[i] = b.String()
	}
	return []string{`^[^/\\]+\.(` + strings.Join(alts, "|") + `)$`, msg}
}

// fileDefs are the definitions of paths to files beside project.yaml, by
// the widget that uploads them.
var fileDefs = map[string]string{"imagePath": "image", "documentPath": "file", "videoPath": "file", "captionsPath": "file"}

func (g *gen) stringField(f yaml.MapSlice, s *schemamodel.Schema, def, path string, required bool) yaml.MapSlice {
	widget := "string"
	if s.MaxLength != nil && *s.MaxLength > 300 {
		widget = "text"
	}
	if w, ok := fileDefs[def]; ok {
		widget = w
		f = append(f, yaml.MapItem{Key: "widget", Value: widget}, yaml.MapItem{Key: "media_folder", Value: ""}, yaml.MapItem{Key: "public_folder", Value: ""}, yaml.MapItem{Key: "choose_url", Value: false})
		why := "the file's content (a real " + strings.TrimSuffix(def, "Path") + "): Decap checks the name only; validate reads the file"
		if w == "image" {
			why = "the file's content (a real image): Decap checks the name only; the save hook reads an uploaded image's first bytes and size, validate the whole file"
		}
		g.skip(path, why)
	} else {
		f = append(f, yaml.MapItem{Key: "widget", Value: widget})
	}
	if p := pattern(s, required); p != nil {
		f = append(f, yaml.MapItem{Key: "pattern", Value: p})
	}
	if s.Format != "" {
		g.skip(path, "format "+s.Format+": no widget option; the save hook checks it")
	}
	return f
}

// pattern folds a string's length limits and pattern into Decap's one
// pattern per field, with the schema's message (a lookahead for the
// length). Lengths count UTF-16 units in the browser, code points in the
// schema: the two differ only past the Basic Multilingual Plane.
func pattern(s *schemamodel.Schema, required bool) []string {
	minLen := 0
	if s.MinLength != nil && *s.MinLength > 1 {
		minLen = *s.MinLength
	} else if required && s.MinLength != nil {
		minLen = 1
	}
	var msgs []string
	re := s.Pattern
	if minLen > 1 || s.MaxLength != nil {
		maxPart := ""
		if s.MaxLength != nil {
			maxPart = fmt.Sprint(*s.MaxLength)
		}
		body := `[\s\S]*$`
		if re != "" {
			if strings.HasPrefix(re, "^") {
				body = "(?:" + re + ")"
			} else {
				body = `(?:[\s\S]*` + re + ")"
			}
		}
		re = fmt.Sprintf(`^(?=[\s\S]{%d,%s}$)%s`, minLen, maxPart, body)
		switch {
		case minLen > 1 && s.MaxLength != nil:
			msgs = append(msgs, fmt.Sprintf("%d to %d characters", minLen, *s.MaxLength))
		case s.MaxLength != nil:
			msgs = append(msgs, fmt.Sprintf("at most %d characters", *s.MaxLength))
		default:
			msgs = append(msgs, fmt.Sprintf("at least %d characters", minLen))
		}
	}
	if s.ErrorMessage != "" {
		msgs = append(msgs, s.ErrorMessage)
	}
	if re == "" {
		return nil
	}
	if len(msgs) == 0 {
		msgs = append(msgs, "must match "+s.Pattern)
	}
	return []string{re, strings.TrimSuffix(strings.Join(msgs, "; "), "; ")}
}

// scalar returns a default that is a string, a boolean or a number (a
// list's or an object's default is left to the schema).
func scalar(v any) (any, bool) {
	switch x := v.(type) {
	case string, bool:
		return x, true
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i, true
		}
		f, err := x.Float64()
		return f, err == nil
	}
	return nil, false
}
