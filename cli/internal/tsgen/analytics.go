package tsgen

import (
	"encoding/json"

	"portfolio/cli/internal/content"
)

// AnalyticsFile is the name, in the output folder, of the resolved
// analytics setting: what the pages' analytics script needs and which page
// script the site's build includes (site/scripts/page-scripts.mjs). JSON,
// not TypeScript, so that the build's configuration can read it too.
const AnalyticsFile = "analytics.json"

// pageAnalytics is what a page needs to count a visit, by provider; the
// fields a provider does not use are left out.
type pageAnalytics struct {
	Provider string `json:"provider"`
	// ID is GA4's measurement id, or Umami's website id.
	ID       string `json:"id,omitempty"`
	Consent  bool   `json:"consent,omitempty"`
	Endpoint string `json:"endpoint,omitempty"`
	Domain   string `json:"domain,omitempty"`
}

// analyticsJSON renders the setting the pages use: null when they count
// nothing (provider none, or GA4 without a measurement id).
func analyticsJSON(a content.Analytics) []byte {
	var v *pageAnalytics
	if a.On() {
		v = &pageAnalytics{Provider: a.Provider, Consent: a.Consent, Endpoint: a.Endpoint, Domain: a.Domain}
		switch a.Provider {
		case content.ProviderGA4:
			v.ID = a.MeasurementID
		case content.ProviderUmami:
			v.ID = a.WebsiteID
		}
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err) // a struct of strings and a bool always marshals
	}
	return append(b, '\n')
}
