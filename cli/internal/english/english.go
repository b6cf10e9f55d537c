// Package english words the counts in the commands' messages.
package english

import (
	"strconv"
	"strings"
)

// Count is "1 noun" or "n nouns": n and the noun, plural unless n is 1.
// Only for nouns whose plural adds an s.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Or lists items as a sentence does: "a", "a or b", "a, b or c".
func Or(items []string) string { return list(items, " or ") }

// And lists items as a sentence does: "a", "a and b", "a, b and c".
func And(items []string) string { return list(items, " and ") }

func list(items []string, last string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + last + items[len(items)-1]
}
