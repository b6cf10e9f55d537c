package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The placeholder PDF is a real PDF: header, every object where the
// cross-reference table says, startxref at the table, %%EOF last; the
// same text gives the same bytes; hostile text stays inside its string.
func TestPlaceholderPDF(t *testing.T) {
	for _, tc := range []struct{ name, title, sub, desc string }{
		{"plain", "Scholarship of Practice Briefing Memo", "A briefing memo", strings.Repeat("A memo for academic leaders. ", 20)},
		{"hostile", `Close) Tj ET (\ (`, "Café – “quotes” 日本", "line\nbreak\x00nul"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := placeholderPDF(tc.title, tc.sub, tc.desc)
			if !bytes.Equal(pdf, placeholderPDF(tc.title, tc.sub, tc.desc)) {
				t.Error("two runs differ")
			}
			if !bytes.HasPrefix(pdf, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(pdf, []byte("%%EOF\n")) {
				t.Fatalf("no header or end marker: %q…%q", pdf[:12], pdf[len(pdf)-8:])
			}
			m := regexp.MustCompile(`startxref\n(\d+)\n`).FindSubmatch(pdf)
			if m == nil {
				t.Fatal("no startxref")
			}
			xref, _ := strconv.Atoi(string(m[1]))
			if !bytes.HasPrefix(pdf[xref:], []byte("xref\n0 8\n")) {
				t.Fatalf("startxref %d does not point at the table: %q", xref, pdf[xref:min(len(pdf), xref+12)])
			}
			entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(pdf[xref:], -1)
			if len(entries) != 7 {
				t.Fatalf("%d objects in the table, want 7", len(entries))
			}
			for i, e := range entries {
				off, _ := strconv.Atoi(string(e[1]))
				if want := strconv.Itoa(i+1) + " 0 obj\n"; !bytes.HasPrefix(pdf[off:], []byte(want)) {
					t.Errorf("object %d: offset %d holds %q", i+1, off, pdf[off:min(len(pdf), off+10)])
				}
			}
			stream := regexp.MustCompile(`(?s)<< /Length (\d+) >>\nstream\n(.*?)endstream`).FindSubmatch(pdf)
			if n, _ := strconv.Atoi(string(stream[1])); n != len(stream[2]) {
				t.Errorf("stream length %d, actual %d", n, len(stream[2]))
			}
			// Every text operator is one literal string, its parentheses escaped.
			for _, line := range strings.Split(strings.TrimSpace(string(stream[2])), "\n") {
				if !regexp.MustCompile(`^BT /F[12] \d+ Tf 72 -?\d+ Td \(([^()\\]|\\[()\\]|\\[0-7]{3})*\) Tj ET$`).MatchString(line) {
					t.Errorf("text line not one escaped string: %q", line)
				}
			}
		})
	}
}
