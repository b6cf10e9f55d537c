package fieldcheck

import (
	"reflect"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/schemacheck"
)

// Detail is the check of a project's detail (content.DetailField) as
// typed in a form or given as a flag: a list's items separated by
// commas. Most details are checked against their schema property alone,
// so a new one needs no check of its own (decision 0110); an optional one
// may be empty.
func Detail(f content.DetailField) func(string) error {
	switch {
	case f.Key == "description":
		return ValidateDescription
	case f.Key == "page":
		return ValidatePage
	case f.Key == "coverAlt":
		return ValidateCoverAlt
	case f.Kind == reflect.Slice:
		return func(s string) error { return validateList(f.Key, ParseSkills(s)) }
	}
	return func(s string) error {
		if s = strings.TrimSpace(s); s == "" && f.Optional {
			return nil
		}
		return checkProperty(f.Key, s)
	}
}

// CheckDetail checks a detail's value in d: a text by Detail, a list item
// by item; true and false need no check.
func CheckDetail(f content.DetailField, d *content.Details) error {
	switch v := f.Ptr(d).(type) {
	case *string:
		return Detail(f)(*v)
	case *[]string:
		return validateList(f.Key, *v)
	}
	return nil
}

// validateList checks the list of key, each item trimmed.
func validateList(key string, items []string) error {
	list := make([]string, len(items))
	for i, s := range items {
		list[i] = strings.TrimSpace(s)
	}
	return checkPart(key, "/"+key, schemacheck.Value{Pointer: "/" + key, Value: list})
}
