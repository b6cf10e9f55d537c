// Package english words the counts in the commands' messages.
package english

import "strconv"

// Count is "1 noun" or "n nouns": n and the noun, plural unless n is 1.
// Only for nouns whose plural adds an s.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
