package site

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"portfolio/cli/internal/content"
)

// CategoryUsage says what --category takes.
const CategoryUsage = `one of your categories, in navigation order (repeatable): "Title", its address made from it (/title), or "slug=Title"; replaces the kind's categories`

// ParseCategories reads the --category values: "Title" (the slug made
// from it) or "slug=Title". The mistakes a flag can make (a slug that is
// not one, a title too long, the same slug twice, too many) are errors
// that say how to write it.
func ParseCategories(values []string) ([]Category, error) {
	const maxCategories, maxTitle = 8, 40
	if len(values) > maxCategories {
		return nil, fmt.Errorf("--category: %d given, at most %d", len(values), maxCategories)
	}
	var out []Category
	for _, v := range values {
		slug, title, explicit := strings.Cut(v, "=")
		if !explicit {
			title = slug
		}
		slug, title = strings.TrimSpace(slug), strings.TrimSpace(title)
		if title == "" {
			return nil, fmt.Errorf("--category %q: no title; write it as \"Portraits\" or \"portraits=Portraits\"", v)
		}
		if utf8.RuneCountInString(title) > maxTitle {
			return nil, fmt.Errorf("--category %q: the title is %d characters, at most %d", v, utf8.RuneCountInString(title), maxTitle)
		}
		suggested := content.SuggestSlug(title)
		if !explicit {
			slug = suggested
			if slug == "" {
				return nil, fmt.Errorf("--category %q: no address can be made of the title; give one: \"my-work=%s\"", v, title)
			}
		} else if content.SuggestSlug(slug) != slug || len(slug) > maxTitle {
			if suggested == "" {
				suggested = "my-work"
			}
			return nil, fmt.Errorf("--category %q: %q is not an address: lowercase letters, digits and single hyphens, e.g. \"%s=%s\"", v, slug, suggested, title)
		}
		if i := slices.IndexFunc(out, func(c Category) bool { return c.Slug == slug }); i >= 0 {
			return nil, fmt.Errorf("--category %q: the address /%s is %q's already; give one of them another: \"%s-2=%s\"", v, slug, out[i].Title, slug, title)
		}
		out = append(out, Category{Slug: slug, Title: title})
	}
	return out, nil
}

// analyticsProvider is a service --analytics names, with the one setting it
// takes after a colon.
type analyticsProvider struct {
	name, setting string
	required      bool
	example       string // the setting's form in messages
	set           func(s *Site, value string)
}

// analyticsProviders are the services of site.yaml's analytics, in the
// schema's order.
var analyticsProviders = []analyticsProvider{
	{"ga4", "measurement ID", true, "G-XXXXXXXXXX", func(s *Site, v string) { s.MeasurementID = v }},
	{"plausible", "domain", false, "DOMAIN", func(s *Site, v string) { s.Analytics.Domain = v }},
	{"umami", "website ID", true, "WEBSITE-ID", func(s *Site, v string) { s.Analytics.WebsiteID = v }},
	{"goatcounter", "code", true, "CODE", func(s *Site, v string) { s.Analytics.Code = v }},
	{"none", "", false, "", nil},
}

// AnalyticsUsage says what --analytics takes.
const AnalyticsUsage = "the analytics service and its setting: ga4:G-XXXXXXXXXX, plausible (or plausible:DOMAIN when not the url's), umami:WEBSITE-ID, goatcounter:CODE or none (default: ga4 with --measurement-id, else none)"

// SetAnalytics applies --analytics PROVIDER[:SETTING] to s (its errors
// name no flag: the form takes the same text). An unknown
// provider, a missing setting or one given to a provider that takes none is
// an error that names what it takes; the setting itself is checked with the
// others, by the schema (Prepare).
func SetAnalytics(s *Site, value string) error {
	name, setting, hasSetting := strings.Cut(strings.TrimSpace(value), ":")
	name, setting = strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(setting)
	i := slices.IndexFunc(analyticsProviders, func(p analyticsProvider) bool { return p.name == name })
	if i < 0 {
		names := make([]string, len(analyticsProviders))
		for i, p := range analyticsProviders {
			names[i] = p.name
		}
		return choiceError("analytics services", name, names)
	}
	p := analyticsProviders[i]
	switch {
	case p.setting == "" && hasSetting:
		return fmt.Errorf("%s takes no setting, got %q", p.name, setting)
	case p.required && setting == "" && !(p.name == "ga4" && s.MeasurementID != ""):
		return fmt.Errorf("%s needs its %s, as %s:%s", p.name, p.setting, p.name, p.example)
	}
	s.Analytics = Analytics{}
	if p.name != "ga4" { // ga4 is measurementId alone, as before analytics had a choice
		s.Analytics.Provider = p.name
		s.MeasurementID = ""
	}
	if setting != "" {
		p.set(s, setting)
	}
	return nil
}

// CategoriesText is the categories as the form shows them, the way
// --category takes them, comma-separated: "Portraits, Landscapes", with
// "slug=Title" where the address is not the one the title makes.
func (s *Site) CategoriesText() string {
	list := s.Categories
	if len(list) == 0 {
		list = s.preset().Categories
	}
	parts := make([]string, len(list))
	for i, c := range list {
		parts[i] = c.Title
		if c.Title == "" || content.SuggestSlug(c.Title) != c.Slug {
			parts[i] = c.Slug + "=" + c.Title
		}
	}
	return strings.Join(parts, ", ")
}

// SetCategoriesText reads the form's categories (CategoriesText's form):
// the kind's own, blurbs and all, when they are its titles and addresses.
// A mission made of the earlier categories' titles follows the new ones.
func (s *Site) SetCategoriesText(text string) error {
	list, err := ParseCategories(fieldcheckList(text))
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return fmt.Errorf("name at least one category, e.g. %q", s.preset().Categories[0].Title)
	}
	mission := s.DefaultMission()
	preset := s.preset().Categories
	same := len(list) == len(preset)
	for i := 0; same && i < len(list); i++ {
		same = list[i].Slug == preset[i].Slug && list[i].Title == preset[i].Title
	}
	if same {
		list = nil
	}
	s.Categories = list
	if s.Taglines.Mission == mission {
		s.Taglines.Mission = s.DefaultMission()
	}
	return nil
}

// fieldcheckList splits a comma-separated list, dropping empty items.
func fieldcheckList(text string) []string {
	var out []string
	for _, item := range strings.Split(text, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// AnalyticsText is the analytics as the form shows them, the way
// --analytics takes them ("" for none given).
func (s *Site) AnalyticsText() string {
	a := s.Analytics
	switch {
	case a.Provider != "":
		return strings.TrimSuffix(a.Provider+":"+a.Domain+a.WebsiteID+a.Code, ":")
	case s.MeasurementID != "":
		return "ga4:" + s.MeasurementID
	}
	return ""
}

// SetAnalyticsText reads the form's analytics, as --analytics takes them
// (a measurement ID alone, G-…, is ga4's), and checks the setting by the
// schema; "" is none given, and no analytics.
func (s *Site) SetAnalyticsText(text string) error {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(strings.ToUpper(text), "G-") {
		text = "ga4:" + text
	}
	next := *s
	next.Analytics, next.MeasurementID = Analytics{}, ""
	if text != "" {
		if err := SetAnalytics(&next, text); err != nil {
			return err
		}
	}
	if next.MeasurementID != "" {
		if err := CheckText("measurementId", next.MeasurementID); err != nil {
			return err
		}
	}
	if next.Analytics.Provider != "" {
		if err := CheckAnalytics(next.Analytics); err != nil {
			return err
		}
	}
	s.Analytics, s.MeasurementID = next.Analytics, next.MeasurementID
	return nil
}
