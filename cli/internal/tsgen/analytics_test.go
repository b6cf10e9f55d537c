package tsgen

import (
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
)

// TestAnalyticsJSON: the pages read this file and define no default of
// their own, so every default of every provider is applied here.
func TestAnalyticsJSON(t *testing.T) {
	site := func(extra map[string]any) *content.Content {
		m := map[string]any{"url": "https://avery.example.com", "measurementId": "G-ABC123"}
		for k, v := range extra {
			m[k] = v
		}
		return &content.Content{Site: &yamldoc.Document{Value: m}}
	}
	analytics := func(set map[string]any) map[string]any { return map[string]any{"analytics": set} }
	tests := []struct {
		name string
		c    *content.Content
		want string
	}{
		{"left out: GA4 with the measurement id, no consent", site(nil),
			"{\n  \"provider\": \"ga4\",\n  \"id\": \"G-ABC123\"\n}\n"},
		{"GA4 asking consent", site(analytics(map[string]any{"provider": "ga4", "consent": "required"})),
			"{\n  \"provider\": \"ga4\",\n  \"id\": \"G-ABC123\",\n  \"consent\": true\n}\n"},
		{"GA4 without a measurement id counts nothing",
			&content.Content{Site: &yamldoc.Document{Value: map[string]any{"url": "https://a.example"}}}, "null\n"},
		{"plausible: its host and the site's host by default", site(analytics(map[string]any{"provider": "plausible"})),
			"{\n  \"provider\": \"plausible\",\n  \"endpoint\": \"https://plausible.io/api/event\",\n  \"domain\": \"avery.example.com\"\n}\n"},
		{"plausible self-hosted, its own domain",
			site(analytics(map[string]any{"provider": "plausible", "host": "https://stats.example.org", "domain": "avery.dev"})),
			"{\n  \"provider\": \"plausible\",\n  \"endpoint\": \"https://stats.example.org/api/event\",\n  \"domain\": \"avery.dev\"\n}\n"},
		{"umami", site(analytics(map[string]any{"provider": "umami", "websiteId": "4f1c"})),
			"{\n  \"provider\": \"umami\",\n  \"id\": \"4f1c\",\n  \"endpoint\": \"https://cloud.umami.is/api/send\"\n}\n"},
		{"goatcounter", site(analytics(map[string]any{"provider": "goatcounter", "code": "avery"})),
			"{\n  \"provider\": \"goatcounter\",\n  \"endpoint\": \"https://avery.goatcounter.com/count\"\n}\n"},
		{"none", site(analytics(map[string]any{"provider": "none"})), "null\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(analyticsJSON(tt.c.Analytics())); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
