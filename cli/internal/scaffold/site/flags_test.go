package site

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseCategories(t *testing.T) {
	tests := []struct {
		name   string
		values []string
		want   []Category
		err    string // part of the message; "" for none
	}{
		{"titles", []string{"Portraits", "Café Life", "Black & White"},
			[]Category{{Slug: "portraits", Title: "Portraits"}, {Slug: "cafe-life", Title: "Café Life"}, {Slug: "black-white", Title: "Black & White"}}, ""},
		{"slug=Title", []string{"bw=Black & White", " weddings = Weddings "},
			[]Category{{Slug: "bw", Title: "Black & White"}, {Slug: "weddings", Title: "Weddings"}}, ""},
		{"bad slug", []string{"Black White=Black & White"}, nil, `"Black White" is not an address: lowercase letters, digits and single hyphens, e.g. "black-white=Black & White"`},
		{"no title", []string{"bw="}, nil, "no title"},
		{"no slug from the title", []string{"★★★"}, nil, `no address can be made of the title; give one: "my-work=★★★"`},
		{"same slug twice", []string{"Portraits", "portraits=People"}, nil, `the address /portraits is "Portraits"'s already`},
		{"title too long", []string{strings.Repeat("x", 41)}, nil, "the title is 41 characters, at most 40"},
		{"too many", strings.Split("a b c d e f g h i", " "), nil, "9 given, at most 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCategories(tt.values)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ParseCategories(%q) = %v, want an error with %q", tt.values, err, tt.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ParseCategories(%q) = %+v, %v; want %+v", tt.values, got, err, tt.want)
			}
		})
	}
}

func TestSetAnalytics(t *testing.T) {
	tests := []struct {
		value  string
		given  string // --measurement-id
		want   Analytics
		wantID string
		err    string
	}{
		{"plausible", "", Analytics{Provider: "plausible"}, "", ""},
		{"Plausible:maralindqvist.se", "", Analytics{Provider: "plausible", Domain: "maralindqvist.se"}, "", ""},
		{"goatcounter:mara", "", Analytics{Provider: "goatcounter", Code: "mara"}, "", ""},
		{"umami:4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", "", Analytics{Provider: "umami", WebsiteID: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f"}, "", ""},
		{"none", "", Analytics{Provider: "none"}, "", ""},
		{"ga4:G-ABC123XYZ9", "", Analytics{}, "G-ABC123XYZ9", ""},
		{"ga4", "G-ABC123XYZ9", Analytics{}, "G-ABC123XYZ9", ""},
		{"ga4", "", Analytics{}, "", "ga4 needs its measurement ID, as ga4:G-XXXXXXXXXX"},
		{"goatcounter", "", Analytics{}, "", "goatcounter needs its code, as goatcounter:CODE"},
		{"none:x", "", Analytics{}, "", "none takes no setting"},
		{"plausble", "", Analytics{}, "", `"plausble" is none of the analytics services init knows: ga4, plausible, umami, goatcounter, none; did you mean "plausible"?`},
		{"matomo", "", Analytics{}, "", `"matomo" is none of the analytics services init knows: ga4, plausible, umami, goatcounter, none`},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			s := Site{MeasurementID: tt.given}
			err := SetAnalytics(&s, tt.value)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("SetAnalytics(%q) = %v, want an error with %q", tt.value, err, tt.err)
				}
				return
			}
			if err != nil || s.Analytics != tt.want || s.MeasurementID != tt.wantID {
				t.Fatalf("SetAnalytics(%q) = %v: %+v %q, want %+v %q", tt.value, err, s.Analytics, s.MeasurementID, tt.want, tt.wantID)
			}
		})
	}
}

func TestCheckKind(t *testing.T) {
	for _, k := range Kinds() {
		if err := CheckKind(k); err != nil {
			t.Errorf("CheckKind(%q) = %v", k, err)
		}
	}
	err := CheckKind("fotographer")
	if err == nil || !strings.Contains(err.Error(), `"fotographer" is none of the kinds of work init knows: designer, photographer, illustrator, architect, other; did you mean "photographer"?`) {
		t.Errorf("CheckKind(fotographer) = %v", err)
	}
}

// The form shows the categories and analytics as the flags take them, and
// reads them back: the kind's own categories stay the kind's (blurbs and
// all), a mission made of their titles follows new ones.
func TestFormTexts(t *testing.T) {
	s := Site{Kind: Photographer, Name: "Mara Lindqvist"}
	if got := s.CategoriesText(); got != "Portraits, Landscapes, Weddings" {
		t.Errorf("CategoriesText() = %q", got)
	}
	s.Taglines.Mission = s.DefaultMission()
	if err := s.SetCategoriesText("Portraits, Landscapes, Weddings"); err != nil || s.Categories != nil {
		t.Errorf("the kind's categories kept: %v %+v", err, s.Categories)
	}
	if err := s.SetCategoriesText(" Portraits ,bw=Black & White,, "); err != nil {
		t.Fatal(err)
	}
	if want := []Category{{Slug: "portraits", Title: "Portraits"}, {Slug: "bw", Title: "Black & White"}}; !reflect.DeepEqual(s.Categories, want) {
		t.Errorf("categories %+v, want %+v", s.Categories, want)
	}
	if s.Taglines.Mission != "Portraits · Black & White" || s.CategoriesText() != "Portraits, bw=Black & White" {
		t.Errorf("mission %q, text %q", s.Taglines.Mission, s.CategoriesText())
	}
	s.Taglines.Mission = "Light, mostly"
	if err := s.SetCategoriesText("Portraits"); err != nil || s.Taglines.Mission != "Light, mostly" {
		t.Errorf("the owner's mission changed: %q (%v)", s.Taglines.Mission, err)
	}
	for _, bad := range []string{"", " , ", "bw White=Black"} {
		if err := s.SetCategoriesText(bad); err == nil {
			t.Errorf("SetCategoriesText(%q) accepted", bad)
		}
	}

	tests := []struct{ in, shown, err string }{
		{"", "", ""},
		{"G-ABC123XYZ9", "ga4:G-ABC123XYZ9", ""},
		{"plausible:maralindqvist.se", "plausible:maralindqvist.se", ""},
		{"goatcounter:mara", "goatcounter:mara", ""},
		{"none", "none", ""},
		{"G-12", "", "Google Analytics 4 measurement ID"},
		{"goatcounter:Mara", "", "GoatCounter site code"},
		{"matomo", "", "none of the analytics services"},
	}
	for _, tt := range tests {
		s := Site{Analytics: Analytics{Provider: "umami", WebsiteID: "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f"}}
		err := s.SetAnalyticsText(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || s.Analytics.Provider != "umami" {
				t.Errorf("SetAnalyticsText(%q) = %v, %+v: want an error with %q, nothing changed", tt.in, err, s.Analytics, tt.err)
			}
			continue
		}
		if err != nil || s.AnalyticsText() != tt.shown {
			t.Errorf("SetAnalyticsText(%q) = %v, shown back as %q, want %q", tt.in, err, s.AnalyticsText(), tt.shown)
		}
	}
}
