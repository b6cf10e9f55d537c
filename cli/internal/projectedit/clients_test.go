package projectedit

import (
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/content/yamldoc"
)

func clientsProject(t *testing.T, src string) *Project {
	t.Helper()
	doc, d := yamldoc.Parse("project.yaml", []byte(src))
	if d != nil {
		t.Fatal(d.Message)
	}
	data, err := content.DecodeProject(doc)
	if err != nil {
		t.Fatal(err)
	}
	return &Project{File: "project.yaml", YAML: []byte(src), Clients: data.Clients}
}

// Decision 0096: share --client and --revoke change only the lines of the
// list; comments and the rest of the file stay.
func TestClientEdits(t *testing.T) {
	const head = "title: T # the title\naccess: private\n"
	const body = "# the page\nbody:\n  - type: text\n    text: Hi.\n"
	for _, tt := range []struct {
		name, in string
		add      string // else revoke
		revoke   int
		want     string
	}{
		{"added before body, its comment kept", head + body, "Anna Smith", 0,
			head + "clients:\n  - name: Anna Smith\n" + body},
		{"appended, comments in the list kept", head + "clients: # who may open it\n  # the bride\n  - name: Anna # first\n    revoked: false\n" + body, "Zoë: mother", 0,
			head + "clients: # who may open it\n  # the bride\n  - name: Anna # first\n    revoked: false\n  - name: \"Zoë: mother\"\n" + body},
		{"appended to a list at the key's column", head + "clients:\n- name: Anna\n" + body, "Bob", 0,
			head + "clients:\n- name: Anna\n- name: Bob\n" + body},
		{"appended to a flow list: rewritten as a block", head + "clients: [{name: Anna}]\n" + body, "Bob", 0,
			head + "clients:\n  - name: Anna\n  - name: Bob\n" + body},
		{"appended to an empty list", head + "clients: []\n" + body, "Bob", 0,
			head + "clients:\n  - name: Bob\n" + body},
		{"revoked under its name", head + "clients:\n  - name: Anna # first\n  - name: Bob\n" + body, "", 1,
			head + "clients:\n  - name: Anna # first\n  - name: Bob\n    revoked: true\n" + body},
		{"revoked: false made true, its comment kept", head + "clients:\n  - name: Anna\n    revoked: false # for now\n" + body, "", 0,
			head + "clients:\n  - name: Anna\n    revoked: true # for now\n" + body},
		{"revoked when the name is not the first key", head + "clients:\n  - revoked: false\n    name: Anna\n  - name: Bob\n" + body, "", 0,
			head + "clients:\n  - revoked: true\n    name: Anna\n  - name: Bob\n" + body},
		{"revoked in a flow list: rewritten", head + "clients: [{name: Anna}, {name: Bob}]\n" + body, "", 0,
			head + "clients:\n  - name: Anna\n    revoked: true\n  - name: Bob\n" + body},
		{"line ends kept", strings.ReplaceAll(head+body, "\n", "\r\n"), "Anna", 0,
			strings.ReplaceAll(head+"clients:\n  - name: Anna\n"+body, "\n", "\r\n")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := clientsProject(t, tt.in)
			var got []byte
			var err error
			if tt.add != "" {
				got, err = p.AddClient(tt.add)
			} else {
				got, err = p.RevokeClient(tt.revoke)
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			if q := clientsProject(t, string(got)); tt.add != "" && q.Clients[len(q.Clients)-1].Name != tt.add ||
				tt.add == "" && !q.Clients[tt.revoke].Revoked {
				t.Errorf("read back: %+v", q.Clients)
			}
		})
	}
}
