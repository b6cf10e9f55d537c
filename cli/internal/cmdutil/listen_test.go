package cmdutil

import (
	"errors"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// --addr and --port each say where a server listens; together they must
// agree on the port.
func TestListenFlags(t *testing.T) {
	tests := []struct {
		args []string
		host string
		port int
		err  string // a usage error containing it
	}{
		{args: nil, host: "127.0.0.1", port: 8080},
		{args: []string{"--port", "3000"}, host: "127.0.0.1", port: 3000},
		{args: []string{"--addr", "0.0.0.0:3000"}, host: "0.0.0.0", port: 3000},
		{args: []string{"--addr", "127.0.0.1:0"}, host: "127.0.0.1", port: 0},
		{args: []string{"--addr", "[::1]:3000"}, host: "::1", port: 3000},
		{args: []string{"--addr", "localhost:3000", "--port", "3000"}, host: "localhost", port: 3000},
		{args: []string{"--addr", "localhost:3000", "--port", "4000"},
			err: "--addr localhost:3000 and --port 4000 name different ports: give one of them (--addr for host and port, --port for the port alone)"},
		{args: []string{"--port", "0"}, err: "--port 0: a port is a number from 1 to 65535"},
		{args: []string{"--port", "70000"}, err: "--port 70000: a port is a number from 1 to 65535"},
		{args: []string{"--addr", "3000"}, err: "--addr 3000: give a host and a port, e.g. --addr 127.0.0.1:8080"},
		{args: []string{"--addr", "localhost:http"}, err: "--addr localhost:http: give a host and a port"},
		{args: []string{"--addr", "localhost:99999"}, err: "--addr localhost:99999: give a host and a port"},
	}
	for _, tt := range tests {
		fl := pflag.NewFlagSet("serve", pflag.ContinueOnError)
		l := AddListenFlags(fl, "127.0.0.1", 8080, "the site")
		if err := fl.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		host, port, err := l.Resolve(fl)
		var usage *UsageError
		switch {
		case tt.err != "" && (!errors.As(err, &usage) || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%v: err = %v, want a usage error containing %q", tt.args, err, tt.err)
		case tt.err == "" && (err != nil || host != tt.host || port != tt.port):
			t.Errorf("%v: %s %d (err %v), want %s %d", tt.args, host, port, err, tt.host, tt.port)
		}
	}
}
