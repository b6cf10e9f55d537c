package privateaccess_test

import (
	"encoding/base64"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/headers"
	"portfolio/cli/internal/privateaccess"
)

// The vectors the Edge Function's tests check too
// (netlify/private-gate/gate.test.mjs): one rule, two implementations.
type vectors struct {
	Comment string `json:"comment"`
	// Prefix is privateaccess.Prefix, the one spelling of the private
	// prefix: the Edge Function's, its path pattern and the site's route
	// paths are checked against it.
	Prefix  string       `json:"prefix"`
	Cookies []cookieCase `json:"cookies"`
	Checks  []checkCase  `json:"checks"`
	Secrets []secretCase `json:"secrets"`
	Paths   []pathCase   `json:"paths"`
	Env     []envCase    `json:"env"`
	// Favourites are posts past the gate, checked against the admitted
	// project's gallery (Gallery.Check, gate.mjs checkFavourites).
	Favourites favouritesVectors `json:"favourites"`
	// Expiry is when a project's access ends (Gallery.Ended, gate.mjs
	// ended; decision 0094).
	Expiry []expiryCase `json:"expiry"`
	// Clients are named clients' secrets and cookies (ClientSecret,
	// ValidClient, SecretClient; gate.mjs clientSecret, validClient,
	// secretClient; decision 0096).
	Clients clientVectors `json:"clients"`
	// Constants are the values the Edge Function and the site spell again
	// in their own language; their tests compare each with this (issue 53).
	Constants constants `json:"constants"`
}

// constants are the Go values that netlify/private-gate/*.mjs and
// site/src/features/favourites/*.ts declare again: gate.test.mjs and
// picks.test.ts fail when one differs.
type constants struct {
	EnvPrefix     string `json:"envPrefix"`
	Lifetime      int64  `json:"lifetime"` // seconds
	SecretField   string `json:"secretField"`
	MaxSecretPost int    `json:"maxSecretPost"` // bytes
	// Cookie is the cookie's name and path for Slug.
	Cookie struct {
		Slug string `json:"slug"`
		Name string `json:"name"`
		Path string `json:"path"`
	} `json:"cookie"`
	MaxClientName int    `json:"maxClientName"`
	ContactPath   string `json:"contactPath"`
	// FontPath and CoverURI are the patterns (Go's syntax, which the
	// JavaScript one reads alike) of what the gate's pages accept.
	FontPath string `json:"fontPath"`
	CoverURI string `json:"coverURI"`
	// Stores are the site's Blobs stores the function writes and
	// `portfolio messages --netlify` reads; Events the kinds it stores.
	Stores map[string]string `json:"stores"`
	// EnglishGate is the secret page's strings when the build wrote none
	// (privateaccess.EnglishGate): the English catalogue's (decision 0123).
	EnglishGate privateaccess.GateMessages `json:"englishGate"`
	Events      []string                   `json:"events"`
	// PrivateHeaders is headers.PrivateRule's headers, in order.
	PrivateHeaders [][2]string `json:"privateHeaders"`
	Favourites     struct {
		// Fields are the form's names (cli/internal/contact).
		Fields map[string]string `json:"fields"`
		// Limits are in characters, but photos (a count).
		Limits  map[string]int `json:"limits"`
		MaxPost int            `json:"maxPost"` // bytes
	} `json:"favourites"`
}

func buildConstants() constants {
	var c constants
	c.EnvPrefix = privateaccess.EnvPrefix
	c.Lifetime = int64(privateaccess.Lifetime / time.Second)
	c.SecretField = privateaccess.SecretField
	c.MaxSecretPost = privateaccess.MaxSecretPost
	c.Cookie.Slug = slug
	c.Cookie.Name = privateaccess.CookieName(slug)
	c.Cookie.Path = privateaccess.CookiePath(slug)
	c.MaxClientName = privateaccess.MaxClientName
	c.ContactPath = privateaccess.ContactPath
	c.FontPath = privateaccess.FontPath.String()
	c.CoverURI = privateaccess.CoverURI.String()
	c.Stores = map[string]string{"favourites": privateaccess.FavouritesStore, "activity": privateaccess.ActivityStore}
	c.EnglishGate = privateaccess.EnglishGate
	c.Events = []string{privateaccess.EventOpened, privateaccess.EventFavourites, privateaccess.EventDownload}
	for _, h := range headers.PrivateRule.Headers {
		c.PrivateHeaders = append(c.PrivateHeaders, [2]string{h.Name, h.Value})
	}
	c.Favourites.Fields = map[string]string{
		"form": contact.FavouritesFormName, "formName": contact.FormNameField, "honeypot": contact.Honeypot,
		"name": contact.FieldName, "email": contact.FieldEmail, "note": contact.FieldMessage,
		"project": contact.FieldProject, "photos": contact.FieldPhotos,
	}
	c.Favourites.Limits = map[string]int{
		"name": contact.MaxName, "email": contact.MaxEmail, "note": contact.MaxMessage,
		"photos": contact.MaxPhotos, "photoName": contact.MaxPhotoName,
	}
	c.Favourites.MaxPost = contact.MaxPost
	return c
}

type clientVectors struct {
	Secrets []clientSecretCase `json:"secrets"`
	Checks  []clientCheckCase  `json:"checks"`
	Given   []givenCase        `json:"given"`
}

type clientSecretCase struct {
	Secret       string `json:"secret"`
	Slug         string `json:"slug"`
	Name         string `json:"name"`
	ClientSecret string `json:"clientSecret"`
	Expires      int64  `json:"expires"`
	Cookie       string `json:"cookie,omitempty"`
}

type clientCheckCase struct {
	Case    string   `json:"case"`
	Secret  string   `json:"secret"`
	Slug    string   `json:"slug"`
	Clients []string `json:"clients"`
	Cookie  string   `json:"cookie"`
	Now     int64    `json:"now"`
	Valid   bool     `json:"valid"`
	Client  string   `json:"client"`
}

type givenCase struct {
	Case    string   `json:"case"`
	Secret  string   `json:"secret"`
	Slug    string   `json:"slug"`
	Clients []string `json:"clients"`
	Given   string   `json:"given"`
	OK      bool     `json:"ok"`
	Client  string   `json:"client"`
}

type expiryCase struct {
	Name    string `json:"name"`
	Expires string `json:"expires"`
	Now     int64  `json:"now"`
	Ended   bool   `json:"ended"`
}

type favouritesVectors struct {
	Gallery privateaccess.Gallery `json:"gallery"`
	Cases   []favouritesCase      `json:"cases"`
}

type favouritesCase struct {
	Name    string   `json:"name"`
	Project string   `json:"project"`
	Photos  []string `json:"photos"`
	Field   string   `json:"field"`
	Problem string   `json:"problem"`
}

type cookieCase struct {
	Secret  string `json:"secret"`
	Slug    string `json:"slug"`
	Expires int64  `json:"expires"`
	Cookie  string `json:"cookie"`
}

type checkCase struct {
	Name   string `json:"name"`
	Secret string `json:"secret"`
	Slug   string `json:"slug"`
	Cookie string `json:"cookie"`
	Now    int64  `json:"now"`
	Valid  bool   `json:"valid"`
}

type secretCase struct {
	Secret string `json:"secret"`
	Given  string `json:"given"`
	Match  bool   `json:"match"`
}

// pathCase is a raw request path (as sent, percent-encoded) and what the
// rule reads in it (Classify; gate.mjs classify).
type pathCase struct {
	Raw  string `json:"path"`
	Want privateaccess.Path
}

// MarshalJSON writes a case flat: {"path", "kind", "decoded", "slug"}.
func (c pathCase) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Raw string `json:"path"`
		privateaccess.Path
	}{c.Raw, c.Want})
}

func pub(raw, decoded string) pathCase {
	return pathCase{raw, privateaccess.Path{Kind: privateaccess.Public, Path: decoded}}
}

func priv(raw, decoded, slug string) pathCase {
	return pathCase{raw, privateaccess.Path{Kind: privateaccess.Private, Path: decoded, Slug: slug}}
}

func refused(raw string) pathCase {
	return pathCase{raw, privateaccess.Path{Kind: privateaccess.Refused}}
}

type envCase struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

const (
	secret = "correct horse battery staple"
	slug   = "smith-wedding"
	now    = int64(1_800_000_000)
)

func sign(secret, slug string, exp int64) string {
	return privateaccess.Cookie(secret, slug, time.Unix(exp, 0))
}

// alter changes one character of the signature.
func alter(c string) string {
	last := c[len(c)-1]
	repl := byte('A')
	if last == 'A' {
		repl = 'B'
	}
	return c[:len(c)-1] + string(repl)
}

func build() vectors {
	day := int64(24 * 3600)
	good := sign(secret, slug, now+day)
	exp, sig, _ := strings.Cut(good, ".")
	later := strconv.FormatInt(now+2*day, 10)
	return vectors{
		Comment:   "Generated by `go test ./cli/internal/privateaccess -update`; checked by that test, by netlify/private-gate/gate.test.mjs and by site/src/config/paths.test.ts and site/src/features/favourites/picks.test.ts. Times are Unix seconds.",
		Prefix:    privateaccess.Prefix,
		Constants: buildConstants(),
		Cookies: []cookieCase{
			{secret, slug, now + day, good},
			{secret, "another-client", now + day, sign(secret, "another-client", now+day)},
			{"ünïcödé secret ✓", slug, now + 3600, sign("ünïcödé secret ✓", slug, now+3600)},
		},
		Checks: []checkCase{
			{"valid", secret, slug, good, now, true},
			{"valid a second before it expires", secret, slug, good, now + day - 1, true},
			{"expired at its time", secret, slug, good, now + day, false},
			{"expired", secret, slug, good, now + 2*day, false},
			{"signature altered", secret, slug, alter(good), now, false},
			{"expiry moved later, signature kept", secret, slug, later + "." + sig, now, false},
			{"another project's cookie", secret, "another-client", good, now, false},
			{"signed with another secret", "another secret", slug, good, now, false},
			{"secret unset", "", slug, good, now, false},
			{"empty", secret, slug, "", now, false},
			{"no signature", secret, slug, exp, now, false},
			{"no expiry", secret, slug, "." + sig, now, false},
			{"expiry not a number", secret, slug, "1e10." + sig, now, false},
			{"negative expiry", secret, slug, "-" + exp + "." + sig, now, false},
			{"expiry beyond the lifetime, signed", secret, slug, sign(secret, slug, now+31*day), now, false},
			{"signature padded", secret, slug, good + "=", now, false},
			{"two dots", secret, slug, good + ".x", now, false},
		},
		Secrets: []secretCase{
			{secret, secret, true},
			{secret, secret + " ", false},
			{secret, strings.ToUpper(secret), false},
			{secret, "", false},
			{"", "", false},
		},
		Paths: []pathCase{
			priv("/private/smith-wedding/", "/private/smith-wedding/", "smith-wedding"),
			priv("/private/smith-wedding", "/private/smith-wedding", "smith-wedding"),
			priv("/private/smith-wedding/photos/3", "/private/smith-wedding/photos/3", "smith-wedding"),
			priv("/private/smith-wedding/img/abc-480.webp", "/private/smith-wedding/img/abc-480.webp", "smith-wedding"),
			priv("/PRIVATE/Smith-Wedding/", "/PRIVATE/Smith-Wedding/", "Smith-Wedding"),
			priv("/Private/smith-wedding/", "/Private/smith-wedding/", "smith-wedding"),
			priv("/private/", "/private/", ""),
			priv("/private", "/private", ""),
			// Escapes after the prefix hide nothing: the slug and the
			// file are read decoded.
			priv("/private/smith%2Dwedding/", "/private/smith-wedding/", "smith-wedding"),
			priv("/private/smith-wedding/img/%70hoto%20one.jpg", "/private/smith-wedding/img/photo one.jpg", "smith-wedding"),
			pub("/privateer/", "/privateer/"),
			pub("/projects/smith-wedding", "/projects/smith-wedding"),
			pub("/", "/"),
			pub("/img/private/x.webp", "/img/private/x.webp"),
			pub("/projects/caf%C3%A9/", "/projects/café/"),
			pub("/private;x/", "/private;x/"),
			// Letters that fold to the prefix's only outside ASCII are
			// not the prefix, to the host or to the rule.
			pub("/pr%C4%B1vate/smith-wedding/", "/prıvate/smith-wedding/"),
			pub("/PR%C4%B0VATE/smith-wedding/", "/PRİVATE/smith-wedding/"),
			// The prefix spelled with escapes: hidden from a rule that
			// matches the raw path.
			refused("/%70rivate/smith-wedding/img/abc-480.webp"),
			refused("/%70%72%69%76%61%74%65/smith-wedding/"),
			refused("/Pr%69vate/smith-wedding/"),
			refused("/privat%65"),
			// An encoded slash or backslash, a backslash, empty and dot
			// segments, spelled or encoded.
			refused("/private%2Fsmith-wedding/"),
			refused("/private%2fsmith-wedding/index.html"),
			refused("/private%5Csmith-wedding/"),
			refused("/private\\smith-wedding/"),
			refused("//private/smith-wedding/"),
			refused("/private//smith-wedding/"),
			refused("/private/smith-wedding//img/abc-480.webp"),
			refused("/private/./smith-wedding/"),
			refused("/private/../private/smith-wedding/"),
			refused("/x/../private/smith-wedding/"),
			refused("/%2e/private/smith-wedding/"),
			refused("/private/%2E%2E/private/smith-wedding/"),
			refused("/img/..%2fprivate/smith-wedding/"),
			// Names a file system reads as another name, control
			// characters, text that is not UTF-8, no leading slash.
			refused("/private./smith-wedding/"),
			refused("/private%20/smith-wedding/"),
			refused("/private:x/smith-wedding/"),
			refused("/private%00/smith-wedding/"),
			refused("/private/smith-wedding%0a/"),
			refused("/private/%ff/"),
			refused("/img/a%2Fb.jpg"),
			refused("private/smith-wedding/"),
			refused(""),
		},

		Env: []envCase{
			{"smith-wedding", "PORTFOLIO_PRIVATE_SMITH_WEDDING"},
			{"client2", "PORTFOLIO_PRIVATE_CLIENT2"},
		},
		Favourites: favourites(),
		Expiry:     expiry(),
		Clients:    clients(),
	}
}

// clients are the cases of decision 0096: a named client's secret and
// cookie, a revoked client, another project's client, a name altered.
func clients() clientVectors {
	day := int64(24 * 3600)
	const anna, zoe, bob = "Anna Smith", "Zoë (mother of the bride)", "Bob"
	listed := []string{anna, zoe}
	csign := func(secret, slug, name string, exp int64) string {
		return privateaccess.ClientCookie(secret, slug, name, time.Unix(exp, 0))
	}
	good := csign(secret, slug, anna, now+day)
	exp, rest, _ := strings.Cut(good, ".")
	_, sig, _ := strings.Cut(rest, ".")
	enc := func(name string) string { return base64.RawURLEncoding.EncodeToString([]byte(name)) }
	var secrets []clientSecretCase
	for _, c := range []struct{ secret, slug, name string }{
		{secret, slug, anna}, {secret, slug, zoe}, {secret, slug, bob},
		{secret, "another-client", anna}, {"ünïcödé secret ✓", slug, anna},
		{secret, slug, ""}, {"", slug, anna},
	} {
		cookie := "" // no secret, no cookie: nothing to sign with
		if c.secret != "" {
			cookie = csign(c.secret, c.slug, c.name, now+day)
		}
		secrets = append(secrets, clientSecretCase{c.secret, c.slug, c.name, privateaccess.ClientSecret(c.secret, c.slug, c.name), now + day, cookie})
	}
	long := strings.Repeat("é", privateaccess.MaxClientName+1)
	return clientVectors{
		Secrets: secrets,
		Checks: []clientCheckCase{
			{"a listed client", secret, slug, listed, good, now, true, anna},
			{"a listed client, not ASCII", secret, slug, listed, csign(secret, slug, zoe, now+day), now, true, zoe},
			{"the project's secret, with clients", secret, slug, listed, sign(secret, slug, now+day), now, true, ""},
			{"the project's secret, without clients", secret, slug, nil, sign(secret, slug, now+day), now, true, ""},
			{"a revoked client (not listed)", secret, slug, listed, csign(secret, slug, bob, now+day), now, false, ""},
			{"a client when none is listed", secret, slug, nil, good, now, false, ""},
			{"another project's client", secret, slug, listed, csign(secret, "another-client", anna, now+day), now, false, ""},
			{"name altered, signature kept", secret, slug, listed, exp + "." + enc(zoe) + "." + sig, now, false, ""},
			{"name in other letter case", secret, slug, []string{anna, "anna smith"}, exp + "." + enc("anna smith") + "." + sig, now, false, ""},
			{"name dropped, signature kept", secret, slug, listed, exp + "." + sig, now, false, ""},
			{"signed with the project's key", secret, slug, listed, exp + "." + enc(anna) + "." + strings.SplitN(sign(secret, slug, now+day), ".", 2)[1], now, false, ""},
			{"signature altered", secret, slug, listed, alter(good), now, false, ""},
			{"expired at its time", secret, slug, listed, good, now + day, false, ""},
			{"expiry beyond the lifetime, signed", secret, slug, listed, csign(secret, slug, anna, now+31*day), now, false, ""},
			{"signed with another secret", "another secret", slug, listed, good, now, false, ""},
			{"secret unset", "", slug, listed, good, now, false, ""},
			{"name padded", secret, slug, listed, exp + "." + enc(anna) + "=." + sig, now, false, ""},
			{"name empty", secret, slug, listed, exp + ".." + sig, now, false, ""},
			{"name not base64url", secret, slug, listed, exp + ".QW5u+Q." + sig, now, false, ""},
			{"name not UTF-8", secret, slug, []string{"\xff"}, exp + "." + enc("\xff") + "." + sig, now, false, ""},
			{"name too long, listed", secret, slug, []string{long}, csign(secret, slug, long, now+day), now, false, ""},
			{"three dots", secret, slug, listed, good + ".x", now, false, ""},
		},
		Given: []givenCase{
			{"the project's secret", secret, slug, listed, secret, true, ""},
			{"a listed client's secret", secret, slug, listed, privateaccess.ClientSecret(secret, slug, anna), true, anna},
			{"another listed client's secret", secret, slug, listed, privateaccess.ClientSecret(secret, slug, zoe), true, zoe},
			{"a revoked client's secret", secret, slug, listed, privateaccess.ClientSecret(secret, slug, bob), false, ""},
			{"a client's secret when none is listed", secret, slug, nil, privateaccess.ClientSecret(secret, slug, anna), false, ""},
			{"another project's client's secret", secret, slug, listed, privateaccess.ClientSecret(secret, "another-client", anna), false, ""},
			{"a client's name as the secret", secret, slug, listed, anna, false, ""},
			{"empty", secret, slug, listed, "", false, ""},
			{"secret unset", "", slug, listed, "", false, ""},
			{"secret unset, a client's secret of it", "", slug, listed, privateaccess.ClientSecret("", slug, anna), false, ""},
		},
	}
}

// expiry are the cases of decision 0094: the last day of access is over
// at midnight UTC after it.
func expiry() []expiryCase {
	at := func(s string) int64 {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			panic(err)
		}
		return t.Unix()
	}
	return []expiryCase{
		{"no expiry", "", at("2099-01-01T00:00:00Z"), false},
		{"days before", "2026-12-31", at("2026-12-01T12:00:00Z"), false},
		{"the last day's first second", "2026-12-31", at("2026-12-31T00:00:00Z"), false},
		{"the last day's last second, UTC", "2026-12-31", at("2026-12-31T23:59:59Z"), false},
		{"midnight after the last day", "2026-12-31", at("2027-01-01T00:00:00Z"), true},
		{"the last day over in UTC, still the last day in New York", "2026-12-31", at("2026-12-31T19:30:00-05:00"), true},
		{"a year later", "2026-12-31", at("2027-12-31T00:00:00Z"), true},
		{"a leap day", "2028-02-29", at("2028-02-29T23:59:59Z"), false},
		{"after a leap day", "2028-02-29", at("2028-03-01T00:00:00Z"), true},
		{"not a date: fails closed", "2026-02-30", at("2026-01-01T00:00:00Z"), true},
		{"not the date layout: fails closed", "31/12/2026", at("2026-01-01T00:00:00Z"), true},
		{"a time with the date: fails closed", "2026-12-31T12:00:00Z", at("2026-01-01T00:00:00Z"), true},
		{"one-digit month: fails closed", "2026-1-31", at("2026-01-01T00:00:00Z"), true},
	}
}

// favourites are the cases of issue 48: a list filed under another
// project's title, and names that are not in the gallery.
func favourites() favouritesVectors {
	g := privateaccess.Gallery{Title: "The Smith Wedding", Photos: []string{"IMG_0101.jpg", "IMG_0102.jpg", "IMG_0103.jpg", "IMG_0104.mp4"}}
	many := []string{"IMG_0101.jpg"}
	for i := range 8 {
		many = append(many, "IMG_9"+strconv.Itoa(i)+".jpg")
	}
	cases := []favouritesCase{
		{Name: "photos of the gallery", Project: g.Title, Photos: []string{"IMG_0101.jpg", "IMG_0103.jpg"}},
		{Name: "the video and a photo", Project: g.Title, Photos: []string{"IMG_0104.mp4", "IMG_0102.jpg"}},
		{Name: "a photo twice", Project: g.Title, Photos: []string{"IMG_0101.jpg", "IMG_0101.jpg"}},
		{Name: "another project's title", Project: "The Jones Wedding", Photos: []string{"IMG_0101.jpg"}},
		{Name: "the title in other letter case", Project: "the smith wedding", Photos: []string{"IMG_0101.jpg"}},
		{Name: "no title", Project: "", Photos: []string{"IMG_0101.jpg"}},
		{Name: "a name not in the gallery", Project: g.Title, Photos: []string{"IMG_0101.jpg", "IMG_9999.jpg"}},
		{Name: "a name in other letter case", Project: g.Title, Photos: []string{"img_0101.jpg"}},
		{Name: "a path to a gallery name", Project: g.Title, Photos: []string{"gallery/IMG_0101.jpg"}},
		{Name: "an unknown name twice", Project: g.Title, Photos: []string{"x.jpg", "x.jpg"}},
		{Name: "many unknown names", Project: g.Title, Photos: many},
	}
	for i, c := range cases {
		cases[i].Field, cases[i].Problem = g.Check(c.Project, c.Photos)
	}
	return favouritesVectors{Gallery: g, Cases: cases}
}

func TestVectors(t *testing.T) {
	v := build()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if !golden.File(t, filepath.Join("testdata", "vectors.json"), got) {
		t.Log("netlify/private-gate/gate.test.mjs and site/src/config/paths.test.ts read the file too: run them after -update")
	}
	for _, c := range v.Checks {
		if got := privateaccess.Valid(c.Secret, c.Slug, c.Cookie, time.Unix(c.Now, 0)); got != c.Valid {
			t.Errorf("%s: Valid(%q) = %v, want %v", c.Name, c.Cookie, got, c.Valid)
		}
	}
	for _, c := range v.Secrets {
		if got := privateaccess.SecretMatches(c.Secret, c.Given); got != c.Match {
			t.Errorf("SecretMatches(%q, %q) = %v, want %v", c.Secret, c.Given, got, c.Match)
		}
	}
	for _, c := range v.Paths {
		if got := privateaccess.Classify(c.Raw); got != c.Want {
			t.Errorf("Classify(%q) = %+v; want %+v", c.Raw, got, c.Want)
		}
	}
	for _, c := range v.Favourites.Cases {
		ok := c.Field == ""
		if want := strings.HasPrefix(c.Name, "photos of") || strings.HasPrefix(c.Name, "the video") || strings.HasPrefix(c.Name, "a photo twice"); ok != want {
			t.Errorf("favourites, %s: field %q (%s), want accepted: %v", c.Name, c.Field, c.Problem, want)
		}
	}
	for _, c := range v.Expiry {
		g := privateaccess.Gallery{Expires: c.Expires}
		if got := g.Ended(time.Unix(c.Now, 0)); got != c.Ended {
			t.Errorf("expiry, %s: Ended(%s at %d) = %v, want %v", c.Name, c.Expires, c.Now, got, c.Ended)
		}
	}
	for _, c := range v.Checks {
		if client, ok := privateaccess.ValidClient(c.Secret, c.Slug, c.Cookie, nil, time.Unix(c.Now, 0)); ok != c.Valid || client != "" {
			t.Errorf("%s: ValidClient(%q) = %q, %v, want \"\", %v", c.Name, c.Cookie, client, ok, c.Valid)
		}
	}
	for _, c := range v.Clients.Checks {
		if client, ok := privateaccess.ValidClient(c.Secret, c.Slug, c.Cookie, c.Clients, time.Unix(c.Now, 0)); ok != c.Valid || client != c.Client {
			t.Errorf("clients, %s: ValidClient(%q) = %q, %v, want %q, %v", c.Case, c.Cookie, client, ok, c.Client, c.Valid)
		}
	}
	for _, c := range v.Clients.Given {
		if client, ok := privateaccess.SecretClient(c.Secret, c.Slug, c.Given, c.Clients); ok != c.OK || client != c.Client {
			t.Errorf("clients, %s: SecretClient(%q) = %q, %v, want %q, %v", c.Case, c.Given, client, ok, c.Client, c.OK)
		}
	}
	for _, c := range v.Clients.Secrets {
		want := 22
		if c.Name == "" || c.Secret == "" {
			want = len(c.Secret)
		}
		if len(c.ClientSecret) != want || c.Name != "" && c.Secret != "" && c.ClientSecret == c.Secret {
			t.Errorf("ClientSecret(%q, %q, %q) = %q: want %d characters, not the project's secret", c.Secret, c.Slug, c.Name, c.ClientSecret, want)
		}
	}
	for _, c := range v.Env {
		if got := privateaccess.EnvName(c.Slug); got != c.Name {
			t.Errorf("EnvName(%q) = %q, want %q", c.Slug, got, c.Name)
		}
	}
}

func TestClientNameProblem(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"Anna Smith", true},
		{"Zoë (mother of the bride)", true},
		{"李雷", true},
		{strings.Repeat("a", privateaccess.MaxClientName), true},
		{strings.Repeat("é", privateaccess.MaxClientName), true},
		{strings.Repeat("a", privateaccess.MaxClientName+1), false},
		{"", false},
		{" Anna", false},
		{"Anna ", false},
		{"Anna\tSmith", false},
		{"Anna\nSmith", false},
		{"Anna\u200bSmith", false},
		{"Anna\x1b[31m", false},
		{"\xff", false},
	} {
		if got := privateaccess.ClientNameProblem(tt.name); (got == "") != tt.ok {
			t.Errorf("ClientNameProblem(%q) = %q, want ok %v", tt.name, got, tt.ok)
		}
	}
}

// The gate's cost per request with named clients (decision 0096): a
// named cookie is one derivation and one signature, whatever the number
// of clients; a posted secret is compared with every client's (the
// schema's limit is 100).
func BenchmarkClients(b *testing.B) {
	names := make([]string, 100)
	for i := range names {
		names[i] = "Client " + strconv.Itoa(i)
	}
	at := time.Unix(now, 0)
	cookie := privateaccess.ClientCookie(secret, slug, names[99], at.Add(time.Hour))
	given := privateaccess.ClientSecret(secret, slug, names[99])
	b.Run("cookie", func(b *testing.B) {
		for b.Loop() {
			privateaccess.ValidClient(secret, slug, cookie, names, at)
		}
	})
	b.Run("project cookie", func(b *testing.B) {
		c := privateaccess.Cookie(secret, slug, at.Add(time.Hour))
		for b.Loop() {
			privateaccess.ValidClient(secret, slug, c, names, at)
		}
	})
	b.Run("secret, 100 clients", func(b *testing.B) {
		for b.Loop() {
			privateaccess.SecretClient(secret, slug, given, names)
		}
	})
}
