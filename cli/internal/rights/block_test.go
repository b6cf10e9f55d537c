package rights

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
)

// userAgents is testdata/user-agents.json, the cases the Edge Function's
// rule is held to as well (netlify/ai-block/block.test.mjs).
type userAgents struct {
	Tokens    []string `json:"tokens"`
	Prefilter string   `json:"prefilter"`
	Cases     []struct {
		Name, UserAgent, Blocked string
		Invokes                  bool
	} `json:"cases"`
}

func readUserAgents(t *testing.T) userAgents {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "user-agents.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v userAgents
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// The cases' tokens are the crawlers' that show in a request, so both
// sides of the rule test the list the build writes.
func TestUserAgentTokens(t *testing.T) {
	v := readUserAgents(t)
	if got := UserAgentTokens(); !slices.Equal(got, v.Tokens) {
		t.Errorf("UserAgentTokens() = %q, testdata/user-agents.json has %q", got, v.Tokens)
	}
	for _, robotsOnly := range []string{"Google-Extended", "Applebot-Extended"} {
		if slices.Contains(UserAgentTokens(), robotsOnly) {
			t.Errorf("%s is a robots.txt token, in no request", robotsOnly)
		}
	}
}

// The rule: a token as a product or a comment's entry, in any case;
// lookalikes, addresses, search crawlers and browsers pass.
func TestBlockedBy(t *testing.T) {
	v := readUserAgents(t)
	if len(v.Cases) < 30 {
		t.Fatalf("%d cases", len(v.Cases))
	}
	for _, c := range v.Cases {
		if got := BlockedBy(c.UserAgent, v.Tokens); got != c.Blocked {
			t.Errorf("%s: BlockedBy(%q) = %q, want %q", c.Name, c.UserAgent, got, c.Blocked)
		}
	}
}

// The config's prefilter runs the function for every User-Agent the rule
// refuses, and for none of the browsers and search crawlers.
func TestPrefilter(t *testing.T) {
	v := readUserAgents(t)
	re := regexp.MustCompile(Prefilter(v.Tokens))
	for _, c := range v.Cases {
		if got := re.MatchString(c.UserAgent); got != c.Invokes {
			t.Errorf("%s: prefilter matches %q: %v, want %v", c.Name, c.UserAgent, got, c.Invokes)
		}
		if c.Blocked != "" && !c.Invokes {
			t.Errorf("%s: refused, yet the function would not run", c.Name)
		}
	}
}

// Only block writes the function; a build with another value removes it
// (and the Frameworks API folder, left empty).
func TestWriteEdge(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, filepath.FromSlash(EdgeDir))
	for _, tt := range []struct {
		ai    string
		there bool
	}{
		{content.AITrainingBlock, true},
		{content.AITrainingDisallow, false},
		{content.AITrainingBlock, true},
		{content.AITrainingAllow, false},
		{"", false},
	} {
		if err := WriteEdge(dir, content.Rights{AITraining: tt.ai}); err != nil {
			t.Fatalf("%q: %v", tt.ai, err)
		}
		tokens, err := ReadEdge(dir)
		if err != nil {
			t.Fatalf("%q: %v", tt.ai, err)
		}
		_, entryErr := os.Stat(filepath.Join(dir, EdgeEntry))
		if !tt.there {
			if tokens != nil || entryErr == nil {
				t.Errorf("%q: a function is left: %q", tt.ai, tokens)
			}
			if _, err := os.Stat(filepath.Dir(dir)); err == nil {
				t.Errorf("%q: the empty edge-functions folder is left", tt.ai)
			}
			continue
		}
		if !slices.Equal(tokens, UserAgentTokens()) || entryErr != nil {
			t.Errorf("%q: tokens %q, entry %v", tt.ai, tokens, entryErr)
		}
		entry, _ := os.ReadFile(filepath.Join(dir, EdgeEntry))
		for _, want := range []string{"from '../../../../netlify/ai-block/block.mjs'", "from './crawlers.json'", "path: '/*'", "onError: 'bypass'"} {
			if !strings.Contains(string(entry), want) {
				t.Errorf("the entry lacks %s:\n%s", want, entry)
			}
		}
		quoted, _ := json.Marshal(Prefilter(UserAgentTokens()))
		if !strings.Contains(string(entry), "'user-agent': "+string(quoted)) {
			t.Errorf("the entry lacks the prefilter %s:\n%s", quoted, entry)
		}
	}
}

// The import reaches the rule from EdgeDir at the repository's root.
func TestEdgeEntryImport(t *testing.T) {
	rule := filepath.Join(filepath.FromSlash(EdgeDir), "../../../../netlify/ai-block/block.mjs")
	if _, err := os.Stat(filepath.Join("..", "..", "..", rule)); err != nil {
		t.Errorf("the entry's import does not reach the rule: %v", err)
	}
}

func TestEdgeForDist(t *testing.T) {
	if dir, ok := EdgeForDist(filepath.Join("repo", "site", "dist")); !ok || !strings.HasSuffix(filepath.ToSlash(dir), "/repo/"+EdgeDir) {
		t.Errorf("site/dist: %q %v", dir, ok)
	}
	if _, ok := EdgeForDist(filepath.Join("Downloads", "deploy-artifact")); ok {
		t.Error("a copy of a built site has a function beside it")
	}
}

// The data file's prefilter is the one the build writes, so the Edge
// Function's test runs the same pattern in JavaScript.
func TestPrefilterInData(t *testing.T) {
	v := readUserAgents(t)
	if want := Prefilter(v.Tokens); v.Prefilter != want {
		t.Errorf("testdata/user-agents.json prefilter = %q, want %q", v.Prefilter, want)
	}
}
