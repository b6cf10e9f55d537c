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
		{"ga4", "", Analytics{}, "", "--analytics ga4 needs its measurement ID: --analytics ga4:G-XXXXXXXXXX"},
		{"goatcounter", "", Analytics{}, "", "--analytics goatcounter needs its code: --analytics goatcounter:CODE"},
		{"none:x", "", Analytics{}, "", "--analytics none takes no setting"},
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
