//go:build !cgo && !nodynamic

package images

// gen2brain/webp's initialiser looks for the system's libwebp.so and
// libwebpdemux.so, and opens them when found (see portableWebP).
const webpSearchesAtStartUp = true
