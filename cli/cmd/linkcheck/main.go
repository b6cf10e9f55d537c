// Command linkcheck checks every internal link and fragment of a built site
// (see package linkcheck). Usage: linkcheck [-content DIR] [DIST]; DIST
// defaults to site/dist. Exit 1 when any reference is broken.
package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/linkcheck"
	"portfolio/cli/internal/termsafe"
)

func main() {
	contentDir := flag.String("content", content.DefaultDir, "content `folder` (its site.yaml names the site's own host)")
	flag.Parse()
	dist := "site/dist"
	if flag.NArg() > 0 {
		dist = flag.Arg(0)
	}
	host, err := siteHost(filepath.Join(*contentDir, "site.yaml"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkcheck:", err)
		os.Exit(3)
	}
	if fi, err := os.Stat(dist); err != nil || !fi.IsDir() {
		fmt.Fprintf(os.Stderr, "linkcheck: %s is not a built site: run `portfolio build` first\n", dist)
		os.Exit(3)
	}
	problems, checked, err := linkcheck.Check(os.DirFS(dist), host)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linkcheck:", err)
		os.Exit(3)
	}
	kinds := map[string]int{}
	for _, p := range problems {
		kinds[p.Kind]++
		fmt.Println(termsafe.String(p.String()))
	}
	fmt.Printf("%d internal references checked in %s (own host %s): %d problems\n", checked, dist, host, len(problems))
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Printf("  %s: %d\n", k, kinds[k])
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
}

func siteHost(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	var s struct {
		URL string `yaml:"url"`
	}
	if err := yaml.Unmarshal(data, &s); err != nil {
		return "", fmt.Errorf("%s: %w", file, err)
	}
	u, err := url.Parse(s.URL)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("%s: url %q is not an absolute address", file, s.URL)
	}
	return u.Hostname(), nil
}
