package hostmsg_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/hostmsg"
)

const twoLanguages = `{"languages": ["sv", "en"], "messages": {
  "sv": {"gate": {"title": "Privat galleri"}, "form": {"invalid": "Rätta fälten nedan.", "problems": {"Name is required": "Skriv ditt namn"}}},
  "en": {"gate": {"title": "Private gallery"}, "form": {"invalid": "Please correct the fields below.", "problems": {}}}}}`

func TestFormWords(t *testing.T) {
	m, err := hostmsg.Parse("messages.json", []byte(twoLanguages))
	if err != nil {
		t.Fatal(err)
	}
	problems := map[string]string{"name": "Name is required", "email": "Invalid email address"}
	tests := []struct {
		lang, status string
		problems     map[string]string
	}{
		// The catalogue's words where it has them, the English ones for any other problem.
		{"sv", "Rätta fälten nedan.", map[string]string{"name": "Skriv ditt namn", "email": "Invalid email address"}},
		{"en", "Please correct the fields below.", problems},
		// A language the site has none of: as given.
		{"fr", "Please correct the fields below!", problems},
		{"", "Please correct the fields below!", problems},
	}
	for _, tt := range tests {
		status, got := m.FormWords(tt.lang, "Please correct the fields below!", problems)
		if status != tt.status || !maps.Equal(got, tt.problems) {
			t.Errorf("%q: %q %v, want %q %v", tt.lang, status, got, tt.status, tt.problems)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, tt := range []struct{ data, says string }{
		{`{"languages": ["sv", "en"], "messages": {"sv": {}}}`, `no strings in "en"`},
		{`{"languages": `, "unexpected end of JSON input"},
		{`{"languages": ["sv"], "messages": {"sv": {}}}` + strings.Repeat(" ", 1<<20), "larger than"},
	} {
		if _, err := hostmsg.Parse("messages.json", []byte(tt.data)); err == nil || !strings.Contains(err.Error(), tt.says) || !strings.Contains(err.Error(), "run `portfolio build`") {
			t.Errorf("%.40q: %v, want an error that says %q and how to fix it", tt.data, err, tt.says)
		}
	}
}

func TestReadWithoutTheFile(t *testing.T) {
	dir := t.TempDir()
	if m, err := hostmsg.Read(dir); err != nil || len(m.Languages) != 0 {
		t.Fatalf("a site built before the file: %+v, %v; want nothing, no error", m, err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".vite"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".vite", "messages.json"), []byte(twoLanguages), 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := hostmsg.Read(dir); err != nil || m.Messages["sv"].Gate.Title != "Privat galleri" {
		t.Fatalf("Read: %+v, %v", m, err)
	}
}

// TestEnglishNoticesFile: testdata/english-notices.json is what serve says
// without the built site's words; site/src/i18n/host.test.ts holds it to
// the English catalogue (`go test ./cli/internal/hostmsg -update`
// rewrites it).
func TestEnglishNoticesFile(t *testing.T) {
	b, err := json.MarshalIndent(hostmsg.EnglishNotices, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "english-notices.json"), append(b, '\n'))
}

// TestNoticesIn: the notices in the post's language, else the default;
// a word the file lacks is the English catalogue's (decision 0123, amended).
func TestNoticesIn(t *testing.T) {
	const file = `{"languages": ["sv", "en"], "messages": {
  "sv": {"gate": {"wait": {"second": "en sekund", "seconds": "{n} sekunder", "minutes": "{n} minuter"}}, "notices": {"unknown": {"title": "Okänt formulär", "text": "Inget formulär heter {form}."}, "back": "Gå tillbaka"}},
  "en": {"gate": {}, "notices": {}}}}`
	m, err := hostmsg.Parse("messages.json", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		messages                hostmsg.Messages
		post, lang, title, back string
		wait                    string
	}{
		{m, "sv", "sv", "Okänt formulär", "Gå tillbaka", "12 sekunder"},
		{m, "", "sv", "Okänt formulär", "Gå tillbaka", "12 sekunder"},
		{m, "fr", "sv", "Okänt formulär", "Gå tillbaka", "12 sekunder"},
		{m, "en", "en", "Unknown form", "Go back", "12 seconds"},
		{hostmsg.Messages{}, "sv", "", "Unknown form", "Go back", "12 seconds"},
	} {
		lang, n, wait := tt.messages.NoticesIn(tt.post)
		if lang != tt.lang || n.Unknown.Title != tt.title || n.Back != tt.back || wait.Say(12) != tt.wait || n.Home == "" || n.TooLarge.Text == "" {
			t.Errorf("%q: %q %+v %q, want %q %q %q %q", tt.post, lang, n, wait.Say(12), tt.lang, tt.title, tt.back, tt.wait)
		}
	}
}
