// Package childproc starts the processes a command runs (npm, Node, Vite,
// ffmpeg) so that none outlives the command, whichever way it ends. npm runs
// a shell that runs Node: stopping the process started, as exec does, left
// the rest running (a Vite dev server held its port after `portfolio dev`
// was stopped, parent PID 1). Each child leads a process group of its own;
// when the context ends the whole group gets SIGTERM, then SIGKILL after a
// grace period, and once the child has exited whatever is left of its group
// is killed. On Linux the child also gets SIGTERM if the command dies
// without a word (SIGKILL).
package childproc

import (
	"context"
	"os/exec"
	"time"
)

// Grace is how long a group has, after SIGTERM, to end before SIGKILL.
const Grace = 5 * time.Second

// Cmd is an exec.Cmd whose process group ends with it.
type Cmd struct {
	*exec.Cmd
}

// Command is exec.CommandContext for a child that leads its own process
// group. Its stdin is nothing (never the terminal: a process group in the
// background that reads the terminal is stopped by it).
func Command(ctx context.Context, name string, args ...string) *Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.WaitDelay = Grace
	c := &Cmd{cmd}
	ownGroup(c)
	return c
}

// Run starts the command and waits for it.
func (c *Cmd) Run() error {
	if err := c.Start(); err != nil {
		return err
	}
	return c.Wait()
}

// Wait waits for the command, then ends what is left of its process group.
func (c *Cmd) Wait() error {
	err := c.Cmd.Wait()
	c.killGroup()
	return err
}
