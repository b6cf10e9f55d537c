package editor

import (
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
)

func TestDetectProtocol(t *testing.T) {
	for _, tt := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"TERM": "xterm-kitty"}, protoKitty},
		{map[string]string{"KITTY_WINDOW_ID": "1"}, protoKitty},
		{map[string]string{"TERM_PROGRAM": "ghostty"}, protoKitty},
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, protoITerm2},
		{map[string]string{"LC_TERMINAL": "iTerm2"}, protoITerm2},
		{map[string]string{"TERM_PROGRAM": "WezTerm"}, protoITerm2},
		{map[string]string{"TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"}, ""},
		{map[string]string{"TERM": "xterm-256color"}, ""},
	} {
		if got := detectProtocol(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.env, got, tt.want)
		}
	}
}

func TestPictureSequences(t *testing.T) {
	path := t.TempDir() + "/p.jpg"
	writeFile(t, path, imagetest.JPEG(900, 600))
	thumb, err := thumbnail(path)
	if err != nil {
		t.Fatal(err)
	}
	if b := thumb.Bounds(); b.Dx() != thumbW || b.Dy() != thumbW*600/900 {
		t.Errorf("thumbnail is %v", b)
	}
	for proto, start := range map[string]string{protoKitty: "\x1b_G", protoITerm2: "\x1b]1337;File=", protoSixel: "\x1bP0;1q"} {
		seq, err := pictureSequence(proto, thumb)
		if err != nil || !strings.HasPrefix(seq, start) {
			t.Errorf("%s: %q…, %v", proto, seq[:min(20, len(seq))], err)
		}
		placed := placeAt(4, 40, proto, seq)
		if !strings.HasPrefix(placed, "\x1b7") || !strings.HasSuffix(placed, "\x1b8") || !strings.Contains(placed, "\x1b[4;40H"+seq) {
			t.Errorf("%s: not placed at row 4, column 40 with the cursor restored", proto)
		}
	}
	if img, err := thumbnail(t.TempDir() + "/missing.jpg"); err == nil || img != nil {
		t.Error("a missing file gave a thumbnail")
	}
}
