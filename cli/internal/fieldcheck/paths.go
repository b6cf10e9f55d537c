package fieldcheck

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// ParsePaths splits file paths typed or pasted on one line: separated by
// commas or spaces, each possibly in single or double quotes or with
// backslash-escaped spaces, as a file manager's drag and drop pastes them
// ('/home/me/My Photos/a.jpg' or /home/me/My\ Photos/a.jpg).
func ParsePaths(s string) []string {
	var out []string
	var cur strings.Builder
	has := false
	flush := func() {
		if has {
			out = append(out, FromFileURL(cur.String()))
		}
		cur.Reset()
		has = false
	}
	var quote rune
	esc := false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc, has = false, true
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\\':
			esc = true
		case r == '\'' || r == '"':
			quote, has = r, true
		case r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r':
			flush()
		default:
			cur.WriteRune(r)
			has = true
		}
	}
	flush()
	return out
}

// FromFileURL turns a file:// URL, as some file managers and terminals paste
// a dropped file (file:///home/me/My%20Photos/a.jpg), into its path; any
// other text is returned as it is.
func FromFileURL(s string) string {
	if !strings.HasPrefix(strings.ToLower(s), "file://") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil || (u.Host != "" && u.Host != "localhost") || u.Path == "" {
		return s
	}
	return u.Path
}

// ParseGallery splits a gallery answer typed or pasted on one line: image
// files (or folders) separated by commas. A part in quotes or with
// backslash-escaped spaces, as a file manager's drag and drop pastes files
// ('/home/me/My Photos/a.jpg' '/home/me/b.jpg'), is split as a shell would;
// a part typed plainly is one path, spaces and all, unless it is not a file
// and each of its words is.
func ParseGallery(s string) []string {
	var out []string
	for _, part := range splitOutsideQuotes(s, ',') {
		part = strings.TrimSpace(part)
		switch {
		case part == "":
		case strings.ContainsAny(part, `'"\`):
			out = append(out, ParsePaths(part)...)
		case !strings.Contains(part, " ") || exists(part):
			out = append(out, FromFileURL(part))
		default:
			words := strings.Fields(part)
			all := true
			for _, w := range words {
				all = all && exists(w)
			}
			if all {
				out = append(out, words...)
			} else {
				out = append(out, part)
			}
		}
	}
	return out
}

// CleanPath unquotes a single path pasted in quotes or with escaped spaces;
// other text is only trimmed.
func CleanPath(s string) string {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, `'"\`) {
		if p := ParsePaths(s); len(p) == 1 {
			return p[0]
		}
	}
	return FromFileURL(s)
}

func exists(path string) bool {
	_, err := os.Stat(ExpandHome(path))
	return err == nil
}

// splitOutsideQuotes splits s at sep where sep is not inside quotes.
func splitOutsideQuotes(s string, sep rune) []string {
	var out []string
	var quote rune
	start := 0
	for i, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '\'' || r == '"'):
			quote = r
		case quote == 0 && r == sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// ExpandHome turns a leading ~/ into the home folder, as a shell would: paths
// typed into the form do not go through one.
func ExpandHome(path string) string {
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return path
}
