package content

// Translations (decisions 0113, 0115): for each language of site.yaml's
// `languages` after the first, site.<lang>.yaml beside site.yaml and
// project.<lang>.yaml beside each project.yaml hold that language's texts,
// in the default file's shape. A text is a value the schemas mark
// `x-translatable`; everything else is shared, and a translation that
// repeats it must repeat it unchanged. Lists of objects line up with the
// default's by position (a block's type repeated and required to match),
// or by the property the schema names in `x-translation-key` (a gallery's
// texts by file, the categories by slug). Each translation is merged over
// its default file, so a text left out shows the default's, and each text
// left out is a warning.

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/schemamodel"
)

// translationNames lists the names in dir that look like translations of
// base (site.yaml, project.yaml): <stem>.<anything>.yaml.
func translationNames(dir, base string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if _, ok := translationCode(e.Name(), base); ok && !e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// loadTranslations checks site.yaml's languages and reads each other
// language's translation files into c.Translations: the content in that
// language. It runs after the default content is complete.
func (l *loader) loadTranslations(c *Content) {
	if c.Site == nil {
		return
	}
	l.checkLanguages(c)
	langs := c.Languages()
	c.Lang = langs[0]
	extra := langs[1:]
	l.unlisted(c.Dir, SiteFile, langs)
	for _, p := range c.Projects {
		l.unlisted(p.Dir, ProjectFile, langs)
	}
	if len(extra) == 0 {
		return // one language: no translation schema is compiled
	}
	siteT, err := schemacheck.SiteTranslationSchema()
	if err != nil {
		l.add(diag.Diagnostic{File: c.SiteDoc.File, Message: err.Error()})
		return
	}
	projectT, err := schemacheck.ProjectTranslationSchema()
	if err != nil {
		l.add(diag.Diagnostic{File: c.SiteDoc.File, Message: err.Error()})
		return
	}
	for _, lang := range extra {
		t := &Content{Dir: c.Dir, SiteDoc: c.SiteDoc, Folders: c.Folders, Lang: lang}
		merged := l.translate(c.SiteDoc, l.siteSchema, siteT, filepath.Join(c.Dir, TranslationFile(SiteFile, lang)), langs[0], lang)
		site := &Site{}
		_ = l.siteSchema.Decode(yamldoc.FromValue(c.SiteDoc.File, merged), site)
		t.Projects = make([]*Project, len(c.Projects))
		parallel(len(c.Projects), func(i int) {
			p := c.Projects[i]
			merged := l.translate(p.Doc, l.projectSchema, projectT, filepath.Join(p.Dir, TranslationFile(ProjectFile, lang)), langs[0], lang)
			var data ProjectData
			_ = l.projectSchema.Decode(yamldoc.FromValue(p.Doc.File, merged), &data)
			t.Projects[i] = translatedProject(p, data)
		})
		t.Site = translatedSite(c, site, t.Projects)
		c.Translations = append(c.Translations, t)
	}
}

// checkLanguages reports a language the site ships no strings in.
func (l *loader) checkLanguages(c *Content) {
	for i, code := range c.Site.Languages {
		if languageCode.MatchString(code) && !Shipped(code) {
			l.add(c.SiteDoc.Diag(diag.Error, fmt.Sprintf("/%s/%d", LanguagesKey, i),
				"use one of them; another language needs the site's strings in it first (docs/site.md, the site's own strings)",
				"%q: the site ships its own strings (menus, buttons, forms) in %s only", code, shippedList()))
		}
	}
}

// unlisted reports each translation of the file base in dir whose
// language is not one of the site's others.
func (l *loader) unlisted(dir, base string, langs []string) {
	for _, name := range translationNames(dir, base) {
		code, _ := translationCode(name, base)
		file := filepath.Join(dir, name)
		switch {
		case slices.Contains(langs[1:], code):
			continue
		case !languageCode.MatchString(code):
			l.add(diag.Diagnostic{File: file,
				Message: fmt.Sprintf("%q is not a two-letter language code in lower case, so the file translates nothing", code),
				Hint:    fmt.Sprintf("name a translation %s, with a language of site.yaml's languages (%s)", TranslationFile(base, "<code>"), strings.Join(langs, ", "))})
		case code == langs[0]:
			l.add(diag.Diagnostic{File: file,
				Message: fmt.Sprintf("%s is the default language (the first of site.yaml's languages), whose texts are in %s", LanguageName(code), base),
				Hint:    fmt.Sprintf("move its texts into %s and remove the file", base)})
		default:
			l.add(diag.Diagnostic{File: file,
				Message: fmt.Sprintf("a translation into %s, which site.yaml's languages do not list", LanguageName(code)),
				Hint:    fmt.Sprintf("add %s to site.yaml: `languages: [%s]`, or remove the file", code, strings.Join(append(slices.Clone(langs), code), ", "))})
		}
	}
}

// translate reads the translation into lang of the default file def at
// file, checks it and returns def's value with its texts merged in: what
// the language's pages show. A missing file translates nothing (one
// warning); each text it leaves out is a warning.
func (l *loader) translate(def *yamldoc.Document, s, ts *schemacheck.Schema, file, defLang, lang string) any {
	base := filepath.Base(def.File)
	if _, err := os.Lstat(file); err != nil {
		l.add(diag.Diagnostic{Severity: diag.Warning, File: file,
			Message: fmt.Sprintf("no %s translation of %s: the %s pages show its %s texts", LanguageName(lang), base, LanguageName(lang), LanguageName(defLang)),
			Hint:    fmt.Sprintf("write %s beside it with the texts in %s, in %s's shape (docs/getting-started.md, a second language)", filepath.Base(file), LanguageName(lang), base)})
		return def.Value
	}
	if !l.insideRoot(file, "") {
		return def.Value
	}
	tr := l.loadDocument(file, ts)
	if tr == nil {
		return def.Value
	}
	m := &merger{root: s.Model, def: def, tr: tr, base: base, given: map[string]bool{}}
	merged := m.merge(s.Model.Schema, "", "", def.Value, true, tr.Value)
	l.add(m.problems...)
	s.Walk(def, func(ptr string, sch *schemamodel.Schema, _ string, _ any) {
		if !sch.Translatable || m.given[ptr] || under(ptr, m.given) {
			return
		}
		at := def.KeyPos(ptr)
		l.add(diag.Diagnostic{Severity: diag.Warning, File: file,
			Message: fmt.Sprintf("no %s %s (%s:%d:%d); the page shows the %s text", LanguageName(lang), textName(ptr), base, at.Line, at.Col, LanguageName(defLang))})
	})
	return merged
}

// under reports whether ptr is inside a value given.
func under(ptr string, given map[string]bool) bool {
	for i := strings.LastIndex(ptr, "/"); i > 0; i = strings.LastIndex(ptr[:i], "/") {
		if given[ptr[:i]] {
			return true
		}
	}
	return false
}

// textName names the text at ptr as its keys read, lists counted from 1:
// "description", "body.3.text", "taglines.role".
func textName(ptr string) string {
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, t := range toks {
		if n, err := strconv.Atoi(t); err == nil {
			toks[i] = strconv.Itoa(n + 1)
		} else {
			toks[i] = schemamodel.UnescapePointer(t)
		}
	}
	return strings.Join(toks, ".")
}

// merger merges one translation over its default file.
type merger struct {
	root     *schemamodel.Root
	def, tr  *yamldoc.Document
	base     string // the default file's name
	given    map[string]bool
	problems diag.List
}

// at is where the default file has the value at ptr: "project.yaml:4:1".
func (m *merger) at(ptr string) string {
	p := m.def.KeyPos(ptr)
	return fmt.Sprintf("%s:%d:%d", m.base, p.Line, p.Col)
}

func (m *merger) errorf(tptr, hint, format string, args ...any) {
	m.problems = append(m.problems, m.tr.Diag(diag.Error, tptr, hint, format, args...))
}

// merge returns the value at dptr of the default file (dv; dok: it is
// there) with the translation's value tv over it, as the schema s marks
// what is a text.
func (m *merger) merge(s *schemamodel.Schema, dptr, tptr string, dv any, dok bool, tv any) any {
	resolved, _ := m.root.Resolve(s)
	if resolved == nil {
		return dv
	}
	switch {
	case resolved.Translatable:
		m.given[dptr] = true
		return tv
	case !m.root.HoldsTranslatable(s):
		m.shared(dptr, tptr, dv, dok, tv)
		return dv
	case !dok:
		// Texts under something the default file has not: they would
		// show nowhere.
		m.errorf(tptr, fmt.Sprintf("add it to %s first, then translate its texts here", m.base),
			"%s translates what %s does not have", schemacheck.FieldName(tptr), m.base)
		return dv
	}
	switch t := tv.(type) {
	case map[string]any:
		d, ok := dv.(map[string]any)
		if !ok {
			return dv // the default's own check reported it
		}
		obj := resolved
		if branch, ok := resolved.Branch(d); ok {
			obj, _ = m.root.Resolve(branch)
		}
		out := maps.Clone(d)
		for _, k := range slices.Sorted(maps.Keys(t)) {
			ps := obj.Prop(k)
			if ps == nil {
				ps = resolved.Prop(k)
			}
			if ps == nil {
				continue // an unknown key: the schema check reported it
			}
			key := "/" + schemamodel.EscapePointer(k)
			dk, has := d[k]
			v := m.merge(ps, dptr+key, tptr+key, dk, has, t[k])
			if has || v != nil {
				out[k] = v
			}
		}
		return out
	case []any:
		d, ok := dv.([]any)
		if !ok {
			return dv
		}
		if resolved.TranslationKey != "" {
			return m.mergeKeyed(resolved, dptr, tptr, d, t)
		}
		return m.mergeByPosition(resolved, dptr, tptr, d, t)
	}
	return dv // another type: the schema check reported it
}

// shared checks a value that is the same in every language.
func (m *merger) shared(dptr, tptr string, dv any, dok bool, tv any) {
	if dok && jsonEqual(dv, tv) {
		return
	}
	hint := fmt.Sprintf("set it in %s only: a translation holds only the texts to translate", m.base)
	if !dok {
		m.errorf(tptr, hint, "%s is shared between the languages, and %s has none", schemacheck.FieldName(tptr), m.base)
		return
	}
	m.errorf(tptr, hint, "%s is shared between the languages, and differs from %s's (%s)", schemacheck.FieldName(tptr), m.base, m.at(dptr))
}

// mergeByPosition merges a list whose items line up with the default's by
// position; an item of a discriminated kind (a block) repeats its type.
func (m *merger) mergeByPosition(s *schemamodel.Schema, dptr, tptr string, d, t []any) any {
	out := slices.Clone(d)
	items, _ := m.root.Resolve(s.Items)
	discriminator := ""
	if items != nil {
		for _, a := range items.AllOf {
			if prop, _, ok := a.Discriminator(); ok {
				discriminator = prop
				break
			}
		}
	}
	name := schemacheck.FieldName(tptr)
	for i, tv := range t {
		ti := tptr + "/" + strconv.Itoa(i)
		di := dptr + "/" + strconv.Itoa(i)
		if i >= len(d) {
			m.errorf(ti, fmt.Sprintf("the items line up by position with %s's: remove it, or add the item to %s first", m.base, m.base),
				"item %d of %s has no counterpart: %s's %s has %d", i+1, name, m.base, strings.Trim(name, `"`), len(d))
			continue
		}
		if discriminator != "" {
			want, _ := d[i].(map[string]any)
			got, ok := tv.(map[string]any)
			if !ok || want == nil {
				continue // the schema checks reported it
			}
			g, has := got[discriminator]
			if !has {
				m.errorf(ti, fmt.Sprintf("write `%s: %v` in it, as %s's item %d (%s) has: the items line up by position", discriminator, want[discriminator], m.base, i+1, m.at(di)),
					"item %d of %s gives no %s", i+1, name, discriminator)
				continue
			}
			if !jsonEqual(g, want[discriminator]) {
				m.errorf(ti+"/"+discriminator, fmt.Sprintf("the items line up by position: write them in %s's order, each with its %s", m.base, discriminator),
					"item %d of %s is of %s %v here and of %s %v in %s (%s)", i+1, name, discriminator, g, discriminator, want[discriminator], m.base, m.at(di))
				continue
			}
		}
		out[i] = m.merge(s.Items, di, ti, d[i], true, tv)
	}
	return out
}

// mergeKeyed merges a list whose items line up with the default's by the
// value of one property (a gallery text's file, a category's slug).
func (m *merger) mergeKeyed(s *schemamodel.Schema, dptr, tptr string, d, t []any) any {
	key := s.TranslationKey
	index := map[string]int{}
	var names []string
	for i, e := range d {
		if obj, ok := e.(map[string]any); ok {
			if k, ok := obj[key].(string); ok {
				if _, dup := index[k]; !dup {
					index[k] = i
					names = append(names, k)
				}
			}
		}
	}
	out := slices.Clone(d)
	seen := map[string]bool{}
	name := schemacheck.FieldName(tptr)
	for i, tv := range t {
		ti := tptr + "/" + strconv.Itoa(i)
		obj, ok := tv.(map[string]any)
		if !ok {
			continue // the schema check reported it
		}
		k, ok := obj[key].(string)
		if !ok {
			m.errorf(ti, fmt.Sprintf("write the %s of the item of %s it translates: the items line up by %s", key, m.base, key),
				"item %d of %s gives no %s", i+1, name, key)
			continue
		}
		j, found := index[k]
		switch {
		case !found:
			m.errorf(ti+"/"+key, fmt.Sprintf("name one of %s's (%s), or add the item there first", m.base, strings.Join(firstFew(names, 4), ", ")),
				"%s's %s has no item with %s %q to translate", m.base, strings.Trim(name, `"`), key, k)
			continue
		case seen[k]:
			m.errorf(ti+"/"+key, "merge the two items into one", "%s %q is translated twice", key, k)
			continue
		}
		seen[k] = true
		out[j] = m.merge(s.Items, dptr+"/"+strconv.Itoa(j), ti, d[j], true, tv)
	}
	return out
}

func firstFew(list []string, n int) []string {
	if len(list) > n {
		return append(slices.Clone(list[:n]), "…")
	}
	return list
}

func jsonEqual(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// translatedProject is p with the texts of data, a translation merged over
// its project.yaml: what the loader found and resolved (images, videos,
// documents, the gallery's order and settings) is p's; the gallery's alt
// texts and captions are made again from the translated title and texts.
func translatedProject(p *Project, data ProjectData) *Project {
	q := *p
	q.ProjectData = data
	for i, b := range q.Body {
		tb, ok := b.(*GalleryBlock)
		if !ok || i >= len(p.Body) {
			continue
		}
		if db, ok := p.Body[i].(*GalleryBlock); ok {
			tb.Columns, tb.Exif, tb.Order, tb.Reverse = db.Columns, db.Exif, db.Order, db.Reverse
		}
	}
	texts := map[string]ImageText{}
	if b := q.galleryBlock(); b != nil {
		for _, t := range b.Texts {
			texts[t.File] = ImageText{Alt: t.Alt, Caption: t.Caption}
		}
	}
	q.Gallery = slices.Clone(p.Gallery)
	for i := range q.Gallery {
		img := &q.Gallery[i]
		img.Alt, img.Caption = "", ""
		if img.Path != "" {
			t := texts[path.Base(img.Path)]
			img.Alt, img.Caption = t.Alt, t.Caption
		}
	}
	q.completeBlocks()
	return &q
}

// translatedSite is site, a translation merged over site.yaml, completed
// as c.Site was: its categories counted the same, its home page's photos
// and video the same ones with the language's alt texts.
func translatedSite(c *Content, site *Site, projects []*Project) *Site {
	site.Categories = declared(site)
	for i := range site.Categories {
		if d, ok := c.Category(site.Categories[i].Slug); ok {
			site.Categories[i].Projects, site.Categories[i].Active, site.Categories[i].Built = d.Projects, d.Active, d.Built
		}
	}
	bySlug := map[string]*Project{}
	for _, p := range projects {
		bySlug[p.Slug] = p
	}
	if h := c.Site.Home; h != nil {
		home := *h
		home.Photos = slices.Clone(h.Photos)
		for i := range home.Photos {
			ph := &home.Photos[i]
			if p := bySlug[ph.Project]; p != nil {
				ph.Alt = p.Title
				if ph.N > 0 && ph.N <= len(p.Gallery) {
					ph.Alt = p.Gallery[ph.N-1].Alt
				}
			}
		}
		if h.Video != nil {
			v := *h.Video
			if v.Project != nil && bySlug[v.Project.Slug] != nil {
				p := bySlug[v.Project.Slug]
				v.Alt = p.Title
				for _, g := range p.Gallery {
					if g.Path == v.Rel {
						v.Alt = g.Alt
					}
				}
			}
			home.Video = &v
		}
		site.Home = &home
	}
	return site
}
