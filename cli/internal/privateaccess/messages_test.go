package privateaccess_test

import (
	"testing"

	"portfolio/cli/internal/privateaccess"
)

// TestTooManyTries: the wait is said in the page's words, the phrase and
// the units alike (decision 0123, amended), rounded as Retry-After is.
func TestTooManyTries(t *testing.T) {
	sv := privateaccess.GateMessages{TooMany: "Vänta {wait}.", Wait: privateaccess.Wait{Second: "en sekund", Seconds: "{n} sekunder", Minutes: "{n} minuter"}}
	for _, tt := range []struct {
		secs    int
		en, say string
	}{
		{0, "a second", "en sekund"},
		{1, "a second", "en sekund"},
		{2, "2 seconds", "2 sekunder"},
		{89, "89 seconds", "89 sekunder"},
		{90, "2 minutes", "2 minuter"},
		{600, "10 minutes", "10 minuter"},
		{601, "11 minutes", "11 minuter"},
	} {
		if got, want := privateaccess.EnglishGate.TooManyTries(tt.secs), "Too many tries from your address. Wait "+tt.en+", then enter the password again."; got != want {
			t.Errorf("%ds in English: %q, want %q", tt.secs, got, want)
		}
		if got, want := sv.TooManyTries(tt.secs), "Vänta "+tt.say+"."; got != want {
			t.Errorf("%ds in Swedish: %q, want %q", tt.secs, got, want)
		}
	}
}

// TestGateLanguageFillsInEnglish: a file the build wrote before a string
// joined the catalogue says the English catalogue's words for it.
func TestGateLanguageFillsInEnglish(t *testing.T) {
	site := &privateaccess.Site{Languages: []string{"sv"}, Messages: map[string]privateaccess.GateMessages{"sv": {Title: "Privat galleri"}}}
	lang, m := site.GateLanguage("/private/alpha/")
	want := privateaccess.EnglishGate
	want.Title = "Privat galleri"
	if lang != "sv" || m != want {
		t.Errorf("%q %+v, want sv %+v", lang, m, want)
	}
}
