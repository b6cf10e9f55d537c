package cmdutil

import (
	"net"
	"strconv"

	"github.com/spf13/pflag"

	"portfolio/cli/internal/termsafe"
)

// ListenFlags are the --addr and --port flags of a command that listens
// (serve, dev): both take both, so that what works for one works for the
// other. --addr is host:port; --port changes only the port, keeping the
// default host.
type ListenFlags struct {
	Addr string
	Port int

	host        string
	defaultPort int
}

// AddListenFlags defines --addr and --port on fl, with the default host
// and port; what names the server in their help ("the site", "Vite's
// development server").
func AddListenFlags(fl *pflag.FlagSet, host string, port int, what string) *ListenFlags {
	l := &ListenFlags{host: host, defaultPort: port}
	def := net.JoinHostPort(host, strconv.Itoa(port))
	fl.StringVar(&l.Addr, "addr", def, "`address` "+what+" listens on (host:port)")
	fl.IntVar(&l.Port, "port", port, "the `port` "+what+" listens on, on "+host+" (--addr sets the host too)")
	return l
}

// Resolve returns the host and port to listen on from the flags given: a
// malformed --addr, a port out of range, or an --addr and a --port that
// name different ports are usage errors. Port 0 (any free port) is taken
// only in --addr, as net.Listen takes it.
func (l *ListenFlags) Resolve(fl *pflag.FlagSet) (host string, port int, err error) {
	host, port = l.host, l.defaultPort
	if fl.Changed("addr") {
		h, p, err := net.SplitHostPort(l.Addr)
		n, convErr := strconv.Atoi(p)
		if err != nil || convErr != nil || n < 0 || n > 65535 {
			return "", 0, Usagef("--addr %s: give a host and a port, e.g. --addr %s", termsafe.String(l.Addr), net.JoinHostPort(l.host, strconv.Itoa(l.defaultPort)))
		}
		host, port = h, n
	}
	if fl.Changed("port") {
		if l.Port < 1 || l.Port > 65535 {
			return "", 0, Usagef("--port %d: a port is a number from 1 to 65535", l.Port)
		}
		if fl.Changed("addr") && l.Port != port {
			return "", 0, Usagef("--addr %s and --port %d name different ports: give one of them (--addr for host and port, --port for the port alone)", termsafe.String(l.Addr), l.Port)
		}
		port = l.Port
	}
	return host, port, nil
}
