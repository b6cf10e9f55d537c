package main_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/metastrip/metatest"
	"portfolio/cli/internal/photofacts"
)

// The hosted editor's strip (site/admin/upload.js around
// cli/cmd/metastrip-wasm, decision 0084) run by node on the requests Decap
// sends: GitHub's blob, the local backend's persistMedia and persistEntry.
// Each image leaves as metastrip.Upload makes it here, byte for byte (the
// pixels and the photo's facts kept, nothing Scan names left); what is no
// image leaves as it came; an image that carries a GPS position and cannot
// be read is answered 422 and never sent. This ties the JavaScript that
// finds the images to the Go that strips them. (It lived beside the local
// proxy, package uploadstrip, until decision 0120 removed that proxy; what
// it tests is this command's and upload.js's.)
func TestBrowserStrip(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the browser's strip is tested where it is (CI)")
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "metastrip.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the strip as WebAssembly: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	upload, err := filepath.Abs("../../../site/admin/upload.js")
	if err != nil {
		t.Fatal(err)
	}

	jpg, png := metatest.JPEG(64, 48), metatest.PNG(32, 24)
	webp, err := metatest.WebP(32, 24)
	if err != nil {
		t.Fatal(err)
	}
	plain := imagetest.JPEG(16, 16) // an image that carries nothing
	broken := jpg[:300]             // its EXIF whole, its image data cut
	text := []byte("# Notes\n")
	b64 := base64.StdEncoding.EncodeToString
	blob := func(data []byte) string { return `{"content":"` + b64(data) + `","encoding":"base64"}` }
	asset := func(name string, data []byte) string {
		return `{"path":"content/projects/p/gallery/` + name + `","content":"` + b64(data) + `","encoding":"base64"}`
	}
	cases := []struct {
		name    string
		body    string
		request bool     // sent as a Request object rather than a body in init
		sent    [][]byte // the files the request that left carries, in order; nil: refused
	}{
		{"github blob, JPEG", blob(jpg), false, [][]byte{jpg}},
		{"github blob, PNG", blob(png), false, [][]byte{png}},
		{"github blob, WebP", blob(webp), false, [][]byte{webp}},
		{"github blob as a Request", blob(jpg), true, [][]byte{jpg}},
		{"github blob, nothing to remove", blob(plain), false, [][]byte{plain}},
		{"github blob, text", blob(text), false, [][]byte{text}},
		{"persistMedia", `{"action":"persistMedia","params":{"branch":"main","asset":` + asset("04.jpg", jpg) + `}}`, false, [][]byte{jpg}},
		{"persistEntry", `{"action":"persistEntry","params":{"dataFiles":[{"path":"p.yaml","raw":"title: x"}],"assets":[` +
			asset("a.txt", text) + `,` + asset("b.png", png) + `,` + asset("c.webp", webp) + `]}}`, false, [][]byte{text, png, webp}},
		{"broken JPEG with GPS", blob(broken), false, nil},
		{"persistEntry with a broken JPEG", `{"action":"persistEntry","params":{"assets":[` + asset("ok.png", png) + `,` + asset("IMG_0042.jpg", broken) + `]}}`, false, nil},
	}
	var bodies []map[string]any
	for _, c := range cases {
		bodies = append(bodies, map[string]any{"body": c.body, "request": c.request})
	}
	in, _ := json.Marshal(bodies)
	script := `
import { readFileSync } from 'node:fs';
await import(process.argv[1]);
const { stripping } = await import(process.argv[2]);
const wasm = readFileSync(process.argv[3]);
let loaded;
const load = () => (loaded ??= (async () => {
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(wasm, go.importObject);
  void go.run(instance);
  return globalThis.portfolioStripImage;
})());
const results = [];
for (const c of JSON.parse(readFileSync(0, 'utf8'))) {
  let sent = null;
  const send = async (input, init) => {
    sent = input instanceof Request ? await input.text() : init.body;
    return new Response('{}', { status: 201 });
  };
  const f = stripping(send, load);
  const url = 'https://api.github.com/repos/o/r/git/blobs';
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json' } };
  const res = c.request ? await f(new Request(url, { ...init, body: c.body })) : await f(url, { ...init, body: c.body });
  results.push({ status: res.status, answer: await res.text(), sent });
}
process.stdout.write(JSON.stringify(results));
process.exit(0);
`
	run := exec.Command(node, "--input-type=module", "-e", script, "--",
		"file://"+filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), "file://"+upload, wasm)
	run.Stdin = bytes.NewReader(in)
	run.Stderr = os.Stderr
	out, err := run.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var results []struct {
		Status int
		Answer string
		Sent   *string
	}
	if err := json.Unmarshal(out, &results); err != nil || len(results) != len(cases) {
		t.Fatalf("node's results %.300s: %v", out, err)
	}
	for i, c := range cases {
		r := results[i]
		if c.sent == nil {
			if r.Status != 422 || r.Sent != nil || !strings.Contains(r.Answer, "carries its GPS position") {
				t.Errorf("%s: status %d, answer %s, sent %v; want 422 naming the GPS position, nothing sent", c.name, r.Status, r.Answer, r.Sent != nil)
			}
			continue
		}
		if r.Status != 201 || r.Sent == nil {
			t.Errorf("%s: status %d (%s), want it sent", c.name, r.Status, r.Answer)
			continue
		}
		if c.name == "github blob, text" && *r.Sent != c.body {
			t.Errorf("%s: sent %s, want the body as it came", c.name, *r.Sent)
		}
		files := sentFiles(t, *r.Sent)
		if len(files) != len(c.sent) {
			t.Errorf("%s: %d files sent, want %d", c.name, len(files), len(c.sent))
			continue
		}
		for k, orig := range c.sent {
			want, _, err := metastrip.Upload(orig)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(files[k], want) {
				t.Errorf("%s, file %d: the browser sent %d bytes unlike the %d metastrip.Upload makes", c.name, k, len(files[k]), len(want))
			}
			if left, _ := metastrip.Scan(bytes.NewReader(files[k]), int64(len(files[k]))); len(left) > 0 {
				t.Errorf("%s, file %d: still carries %v", c.name, k, left)
			}
			if bytes.Contains(files[k], []byte(metatest.Serial)) {
				t.Errorf("%s, file %d: the serial number %s is still in it", c.name, k, metatest.Serial)
			}
		}
		if bytes.HasPrefix(c.sent[0], []byte{0xFF, 0xD8}) {
			if got, want := photofacts.JPEGBytes(files[0]), photofacts.JPEGBytes(c.sent[0]); got != want {
				t.Errorf("%s: the photo's facts are %+v, want %+v", c.name, got, want)
			}
			if sos := bytes.Index(c.sent[0], []byte{0xFF, 0xDA}); !bytes.HasSuffix(files[0], c.sent[0][sos:]) {
				t.Errorf("%s: the image data is not the original's byte for byte", c.name)
			}
		}
	}
}

// sentFiles decodes the base64 contents of a request body, in order.
func sentFiles(t *testing.T, body string) [][]byte {
	t.Helper()
	var files [][]byte
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if s, ok := v["content"].(string); ok && v["encoding"] == "base64" {
				b, err := base64.StdEncoding.DecodeString(s)
				if err != nil {
					t.Fatalf("sent content is not base64: %v", err)
				}
				files = append(files, b)
				return
			}
			for _, k := range []string{"asset", "assets", "params", "dataFiles"} {
				if x, ok := v[k]; ok {
					walk(x)
				}
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	var v any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("sent body is not JSON: %v", err)
	}
	walk(v)
	return files
}
