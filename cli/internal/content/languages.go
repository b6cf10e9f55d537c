package content

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Language is a language the site ships its own strings in (decision
// 0111): its code and its name in English, for messages.
type Language struct{ Code, Name string }

// ShippedLanguages are the languages of the site's string catalogues,
// the order and codes of site/src/i18n/lang.ts's `languages`
// (TestShippedLanguages holds the two together): a language of
// site.yaml's `languages` must be one of them.
var ShippedLanguages = []Language{{"en", "English"}, {"sv", "Swedish"}}

// DefaultLanguage is the language of a site without `languages`.
const DefaultLanguage = "en"

// LanguagesKey is site.yaml's list of languages.
const LanguagesKey = "languages"

var languageCode = regexp.MustCompile(`^[a-z]{2}$`)

// LanguageName is the English name of a shipped language, or its code.
func LanguageName(code string) string {
	for _, l := range ShippedLanguages {
		if l.Code == code {
			return l.Name
		}
	}
	return code
}

// Shipped reports whether the site ships its own strings in code.
func Shipped(code string) bool {
	return slices.ContainsFunc(ShippedLanguages, func(l Language) bool { return l.Code == code })
}

// shippedList is "en (English) and sv (Swedish)", for messages.
func shippedList() string {
	parts := make([]string, len(ShippedLanguages))
	for i, l := range ShippedLanguages {
		parts[i] = fmt.Sprintf("%s (%s)", l.Code, l.Name)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Languages returns the site's languages, the default first: site.yaml's
// `languages` (those that are well-formed, shipped codes, each once), or
// the one default language when it has none.
func (c *Content) Languages() []string {
	var out []string
	if c.Site != nil {
		for _, code := range c.Site.Languages {
			if languageCode.MatchString(code) && Shipped(code) && !slices.Contains(out, code) {
				out = append(out, code)
			}
		}
	}
	if len(out) == 0 {
		return []string{DefaultLanguage}
	}
	return out
}

// TranslationFile is the name of the translation into lang of the content
// file named file (site.yaml, project.yaml): site.sv.yaml, project.sv.yaml
// (decision 0113).
func TranslationFile(file, lang string) string {
	return strings.TrimSuffix(file, ".yaml") + "." + lang + ".yaml"
}

// translationCode returns the language part of name when it is a
// translation's name beside the file base ("project.en.yaml" beside
// "project.yaml": "en"), whatever that part holds.
func translationCode(name, base string) (string, bool) {
	stem := strings.TrimSuffix(base, ".yaml") + "."
	if !strings.HasPrefix(name, stem) || !strings.HasSuffix(name, ".yaml") || len(name) <= len(stem)+len(".yaml") {
		return "", false
	}
	return name[len(stem) : len(name)-len(".yaml")], true
}
