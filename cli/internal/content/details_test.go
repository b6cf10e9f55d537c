package content

import (
	"cmp"
	"reflect"
	"slices"
	"testing"

	"portfolio/cli/internal/content/schemacheck"
	"portfolio/cli/internal/schemamodel"
)

// The views of the details come from ProjectDetails' tags alone
// (decision 0110), so the tags must agree with the schema: what new
// project requires is what the schema requires (less what it fills in),
// an optional detail is one the schema does not require, every detail the
// forms ask has a question, and every one a flag named after its key.
func TestDetailFields(t *testing.T) {
	s, err := schemacheck.ProjectSchema()
	if err != nil {
		t.Fatal(err)
	}
	root := s.Model.Schema
	for _, f := range DetailFields() {
		if f.Usage == "" {
			t.Errorf("%s: no flag help (tag flag)", f.Key)
		}
		if !f.InFile {
			continue
		}
		required := slices.Contains(root.Required, f.Key)
		i := slices.IndexFunc(root.Properties, func(p schemamodel.Property) bool { return p.Name == f.Key })
		if i < 0 {
			t.Errorf("%s: not a property of the schema", f.Key)
			continue
		}
		prop, _ := s.Model.Resolve(root.Properties[i].Schema)
		if optional := !required && !prop.HasDefault; f.Optional != optional {
			t.Errorf("%s: optional in the schema %v (not required, no default), in its json tag (omitempty) %v", f.Key, optional, f.Optional)
		}
		if f.Group == 0 || f.Title == "" || f.Help == "" {
			t.Errorf("%s: no place or question in the forms (tags ask, title, help)", f.Key)
		}
		if want := required && !f.Defaulted && f.Kind != reflect.Bool; f.Required() != want {
			t.Errorf("%s: Required() %v, want %v", f.Key, f.Required(), want)
		}
	}
	asked := AskedDetails()
	if !slices.IsSortedFunc(asked, func(a, b DetailField) int { return cmp.Or(a.Group-b.Group, a.Place-b.Place) }) {
		t.Error("AskedDetails is not in the order of the ask tags")
	}
}

// The details' views today: the keys in the schema's order, the forms'
// order, the flags, what new project requires. Commands' scripts pin the
// same; this says it where the tags are.
func TestDetailViews(t *testing.T) {
	var keys, asked, required, flags []string
	for _, f := range DetailFields() {
		keys = append(keys, f.Key)
		flags = append(flags, f.Flag)
	}
	for _, f := range AskedDetails() {
		asked = append(asked, f.Key)
		if f.Required() {
			required = append(required, f.Key)
		}
	}
	for _, tt := range []struct {
		name      string
		got, want []string
	}{
		{"keys", keys[:3], []string{"title", "subtitle", "description"}},
		{"cover alt last", keys[len(keys)-1:], []string{"coverAlt"}},
		{"flags", flags[len(flags)-1:], []string{"cover-alt"}},
		{"asked", asked[:4], []string{"title", "subtitle", "page", "category"}},
		{"required", required, []string{"title", "subtitle", "page", "description", "role", "skills"}},
	} {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

// Ptr, IsEmpty and Equal reach the field of the key, promoted or not.
func TestDetailFieldAccess(t *testing.T) {
	d := Details{ProjectDetails: ProjectDetails{Title: "T", Skills: []string{}}, CoverAlt: "A"}
	title, _ := DetailByKey("title")
	alt, _ := DetailByKey("coverAlt")
	skills, _ := DetailByKey("skills")
	if *title.Text(&d) != "T" || *alt.Text(&d) != "A" || skills.Text(&d) != nil {
		t.Errorf("Text: %q %q", *title.Text(&d), *alt.Text(&d))
	}
	*title.Ptr(&d).(*string) = "U"
	if d.Title != "U" {
		t.Errorf("Ptr did not reach Title: %+v", d)
	}
	if !skills.IsEmpty(&d) || title.IsEmpty(&d) {
		t.Error("IsEmpty: an empty list is empty, a title is not")
	}
	var nilSkills Details
	if !skills.Equal(&d, &nilSkills) {
		t.Error("Equal: an empty list and none are the same")
	}
	if _, ok := DetailByKey("slug"); ok {
		t.Error("slug is not a detail")
	}
	if k := skills.Kind; k != reflect.Slice {
		t.Errorf("skills kind %v", k)
	}
}
