//go:build !unix

package childproc

// Elsewhere the child alone is stopped, as exec does.
func ownGroup(*Cmd) {}

func (*Cmd) killGroup() {}
