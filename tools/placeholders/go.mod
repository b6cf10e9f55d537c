// The placeholder image generator: a development tool, kept out of the
// product module (its rasterizer is no part of what portfolio ships).
module portfolio/tools/placeholders

go 1.26.8

require (
	github.com/goccy/go-yaml v1.19.2
	golang.org/x/image v0.47.0
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
