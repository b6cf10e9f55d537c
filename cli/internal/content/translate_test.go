package content

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/golden"
	"portfolio/schema"
)

// langFile is the site's list of the languages its strings ship in.
const langFile = "../../../site/src/i18n/lang.ts"

// TestShippedLanguages holds ShippedLanguages to the site's catalogues
// (site/src/i18n/lang.ts's languages, the default first) and to what
// site.schema.json's languages says of them.
func TestShippedLanguages(t *testing.T) {
	data, err := os.ReadFile(langFile)
	if err != nil {
		t.Fatal(err)
	}
	decl := regexp.MustCompile(`export const languages = \[([^\]]*)\] as const;`).FindSubmatch(data)
	if decl == nil {
		t.Fatalf("%s: no languages declaration", langFile)
	}
	var site []string
	for _, m := range regexp.MustCompile(`'([a-z]+)'`).FindAllStringSubmatch(string(decl[1]), -1) {
		site = append(site, m[1])
	}
	var ours []string
	for _, l := range ShippedLanguages {
		ours = append(ours, l.Code)
	}
	if !slices.Equal(site, ours) {
		t.Errorf("ShippedLanguages %q, want %s's %q", ours, langFile, site)
	}
	if def := regexp.MustCompile(`defaultLang: Lang = '([a-z]+)'`).FindSubmatch(data); def == nil || string(def[1]) != DefaultLanguage {
		t.Errorf("DefaultLanguage %q is not %s's defaultLang", DefaultLanguage, langFile)
	}
	var doc map[string]any
	if err := json.Unmarshal(schema.Site, &doc); err != nil {
		t.Fatal(err)
	}
	desc := doc["properties"].(map[string]any)[LanguagesKey].(map[string]any)["description"].(string)
	for _, l := range ShippedLanguages {
		if !strings.Contains(desc, l.Code+" ("+l.Name+")") {
			t.Errorf("site.schema.json's languages does not name %s (%s)", l.Code, l.Name)
		}
	}
}

// transProject's line numbers are referred to by the tests below.
const transProject = `# yaml-language-server: $schema=../../../schema/project.schema.json
title: Alfa
subtitle: Under
description: Ett projekt.
role: Formgivare
skills: [Figma]
category: Webbdesign
page: web-design
featured: true
cover: cover.jpg
body:
  - type: text
    text: Hej.
  - type: gallery
    texts:
      - file: 1.jpg
        alt: En hamn
`

// transComplete translates every text of transProject.
const transComplete = `title: Alpha
subtitle: Sub
description: A project.
role: Designer
skills: [Figma, Sketch]
category: Web Design
body:
  - type: text
    text: Hello.
  - type: gallery
    texts:
      - file: 1.jpg
        alt: A harbour
`

func twoLanguages(t testing.TB, langs string) map[string][]byte {
	site := strings.Replace(testSite, "url: https://example.com\n", "url: https://example.com\nlanguages: "+langs+"\n", 1)
	return map[string][]byte{
		"site.yaml":                    []byte(site),
		"projects/alpha/project.yaml":  []byte(transProject),
		"projects/alpha/cover.jpg":     jpegBytes(t, 30, 20),
		"projects/alpha/gallery/1.jpg": jpegBytes(t, 10, 20),
		"projects/alpha/gallery/2.png": pngBytes(t, 20, 10),
	}
}

// TestTranslations loads a site in Swedish and English with one
// project.en.yaml and lists what it says of that file (site.en.yaml is
// left out: one warning of its own, not listed).
func TestTranslations(t *testing.T) {
	replace := func(old, new string) string {
		if !strings.Contains(transComplete, old) {
			t.Fatalf("transComplete has no %q", old)
		}
		return strings.Replace(transComplete, old, new, 1)
	}
	tests := []struct {
		name  string
		langs string
		files map[string]string // beside the default files
		want  []string          // "file:line:col: severity: message", file as its base name
	}{
		{name: "complete", files: map[string]string{"projects/alpha/project.en.yaml": transComplete}},
		{name: "a text left out", files: map[string]string{"projects/alpha/project.en.yaml": replace("description: A project.\n", "")},
			want: []string{"project.en.yaml: warning: no English description (project.yaml:4:1); the page shows the Swedish text"}},
		{name: "a text in a block left out", files: map[string]string{"projects/alpha/project.en.yaml": replace("    text: Hello.\n", "")},
			want: []string{"project.en.yaml: warning: no English body.1.text (project.yaml:13:5); the page shows the Swedish text"}},
		{name: "a gallery text left out", files: map[string]string{"projects/alpha/project.en.yaml": replace("      - file: 1.jpg\n        alt: A harbour\n", "      - file: 1.jpg\n")},
			want: []string{"project.en.yaml: warning: no English body.2.texts.1.alt (project.yaml:17:9); the page shows the Swedish text"}},
		{name: "no file", files: map[string]string{},
			want: []string{"project.en.yaml: warning: no English translation of project.yaml: the English pages show its Swedish texts"}},
		{name: "a shared key repeated", files: map[string]string{"projects/alpha/project.en.yaml": transComplete + "cover: cover.jpg\npage: web-design\n"}},
		{name: "a shared key changed", files: map[string]string{"projects/alpha/project.en.yaml": transComplete + "cover: gallery/1.jpg\n"},
			want: []string{`project.en.yaml:14:8: error: "cover" is shared between the languages, and differs from project.yaml's (project.yaml:10:1)`}},
		{name: "a shared key the default lacks", files: map[string]string{"projects/alpha/project.en.yaml": transComplete + "active: false\n"},
			want: []string{`project.en.yaml:14:9: error: "active" is shared between the languages, and project.yaml has none`}},
		{name: "a block of another type", files: map[string]string{"projects/alpha/project.en.yaml": replace("  - type: text\n", "  - type: image\n")},
			want: []string{"project.en.yaml: warning: no English body.1.text (project.yaml:13:5); the page shows the Swedish text",
				`project.en.yaml:8:11: error: item 1 of "body" is of type image here and of type text in project.yaml (project.yaml:12:5)`,
				`project.en.yaml:9:5: error: unknown property "text" in item 1 of "body"`}},
		{name: "a block without its type", files: map[string]string{"projects/alpha/project.en.yaml": replace("  - type: text\n    text", "  - text")},
			want: []string{"project.en.yaml: warning: no English body.1.text (project.yaml:13:5); the page shows the Swedish text",
				`project.en.yaml:8:5: error: item 1 of "body" gives no type`}},
		{name: "a block more", files: map[string]string{"projects/alpha/project.en.yaml": transComplete + "  - type: text\n    text: More.\n"},
			want: []string{`project.en.yaml:14:5: error: item 3 of "body" has no counterpart: project.yaml's body has 2`}},
		{name: "a gallery text of another file", files: map[string]string{"projects/alpha/project.en.yaml": replace("file: 1.jpg", "file: 2.png")},
			want: []string{"project.en.yaml: warning: no English body.2.texts.1.alt (project.yaml:17:9); the page shows the Swedish text",
				`project.en.yaml:12:15: error: project.yaml's texts has no item with file "2.png" to translate`}},
		{name: "a text of the wrong type", files: map[string]string{"projects/alpha/project.en.yaml": replace("title: Alpha", "title: [Alpha]")},
			want: []string{`project.en.yaml:1:8: error: "title" must be text, not a list (lines starting with '- ')`}},
		{name: "a language the site does not list", files: map[string]string{"projects/alpha/project.en.yaml": transComplete, "projects/alpha/project.fr.yaml": "title: Alpha\n"},
			want: []string{"project.fr.yaml: error: a translation into fr, which site.yaml's languages do not list"}},
		{name: "the default language's", files: map[string]string{"projects/alpha/project.en.yaml": transComplete, "projects/alpha/project.sv.yaml": "title: Alfa\n"},
			want: []string{"project.sv.yaml: error: Swedish is the default language (the first of site.yaml's languages), whose texts are in project.yaml"}},
		{name: "not a language code", files: map[string]string{"projects/alpha/project.en.yaml": transComplete, "projects/alpha/project.EN.yaml": "title: Alpha\n"},
			want: []string{`project.EN.yaml: error: "EN" is not a two-letter language code in lower case, so the file translates nothing`}},
		{name: "one language", langs: "[sv]", files: map[string]string{"projects/alpha/project.en.yaml": transComplete},
			want: []string{"project.en.yaml: error: a translation into English, which site.yaml's languages do not list"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			langs := tt.langs
			if langs == "" {
				langs = "[sv, en]"
			}
			f := twoLanguages(t, langs)
			for name, data := range tt.files {
				f[name] = []byte(data)
			}
			_, diags, err := Load(tree(t, f), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range diags {
				if !strings.HasPrefix(filepath.Base(d.File), "project.") || filepath.Base(d.File) == ProjectFile {
					if d.Severity == diag.Error || filepath.Base(d.File) == ProjectFile {
						got = append(got, "other: "+d.Position()+": "+d.Message)
					}
					continue
				}
				d.File = filepath.Base(d.File)
				got = append(got, d.Position()+": "+d.Severity.String()+": "+d.Message)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestTranslationMerged loads a two-language site and compares the
// English content (site.en.yaml and project.en.yaml over their defaults)
// with testdata/translated/; -update rewrites them.
func TestTranslationMerged(t *testing.T) {
	f := twoLanguages(t, "[sv, en]")
	f["projects/alpha/project.en.yaml"] = []byte(transComplete)
	f["site.en.yaml"] = []byte(`taglines: {role: Designer EN}
about:
  sections:
    - {title: Summary EN}
    - {items: [Two EN.]}
categories:
  - {slug: graphics, title: Graphics EN}
`)
	c, diags, err := Load(tree(t, f), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if diags.Errors() > 0 {
		t.Fatalf("errors:\n%s", dump(diags))
	}
	if len(c.Translations) != 1 || c.Lang != "sv" || c.Translations[0].Lang != "en" {
		t.Fatalf("languages %q, translations %d", c.Lang, len(c.Translations))
	}
	en := c.Translations[0]
	p := en.Projects[0]
	gallery := make([]string, len(p.Gallery))
	for i, g := range p.Gallery {
		gallery[i] = g.Path + ": " + g.Alt
	}
	out := map[string]any{"site": en.Site, "project": p.ProjectData, "gallery": gallery}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "translated", "en.json"), append(data, '\n'))
	// The default is untouched.
	if d := c.Projects[0]; d.Title != "Alfa" || d.Gallery[0].Alt != "Alfa 1: En hamn" {
		t.Errorf("the default project changed: %q, %q", d.Title, d.Gallery[0].Alt)
	}
}

// TestLanguagesShipped: a language without the site's strings is an error
// at its place in the list.
func TestLanguagesShipped(t *testing.T) {
	_, diags, err := Load(tree(t, twoLanguages(t, "[sv, fr]")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `site.yaml:7:17: error: "fr": the site ships its own strings (menus, buttons, forms) in en (English) and sv (Swedish) only`
	var got []string
	for _, d := range diags {
		d.File = filepath.Base(d.File)
		got = append(got, d.Position()+": "+d.Severity.String()+": "+d.Message)
	}
	if !slices.Contains(got, want) {
		t.Errorf("got:\n%s\nwant among them:\n%s", strings.Join(got, "\n"), want)
	}
}
