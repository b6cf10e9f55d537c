//go:build unix

package childproc

import (
	"errors"
	"syscall"
)

func ownGroup(c *Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(c.SysProcAttr)
	// The group, not the process alone: npm's shell and its Node are in it.
	c.Cancel = func() error {
		err := syscall.Kill(-c.Process.Pid, syscall.SIGTERM)
		if errors.Is(err, syscall.ESRCH) {
			return nil
		}
		return err
	}
}

// killGroup kills the members of the child's group that are left after it
// exited (a process it started in the background, one that ignored
// SIGTERM). The group keeps the child's PID as its ID while any member
// lives; with none, the kill finds nothing.
func (c *Cmd) killGroup() {
	if c.Process != nil {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}
