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

// SetAnalytics applies --analytics PROVIDER[:SETTING] to s. An unknown
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
		return fmt.Errorf("--analytics: %w", choiceError("analytics services", name, names))
	}
	p := analyticsProviders[i]
	switch {
	case p.setting == "" && hasSetting:
		return fmt.Errorf("--analytics %s takes no setting, got %q", p.name, setting)
	case p.required && setting == "" && !(p.name == "ga4" && s.MeasurementID != ""):
		return fmt.Errorf("--analytics %s needs its %s: --analytics %s:%s", p.name, p.setting, p.name, p.example)
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
