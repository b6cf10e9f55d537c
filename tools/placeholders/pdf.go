package main

import (
	"bytes"
	"fmt"
	"strings"
)

// placeholderPDF makes a small, valid one-page PDF (A4, PDF 1.4) standing in
// for a project's document: the title, the subtitle and the description,
// set in the standard Helvetica fonts (no font is embedded), with a correct
// cross-reference table. The same text gives the same bytes.
func placeholderPDF(title, subtitle, description string) []byte {
	var content bytes.Buffer
	y := 770
	line := func(font string, size int, text string) {
		fmt.Fprintf(&content, "BT /%s %d Tf 72 %d Td (%s) Tj ET\n", font, size, y, pdfString(text))
		y -= size + size/2
	}
	for _, l := range wrap(title, 40) {
		line("F2", 22, l)
	}
	y -= 6
	for _, l := range wrap(subtitle, 70) {
		line("F1", 13, l)
	}
	y -= 12
	for _, l := range wrap(description, 88) {
		line("F1", 11, l)
	}
	y -= 12
	line("F1", 9, "Placeholder document made by `go -C tools/placeholders run .`: replace it with the real PDF.")

	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", content.Len(), content.String()),
		fmt.Sprintf("<< /Title (%s) /Producer (portfolio placeholders) >>", pdfString(title)),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n") // the comment of high bytes marks the file as binary
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, len(objects), xref)
	return b.Bytes()
}

// pdfString escapes text for a PDF literal string in WinAnsiEncoding:
// typographic quotes and dashes become their ASCII forms, other characters
// outside Latin-1 a question mark, bytes above ASCII octal escapes.
func pdfString(s string) string {
	s = strings.NewReplacer("‘", "'", "’", "'", "“", `"`, "”", `"`, "–", "-", "—", "-", "…", "...").Replace(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r >= 0xa0 && r <= 0xff:
			fmt.Fprintf(&b, "\\%03o", r)
		case r == '\n' || r == '\t':
			b.WriteByte(' ')
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) []string {
	var lines []string
	var cur string
	for _, w := range strings.Fields(text) {
		if cur != "" && len([]rune(cur))+1+len([]rune(w)) > width {
			lines = append(lines, cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
