package privateaccess

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// A private project may have named clients (project.yaml `clients:`,
// decision 0096), each with a secret of its own, revocable alone. A
// client's secret is derived from the project's secret (ClientSecret), so
// the owner sets no new environment variable; the cookie it gives names the
// client (ClientCookie), and the gate admits it only while the build lists
// the name as not revoked (Gallery.Clients). The holder of the project's
// own secret is the client "".

// MaxClientName is the longest client name, in characters.
const MaxClientName = 60

// maxClientBytes bounds a client name in bytes (four per character at
// most), and so the cookie's name part.
const maxClientBytes = 4 * MaxClientName

// clientContext separates a client's secret from any other use of the
// project's secret.
const clientContext = "portfolio client secret v1"

// ClientNameProblem says what is wrong with a client's name, or "" when it
// may name a client: 1 to MaxClientName characters, printable (spaces
// inside, none at either end), UTF-8. The same rule applies to project.yaml
// (`portfolio validate`), to `portfolio share --client`, and to a name read
// from a cookie.
func ClientNameProblem(name string) string {
	switch {
	case name == "":
		return "a client's name cannot be empty"
	case !utf8.ValidString(name):
		return "a client's name must be text (UTF-8)"
	case utf8.RuneCountInString(name) > MaxClientName:
		return fmt.Sprintf("a client's name is at most %d characters (this one has %d)", MaxClientName, utf8.RuneCountInString(name))
	case strings.TrimSpace(name) != name:
		return "a client's name cannot start or end with a space"
	}
	for _, r := range name {
		if !unicode.IsPrint(r) && r != ' ' {
			return fmt.Sprintf("a client's name must be printable: it has %U", r)
		}
	}
	return ""
}

// ClientSecret is the secret of the project slug's client name: the first
// 128 bits of HMAC-SHA256 keyed with the project's secret over
// "portfolio client secret v1\n<slug>\n<name>", base64url without padding
// (22 letters, digits, - and _), as the project's proposed secrets are
// written (decision 0096). Without the project's secret nobody can compute
// it; with it, the owner prints it again at will. The client "" has the
// project's own secret; an empty project secret gives "" (admits nobody).
func ClientSecret(secret, slug, name string) string {
	if secret == "" || name == "" {
		return secret
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(clientContext + "\n" + slug + "\n" + name))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// ClientCookie is the cookie's value for the project's client name, valid
// until expires. The client "" (the project's secret) has Cookie's value,
// as before clients existed, so cookies already given keep working. A
// named client's is "<Unix seconds>.<base64url name>.<base64url
// HMAC-SHA256>", keyed with the client's secret (ClientSecret) over the
// slug, the time and the name.
func ClientCookie(secret, slug, name string, expires time.Time) string {
	if name == "" {
		return Cookie(secret, slug, expires)
	}
	exp := expires.Unix()
	return strconv.FormatInt(exp, 10) + "." + base64.RawURLEncoding.EncodeToString([]byte(name)) + "." + clientSignature(secret, slug, name, exp)
}

func clientSignature(secret, slug, name string, exp int64) string {
	m := hmac.New(sha256.New, key(ClientSecret(secret, slug, name)))
	m.Write([]byte(slug + "\n" + strconv.FormatInt(exp, 10) + "\n" + name))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// ValidClient says whether value is a cookie for the project that has not
// expired at now, and whose client it names: "" for the project's secret
// (Valid), or a name among clients (the project's clients that are not
// revoked, Gallery.Clients). A name not there (revoked, another project's,
// never given) opens nothing, whatever its signature.
func ValidClient(secret, slug, value string, clients []string, now time.Time) (client string, ok bool) {
	expText, rest, _ := strings.Cut(value, ".")
	encoded, sig, named := strings.Cut(rest, ".")
	if !named {
		return "", Valid(secret, slug, value, now)
	}
	if secret == "" || encoded == "" || len(encoded) > base64.RawURLEncoding.EncodedLen(maxClientBytes) {
		return "", false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(encoded)
	name := string(raw)
	if err != nil || ClientNameProblem(name) != "" || !listed(clients, name) {
		return "", false
	}
	if expText == "" || len(expText) > 12 || strings.Trim(expText, "0123456789") != "" {
		return "", false
	}
	exp, err := strconv.ParseInt(expText, 10, 64)
	if err != nil || now.Unix() >= exp || exp-now.Unix() > int64(Lifetime/time.Second) {
		return "", false
	}
	if !hmac.Equal([]byte(sig), []byte(clientSignature(secret, slug, name, exp))) {
		return "", false
	}
	return name, true
}

// SecretClient says whose secret given is: the project's (client "") or
// one of clients' (ClientSecret), each compared in constant time
// (SecretMatches), every one of them whatever matched first. An empty
// project secret admits nobody.
func SecretClient(secret, slug, given string, clients []string) (client string, ok bool) {
	if secret == "" {
		return "", false
	}
	ok = SecretMatches(secret, given)
	for _, name := range clients {
		if SecretMatches(ClientSecret(secret, slug, name), given) && !ok && name != "" {
			client, ok = name, true
		}
	}
	return client, ok
}

func listed(clients []string, name string) bool {
	for _, c := range clients {
		if c == name {
			return true
		}
	}
	return false
}
