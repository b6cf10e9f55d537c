package content

import (
	"bytes"
	"strings"
	"testing"

	"portfolio/cli/internal/diag"
)

// minimalPDF is a small PDF as writers make them: header, a binary comment,
// objects, and the end marker followed by a line break.
var minimalPDF = []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")

func TestLoadDocuments(t *testing.T) {
	// The document block is body item 2 (/body/2), at line 16 of the project.
	block := func(fields string) string {
		return testProject + "  - type: document\n    label: Read the Memo\n" + fields
	}
	tests := []struct {
		name      string
		fields    string            // the block's lines after its label
		files     map[string][]byte // extra files of the project folder
		line, col int               // 0: no problem expected
		msg, hint string
	}{
		{name: "local PDF", fields: "    file: memo.pdf\n", files: map[string][]byte{"memo.pdf": minimalPDF}},
		{name: "PDF in a sub-folder, upper-case extension", fields: "    file: docs/Memo.PDF\n", files: map[string][]byte{"docs/Memo.PDF": minimalPDF}},
		{name: "document elsewhere", fields: "    url: https://docs.example.org/memo.pdf\n"},
		{name: "a page of the own site", fields: "    url: https://example.com/projects/alpha/\n"},
		{name: "missing file", fields: "    file: memo.pdf\n", files: map[string][]byte{"Memo.pdf": minimalPDF},
			line: 18, col: 11, msg: "letter case differs from Memo.pdf", hint: "names are case-sensitive"},
		{name: "not found", fields: "    file: memo.pdf\n",
			line: 18, col: 11, msg: "file not found: memo.pdf"},
		{name: "outside the project", fields: "    file: ../beta/memo.pdf\n",
			line: 18, col: 11, msg: "leaves the project folder", hint: "copy the file into the project folder"},
		{name: "a web address under file", fields: "    file: https://example.org/memo.pdf\n",
			line: 18, col: 11, msg: "is a web address", hint: "(a document on another site goes under `url:`)"},
		{name: "not a PDF extension", fields: "    file: memo.docx\n",
			line: 18, col: 11, msg: "must be the path of a .pdf file"},
		{name: "a Word file named pdf", fields: "    file: memo.pdf\n", files: map[string][]byte{"memo.pdf": append([]byte("PK\x03\x04"), bytes.Repeat([]byte("x"), 2000)...)},
			line: 18, col: 11, msg: "memo.pdf is not a PDF: it does not start with the %PDF- header (2 KB)", hint: "export the document as PDF again"},
		{name: "truncated PDF", fields: "    file: memo.pdf\n", files: map[string][]byte{"memo.pdf": minimalPDF[:40]},
			line: 18, col: 11, msg: "it has no %%EOF end marker: the file is truncated"},
		{name: "empty file", fields: "    file: memo.pdf\n", files: map[string][]byte{"memo.pdf": nil},
			line: 18, col: 11, msg: "the file is empty"},
		{name: "too large", fields: "    file: memo.pdf\n", files: map[string][]byte{"memo.pdf": append(append([]byte{}, minimalPDF...), make([]byte, MaxDocumentBytes)...)},
			line: 18, col: 11, msg: "memo.pdf is 20.0 MB, more than the 20.0 MB a published document may have", hint: "export it again for the screen"},
		{name: "both file and url", fields: "    file: memo.pdf\n    url: https://docs.example.org/memo.pdf\n", files: map[string][]byte{"memo.pdf": minimalPDF},
			line: 19, col: 10, msg: "a document block has both `file` and `url`"},
		{name: "neither", fields: "",
			line: 16, col: 5, msg: "a document block needs `file` or `url`", hint: "add `file: memo.pdf`"},
		{name: "own host, not published", fields: "    url: https://EXAMPLE.com/docs/memo.pdf\n",
			line: 18, col: 10, msg: "https://EXAMPLE.com/docs/memo.pdf is on this site's own host (example.com), where the build publishes nothing at that address",
			hint: "put the file in the project folder (content/projects/alpha/memo.pdf) and write `file: memo.pdf` instead of `url:`"},
		{name: "own host, an unknown page", fields: "    url: https://example.com/projects/beta\n",
			line: 18, col: 10, msg: "is on this site's own host", hint: "`file: document.pdf`"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := validFiles(t)
			f["projects/alpha/project.yaml"] = []byte(block(tc.fields))
			for name, data := range tc.files {
				f["projects/alpha/"+name] = data
			}
			c, diags, err := Load(tree(t, f), Options{})
			if err != nil {
				t.Fatal(err)
			}
			var errs diag.List
			for _, d := range diags {
				if d.Severity == diag.Error {
					errs = append(errs, d)
				}
			}
			if tc.msg == "" {
				if len(errs) != 0 {
					t.Fatalf("unexpected errors: %+v", errs)
				}
				return
			}
			if len(errs) != 1 {
				t.Fatalf("want one error %q, got %+v", tc.msg, errs)
			}
			d := errs[0]
			if !strings.HasSuffix(d.File, "alpha/project.yaml") || d.Line != tc.line || d.Column != tc.col ||
				!strings.Contains(d.Message, tc.msg) || !strings.Contains(d.Hint, tc.hint) {
				t.Errorf("got %s:%d:%d %q (hint %q)\nwant line %d col %d, %q (hint %q)", d.File, d.Line, d.Column, d.Message, d.Hint, tc.line, tc.col, tc.msg, tc.hint)
			}
			if len(c.Projects) == 1 && len(c.Projects[0].Documents) != 0 {
				t.Errorf("an invalid document was recorded: %+v", c.Projects[0].Documents)
			}
		})
	}
}

// A valid local document is recorded with its size and hash, and published
// under its own name and the hash.
func TestLoadDocumentRecorded(t *testing.T) {
	f := validFiles(t)
	f["projects/alpha/project.yaml"] = []byte(testProject + "  - type: document\n    label: Read\n    file: Briefing Memo (final).pdf\n")
	f["projects/alpha/Briefing Memo (final).pdf"] = minimalPDF
	c, diags, err := Load(tree(t, f), Options{})
	if err != nil || diags.Errors() != 0 {
		t.Fatalf("err %v, diags %+v", err, diags)
	}
	d, ok := c.Projects[0].Documents["Briefing Memo (final).pdf"]
	if !ok || d.Size != int64(len(minimalPDF)) || len(d.Hash) != 64 {
		t.Fatalf("documents = %+v", c.Projects[0].Documents)
	}
	if got, want := d.Href("Briefing Memo (final).pdf"), "/docs/briefing-memo-final-"+d.Hash[:16]+".pdf"; got != want {
		t.Errorf("href %q, want %q", got, want)
	}
}

func TestSizeText(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1 KB", 48_700: "48 KB", 1 << 20: "1.0 MB", 5_400_000: "5.1 MB"} {
		if got := SizeText(n); got != want {
			t.Errorf("SizeText(%d) = %q, want %q", n, got, want)
		}
	}
}
