package app

import (
	"strings"
	"testing"

	"portfolio/cli/internal/cmd/editproject"
	"portfolio/cli/internal/cmd/newproject"
	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/iostreams"
)

// The project's details are the same flags in `new project` and `edit
// project` (issue 36): the same type, default and help, but for the note a
// command adds where the meaning differs. Declared twice, they had drifted:
// edit's --skills took one value where new's took several. The test lives
// here, where both commands are wired: a command imports no other.
func TestDetailFlagsMatchNewProject(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	f := &cmdutil.Factory{IOStreams: ios}
	newFlags := newproject.NewCmdProject(f, nil).Flags()
	edit, _, err := editproject.NewCmdEdit(f, nil).Find([]string{"project"})
	if err != nil {
		t.Fatal(err)
	}
	editFlags := edit.Flags()
	for _, tt := range []struct {
		name, typ         string
		newNote, editNote string // the only difference allowed, at the end
	}{
		{name: "title", typ: "string"},
		{name: "subtitle", typ: "string"},
		{name: "page", typ: "string", editNote: " (moves it there)"},
		{name: "category", typ: "string", newNote: " (default: the page's title)"},
		{name: "description", typ: "string"},
		{name: "role", typ: "string"},
		{name: "skills", typ: "stringArray"},
		{name: "featured", typ: "bool"},
		{name: "active", typ: "bool"},
		{name: "cover-alt", typ: "string"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, e := newFlags.Lookup(tt.name), editFlags.Lookup(tt.name)
			if n == nil || e == nil {
				t.Fatalf("declared by new: %t, by edit: %t", n != nil, e != nil)
			}
			if n.Value.Type() != tt.typ || e.Value.Type() != tt.typ {
				t.Errorf("type: new %s, edit %s, want %s", n.Value.Type(), e.Value.Type(), tt.typ)
			}
			if n.DefValue != e.DefValue {
				t.Errorf("default: new %q, edit %q", n.DefValue, e.DefValue)
			}
			if !strings.HasSuffix(n.Usage, tt.newNote) || !strings.HasSuffix(e.Usage, tt.editNote) ||
				strings.TrimSuffix(n.Usage, tt.newNote) != strings.TrimSuffix(e.Usage, tt.editNote) {
				t.Errorf("usage:\nnew  %q\nedit %q\n(notes allowed: new %q, edit %q)", n.Usage, e.Usage, tt.newNote, tt.editNote)
			}
		})
	}
}
