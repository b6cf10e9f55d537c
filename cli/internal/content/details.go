package content

import (
	"cmp"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// ProjectDetails are a project's details: the keys of project.yaml that
// `portfolio new project` and `portfolio edit project` ask for, as flags,
// in their forms, in answers files and in drafts. This struct is the one
// list of them (decision 0110): each field's tags say everything a command
// needs, and the commands read them through DetailFields, so a new detail
// is one field here plus its property in schema/project.schema.json.
//
// The tags, beside json (the key; ",omitempty" makes the detail optional:
// not asked for, and left out of a new project.yaml when empty) and ts
// (the site's name):
//   - flag: the flag's help (the flag is the key in kebab case);
//     flagnew, flagedit: a note new project or edit project adds to it.
//   - ask: the form's group and place in it ("2.3"), with options:
//     multiline (a text field on a screen), defaulted (new project fills
//     it in: not required).
//   - title, help: the form's question and its help; helpedit: edit
//     project's help, where it differs.
//   - comment: the comment above the key in a new project.yaml, one line
//     per \n; {page} is the project's page.
type ProjectDetails struct {
	Title string `json:"title" ts:"title" flag:"project name: page heading and card title" ask:"1.1" title:"Title" help:"The project's name: page heading and card title."`

	Subtitle string `json:"subtitle" ts:"subtitle" flag:"one line under the title" ask:"1.2" title:"Subtitle" help:"One line under the title on the project page."`

	Description string `json:"description" ts:"description" flag:"card text and meta description" ask:"2.3,multiline" title:"Description" help:"Card text and meta description: one or two sentences." comment:"Card text and the page's meta description: one or two sentences."`

	Role string `json:"role" ts:"role" flag:"your role on the project" ask:"2.4" title:"Role" help:"Your role, e.g. \"Lead UX Designer\"."`

	Skills []string `json:"skills" ts:"skills" flag:"skills and tools, comma-separated (repeatable: together, the values given are the whole list)" ask:"2.5" title:"Skills" help:"Skills and tools, separated by commas."`

	Category string `json:"category" ts:"category" flag:"badge on the card" flagnew:"default: the page's title" ask:"2.2,defaulted" title:"Category" help:"The badge on its card." comment:"category: the badge on the card; page: the category that lists the\nproject (the slug of one of the categories in site.yaml)."`

	Page string `json:"page" ts:"page" flag:"the category to list it on: the slug of one of site.yaml's categories" flagedit:"moves it there" ask:"2.1" title:"Page" help:"The category that lists it (site.yaml's categories)." helpedit:"The category that lists it: choose another to move it there."`

	Featured bool `json:"featured" ts:"featured" flag:"show it in Selected Work on the home page" ask:"3.1" title:"Featured?" help:"Shown in Selected Work on the home page." comment:"featured: shown in Selected Work on the home page; active: listed on /{page}."`

	Active bool `json:"active" ts:"active" flag:"list it on its category page" ask:"3.2" title:"Active?" help:"Listed on its category page."`
}

// Details are what the project commands' flags and forms take: the
// project's details, and the alt text of the cover where the page opens
// with an image block of it.
type Details struct {
	ProjectDetails
	// CoverAlt is the alt text of the page's image blocks of the cover;
	// not a key of project.yaml, and asked only where such a block is
	// (each command places its question).
	CoverAlt string `json:"coverAlt" flag:"what the cover shows, for a page that opens with an image block of it (a new project with no gallery, document or prototype gets one): required there"`
}

// DetailField is one detail as its tags describe it (ProjectDetails).
type DetailField struct {
	// Key names it in project.yaml, answers files, drafts and messages;
	// Flag is its flag ("coverAlt": "cover-alt").
	Key, Flag string
	// Usage is the flag's help; NoteNew and NoteEdit what new project
	// and edit project add to it.
	Usage, NoteNew, NoteEdit string
	// Group and Place place the form's question (Group 0: placed by the
	// command); Title and Help word it, HelpEdit in edit project.
	Group, Place          int
	Title, Help, HelpEdit string
	// Multiline is a text field on a screen; Defaulted is filled in by new
	// project; Optional may be empty.
	Multiline, Defaulted, Optional bool
	// Comment is the comment above the key in a new project.yaml.
	Comment string
	// InFile says it is a key of project.yaml (CoverAlt is not).
	InFile bool
	// Kind is reflect.String, reflect.Slice (of strings) or reflect.Bool.
	Kind  reflect.Kind
	index []int
}

// Ptr points at the detail in d: a *string, *[]string or *bool.
func (f DetailField) Ptr(d *Details) any {
	return reflect.ValueOf(d).Elem().FieldByIndex(f.index).Addr().Interface()
}

// Text points at a text detail in d, nil for another kind.
func (f DetailField) Text(d *Details) *string {
	s, _ := f.Ptr(d).(*string)
	return s
}

// IsEmpty says whether the detail has no value in d (false and an empty
// list are empty).
func (f DetailField) IsEmpty(d *Details) bool {
	return reflect.ValueOf(d).Elem().FieldByIndex(f.index).IsZero() ||
		f.Kind == reflect.Slice && reflect.ValueOf(d).Elem().FieldByIndex(f.index).Len() == 0
}

// Required says new project cannot do without it: a text or list detail,
// neither optional nor filled in.
func (f DetailField) Required() bool {
	return f.Group > 0 && f.Kind != reflect.Bool && !f.Optional && !f.Defaulted
}

// Equal says whether a and b hold the same value of the detail (a nil
// list is an empty one).
func (f DetailField) Equal(a, b *Details) bool {
	switch x := f.Ptr(a).(type) {
	case *[]string:
		return slices.Equal(*x, *f.Ptr(b).(*[]string))
	case *bool:
		return *x == *f.Ptr(b).(*bool)
	default:
		return *f.Text(a) == *f.Text(b)
	}
}

var detailFields = sync.OnceValue(func() []DetailField {
	var out []DetailField
	var walk func(t reflect.Type, index []int, inFile bool)
	walk = func(t reflect.Type, index []int, inFile bool) {
		for i := range t.NumField() {
			sf := t.Field(i)
			at := append(slices.Clip(index), i)
			if sf.Anonymous {
				walk(sf.Type, at, sf.Type == reflect.TypeFor[ProjectDetails]())
				continue
			}
			out = append(out, newDetailField(sf, at, inFile))
		}
	}
	walk(reflect.TypeFor[Details](), nil, false)
	return out
})

func newDetailField(sf reflect.StructField, index []int, inFile bool) DetailField {
	key, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
	f := DetailField{Key: key, Flag: kebab(key), Usage: sf.Tag.Get("flag"), NoteNew: sf.Tag.Get("flagnew"),
		NoteEdit: sf.Tag.Get("flagedit"), Title: sf.Tag.Get("title"), Help: sf.Tag.Get("help"),
		HelpEdit: sf.Tag.Get("helpedit"), Comment: sf.Tag.Get("comment"), Optional: opts == "omitempty",
		InFile: inFile, Kind: sf.Type.Kind(), index: index}
	if f.HelpEdit == "" {
		f.HelpEdit = f.Help
	}
	place, askOpts, _ := strings.Cut(sf.Tag.Get("ask"), ",")
	if g, p, ok := strings.Cut(place, "."); ok {
		f.Group, _ = strconv.Atoi(g)
		f.Place, _ = strconv.Atoi(p)
	}
	for o := range strings.SplitSeq(askOpts, ",") {
		f.Multiline = f.Multiline || o == "multiline"
		f.Defaulted = f.Defaulted || o == "defaulted"
	}
	return f
}

// kebab writes a key as a flag: coverAlt is cover-alt.
func kebab(key string) string {
	var b strings.Builder
	for _, r := range key {
		if unicode.IsUpper(r) {
			b.WriteByte('-')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// DetailFields are the details in the order of project.yaml (the
// schema's), CoverAlt last.
func DetailFields() []DetailField { return detailFields() }

// AskedDetails are the details the forms place, in the order they ask
// them: by group, then place.
var AskedDetails = sync.OnceValue(func() []DetailField {
	var out []DetailField
	for _, f := range detailFields() {
		if f.Group > 0 {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b DetailField) int {
		return cmp.Or(cmp.Compare(a.Group, b.Group), cmp.Compare(a.Place, b.Place))
	})
	return out
})

// DetailByKey returns the detail of key, and whether there is one.
func DetailByKey(key string) (DetailField, bool) {
	for _, f := range detailFields() {
		if f.Key == key {
			return f, true
		}
	}
	return DetailField{}, false
}
