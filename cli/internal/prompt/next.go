package prompt

import (
	"path/filepath"
	"strings"
)

// ContentFlag is what the next steps a command prints add so that they
// work from any folder: "" for the default content folder, else
// " --content /absolute/dir" (quoted for a POSIX shell when needed).
func ContentFlag(dir string) string {
	if dir == "content" || dir == "" {
		return ""
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return " --content " + ShellQuote(abs)
}

// ShellQuote quotes a path for a POSIX shell when it needs it.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
