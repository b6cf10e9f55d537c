package rights

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
)

// The prerender's robots.txt (site/scripts/prerender.mjs).
const base = "User-agent: *\nAllow: /\n\nSitemap: https://example.com/sitemap.xml\n"

// groups parses robots.txt as RFC 9309 reads it: each user agent's rules.
func groups(t *testing.T, text string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	var agents []string
	inRules := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
		switch key {
		case "user-agent":
			if inRules {
				agents, inRules = nil, false
			}
			agents = append(agents, strings.ToLower(value))
		case "allow", "disallow":
			inRules = true
			for _, a := range agents {
				out[a] = append(out[a], key+": "+value)
			}
		}
	}
	return out
}

// With AI training disallowed (or unsaid) every listed crawler is kept
// out of the whole site, while * (and so Googlebot, Bingbot) keeps its
// group and the sitemap line stays; allowed, the file is as it was.
func TestRobots(t *testing.T) {
	tests := []struct {
		name   string
		rights content.Rights
		out    bool
	}{
		{"default", content.Rights{}, true},
		{"disallow", content.Rights{AITraining: content.AITrainingDisallow}, true},
		{"allow", content.Rights{AITraining: content.AITrainingAllow}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(Robots([]byte(base), tt.rights))
			if !strings.HasSuffix(got, base) {
				t.Fatalf("the prerender's file is not kept at the end:\n%s", got)
			}
			g := groups(t, got)
			for _, c := range Crawlers {
				rules, named := g[strings.ToLower(c.Token)]
				if tt.out && (len(rules) != 1 || rules[0] != "disallow: /") {
					t.Errorf("%s: rules %q, want disallow: / alone", c.Token, rules)
				}
				if !tt.out && named {
					t.Errorf("%s is named with AI training allowed", c.Token)
				}
			}
			for _, search := range []string{"*", "googlebot", "bingbot", "applebot"} {
				if search != "*" && g[search] != nil {
					t.Errorf("search crawler %s has a group of its own: %q", search, g[search])
				}
			}
			if r := g["*"]; len(r) != 1 || r[0] != "allow: /" {
				t.Errorf("*: %q, want allow: /", r)
			}
			if !tt.out && got != base {
				t.Errorf("with AI training allowed robots.txt changed:\n%s", got)
			}
		})
	}
}

// Applied twice, or allowed after being disallowed, the file names each
// crawler once, or not at all.
func TestRobotsAgain(t *testing.T) {
	twice := Robots(Robots([]byte(base), content.Rights{}), content.Rights{})
	if n := bytes.Count(twice, []byte("User-agent: GPTBot\n")); n != 1 {
		t.Errorf("GPTBot named %d times:\n%s", n, twice)
	}
	if back := Robots(twice, content.Rights{AITraining: content.AITrainingAllow}); string(back) != base {
		t.Errorf("allowed again:\n%s", back)
	}
}

// Every crawler says where its token comes from.
func TestCrawlersSourced(t *testing.T) {
	for _, c := range Crawlers {
		if c.Token == "" || strings.ContainsAny(c.Token, " :\n") || c.Source == "" {
			t.Errorf("%+v: want a token and its source", c)
		}
	}
}

func TestTDMRep(t *testing.T) {
	licence := "https://creativecommons.org/licenses/by-nc-nd/4.0/"
	tests := []struct {
		name   string
		rights content.Rights
		want   string // JSON, "" for no file
	}{
		{"default", content.Rights{}, `[{"location":"/*","tdm-reservation":1}]`},
		{"all rights reserved", content.Rights{Licence: content.AllRightsReserved, AITraining: content.AITrainingDisallow}, `[{"location":"/*","tdm-reservation":1}]`},
		{"licence", content.Rights{Licence: licence}, `[{"location":"/*","tdm-reservation":1,"tdm-policy":"` + licence + `"}]`},
		{"allow", content.Rights{Licence: licence, AITraining: content.AITrainingAllow}, ""},
	}
	for _, tt := range tests {
		got := TDMRep(tt.rights)
		if tt.want == "" {
			if got != nil {
				t.Errorf("%s: %s, want no file", tt.name, got)
			}
			continue
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, got); err != nil || compact.String() != tt.want {
			t.Errorf("%s: %s (%v), want %s", tt.name, got, err, tt.want)
		}
	}
}

// Write adds the groups to the prerender's file and writes tdmrep.json;
// allowed afterwards, it takes both back.
func TestWrite(t *testing.T) {
	dist := t.TempDir()
	robots := filepath.Join(dist, RobotsFile)
	tdm := filepath.Join(dist, filepath.FromSlash(TDMRepFile))
	if err := os.WriteFile(robots, []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dist, content.Rights{}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(robots); !bytes.Contains(data, []byte("User-agent: CCBot\nDisallow: /\n")) {
		t.Errorf("robots.txt:\n%s", data)
	}
	if _, err := os.Stat(tdm); err != nil {
		t.Errorf("tdmrep.json: %v", err)
	}
	if err := Write(dist, content.Rights{AITraining: content.AITrainingAllow}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(robots); string(data) != base {
		t.Errorf("robots.txt allowed:\n%s", data)
	}
	if _, err := os.Stat(tdm); !os.IsNotExist(err) {
		t.Errorf("tdmrep.json is left with AI training allowed: %v", err)
	}
	if err := Write(t.TempDir(), content.Rights{}); err == nil || !strings.Contains(err.Error(), "portfolio build") {
		t.Errorf("without robots.txt: %v, want an error that says to build", err)
	}
}
