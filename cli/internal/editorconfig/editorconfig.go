// Package editorconfig writes the browser editor's configuration (Sveltia
// CMS, decisions 79, 0114 and 0120) from the JSON Schemas of the content
// files and what site.yaml declares (its categories and languages): the
// site settings as a file collection, the projects as a folder collection
// (one folder each, its media beside project.yaml, its gallery's files in
// gallery/), and every field with each constraint a widget can carry. What
// a widget cannot carry is listed by Unmapped with its reason; the editor's
// save hook (site/admin/check.js) checks those against the same schemas, and
// `portfolio validate` at the host's build.
//
// A site in several languages gets Sveltia's i18n in decision 0113's shape:
// a translation in project.<lang>.yaml (site.<lang>.yaml) beside the
// default file, which keeps its name; each field's i18n from the schemas'
// x-translatable marks; a text required in the default language only.
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
	// the host; "" writes LocalRepo (the editor then works locally only).
	Repo string
	// Branch is the branch it commits to.
	Branch string
	// Languages are the site's languages, the default first
	// (content.Content.Languages); more than one turns on the editor's
	// i18n (decision 0113), one or none leaves it out.
	Languages []string
}

// LocalRepo is the repository of a site with none on GitHub.
const LocalRepo = "local/no-github-repository"

// Unmapped is a schema constraint no widget carries, and why.
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
	if len(opts.Languages) > 1 {
		g.langs = opts.Languages
	}
	g.root = projectRoot
	projectFields := g.fields(projectRoot.Schema, "project", false, shared)
	g.root = siteRoot
	siteFields := g.fields(siteRoot.Schema, "site", false, shared)

	// Sveltia does not start without a repository, even in its local mode,
	// which does not read it (decision 0120): a site with no GitHub
	// remote names LocalRepo, and signing in to GitHub fails on it.
	repo := opts.Repo
	if repo == "" {
		repo = LocalRepo
	}
	backend := yaml.MapSlice{{Key: "name", Value: "github"}, {Key: "repo", Value: repo}}
	branch := opts.Branch
	if branch == "" {
		branch = "main"
	}
	backend = append(backend, yaml.MapItem{Key: "branch", Value: branch}, yaml.MapItem{Key: "commit_messages", Value: commitMessages})
	projects := yaml.MapSlice{
		{Key: "name", Value: "projects"}, {Key: "label", Value: "Projects"}, {Key: "label_singular", Value: "Project"},
		{Key: "folder", Value: "content/projects"}, {Key: "path", Value: "{{slug}}/project"},
		{Key: "extension", Value: "yaml"}, {Key: "format", Value: "yaml"},
		{Key: "create", Value: true}, {Key: "delete", Value: false},
		{Key: "identifier_field", Value: "title"}, {Key: "summary", Value: "{{title}}"},
		// The project's own folder: a cover or an image block's file
		// is uploaded beside project.yaml and named relative to it.
		{Key: "media_folder", Value: ""}, {Key: "public_folder", Value: ""},
	}
	siteFile := yaml.MapSlice{{Key: "name", Value: "site"}, {Key: "label", Value: "Site"}, {Key: "file", Value: "content/" + content.SiteFile}}
	// A file collection has no delete in Sveltia's schema (decision 0114):
	// its files are edited, never added or removed.
	settings := yaml.MapSlice{{Key: "name", Value: "settings"}, {Key: "label", Value: "Site settings"}}
	config := yaml.MapSlice{{Key: "backend", Value: backend}}
	if g.langs != nil {
		config = append(config, yaml.MapItem{Key: "i18n", Value: yaml.MapSlice{
			// Decision 0113: project.yaml stays the default language's,
			// project.sv.yaml beside it holds the Swedish texts.
			{Key: "structure", Value: "multiple_files"},
			{Key: "locales", Value: g.langs},
			{Key: "default_locale", Value: g.langs[0]},
			{Key: "omit_default_locale_from_file_path", Value: true},
			// A new project starts in the default language alone; the owner
			// adds a translation when there is one.
			{Key: "initial_locales", Value: "default"},
		}})
		projects = append(projects, yaml.MapItem{Key: "i18n", Value: true})
		siteFile[2].Value = "content/" + strings.TrimSuffix(content.SiteFile, ".yaml") + ".{{locale}}.yaml"
		siteFile = append(siteFile, yaml.MapItem{Key: "i18n", Value: true})
		settings = append(settings, yaml.MapItem{Key: "i18n", Value: true})
	}
	projects = append(projects, yaml.MapItem{Key: "fields", Value: projectFields})
	siteFile = append(siteFile, yaml.MapItem{Key: "fields", Value: siteFields})
	settings = append(settings, yaml.MapItem{Key: "files", Value: []yaml.MapSlice{siteFile}})
	config = append(config,
		// Uploads outside a collection's own folders would land here; every
		// field names its folder, so none does.
		yaml.MapItem{Key: "media_folder", Value: "content/uploads"},
		yaml.MapItem{Key: "public_folder", Value: ""},
		// A cleared optional field is left out, not written '', which the
		// schemas refuse.
		yaml.MapItem{Key: "output", Value: yaml.MapSlice{{Key: "omit_empty_optional_fields", Value: true}}},
		// A new project's folder: ASCII, accents dropped, lower case.
		yaml.MapItem{Key: "slug", Value: yaml.MapSlice{{Key: "encoding", Value: "ascii"}, {Key: "clean_accents", Value: true}, {Key: "sanitize_replacement", Value: "-"}}},
		yaml.MapItem{Key: "collections", Value: []yaml.MapSlice{projects, settings}},
	)
	out, err := yaml.MarshalWithOptions(config, yaml.Indent(2), yaml.IndentSequence(true))
	if err != nil {
		return nil, nil, err
	}
	head := "# Generated by `portfolio generate` from schema/*.json and content/site.yaml\n" +
		"# (cli/internal/editorconfig); do not edit. Decisions 79, 0120.\n"
	return append([]byte(head), out...), g.unmapped, nil
}

type gen struct {
	root       *schemamodel.Root
	categories []string
	// langs are the site's languages when more than one, else nil: no i18n.
	langs    []string
	unmapped []Unmapped
}

// scope is where a field sits, for its i18n (decisions 0113, 0115).
type scope int

const (
	// shared: outside any list of texts; a value that is no text stays in
	// the default file only.
	shared scope = iota
	// aligned: in an item of a list that holds texts (a body block, an
	// About section); a value that is no text is copied into the
	// translation (duplicate), which lines the items up: a block's type, a
	// gallery text's file.
	aligned
	// translated: inside a value marked translatable as a whole (a list of
	// skills): every field is the language's own.
	translated
)

// i18n returns a field's i18n option in scope sc (nil for none) and the
// scope of what it holds.
func (g *gen) i18n(s *schemamodel.Schema, sc scope) (any, scope) {
	switch {
	case g.langs == nil:
		return nil, sc
	case sc == translated || s.Translatable:
		return true, translated
	case g.root.HoldsTranslatable(s):
		return true, sc
	case sc == aligned:
		return "duplicate", aligned
	}
	return nil, shared
}

func (g *gen) skip(path, reason string) { g.unmapped = append(g.unmapped, Unmapped{path, reason}) }

// fields maps an object's properties; inOptional says the object itself
// may be absent, when the editor would still ask for its required fields.
func (g *gen) fields(s *schemamodel.Schema, path string, inOptional bool, sc scope) []yaml.MapSlice {
	var out []yaml.MapSlice
	for _, p := range s.Properties {
		if f := g.field(p.Name, p.Schema, s.IsRequired(p.Name) && !inOptional, path+"."+p.Name, inOptional, sc); f != nil {
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

func (g *gen) field(name string, raw *schemamodel.Schema, required bool, path string, inOptional bool, sc scope) yaml.MapSlice {
	s, def := g.root.Resolve(raw)
	if s.HasConst {
		return nil // a union's key: the typed list's typeKey
	}
	i18n, inner := g.i18n(s, sc)
	label := s.Title
	if label == "" {
		label = name
	}
	f := yaml.MapSlice{{Key: "name", Value: name}, {Key: "label", Value: label}}
	if s.Description != "" {
		f = append(f, yaml.MapItem{Key: "hint", Value: strings.ReplaceAll(s.Description, "`", "")})
	}
	switch {
	case !required:
		f = append(f, yaml.MapItem{Key: "required", Value: false})
	case i18n == true:
		// Required in the default language; a translation may leave it
		// out, and the page shows the default's (decision 0113).
		f = append(f, yaml.MapItem{Key: "required", Value: g.langs[:1]})
	}
	if i18n != nil {
		f = append(f, yaml.MapItem{Key: "i18n", Value: i18n})
	}
	if v, ok := scalar(s.Default); s.HasDefault && ok {
		f = append(f, yaml.MapItem{Key: "default", Value: v})
	}
	if key, values, variants := g.union(s); key != "" && s.Type == "object" {
		return g.unionField(f, s, key, values, variants, path, required, inOptional, inner)
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
		return append(f, yaml.MapItem{Key: "widget", Value: "object"}, yaml.MapItem{Key: "fields", Value: g.fields(s, path, inOptional || !required, inner)})
	case "array":
		if inner == shared && g.langs != nil && g.root.HoldsTranslatable(s) {
			inner = aligned // its items line up with the default's
		}
		return g.listField(f, name, s, path, inner)
	}
	g.skip(path, "no widget for this type")
	return append(f, yaml.MapItem{Key: "widget", Value: "string"})
}

// unionField is the field f of an object that is one of several
// variants told apart by key: the object widget has no types here (its
// types write a type key of their own), so a select for the key, then every
// variant's fields, all optional; the save hook checks the rest.
func (g *gen) unionField(f yaml.MapSlice, s *schemamodel.Schema, key string, values []string, variants []*schemamodel.Schema, path string, required, inOptional bool, sc scope) yaml.MapSlice {
	g.skip(path, "the fields of each "+key+" (one object widget for all its kinds): all shown, optional; the save hook checks them")
	keyField := yaml.MapSlice{{Key: "name", Value: key}, {Key: "label", Value: keyLabel(s, key)}, {Key: "widget", Value: "select"}, {Key: "options", Value: values}}
	if inOptional || !required {
		keyField = append(keyField, yaml.MapItem{Key: "required", Value: false})
	}
	if i18n, _ := g.i18n(s.Prop(key), sc); i18n != nil {
		keyField = append(keyField, yaml.MapItem{Key: "i18n", Value: i18n})
	}
	sub := []yaml.MapSlice{keyField}
	seen := map[string]bool{key: true}
	for i, v := range variants {
		for _, x := range g.fields(v, path+"["+values[i]+"]", true, sc) {
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
func (g *gen) listField(f yaml.MapSlice, name string, s *schemamodel.Schema, path string, sc scope) yaml.MapSlice {
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
				{Key: "fields", Value: g.fields(v, path+"["+values[i]+"]", false, sc)}}
		}
		return append(f, yaml.MapItem{Key: "typeKey", Value: key}, yaml.MapItem{Key: "types", Value: types})
	}
	if items.Type == "object" {
		sub := g.fields(items, path+"[]", false, sc)
		if itemDef == "galleryText" {
			sub = galleryFiles(sub)
		}
		return append(f, yaml.MapItem{Key: "fields", Value: sub})
	}
	one := g.field(strings.TrimSuffix(name, "s"), s.Items, true, path+"[]", false, sc)
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

// extensionPattern is a widget pattern accepting names with one of exts.
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
		why := "the file's content (a real " + strings.TrimSuffix(def, "Path") + "): the editor checks the name only; validate reads the file"
		if w == "image" {
			why = "the file's content (a real image): the editor checks the name only; the save hook reads an uploaded image's first bytes and size, validate the whole file"
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

// pattern folds a string's length limits and pattern into the widget's one
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
