package content

// Closest returns the candidate within edit distance 2 of s, ignoring
// letter case, if any: the "did you mean" of validate's messages, for the
// commands to offer the same (a project slug typed wrong).
func Closest(s string, candidates []string) string { return closest(s, candidates) }
