// Command portfolio manages the content of a portfolio site and builds it.
package main

import (
	"os"

	"portfolio/cli/internal/app"
)

func main() {
	os.Exit(app.Main(os.Args[1:]))
}
