package scaffold

import (
	"os"
	"path/filepath"
)

// SchemaRef returns the path, relative to dir and with '/' separators, of
// the schema file schema/<name> for a modeline (# yaml-language-server:
// $schema=…), which editors resolve from the YAML file's folder. It looks
// for the schema folder in dir and the folders above it (the content folder
// inside the repository), then in the current folder and the folders above
// it (the repository the command runs in, with the content folder elsewhere:
// ~/portfolio-content beside ~/src/portfolio gives
// ../src/portfolio/schema/…), then above the program's own file. Without one it returns fallback.
func SchemaRef(dir, name, fallback string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fallback
	}
	starts := []string{abs}
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		if exe, err := filepath.EvalSymlinks(exe); err == nil {
			starts = append(starts, filepath.Dir(exe)) // a binary built into the repository's .cache/bin
		}
	}
	for _, start := range starts {
		for d := start; ; d = filepath.Dir(d) {
			candidate := filepath.Join(d, "schema", name)
			if fi, err := os.Stat(candidate); err == nil && fi.Mode().IsRegular() {
				if rel, err := filepath.Rel(abs, candidate); err == nil {
					return filepath.ToSlash(rel)
				}
				return fallback
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return fallback
}
