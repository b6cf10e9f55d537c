package content

import (
	"cmp"
	"net/url"

	"portfolio/cli/internal/diag"
)

// Analytics providers, as site.yaml's analytics.provider names them
// (docs/site.md §7).
const (
	ProviderGA4         = "ga4"
	ProviderPlausible   = "plausible"
	ProviderUmami       = "umami"
	ProviderGoatCounter = "goatcounter"
	ProviderNone        = "none"
)

// Default hosts of the cookieless providers. The pages read the resolved
// setting (Analytics, written by tsgen as src/generated/analytics.json), so
// these are their only copy; the end-to-end tests check that the CSP names
// the host the pages call.
const (
	DefaultPlausibleHost = "https://plausible.io"
	DefaultUmamiHost     = "https://cloud.umami.is"
)

// Analytics is site.yaml's analytics setting, defaults applied: the
// provider, whether GA4 asks for consent first, and where a cookieless
// provider's page views go. It is everything the pages need: the site
// defines no default of its own.
type Analytics struct {
	Provider string
	// MeasurementID is GA4's id (site.yaml's measurementId).
	MeasurementID string
	Consent       bool
	// Origin is where a cookieless provider's page views go (the CSP's
	// connect-src), and Endpoint the address on it they are sent to.
	Origin   string
	Endpoint string
	// Domain is the site's name at Plausible: analytics.domain, else the
	// host of the site's url.
	Domain string
	// WebsiteID is the site's id at Umami.
	WebsiteID string
}

// On reports whether the pages count visits at all.
func (a Analytics) On() bool {
	return a.Provider != ProviderNone && (a.Provider != ProviderGA4 || a.MeasurementID != "")
}

// Analytics reads the setting from site.yaml. Without an analytics key it
// is GA4 with the measurement id, if any, as before the setting existed.
func (c *Content) Analytics() Analytics {
	site, set := Site{}, Setting{}
	if c.Site != nil {
		site = *c.Site
	}
	if site.Analytics != nil {
		set = *site.Analytics
	}
	a := Analytics{Provider: cmp.Or(set.Provider, ProviderGA4), MeasurementID: site.MeasurementID}
	switch a.Provider {
	case ProviderGA4:
		a.Consent = set.Consent == "required"
	case ProviderPlausible:
		a.Origin = cmp.Or(set.Host, DefaultPlausibleHost)
		a.Endpoint = a.Origin + "/api/event"
		a.Domain = set.Domain
		if u, err := url.Parse(site.URL); a.Domain == "" && err == nil {
			a.Domain = u.Hostname()
		}
	case ProviderUmami:
		a.Origin = cmp.Or(set.Host, DefaultUmamiHost)
		a.Endpoint = a.Origin + "/api/send"
		a.WebsiteID = set.WebsiteID
	case ProviderGoatCounter:
		if set.Code != "" {
			a.Origin = "https://" + set.Code + ".goatcounter.com"
			a.Endpoint = a.Origin + "/count"
		}
	}
	if a.Provider != ProviderGA4 {
		a.MeasurementID = ""
	}
	return a
}

// checkAnalytics reports what the schema cannot say about the setting:
// GA4 chosen without a measurement id counts nothing, and a measurement id
// beside another provider is never used.
func (l *loader) checkAnalytics(c *Content) {
	if c.Site.Analytics == nil {
		return
	}
	provider := c.Site.Analytics.Provider
	_, hasID := c.SiteDoc.At("/measurementId")
	switch {
	case provider == ProviderGA4 && !hasID:
		l.add(c.SiteDoc.Diag(diag.Error, "/analytics/provider", "add `measurementId: G-…` (the GA4 measurement ID), or choose another provider",
			"analytics.provider is ga4 but site.yaml has no measurementId"))
	case provider != ProviderGA4 && provider != "" && hasID:
		l.add(c.SiteDoc.Diag(diag.Warning, "/measurementId", "remove it, or set analytics.provider to ga4",
			"measurementId is not used: analytics.provider is %s", provider))
	}
}
