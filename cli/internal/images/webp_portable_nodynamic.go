//go:build !cgo && nodynamic

package images

// Built with the tag nodynamic, gen2brain/webp looks for no shared
// library: its WebAssembly module is all it has (see portableWebP).
const webpSearchesAtStartUp = false
