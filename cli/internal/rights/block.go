package rights

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
)

// With aiTraining: block (decision 0103) the build writes an Edge Function
// that answers 403 to the AI-training crawlers whose requests name their
// token, and `portfolio serve` applies the same rule to the same tokens.
// The function is written only then: with disallow or allow no function
// is deployed, and no request runs one.

// EdgeDir is the function's folder, relative to the repository (the folder
// above the site's): Netlify's Frameworks API folder for Edge Functions a
// build generates (.netlify/v1/edge-functions, bundled with the deploy as
// netlify/edge-functions is), beside the deploy store of decision 0089.
const EdgeDir = ".netlify/v1/edge-functions/ai-block"

// The function's files: its entry (the config and the call of the rule,
// netlify/ai-block/block.mjs) and the tokens it refuses, which `serve`
// reads too.
const (
	EdgeEntry  = "ai-block.js"
	EdgeTokens = "crawlers.json"
)

// UserAgentTokens are the tokens of Crawlers that their requests name in
// the User-Agent, in the table's order: the ones blocking can see.
func UserAgentTokens() []string {
	var out []string
	for _, c := range Crawlers {
		if c.InUserAgent {
			out = append(out, c.Token)
		}
	}
	return out
}

// BlockedBy is the first of tokens that userAgent names as a product, or
// "" for none. A token counts in any letter case, where it stands as a
// product of RFC 9110's User-Agent or an entry of a comment: at the start
// or after a space, tab, "(", ";" or ",", and at the end or before "/"
// (its version), a space, tab, ";", "," or ")". So "GPTBot/1.1" and
// "(compatible; Bytespider; …)" are refused, and "NotGPTBot-lookalike",
// "CCBotanist" or an address ending in "/gptbot" are not.
// netlify/ai-block/block.mjs is the same rule (testdata/user-agents.json).
func BlockedBy(userAgent string, tokens []string) string {
	ua := asciiLower(userAgent)
	for _, token := range tokens {
		t := asciiLower(token)
		if t == "" {
			continue
		}
		for from := 0; ; {
			i := strings.Index(ua[from:], t)
			if i < 0 {
				break
			}
			i += from
			end := i + len(t)
			if (i == 0 || strings.IndexByte(" \t(;,", ua[i-1]) >= 0) && (end == len(ua) || strings.IndexByte("/ \t;,)", ua[end]) >= 0) {
				return token
			}
			from = i + 1
		}
	}
	return ""
}

// asciiLower lowers A–Z alone: the tokens are ASCII, and no byte moves.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// Prefilter is the regular expression of the function's config.header:
// Netlify runs the function only for a User-Agent it matches, so browsers
// and search crawlers cost no invocation. It matches any User-Agent that
// holds a token's letters in any case (every one BlockedBy refuses, and
// lookalikes, which the function then lets through), in bracketed letters
// that every regular-expression dialect reads alike, between ^.* and .*$
// whether the match is anchored or not.
func Prefilter(tokens []string) string {
	alts := make([]string, 0, len(tokens))
	for _, t := range tokens {
		var b strings.Builder
		for _, r := range t {
			switch {
			case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
				fmt.Fprintf(&b, "[%c%c]", r&^0x20, r|0x20)
			case '0' <= r && r <= '9', r == '-':
				b.WriteRune(r)
			default:
				fmt.Fprintf(&b, `\x%02x`, r)
			}
		}
		alts = append(alts, b.String())
	}
	return "^.*(?:" + strings.Join(alts, "|") + ").*$"
}

// Refusal is the body of the 403 a blocked crawler gets, from the Edge
// Function and `serve` alike.
func Refusal(token string) string {
	return "403 Forbidden: the owner of this site does not allow AI training on the work, and " + token +
		" collects training data. Search engines and visitors are welcome. See /robots.txt.\n"
}

// RefusalHeaders are the 403's headers: never stored by any cache (a
// cached refusal must not reach a browser), and chosen by the User-Agent.
var RefusalHeaders = [][2]string{
	{"Content-Type", "text/plain; charset=utf-8"},
	{"Cache-Control", "no-store"},
	{"Vary", "User-Agent"},
	{"X-Content-Type-Options", "nosniff"},
}

// edgeTokens is EdgeTokens's content.
type edgeTokens struct {
	Tokens []string `json:"tokens"`
}

// EdgeFor is the function's folder for the site folder siteDir.
func EdgeFor(siteDir string) (string, error) {
	abs, err := filepath.Abs(siteDir)
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(abs), filepath.FromSlash(EdgeDir)), nil
}

// EdgeForDist is the function's folder beside a built site, when dist is
// a site's dist folder as `portfolio build` leaves it; a built folder of
// any other name (a copy, a deploy artifact) has none, as it has no
// deploy store (privatestore.ForDist).
func EdgeForDist(dist string) (string, bool) {
	abs, err := filepath.Abs(dist)
	if err != nil || filepath.Base(abs) != "dist" {
		return "", false
	}
	dir, err := EdgeFor(filepath.Dir(abs))
	return dir, err == nil
}

// WriteEdge writes the blocking function into dir when the rights say
// block, and removes it otherwise, so that a build with disallow or allow
// leaves no function to deploy. The tokens are written before the entry
// that imports them: a build stopped between leaves no function.
func WriteEdge(dir string, r content.Rights) error {
	if !r.BlocksAICrawlers() {
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		_ = os.Remove(filepath.Dir(dir)) // the Frameworks API folder, when nothing else is in it
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(edgeTokens{UserAgentTokens()}, "", "  ")
	if err != nil {
		return err
	}
	if err := fsutil.WriteFileAtomic(filepath.Join(dir, EdgeTokens), append(data, '\n'), 0o644); err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(filepath.Join(dir, EdgeEntry), EdgeFunction(UserAgentTokens()), 0o644)
}

// EdgeFunction is the function's entry. Its imports are relative to
// EdgeDir: the rule is netlify/ai-block/block.mjs of the repository.
func EdgeFunction(tokens []string) []byte {
	pattern, _ := json.Marshal(Prefilter(tokens))
	return []byte(`// Generated by ` + "`portfolio build`" + ` because site.yaml's rights.aiTraining is
// block (cli/internal/rights, decision 0103); a build with another value
// removes it. Do not edit. The rule is netlify/ai-block/block.mjs; the
// tokens, ./crawlers.json, are the crawlers of rights.Crawlers whose
// requests name them (` + "`portfolio serve`" + ` reads the same file).
import { block } from '../../../../netlify/ai-block/block.mjs';
import crawlers from './crawlers.json' with { type: 'json' };

export default (request, context) => block(request, context, crawlers.tokens);

export const config = {
  path: '/*',
  // Netlify runs the function only when the User-Agent holds a token's
  // letters in any case: other requests cost no invocation.
  header: { 'user-agent': ` + string(pattern) + ` },
  // A failure serves the site rather than an error.
  onError: 'bypass',
};
`)
}

// ReadEdge reads the tokens of the function in dir: none, and no error,
// when the build wrote no function there.
func ReadEdge(dir string) ([]string, error) {
	name := filepath.Join(dir, EdgeTokens)
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var t edgeTokens
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("%s: %v: `portfolio build` writes it; build again", name, err)
	}
	return t.Tokens, nil
}
