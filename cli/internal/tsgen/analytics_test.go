package tsgen

import (
	"testing"

	"portfolio/cli/internal/content"
)

// TestAnalyticsJSON: the pages read this file and define no default of
// their own, so every default of every provider is applied here.
func TestAnalyticsJSON(t *testing.T) {
	site := func(set *content.Setting) *content.Content {
		return &content.Content{Site: &content.Site{URL: "https://avery.example.com", MeasurementID: "G-ABC123", Analytics: set}}
	}
	tests := []struct {
		name string
		c    *content.Content
		want string
	}{
		{"left out: GA4 with the measurement id, no consent", site(nil),
			"{\n  \"provider\": \"ga4\",\n  \"id\": \"G-ABC123\"\n}\n"},
		{"GA4 asking consent", site(&content.Setting{Provider: "ga4", Consent: "required"}),
			"{\n  \"provider\": \"ga4\",\n  \"id\": \"G-ABC123\",\n  \"consent\": true\n}\n"},
		{"GA4 without a measurement id counts nothing",
			&content.Content{Site: &content.Site{URL: "https://a.example"}}, "null\n"},
		{"plausible: its host and the site's host by default", site(&content.Setting{Provider: "plausible"}),
			"{\n  \"provider\": \"plausible\",\n  \"endpoint\": \"https://plausible.io/api/event\",\n  \"domain\": \"avery.example.com\"\n}\n"},
		{"plausible self-hosted, its own domain",
			site(&content.Setting{Provider: "plausible", Host: "https://stats.example.org", Domain: "avery.dev"}),
			"{\n  \"provider\": \"plausible\",\n  \"endpoint\": \"https://stats.example.org/api/event\",\n  \"domain\": \"avery.dev\"\n}\n"},
		{"umami", site(&content.Setting{Provider: "umami", WebsiteID: "4f1c"}),
			"{\n  \"provider\": \"umami\",\n  \"id\": \"4f1c\",\n  \"endpoint\": \"https://cloud.umami.is/api/send\"\n}\n"},
		{"goatcounter", site(&content.Setting{Provider: "goatcounter", Code: "avery"}),
			"{\n  \"provider\": \"goatcounter\",\n  \"endpoint\": \"https://avery.goatcounter.com/count\"\n}\n"},
		{"none", site(&content.Setting{Provider: "none"}), "null\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(analyticsJSON(tt.c.Analytics())); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
