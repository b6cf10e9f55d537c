package headers_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"portfolio/cli/internal/headers"
)

func Example() {
	file := `# Every page
/*
  X-Frame-Options: DENY
  Cache-Control: public, max-age=0, must-revalidate

# Fingerprinted files never change
/assets/*
  Cache-Control: immutable
`
	rules, err := headers.Parse("site/_headers", strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	h := headers.Match(rules, "/assets/app.3f9a.js")
	for _, name := range slices.Sorted(maps.Keys(h)) {
		fmt.Printf("%s: %s\n", name, h.Get(name))
	}

	_, err = headers.Parse("site/_headers", strings.NewReader("/*\n  X-Frame-Options DENY\n"))
	fmt.Println(err)
	// Output:
	// Cache-Control: public, max-age=0, must-revalidate, immutable
	// X-Frame-Options: DENY
	// site/_headers:2:3: missing ':' between header name and value; write header lines as Name: value
}
