package prompt

import (
	"strings"
	"testing"
)

func TestLineReader(t *testing.T) {
	r := NewLineReader(strings.NewReader("one\ntwo\nlast"))
	buf := make([]byte, 100)
	var got []string
	for {
		n, err := r.Read(buf)
		if n > 0 {
			got = append(got, string(buf[:n]))
		}
		if err != nil {
			break
		}
	}
	if strings.Join(got, "|") != "one\n|two\n|last" || !r.Ended() {
		t.Errorf("reads %q, ended %v", got, r.Ended())
	}
}
