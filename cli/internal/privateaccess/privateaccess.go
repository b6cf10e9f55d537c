// Package privateaccess is the rule that keeps a private project (project.yaml
// `access: private`) for the holder of the owner's secret: where its files
// are, which environment variable holds its secret, and the signed,
// expiring cookie a visitor gets for entering it. `portfolio serve`
// enforces it (package server), and the Netlify Edge Function
// (netlify/private-gate/gate.mjs) does the same, checked against the same
// test vectors (testdata/vectors.json). See docs/decisions/0080.
package privateaccess

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// Prefix is the first segment of every private project's addresses:
// /private/<slug>/….
const Prefix = "/private/"

// DownloadFolder is the folder, under a private project's prefix, of its
// photos' own downloads: /private/<slug>/download/<file> (decision 0099).
const DownloadFolder = "download"

// EnvPrefix starts the name of the environment variable that holds a
// private project's secret: PORTFOLIO_PRIVATE_<SLUG>.
const EnvPrefix = "PORTFOLIO_PRIVATE_"

// Lifetime is how long a cookie lets its holder in.
const Lifetime = 30 * 24 * time.Hour

// SecretField is the name of the secret in the form that asks for it.
const SecretField = "secret"

// MaxSecretPost is the longest post of the secret's form read, in bytes: a
// longer one is a wrong secret.
const MaxSecretPost = 4 << 10

// keyContext separates the cookie's key from any other use of the secret.
const keyContext = "portfolio private access v1"

// EnvName is the environment variable of the project's secret: the slug
// upper-cased, each "-" as "_".
func EnvName(slug string) string {
	return EnvPrefix + strings.ToUpper(strings.ReplaceAll(slug, "-", "_"))
}

// CookieName is the name of the project's cookie.
func CookieName(slug string) string { return cookiePrefix + slug }

// cookiePrefix starts every project's cookie name.
const cookiePrefix = "private_"

// CookiePath is the path the cookie is sent for: the project's prefix,
// without its last slash, so that the page /private/<slug> has it too (a
// cookie's path matches itself and what is below it, never
// /private/<slug>x).
func CookiePath(slug string) string { return Prefix + slug }

// SlugOf says whether urlPath is under the private prefix (the first
// segment "private" in any letter case, as the host matches paths), and
// the project's slug when it names one ("" for /private/ itself).
func SlugOf(urlPath string) (slug string, private bool) {
	rest, ok := cutFold(urlPath, strings.TrimSuffix(Prefix, "/"))
	if !ok || rest != "" && rest[0] != '/' {
		return "", false
	}
	slug, _, _ = strings.Cut(strings.TrimPrefix(rest, "/"), "/")
	return slug, true
}

// cutFold is strings.CutPrefix without regard to letter case.
func cutFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// key is the cookie's signing key, derived from the secret.
func key(secret string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(keyContext))
	return m.Sum(nil)
}

func signature(secret, slug string, expires int64) string {
	m := hmac.New(sha256.New, key(secret))
	m.Write([]byte(slug + "\n" + strconv.FormatInt(expires, 10)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Cookie is the cookie's value for the project, valid until expires:
// "<Unix seconds>.<base64url HMAC-SHA256>".
func Cookie(secret, slug string, expires time.Time) string {
	exp := expires.Unix()
	return strconv.FormatInt(exp, 10) + "." + signature(secret, slug, exp)
}

// Valid says whether value is a cookie the secret signed for the project
// that has not expired at now. An empty secret admits nobody.
func Valid(secret, slug, value string, now time.Time) bool {
	if secret == "" {
		return false
	}
	expText, sig, ok := strings.Cut(value, ".")
	if !ok || expText == "" || len(expText) > 12 || strings.Trim(expText, "0123456789") != "" {
		return false
	}
	exp, err := strconv.ParseInt(expText, 10, 64)
	if err != nil || now.Unix() >= exp || exp-now.Unix() > int64(Lifetime/time.Second) {
		return false
	}
	return hmac.Equal([]byte(sig), []byte(signature(secret, slug, exp)))
}

// SecretMatches says whether given is the secret, in time that does not
// depend on where they differ (both are hashed first, so not on their
// lengths either). An empty secret matches nothing.
func SecretMatches(secret, given string) bool {
	if secret == "" {
		return false
	}
	a, b := sha256.Sum256([]byte(secret)), sha256.Sum256([]byte(given))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}
