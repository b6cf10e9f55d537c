package pathcheck

import (
	"slices"
	"testing"
	"testing/fstest"
)

// repo is a small repository: what exists, and the root .gitignore.
func repo(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{
		".gitignore":                      {Data: []byte("# outputs\n/site/dist/\n/.cache/\nnode_modules/\n*.test\n/site/public/*\n!/site/public/favicon.svg\n")},
		"README.md":                       {},
		"cli/cmd/portfolio/main.go":       {},
		"cli/internal/app/app.go":         {},
		"docs/site.md":                    {},
		"docs/images/home.png":            {},
		"site/src/lib/content.ts":         {},
		"site/scripts/prerender.mjs":      {},
		".ci/test":                        {},
		"tools/placeholders/main.go":      {},
		"content/projects/a/project.yaml": {},
	}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		file string
		text string
		want []string // "line: path"
	}{
		{"existing paths in prose, backticks and code blocks", "docs/a.md",
			"See `cli/internal/app/app.go` and docs/site.md.\n```\ncli/cmd/portfolio/   main\n.ci/test\n```\n", nil},
		{"a missing path", "docs/a.md",
			"Run `go run ./cli/cmd/placeholders`.\n\nThen `site/scripts/gone.mjs`.\n",
			[]string{"1: ./cli/cmd/placeholders", "3: site/scripts/gone.mjs"}},
		{"Go package patterns and trailing punctuation", "docs/a.md",
			"`go test ./cli/internal/app/...`, then cli/internal/app: done; cli/internal/cmd/… too, cli/internal/nope/...\n",
			[]string{"1: cli/internal/nope"}},
		{"placeholders stand for many paths", "docs/a.md",
			"`content/projects/<slug>/cover.jpg`, `site/e2e/*.spec.ts`, `cli/internal/{a,b}`, `.ci/$X`\n", nil},
		{"build outputs from .gitignore, and npm's", "docs/a.md",
			"`site/dist/index.html`, `.cache/bin/portfolio`, `site/dist`, `site/node_modules/x`\n", nil},
		{"a folder all outputs but its tracked files", "docs/a.md",
			"`site/public/img/x.jpg`, site/public/private/, `site/public/favicon.svg`\n",
			[]string{"1: site/public/favicon.svg"}},
		{"a command's metavariables", "docs/a.md",
			"portfolio gallery SLUG edits content/projects/SLUG/ and content/projects/A_B2/, not content/projects/Zed\n",
			[]string{"1: content/projects/Zed"}},
		{"Markdown escapes", "docs/a.md",
			"(default \"site/node\\_modules/@x\"), site/scripts/pre\\_render.mjs\n",
			[]string{"1: site/scripts/pre_render.mjs"}},
		{"relative links and images, resolved from the file's folder", "docs/a.md",
			"[site](site.md), [here](site.md#2-screens), [top](../README.md), ![x](images/home.png)\n" +
				"[gone](gone.md) <img src=\"images/none.png\"> [web](https://example.org/x) [abs](/about) [frag](#x)\n",
			[]string{"2: gone.md", "2: images/none.png"}},
		{"a link whose text is its path is reported once", "README.md",
			"[docs/nope.md](docs/nope.md)\n", []string{"1: docs/nope.md"}},
		{"URLs and import paths are not repository paths", "docs/a.md",
			"https://github.com/x/cli/internal/nope and portfolio/cli/internal/nope\n", nil},
		{"Go comments only, not strings", "cli/x/x.go",
			"package x\n\n// Reads cli/internal/nope.go.\nvar s = \"cli/internal/nope.go\" // and docs/nope.md\n/* block\n   site/nope.ts */\nvar u = \"https://x.org/site/y\"\n",
			[]string{"3: cli/internal/nope.go", "4: docs/nope.md", "6: site/nope.ts"}},
		{"a // or /* inside a string starts no comment; template literals span lines", "site/src/x.tsx",
			"const a = 'site/e2e/*.spec.ts /* no comment';\nconst b = \"// nor docs/nope1.md\";\nconst c = `\n// docs/nope2.md, in a template\n`; // docs/nope3.md\n<p>Let's see docs/nope4.md</p>\n",
			[]string{"5: docs/nope3.md"}},
		{"site code names site's own folders", "site/src/x.ts",
			"// from src/lib/content.ts and scripts/prerender.mjs, not src/lib/gone.ts\nconst a = 'src/nope';\n",
			[]string{"1: src/lib/gone.ts"}},
		{"site folders are not checked outside site/", "cli/x/x.go",
			"// src/whatever.ts belongs to some other tree\n", nil},
		{"a test's content/ is its own fixture", "cli/x/x_test.go",
			"// fixture makes content/projects/harbour; see docs/nope.md\n", []string{"1: docs/nope.md"}},
		{"a guide's edit of a file its steps made is the walk's to check", "docs/a.md",
			"<!-- edit: content/projects/made-by-the-guide/project.yaml -->\nBut content/projects/nope is prose.\n",
			[]string{"2: content/projects/nope"}},
		{"shell comments", ".ci/check/x",
			"#!/usr/bin/env bash\n# Runs .ci/test and .ci/nope\necho cli/internal/nope # not docs/site.md or docs/no.md\n",
			[]string{"2: .ci/nope", "3: docs/no.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(repo(map[string]string{tt.file: tt.text}))
			if err != nil {
				t.Fatal(err)
			}
			problems, err := c.Check([]string{tt.file})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range problems {
				if p.File != tt.file {
					t.Errorf("problem in %s, want %s", p.File, tt.file)
				}
				got = append(got, p.String()[len(tt.file)+1:len(p.String())-len(" does not exist")])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestWanted(t *testing.T) {
	for file, want := range map[string]bool{
		"README.md":                         true,
		"docs/decisions/0001-x.md":          true,
		"cli/internal/app/app.go":           true,
		"site/src/x.tsx":                    true,
		".ci/test":                          true,
		".github/workflows/ci.yml":          true,
		"Makefile":                          true,
		"cli/internal/app/testdata/a.txtar": false,
		"cli/internal/x/testdata/x.go":      false,
		"site/node_modules/x/README.md":     false,
		"content/projects/a/cover.jpg":      false,
		"schema/project.schema.json":        false,
	} {
		if got := Wanted(file); got != want {
			t.Errorf("Wanted(%q) = %v, want %v", file, got, want)
		}
	}
}
