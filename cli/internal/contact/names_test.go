package contact

import (
	"os"
	"strings"
	"testing"
)

// formFile declares the site's side of the form's names.
const formFile = "../../../site/src/features/contact/form.ts"

// TestFormNames checks that the site posts the names the server reads: each
// Go constant is declared, with the same value, in the site's form.ts.
func TestFormNames(t *testing.T) {
	data, err := os.ReadFile(formFile)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for _, decl := range []string{
		"export const FORM_NAME = '" + FormName + "';",
		"export const FORM_NAME_FIELD = '" + FormNameField + "';",
		"export const HONEYPOT = '" + Honeypot + "';",
		"export const fields = ['" + FieldName + "', '" + FieldEmail + "', '" + FieldMessage + "'] as const;",
		"export const LANGUAGE_FIELD = '" + FieldLanguage + "';",
	} {
		if !strings.Contains(src, decl) {
			t.Errorf("%s lacks %s: the site and the server must use the same names (change both)", formFile, decl)
		}
	}
}
