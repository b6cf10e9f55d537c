package content

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/privateaccess"
)

// A private project (project.yaml `access: private`) is shown to one
// client only, behind the owner's secret (docs/decisions/0080): nothing
// public may name it. These rules report a private project that site.yaml
// or its own file would show on a public page.

// checkPrivateFeatured reports a private project that is also featured:
// Selected Work is on the home page.
func (l *loader) checkPrivateFeatured(p *Project) {
	if p.Private() && p.Featured {
		l.add(p.Doc.Diag(diag.Error, "/featured", "remove `featured: true`, or make the project public (`access: public`)",
			"the project is private (access: private) but featured: Selected Work on the home page would show it to everyone"))
	}
}

// checkDownloads reports downloads on a public project: its ZIP would be
// public, outside any guard.
func (l *loader) checkDownloads(p *Project) {
	if !p.Private() && p.Downloads != "" && p.Downloads != DownloadsNone {
		l.add(p.Doc.Diag(diag.Error, "/downloads", "remove the line, or make the project private (`access: private`)",
			"downloads: %s is only for a private project (access: private): its ZIP is kept behind the project's secret", p.Downloads))
	}
}

// checkWatermark reports a watermark on a public project: public pages
// show the work unmarked, and a proof mark is for a client's gallery only
// (decision 0093).
func (l *loader) checkWatermark(p *Project) {
	if !p.Private() && p.Watermark != "" {
		l.add(p.Doc.Diag(diag.Error, "/watermark", "remove the line, or make the project private (`access: private`)",
			"watermark is only for a private project (access: private): a public project's photos are never marked"))
	}
	if p.WatermarkImage == "" {
		return
	}
	switch {
	case !p.Private():
		l.add(p.Doc.Diag(diag.Error, "/watermarkImage", "remove the line, or make the project private (`access: private`)",
			"watermarkImage is only for a private project (access: private): a public project's photos are never marked"))
	case p.Watermark != "":
		l.add(p.Doc.Diag(diag.Error, "/watermarkImage", "keep one of the two lines: `watermark:` for text, `watermarkImage:` for a logo",
			"watermark and watermarkImage are both set: a proof carries one mark"))
	case markPattern.MatchString(p.WatermarkImage): // else the schema said it
		p.WatermarkMark = l.readWatermarkImage(p)
	}
}

// markPattern is the schema's pattern for watermarkImage
// (TestPathPatternsAreTheExtensions holds it to the schema).
var markPattern = regexp.MustCompile(`\.([pP][nN][gG]|[jJ][pP][eE]?[gG])$`)

// Bounds of a watermark image (decision 0093, "Image watermark"): a
// logo, not a photo. Both are checked before its pixels are decoded.
const (
	MaxWatermarkBytes  = 2 << 20
	MaxWatermarkSide   = 2000
	MaxWatermarkPixels = MaxWatermarkSide * MaxWatermarkSide
)

// readWatermarkImage returns the bytes of p's watermarkImage, or reports
// why it cannot mark the proofs and returns nil: it must be a regular file
// inside the project folder (exact letter case, no link out of it), a PNG
// or JPEG by its bytes, within MaxWatermarkBytes and MaxWatermarkPixels.
func (l *loader) readWatermarkImage(p *Project) []byte {
	const ptr = "/watermarkImage"
	rel := p.WatermarkImage
	abs, problem, hint := resolveInside(p.Dir, rel, p.readDir)
	if problem != "" {
		l.add(p.Doc.Diag(diag.Error, ptr, strings.ReplaceAll(hint, "images/photo.jpg", "mark.png"), "%s", problem))
		return nil
	}
	f, err := os.Open(abs)
	if err != nil {
		l.add(p.Doc.Diag(diag.Error, ptr, "", "cannot read %s: %s", rel, describeIOError(err)))
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxWatermarkBytes+1))
	if err != nil {
		l.add(p.Doc.Diag(diag.Error, ptr, "", "cannot read %s: %s", rel, describeIOError(err)))
		return nil
	}
	if len(data) > MaxWatermarkBytes {
		l.add(p.Doc.Diag(diag.Error, ptr, "export the logo smaller (a few hundred pixels wide is plenty: it is scaled to each picture)",
			"%s is more than the %s a watermark image may have", rel, SizeText(MaxWatermarkBytes)))
		return nil
	}
	info, err := imagecheck.Bytes(abs, data, MaxWatermarkPixels)
	if err != nil {
		msg, hint := describeIOError(err), ""
		if pr, ok := imagecheck.IsProblem(err); ok {
			msg, hint = pr.Msg, pr.Hint
		}
		l.add(p.Doc.Diag(diag.Error, ptr, hint, "%s: %s", rel, msg))
		return nil
	}
	if info.Format != imagecheck.PNG && info.Format != imagecheck.JPEG {
		l.add(p.Doc.Diag(diag.Error, ptr, "export the logo as PNG (with transparency) or JPEG",
			"%s is a %s file: a watermark image must be PNG or JPEG", rel, strings.ToUpper(string(info.Format))))
		return nil
	}
	return data
}

// checkExpires reports `expires` on a public project (there is no gate to
// end), and a date the calendar lacks (the schema checks the layout):
// decision 0094.
func (l *loader) checkExpires(p *Project) {
	if p.Expires == "" {
		return
	}
	if !p.Private() {
		l.add(p.Doc.Diag(diag.Error, "/expires", "remove the line, or make the project private (`access: private`)",
			"expires: %s is only for a private project (access: private): a public project is open to everyone, with no access to end", p.Expires))
		return
	}
	if _, ok := privateaccess.EndOf(p.Expires); !ok && schemaDate.MatchString(p.Expires) {
		l.add(p.Doc.Diag(diag.Error, "/expires", "write a day the calendar has, as YYYY-MM-DD, e.g. 2026-12-31",
			"expires: %s is not a date: no such day", p.Expires))
	}
}

// checkClients reports `clients` on a public project (there is no gate
// to admit them), a name the gate cannot carry (privateaccess
// ClientNameProblem: the schema checks only its length), and a name given
// twice, whatever its letter case (decision 0096).
func (l *loader) checkClients(p *Project) {
	if len(p.Clients) == 0 {
		return
	}
	if !p.Private() {
		l.add(p.Doc.Diag(diag.Error, "/clients", "remove the list, or make the project private (`access: private`)",
			"clients are only for a private project (access: private): a public project is open to everyone"))
		return
	}
	seen := map[string]int{}
	for i, c := range p.Clients {
		ptr := fmt.Sprintf("/clients/%d/name", i)
		if problem := privateaccess.ClientNameProblem(c.Name); problem != "" {
			if c.Name != "" { // the schema reports an empty or missing name
				l.add(p.Doc.Diag(diag.Error, ptr, "write the client's name as you will read it, e.g. Anna Smith", "%s", problem))
			}
			continue
		}
		key := strings.ToLower(c.Name)
		if first, ok := seen[key]; ok {
			l.add(p.Doc.Diag(diag.Error, ptr, "give each client a name of its own (add a surname or a word)",
				"client %q is already in the list (clients[%d], %q): names are compared whatever their letter case", c.Name, first, p.Clients[first].Name))
			continue
		}
		seen[key] = i
	}
}

// checkSecretPage reports secretPage on a public project when it asks for
// something: only a private project has a page that asks for a password
// (decision 0095). Its defaults (the title shown, no cover), which the
// browser editor writes for every new project, mean nothing there and
// pass, as `downloads: none` does.
func (l *loader) checkSecretPage(p *Project) {
	if !p.Private() && p.SecretPage != nil && (!p.SecretPage.ShowsTitle() || p.SecretPage.ShowsCover()) {
		l.add(p.Doc.Diag(diag.Error, "/secretPage", "remove it, or make the project private (`access: private`)",
			"secretPage is only for a private project (access: private): a public project has no page that asks for a password"))
	}
}

// checkPrivateOrder reports the private projects site.yaml's projectOrder
// names: the order is of public cards, and the list is public in the
// repository's intent.
func (l *loader) checkPrivateOrder(c *Content) {
	private := map[string]bool{}
	for _, p := range c.Projects {
		if p.Private() {
			private[p.Slug] = true
		}
	}
	for i, slug := range c.projectOrder() {
		if private[slug] {
			l.add(c.SiteDoc.Diag(diag.Error, fmt.Sprintf("/%s/%d", ProjectOrderKey, i),
				"remove the line: a private project is in no listing",
				"%s names %q, a private project (access: private)", ProjectOrderKey, slug))
		}
	}
}

// privateOnHome reports a home photo, video or gallery of a private
// project, at pointer; it says whether it reported one.
func (l *loader) privateOnHome(c *Content, p *Project, pointer, written string) bool {
	if !p.Private() {
		return false
	}
	l.add(c.SiteDoc.Diag(diag.Error, pointer, "choose a photograph of a public project, or make "+p.Slug+" public (access: public)",
		"%q: project %s is private (access: private); the home page would show it to everyone", written, p.Slug))
	return true
}

// schemaDate is the layout the schema checks `expires` against: a value
// that does not match it is the schema's to report.
var schemaDate = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)
