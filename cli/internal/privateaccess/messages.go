package privateaccess

import (
	"strconv"
	"strings"
)

// GateMessages are the secret page's strings in one language, from the
// site's catalogue (site/src/i18n/<lang>/host.ts; decision 0123): the
// prerender writes them, the build puts them into GalleriesFile, and
// `portfolio serve` and the Edge Function (netlify/private-gate/pages.mjs)
// write the page with them, so the two say the same words in every
// language. SharedBy names the owner at each "{site}".
type GateMessages struct {
	Title      string `json:"title"`
	SharedBy   string `json:"sharedBy"`
	Shared     string `json:"shared"`
	Password   string `json:"password"`
	Open       string `json:"open"`
	Wrong      string `json:"wrong"`
	Unreadable string `json:"unreadable"`
	// TooMany is said to an address out of tries, {wait} where the wait
	// goes, in Wait's words (decision 0123, amended).
	TooMany string `json:"tooMany"`
	Wait    Wait   `json:"wait"`
	// Closed is the page for a client whose access has ended.
	Closed Closed `json:"closed"`
	// NotFound is the short page for an address under the private prefix
	// with no page, Home its link to the home page.
	NotFound Notice `json:"notFound"`
	Home     string `json:"home"`
}

// Notice is a short page's title and text.
type Notice struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Closed are the closed page's words (decision 0094): its title, what it
// says and its link to the contact page, the owner named at each
// {owner}, or Owner's words when the build named none.
type Closed struct {
	Title string `json:"title"`
	Text  string `json:"text"`
	Write string `json:"write"`
	Owner string `json:"owner"`
}

// Wait are the words for a wait: one second, a number {n} of seconds
// (under 90), a number {n} of minutes (90 seconds and more, rounded up).
// Both catalogues' languages say any number from 2 in the plural, the
// only number Say gives a unit below it being 1 (decision 0123, amended).
type Wait struct {
	Second  string `json:"second"`
	Seconds string `json:"seconds"`
	Minutes string `json:"minutes"`
}

// Say is a wait of secs seconds in w's words.
func (w Wait) Say(secs int) string {
	switch {
	case secs <= 1:
		return w.Second
	case secs < 90:
		return strings.ReplaceAll(w.Seconds, "{n}", strconv.Itoa(secs))
	default:
		return strings.ReplaceAll(w.Minutes, "{n}", strconv.Itoa((secs+59)/60))
	}
}

// TooManyTries is what the page says to an address that must wait secs
// seconds before its next try.
func (m GateMessages) TooManyTries(secs int) string {
	return strings.ReplaceAll(m.TooMany, "{wait}", m.Wait.Say(secs))
}

// orEnglish is m with EnglishGate's words where m has none: a file the
// build wrote before a string joined the catalogue lacks it.
func (m GateMessages) orEnglish() GateMessages {
	for _, f := range []struct {
		got     *string
		english string
	}{
		{&m.Title, EnglishGate.Title}, {&m.SharedBy, EnglishGate.SharedBy}, {&m.Shared, EnglishGate.Shared},
		{&m.Password, EnglishGate.Password}, {&m.Open, EnglishGate.Open}, {&m.Wrong, EnglishGate.Wrong},
		{&m.Unreadable, EnglishGate.Unreadable}, {&m.TooMany, EnglishGate.TooMany},
		{&m.Wait.Second, EnglishGate.Wait.Second}, {&m.Wait.Seconds, EnglishGate.Wait.Seconds}, {&m.Wait.Minutes, EnglishGate.Wait.Minutes},
		{&m.Closed.Title, EnglishGate.Closed.Title}, {&m.Closed.Text, EnglishGate.Closed.Text},
		{&m.Closed.Write, EnglishGate.Closed.Write}, {&m.Closed.Owner, EnglishGate.Closed.Owner},
		{&m.NotFound.Title, EnglishGate.NotFound.Title}, {&m.NotFound.Text, EnglishGate.NotFound.Text}, {&m.Home, EnglishGate.Home},
	} {
		if *f.got == "" {
			*f.got = f.english
		}
	}
	return m
}

// EnglishGate is what the page says when the build wrote no strings (a
// file written before the site was built, or before decision 0123): the
// English catalogue's words, which the site's test holds it to
// (site/src/i18n/host.test.ts reads testdata/vectors.json).
var EnglishGate = GateMessages{
	Title:      "Private gallery",
	SharedBy:   "{site} shared this private gallery with you. Enter the password from {site}’s message to see it.",
	Shared:     "This gallery is private. Enter the password from the message you were sent to see it.",
	Password:   "Password",
	Open:       "Open the gallery",
	Wrong:      "That is not the password for this gallery. Check the message it came in, and try again.",
	Unreadable: "The form could not be read. Enter the password again.",
	TooMany:    "Too many tries from your address. Wait {wait}, then enter the password again.",
	Wait:       Wait{Second: "a second", Seconds: "{n} seconds", Minutes: "{n} minutes"},
	Closed: Closed{
		Title: "This private page is closed",
		Text:  "The time to see this page is over. If you still need it, {owner} can open it again for you.",
		Write: "Write to {owner}",
		Owner: "the photographer",
	},
	NotFound: Notice{Title: "No page here", Text: "There is no page at this address."},
	Home:     "Go to the home page",
}

// GateLanguage is the language of the secret page at urlPath and its
// strings: a private project's page in another language than the
// default is /private/<slug>/<lang>/… (decision 0116), so the segment
// after the slug, when it is one of the site's other languages; else the
// default, the first. Without the build's strings: English.
func (s *Site) GateLanguage(urlPath string) (lang string, m GateMessages) {
	if s == nil || len(s.Languages) == 0 {
		return "en", EnglishGate
	}
	lang = s.Languages[0]
	if rest, ok := cutFold(urlPath, Prefix); ok {
		parts := strings.SplitN(rest, "/", 3)
		if len(parts) > 1 {
			for _, other := range s.Languages[1:] {
				if parts[1] == other {
					lang = other
				}
			}
		}
	}
	m, ok := s.Messages[lang]
	if !ok {
		return "en", EnglishGate
	}
	return lang, m.orEnglish()
}
