package content

import (
	"fmt"
	"strings"

	"portfolio/cli/internal/diag"
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

// checkRights warns when a site of photographs says nothing of the owner's
// rights: the pictures it publishes name no creator or copyright (the
// AI-training opt-out is still sent: it is the default).
func (l *loader) checkRights(c *Content) {
	at := c.photoCategory()
	if c.Site.Rights != nil || at == "" {
		return
	}
	l.add(c.SiteDoc.Diag(diag.Warning, at, "add `rights:` to site.yaml with `creator:`, `copyright:` (e.g. \"© 2026 Your Name\") and `aiTraining: disallow` (docs/rights.md)",
		"site.yaml has no rights, and this category publishes photographs: they name no creator or copyright"))
}
