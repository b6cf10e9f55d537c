package server

import (
	"net/url"

	"portfolio/cli/internal/privateaccess"
)

// classify reads the request's path by the one rule the Edge Function
// applies too (privateaccess.Classify, decision 0091): refused when it
// means different things depending on how it is decoded or cleaned, or
// hides the private prefix. Letter case is kept: the site's files are
// looked up with their case, and rules match either case, as the host
// does.
func classify(u *url.URL) privateaccess.Path {
	c := privateaccess.Classify(u.EscapedPath())
	// EscapedPath recomputes the escaping when the raw form was not a valid
	// one; the decoded path must still be the one Go parsed.
	if c.Kind != privateaccess.Refused && c.Path != u.Path {
		return privateaccess.Path{Kind: privateaccess.Refused}
	}
	return c
}
