package tsgen

import (
	"fmt"
	"strings"

	"portfolio/cli/internal/content"
)

// The modules of a site in several languages (decision 0115, the contract
// with the site in docs/decisions/0115): languages.ts, always, and for each
// language after the default a folder lang/<code>/ with a content.ts of the
// same values as the main module's (its texts the language's) and a page
// module per project, both importing their types from the main module.
const (
	LanguagesFile = "languages.ts"
	LangDir       = "lang"
)

// languagesModule names the site's languages, the default first.
func languagesModule(c *content.Content) File {
	quoted := make([]string, 0, 2)
	for _, l := range c.Languages() {
		quoted = append(quoted, quote(l))
	}
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("/** The site's languages (site.yaml `languages`), the default first: its pages at /, the others' at /<lang>/. */\n")
	fmt.Fprintf(&b, "export const languages = [%s] as const;\n", strings.Join(quoted, ", "))
	return File{Name: LanguagesFile, Data: []byte(b.String())}
}

// translation renders the modules of t, the content in one of the site's
// other languages, under lang/<code>/: the values of the main module
// module, and the page modules.
func translation(t *content.Content, assets Assets, module string) ([]File, error) {
	dir := LangDir + "/" + t.Lang + "/"
	// The same files as the main module's: what it records of them is
	// recorded there.
	siteVal, projects, bodies, err := values(t, assets, newPublished())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", content.LanguageName(t.Lang), err)
	}
	name := content.LanguageName(t.Lang)
	siteFile, projectFile := content.TranslationFile(content.SiteFile, t.Lang), content.TranslationFile(content.ProjectFile, t.Lang)
	var b strings.Builder
	b.WriteString(header)
	fmt.Fprintf(&b, "import type { Site, Project } from '../../%s';\n", module)
	fmt.Fprintf(&b, "\n/** Site settings and texts in %s: site.yaml with the texts of %s over its own. */\n", name, siteFile)
	fmt.Fprintf(&b, "export const site: Site = %s;\n", render(siteVal, 0))
	fmt.Fprintf(&b, "\n/** Every project, active or not, in the order of the cards, with the texts of each %s over its project.yaml's. */\n", projectFile)
	fmt.Fprintf(&b, "export const projects: readonly Project[] = %s;\n", render(projects, 0))
	files := []File{{Name: dir + module + ".ts", Data: []byte(b.String())}}
	for _, body := range bodies {
		f := body.file(module, "../../../", content.ProjectFile+" with the texts of "+projectFile)
		f.Name = dir + f.Name
		files = append(files, f)
	}
	return files, nil
}
