package initcmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
)

// readAnswers reads an answers file: a site.yaml with only some of its keys
// (name, taglines: {role, mission}, social: {codeHosting: {url}}, …). An
// unknown key is an error, so a misspelt one is not silently left out.
func readAnswers(path string) (Site, error) {
	var s Site
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return s, cmdutil.Usagef("--from %s: file not found", path)
		}
		return s, fmt.Errorf("--from %s: %w", path, err)
	}
	// The content package's parser first: its messages for bad YAML are
	// the ones `portfolio validate` gives.
	if _, d := content.ParseYAML(path, data); d != nil {
		return s, cmdutil.Usagef("%s: %s", d.Position(), d.Message)
	}
	if err := yaml.UnmarshalWithOptions(data, &s, yaml.DisallowUnknownField()); err != nil {
		where, msg := path, err.Error()
		var se yaml.Error
		if errors.As(err, &se) {
			msg = se.GetMessage()
			if tok := se.GetToken(); tok != nil && tok.Position != nil {
				where = fmt.Sprintf("%s:%d:%d", path, tok.Position.Line, tok.Position.Column)
			}
		}
		return s, cmdutil.Usagef("%s: %s; the keys are those of site.yaml (name, taglines.role, social.codeHosting.url, …)",
			where, msg)
	}
	return s, nil
}
