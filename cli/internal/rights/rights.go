// Package rights turns site.yaml's rights into the AI-training opt-out
// signals the built site sends (docs/rights.md, decision 0101): groups in
// robots.txt for the crawlers that train AI, the W3C TDMRep reservation
// (a header and /.well-known/tdmrep.json), and the `noai, noimageai`
// convention (a header).
// With aiTraining: allow it sends none of them. The images' own metadata
// is written elsewhere.
package rights

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/fsutil"
)

// Crawler is an AI-training crawler's robots.txt token and the page where
// its operator documents it. InUserAgent says that the crawler's requests
// name the token in their User-Agent, so that aiTraining: block can refuse
// them (decision 0103); a robots.txt-only token (a use of what another
// crawler fetched) is in no request.
type Crawler struct {
	Token, Source string
	InUserAgent   bool
}

// Crawlers are the tokens of crawlers that collect training data and obey
// a robots.txt group of their own; each is kept out of the whole site.
// Search crawlers (Googlebot, Bingbot, Applebot) and the assistants that
// fetch a page a person asked for are not here: the site stays findable.
var Crawlers = []Crawler{
	// OpenAI: GPTBot crawls for training; OAI-SearchBot and ChatGPT-User do not.
	{"GPTBot", "https://platform.openai.com/docs/bots", true},
	// Anthropic: ClaudeBot crawls for training; Claude-User and Claude-SearchBot do not.
	{"ClaudeBot", "https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler", true},
	// Common Crawl's archive is a training set of most large models.
	{"CCBot", "https://commoncrawl.org/ccbot", true},
	// Google: a token only (Googlebot fetches); it says whether pages
	// Googlebot crawled may train Gemini. Search is unaffected.
	{"Google-Extended", "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-extended", false},
	// Apple: a token only (Applebot fetches); it says whether what
	// Applebot crawled may train Apple's models. Search is unaffected.
	{"Applebot-Extended", "https://support.apple.com/en-us/119829", false},
	// Meta: meta-externalagent crawls for training.
	{"meta-externalagent", "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/", true},
	// ByteDance publishes no page for it; the token is the one its user
	// agent names (…compatible; Bytespider; spider-feedback@bytedance.com).
	{"Bytespider", "user agent: Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)", true},
	// Allen Institute for AI: crawls to train its open models (OLMo).
	{"AI2Bot", "https://allenai.org/crawler", true},
}

// Files the signals add to the built site (dist).
const (
	RobotsFile = "robots.txt"
	TDMRepFile = ".well-known/tdmrep.json"
)

// Robots is robots.txt for the rights: the prerender's file (every agent
// allowed, the sitemap's address) as it is, with a group per AI-training
// crawler before it when AI training is disallowed. A crawler obeys the
// one group that names it, so these take nothing from search crawlers,
// which keep the `User-agent: *` group. Groups an earlier call added are
// replaced, never repeated.
func Robots(base []byte, r content.Rights) []byte {
	if before, after, ok := bytes.Cut(base, []byte(groupsEnd)); ok && bytes.HasPrefix(before, []byte(groupsStart)) {
		base = after
	}
	if !r.DisallowsAITraining() {
		return base
	}
	var b bytes.Buffer
	b.WriteString(groupsStart)
	b.WriteString("# Search crawlers are not named here: the group for * lets them in.\n\n")
	for _, c := range Crawlers {
		fmt.Fprintf(&b, "User-agent: %s\nDisallow: /\n\n", c.Token)
	}
	b.WriteString(groupsEnd)
	b.Write(base)
	return b.Bytes()
}

// The lines around the groups Robots adds.
const (
	groupsStart = "# AI training is disallowed (site.yaml rights.aiTraining; docs/rights.md).\n"
	groupsEnd   = "# End of the AI-training crawlers.\n\n"
)

// TDMRep is /.well-known/tdmrep.json (W3C TDMRep, §3.2): the reservation
// of text and data mining rights over every path, with the licence as
// the policy when it is an address; nil when AI training is allowed.
func TDMRep(r content.Rights) []byte {
	if !r.DisallowsAITraining() {
		return nil
	}
	type rule struct {
		Location    string `json:"location"`
		Reservation int    `json:"tdm-reservation"`
		Policy      string `json:"tdm-policy,omitempty"`
	}
	data, _ := json.MarshalIndent([]rule{{"/*", 1, r.LicenceURL()}}, "", "  ")
	return append(data, '\n')
}

// Headers are the response headers of every path that carry the opt-out:
// TDMRep's reservation (and policy), and the `noai, noimageai` convention
// in X-Robots-Tag; none when AI training is allowed. A rule that sends its
// own X-Robots-Tag (the private prefix's noindex) must keep these values:
// see XRobots.
func Headers(r content.Rights) []Header {
	if !r.DisallowsAITraining() {
		return nil
	}
	h := []Header{{"tdm-reservation", "1"}}
	if u := r.LicenceURL(); u != "" {
		h = append(h, Header{"tdm-policy", u})
	}
	return append(h, Header{"X-Robots-Tag", NoAI})
}

// NoAI is the convention's value: no AI training on the text or images.
const NoAI = "noai, noimageai"

// XRobots is the X-Robots-Tag of a path whose own rule says value (e.g.
// noindex): a later header replaces an earlier one, on Netlify as in
// serve, so the opt-out is repeated beside it.
func XRobots(value string, r content.Rights) string {
	if !r.DisallowsAITraining() {
		return value
	}
	return value + ", " + NoAI
}

// Header is one response header.
type Header struct{ Name, Value string }

// Write adds the signals to the built site: robots.txt gains the crawler
// groups, and /.well-known/tdmrep.json is written (or removed, with
// AI training allowed, so a rebuild leaves none behind).
func Write(dist string, r content.Rights) error {
	name := filepath.Join(dist, RobotsFile)
	base, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("%w: the prerender writes it; run `portfolio build`", err)
	}
	if err := fsutil.WriteFileAtomic(name, Robots(base, r), 0o644); err != nil {
		return err
	}
	tdm := filepath.Join(dist, filepath.FromSlash(TDMRepFile))
	data := TDMRep(r)
	if data == nil {
		if err := os.Remove(tdm); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(tdm), 0o755); err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(tdm, data, 0o644)
}
