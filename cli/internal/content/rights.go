package content

import (
	"fmt"
	"strings"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/metastrip"
)

// Rights is site.yaml's rights: the owner's rights in the work and whether
// it may train AI (docs/rights.md, decision 0101).
type Rights struct {
	Creator      string `json:"creator" ts:"creator,omitempty"`
	Copyright    string `json:"copyright" ts:"copyright,omitempty"`
	Licence      string `json:"licence" ts:"licence,omitempty"`
	WebStatement string `json:"webStatement" ts:"webStatement,omitempty"`
	// AITraining is AITrainingDisallow, AITrainingBlock or
	// AITrainingAllow; empty reads as disallow (Content.Rights).
	AITraining string `json:"aiTraining" ts:"aiTraining"`
}

// rights.aiTraining values.
const (
	AITrainingDisallow = "disallow"
	// AITrainingBlock sends every signal disallow sends, and refuses the
	// AI-training crawlers at the edge (decision 0103).
	AITrainingBlock = "block"
	AITrainingAllow = "allow"
)

// AllRightsReserved is the licence value that names no licence.
const AllRightsReserved = "all rights reserved"

// DisallowsAITraining reports whether the site sends the AI-training
// opt-out signals: always, unless the owner chose allow.
func (r Rights) DisallowsAITraining() bool { return r.AITraining != AITrainingAllow }

// BlocksAICrawlers reports whether the site also refuses the AI-training
// crawlers at the edge: only when the owner chose block (decision 0103).
func (r Rights) BlocksAICrawlers() bool { return r.AITraining == AITrainingBlock }

// LicenceURL is the licence's address, or "" for all rights reserved.
func (r Rights) LicenceURL() string {
	if strings.HasPrefix(r.Licence, "https://") {
		return r.Licence
	}
	return ""
}

// Rights is site.yaml's rights with the default applied: without the key,
// nothing is claimed and AI training is disallowed.
func (c *Content) Rights() Rights {
	var r Rights
	if c.Site != nil && c.Site.Rights != nil {
		r = *c.Site.Rights
	}
	if r.AITraining == "" {
		r.AITraining = AITrainingDisallow
	}
	return r
}

// photoCategory is the pointer of the first category of site.yaml whose
// galleries are photographs as the work, or "" when none is.
func (c *Content) photoCategory() string {
	for i, cat := range c.Site.Categories {
		if cat.PhotoGalleries {
			return fmt.Sprintf("/categories/%d/photoGalleries", i)
		}
	}
	return ""
}

// Image is what the rights write into every published image as XMP
// (decision 0102): the owner's fields, and IPTC's Data Mining prohibition
// unless AI training is allowed (decision 0101).
func (r Rights) Image() metastrip.Rights {
	return metastrip.Rights{
		Creator: r.Creator, Copyright: r.Copyright, WebStatement: r.WebStatement, Licence: r.Licence,
		NoAITraining: r.DisallowsAITraining(),
	}
}

// checkRights warns when a site of photographs says nothing of the owner's
// rights: the pictures it publishes name no creator or copyright (the
// AI-training opt-out is still sent: it is the default). Rights it has
// must fit the 1 kB an image may grow by.
func (l *loader) checkRights(c *Content) {
	if c.Site.Rights != nil {
		l.checkRightsSize(c)
		return
	}
	at := c.photoCategory()
	if at == "" {
		return
	}
	l.add(c.SiteDoc.Diag(diag.Warning, at, "add `rights:` to site.yaml with `creator:`, `copyright:` (e.g. \"© 2026 Your Name\") and `aiTraining: disallow` (docs/rights.md)",
		"site.yaml has no rights, and this category publishes photographs: they name no creator or copyright"))
}

// rightsFields are the rights written into images, by their site.yaml key.
var rightsFields = []struct {
	key   string
	field func(*metastrip.Rights) *string
}{
	{"creator", func(r *metastrip.Rights) *string { return &r.Creator }},
	{"copyright", func(r *metastrip.Rights) *string { return &r.Copyright }},
	{"licence", func(r *metastrip.Rights) *string { return &r.Licence }},
	{"webStatement", func(r *metastrip.Rights) *string { return &r.WebStatement }},
}

// checkRightsSize warns when the XMP packet the rights make adds more than
// metastrip.GrowthBudget to a published image (decision 0102), at the
// field that costs the most, with how much to shorten it. The packet is
// measured as the build writes it (metastrip.Rights.Added); so is what
// each field costs and what one more of its bytes adds (the creator is
// written twice, an escaped "&" five times).
func (l *loader) checkRightsSize(c *Content) {
	r := c.Rights().Image()
	added := r.Added()
	over := added - metastrip.GrowthBudget
	if over <= 0 {
		return
	}
	key, cost, per, value := "", 0, 1, ""
	for _, f := range rightsFields {
		without := r
		*f.field(&without) = ""
		if saved := added - without.Added(); saved > cost {
			more := r
			*f.field(&more) += "x"
			key, cost, per, value = f.key, saved, more.Added()-added, *f.field(&r)
		}
	}
	need := (over + per - 1) / per
	hint := fmt.Sprintf("shorten `%s` by %d bytes", key, need)
	switch {
	case per == 2:
		hint += " (it is written twice: as the creator and the licensor)"
	case per > 2:
		hint += fmt.Sprintf(" (each of its bytes is written %d times)", per)
	}
	if need >= len(value) {
		hint = fmt.Sprintf("shorten `%s` and the other rights fields by %d bytes in all (`creator` counts twice)", key, over)
	}
	hint += ", or leave a field out: each one is optional (docs/rights.md)"
	l.add(c.SiteDoc.Diag(diag.Warning, "/rights/"+key, hint,
		"the rights add %d bytes to every published image, %d over the %d a file may grow by: `%s` costs %d of them (an XMP packet of %d bytes, and %d for an AVIF's item; decision 0102)",
		added, over, metastrip.GrowthBudget, key, cost, len(r.XMP()), added-len(r.XMP())))
}
