package fieldcheck

import (
	"os"
	"strings"
	"testing"
)

func TestValidateDocument(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("memo.pdf", []byte("%PDF-1.7\n%%EOF\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("My Memo.PDF", []byte("%PDF-1.7\n%%EOF\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("fake.pdf", []byte("PK\x03\x04 a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("memo.docx", []byte("PK"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("folder.pdf", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ in, want string }{
		{"memo.pdf", ""},
		{`My\ Memo.PDF`, ""},
		{`"My Memo.PDF"`, ""},
		{"https://example.org/memo.pdf", ""},
		{"http://example.org/memo.pdf", "https"},
		{"fake.pdf", "fake.pdf is not a PDF: it does not start with the %PDF- header"},
		{"memo.docx", "memo.docx is not a .pdf file"},
		{"folder.pdf", "folder.pdf is not a file"},
		{"nope.pdf", "file not found: nope.pdf"},
		{"", "the document must not be empty"},
	} {
		err := ValidateDocument(tt.in)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("ValidateDocument(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
}
