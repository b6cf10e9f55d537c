//go:build unix && !linux

package childproc

import "syscall"

func setDeathSignal(*syscall.SysProcAttr) {}
