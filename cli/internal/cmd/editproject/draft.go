package editproject

import (
	"reflect"
	"strings"

	"github.com/goccy/go-yaml"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/draft"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/projectedit"
)

// leaving is the question the full-screen form asks on Esc or Ctrl-C.
const leaving = "Leave the form? Nothing is written; your changes so far are kept as a draft for --from."

// keepDraft saves the edited values when they differ from the file's, and
// says how to resume: every detail in the form's order (an empty list left
// out), the cover's alt text when changed.
func keepDraft(opts *Options, before, after projectedit.Fields) {
	if reflect.DeepEqual(before, after) {
		return
	}
	var d yaml.MapSlice
	for _, f := range content.AskedDetails() {
		v := reflect.ValueOf(f.Ptr(&after)).Elem()
		if f.Kind == reflect.Slice && v.Len() == 0 {
			continue
		}
		d = append(d, yaml.MapItem{Key: f.Key, Value: v.Interface()})
	}
	if after.CoverAlt != before.CoverAlt {
		d = append(d, yaml.MapItem{Key: "coverAlt", Value: after.CoverAlt})
	}
	draft.Keep(opts.IO.ErrOut, "edit-"+opts.Slug, "# Changes to project "+opts.Slug+" from `portfolio edit project`, kept when the form was left.\n",
		"changes", d, "portfolio edit project "+opts.Slug)
}

// draftType is the shape of an edit draft and of --from: each detail
// (content.Details) by its key, a pointer, nil where the file leaves it
// out.
var draftType = func() reflect.Type {
	var fields []reflect.StructField
	for _, f := range content.DetailFields() {
		t := reflect.TypeOf(f.Ptr(&content.Details{}))
		if f.Kind == reflect.Slice {
			t = t.Elem()
		}
		fields = append(fields, reflect.StructField{Name: strings.ToUpper(f.Key[:1]) + f.Key[1:], Type: t,
			Tag: reflect.StructTag(`yaml:"` + f.Key + `,omitempty"`)})
	}
	return reflect.StructOf(fields)
}()

// draftKeys are the keys of a draft, in the form's order.
func draftKeys() []string {
	var keys []string
	for _, f := range content.AskedDetails() {
		keys = append(keys, f.Key)
	}
	return append(keys, "coverAlt")
}

// readDraft reads --from FILE: some of the details' keys.
func readDraft(path string) (func(*projectedit.Fields), error) {
	var keys []string
	for _, f := range content.DetailFields() {
		keys = append(keys, f.Key)
	}
	d := reflect.New(draftType)
	if err := draft.Read(path, d.Interface(), strings.Join(keys, ", ")); err != nil {
		return nil, err
	}
	return func(fields *projectedit.Fields) {
		for i, f := range content.DetailFields() {
			given := d.Elem().Field(i)
			if given.IsNil() {
				continue
			}
			switch v := f.Ptr(fields).(type) {
			case *[]string:
				*v = fieldcheck.ParseSkills(strings.Join(given.Interface().([]string), ","))
			default:
				reflect.ValueOf(v).Elem().Set(given.Elem())
			}
		}
	}, nil
}
