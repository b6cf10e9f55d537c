//go:build unix

package childproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive reports whether pid is a running process (a zombie has ended).
func alive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if errors.Is(err, os.ErrNotExist) {
		if _, err := os.Stat("/proc/self"); err == nil {
			return false
		}
		return syscall.Kill(pid, 0) == nil // no /proc here
	}
	// pid (comm) state …: the state follows the last ')'.
	s := string(stat)
	return err == nil && !strings.HasPrefix(s[strings.LastIndexByte(s, ')')+2:], "Z")
}

func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
	}
}

// A shell that starts a grandchild and prints its PID, as npm's shell
// starts Node: each case ends the command in its own way, and no process
// of the tree is left.
func TestNothingOutlivesTheCommand(t *testing.T) {
	tests := []struct {
		name   string
		script string
		// stop ends the command: cancels its context, or lets it end.
		cancel bool
	}{
		{"the context ends while the child waits for its grandchild", `sleep 300 & echo $!; wait`, true},
		{"the grandchild ignores SIGTERM", `sh -c 'trap "" TERM; sleep 300' & echo $!; wait`, true},
		{"the child ends by itself, leaving a grandchild in the background", `sleep 300 >/dev/null 2>&1 & echo $!`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cmd := Command(ctx, "sh", "-c", tt.script)
			cmd.WaitDelay = 200 * time.Millisecond
			var out bytes.Buffer
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stdout = pw
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			pw.Close()
			line := make([]byte, 32)
			n, _ := pr.Read(line)
			out.Write(line[:n])
			grandchild, err := strconv.Atoi(strings.TrimSpace(out.String()))
			if err != nil {
				t.Fatalf("no PID from the shell: %q", out.String())
			}
			eventually(t, "the grandchild runs", func() bool { return alive(grandchild) })
			if tt.cancel {
				cancel()
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				// Ended by a signal, or the shell's exit status: either way, it ended.
				t.Logf("Wait: %v", err)
			case <-time.After(Grace + 5*time.Second):
				t.Fatal("Wait did not return")
			}
			pr.Close()
			eventually(t, fmt.Sprintf("grandchild %d has ended", grandchild), func() bool { return !alive(grandchild) })
			if alive(cmd.Process.Pid) {
				t.Errorf("the child %d still runs", cmd.Process.Pid)
			}
		})
	}
}

// The child's group is its own: a signal to the group reaches none of the
// test's processes.
func TestChildLeadsItsOwnGroup(t *testing.T) {
	cmd := Command(context.Background(), "sh", "-c", "exit 0")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pgid, err := syscall.Getpgid(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if pgid != cmd.Process.Pid {
		t.Errorf("the child's group is %d, want its own (%d)", pgid, cmd.Process.Pid)
	}
}
