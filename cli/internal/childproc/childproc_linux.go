package childproc

import "syscall"

// setDeathSignal asks the kernel to send the child SIGTERM when this process
// dies, however it dies: a SIGKILL gives no chance to end the group.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGTERM }
