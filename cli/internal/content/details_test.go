package content

import (
	"reflect"
	"slices"
	"testing"
)

// The views of the details come from ProjectDetails' tags alone: the
// keys in the schema's order, the form's order, the flags, what new
// project requires (decision 0110).
func TestDetailFields(t *testing.T) {
	var keys, inFile, asked, required, flags []string
	for _, f := range DetailFields() {
		keys = append(keys, f.Key)
		flags = append(flags, f.Flag)
		if f.InFile {
			inFile = append(inFile, f.Key)
		}
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
		{"keys", keys, []string{"title", "subtitle", "description", "role", "skills", "category", "page", "featured", "active", "coverAlt"}},
		{"in project.yaml", inFile, []string{"title", "subtitle", "description", "role", "skills", "category", "page", "featured", "active"}},
		{"flags", flags, []string{"title", "subtitle", "description", "role", "skills", "category", "page", "featured", "active", "cover-alt"}},
		{"asked", asked, []string{"title", "subtitle", "page", "category", "description", "role", "skills", "featured", "active"}},
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
