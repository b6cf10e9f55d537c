// Command pathcheck finds repository paths named in README.md, docs/ and
// code comments that do not exist (see package pathcheck). Run from the
// repository's root (.ci/check/paths does); it reads the files git knows,
// committed or not, minus ignored ones. Prints each as file:line; exit 1
// when any.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"portfolio/cli/internal/english"
	"portfolio/cli/internal/pathcheck"
	"portfolio/cli/internal/termsafe"
)

func main() {
	out, err := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "pathcheck: listing the repository's files with git:", err)
		os.Exit(3)
	}
	var files []string
	for _, f := range strings.Split(string(bytes.TrimRight(out, "\x00")), "\x00") {
		if pathcheck.Wanted(f) {
			if _, err := os.Stat(f); err == nil { // deleted but not yet committed: gone
				files = append(files, f)
			}
		}
	}
	c, err := pathcheck.New(os.DirFS("."))
	if err != nil {
		fmt.Fprintln(os.Stderr, "pathcheck:", err)
		os.Exit(3)
	}
	problems, err := c.Check(files)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pathcheck:", err)
		os.Exit(3)
	}
	pathcheck.Sort(problems)
	for _, p := range problems {
		fmt.Println(termsafe.String(p.String()))
	}
	fmt.Printf("%s checked: %s that do not exist\n", english.Count(len(files), "file"), english.Count(len(problems), "path"))
	if len(problems) > 0 {
		os.Exit(1)
	}
}
