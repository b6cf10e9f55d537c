package uploadstrip_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/metastrip"
	"portfolio/cli/internal/metastrip/metatest"
	"portfolio/cli/internal/uploadstrip"
)

// An upload through the editor's local backend API, as Decap sends it
// (persistMedia from the media library, persistEntry with an entry's new
// images), lands in content/ without GPS position or serial numbers: the
// real decap-server behind the proxy writes the files, and they are read
// back from the disk.
func TestUploadThroughDecapServer(t *testing.T) {
	decap, repo := startDecap(t)
	var log bytes.Buffer
	proxy := httptest.NewServer(uploadstrip.New(decap, &log))
	defer proxy.Close()

	png := metatest.PNG(24, 16)
	for _, tt := range []struct {
		name, path string
		body       any
	}{
		{"persistMedia", "content/projects/wedding/gallery/01-vows.jpg", map[string]any{
			"action": "persistMedia",
			"params": map[string]any{"branch": "main", "asset": asset("content/projects/wedding/gallery/01-vows.jpg", metatest.JPEG(32, 24)),
				"options": map[string]any{"commitMessage": "Upload"}},
		}},
		{"persistEntry", "content/projects/wedding/gallery/02-dance.png", map[string]any{
			"action": "persistEntry",
			"params": map[string]any{"branch": "main",
				"dataFiles": []any{map[string]any{"slug": "wedding", "path": "content/projects/wedding/project.yaml", "raw": "title: The Wedding\n"}},
				"assets":    []any{asset("content/projects/wedding/cover.jpg", imagetest.JPEG(16, 16)), asset("content/projects/wedding/gallery/02-dance.png", png)},
				"options":   map[string]any{"collectionName": "projects", "commitMessage": "Update", "useWorkflow": false, "status": "draft"}},
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body, _ := json.Marshal(tt.body)
			res, err := http.Post(proxy.URL+"/api/v1", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %s: %s", tt.name, res.Status, answer)
			}
			file := filepath.Join(repo, filepath.FromSlash(tt.path))
			found, err := metastrip.ScanFile(file)
			if err != nil {
				t.Fatalf("the file the backend wrote: %v", err)
			}
			data, _ := os.ReadFile(file)
			if len(found) > 0 || bytes.Contains(data, []byte(metatest.Serial)) {
				t.Errorf("%s still carries %q", tt.path, found)
			}
		})
	}
	if data, err := os.ReadFile(filepath.Join(repo, "content/projects/wedding/cover.jpg")); err != nil || !bytes.Equal(data, imagetest.JPEG(16, 16)) {
		t.Errorf("an image with nothing to strip was changed (%v)", err)
	}
	if raw, _ := os.ReadFile(filepath.Join(repo, "content/projects/wedding/project.yaml")); string(raw) != "title: The Wedding\n" {
		t.Errorf("the entry's file: %q", raw)
	}
	for _, want := range []string{"stripped the upload content/projects/wedding/gallery/01-vows.jpg: GPS position, camera serial number, lens serial number",
		"stripped the upload content/projects/wedding/gallery/02-dance.png: "} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log does not say %q:\n%s", want, log.String())
		}
	}
}

// Bad input: an image that carries a GPS position and cannot be read is
// refused, never passed on; what is not an upload passes as sent.
func TestStrip(t *testing.T) {
	broken := metatest.JPEG(32, 24)[:300]
	body, _ := json.Marshal(map[string]any{"action": "persistMedia", "params": map[string]any{"asset": asset("a.jpg", broken)}})
	if _, _, err := uploadstrip.Strip(body); err == nil || !strings.Contains(err.Error(), "a.jpg carries its GPS position") {
		t.Errorf("a broken image with GPS: %v, want it refused", err)
	}
	for _, in := range []string{`{"action":"getMedia","params":{"mediaFolder":"x"}}`, `not json`,
		`{"action":"persistMedia","params":{"asset":{"path":"a.txt","content":"aGk=","encoding":"base64"}}}`} {
		out, done, err := uploadstrip.Strip([]byte(in))
		if err != nil || string(out) != in || done != nil {
			t.Errorf("Strip(%s) = %s, %v, %v; want it unchanged", in, out, done, err)
		}
	}
}

func asset(path string, data []byte) map[string]any {
	return map[string]any{"path": path, "content": base64.StdEncoding.EncodeToString(data), "encoding": "base64"}
}

// startDecap runs the site's decap-server (MODE=fs) on a free loopback
// port over a new folder: its address and the folder. It skips without
// Node or the site's npm packages.
func startDecap(t *testing.T) (*url.URL, string) {
	t.Helper()
	server, err := filepath.Abs("../../../site/node_modules/decap-server/dist/index.js")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(server); err != nil {
		t.Skip("decap-server is not installed: npm ci --prefix site")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	repo := t.TempDir()
	cmd := exec.Command("node", server)
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "BIND_HOST=127.0.0.1", "MODE=fs", "GIT_REPO_DIRECTORY="+repo, "LOG_LEVEL=warn")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("decap-server did not answer on %s within 30 s", addr)
		}
	}
	return &url.URL{Scheme: "http", Host: addr}, repo
}
