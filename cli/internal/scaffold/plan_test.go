package scaffold

import "testing"

func TestDocumentName(t *testing.T) {
	for in, want := range map[string]string{
		"memo.pdf": "memo.pdf", "Final Memo (v2).PDF": "final-memo-v2.pdf", "~/docs/Été.pdf": "été.pdf",
		"cover.pdf": "document.pdf", "---.pdf": "document.pdf", `a\ b.pdf`: "a-b.pdf",
	} {
		if got := DocumentName(in); got != want {
			t.Errorf("DocumentName(%q) = %q, want %q", in, got, want)
		}
	}
}
