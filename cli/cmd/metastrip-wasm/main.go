//go:build js && wasm

// Command metastrip-wasm is the browser editor's strip (decision 0084):
// metastrip.Upload compiled to WebAssembly, which /admin's script
// (site/admin/upload.js) runs on each image the hosted editor sends to
// GitHub, so a photo uploaded in the browser loses its GPS position and
// serial numbers before it leaves the browser, as one imported by the
// command line or saved through `portfolio dev --editor` does. Built by
// site/scripts/admin.mjs (GOOS=js GOARCH=wasm).
//
// It sets globalThis.portfolioStripImage(bytes: Uint8Array) →
// {data: Uint8Array, found: string[]} | {error: string}.
package main

import (
	"syscall/js"

	"portfolio/cli/internal/metastrip"
)

func main() {
	js.Global().Set("portfolioStripImage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return map[string]any{"error": "portfolioStripImage takes one Uint8Array"}
		}
		in := make([]byte, args[0].Get("length").Int())
		js.CopyBytesToGo(in, args[0])
		out, found, err := metastrip.Upload(in)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		data := js.Global().Get("Uint8Array").New(len(out))
		js.CopyBytesToJS(data, out)
		names := make([]any, len(found))
		for i, f := range found {
			names[i] = f
		}
		return map[string]any{"data": data, "found": names}
	}))
	select {} // the function lives as long as the page
}
