package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"portfolio/cli/internal/imagecheck/imagetest"
)

// At most Transforms images are made at once and Queue more wait; a
// request beyond them is answered 503 with Retry-After at once, and the
// waiting ones are made when a slot frees.
func TestTransformsAtOnceAreBounded(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "img"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "img", "a.jpg"), imagetest.JPEG(40, 30), 0o644); err != nil {
		t.Fatal(err)
	}
	cdn, err := NewImageCDN(dir, nil, nil, ImageCDNConfig{CacheDir: t.TempDir(), Transforms: 1, Queue: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer cdn.Close()
	started, release := make(chan struct{}, 8), make(chan struct{})
	transforming = func() { started <- struct{}{}; <-release }
	defer func() { transforming = func() {} }()

	ask := func(w int) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		cdn.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/.netlify/images?url=/img/a.jpg&w=%d", w), nil))
		return rec
	}
	var wg sync.WaitGroup
	answers := make([]*httptest.ResponseRecorder, 2)
	wg.Go(func() { answers[0] = ask(10) })
	<-started // the first holds the only slot
	wg.Go(func() { answers[1] = ask(11) })
	for deadline := time.Now().Add(5 * time.Second); cdn.waiting.Load() < 2; {
		if time.Now().After(deadline) {
			t.Fatal("the second request never waited for the slot")
		}
		time.Sleep(time.Millisecond)
	}
	thirdDone := make(chan *httptest.ResponseRecorder)
	go func() { thirdDone <- ask(12) }()
	var third *httptest.ResponseRecorder
	select {
	case third = <-thirdDone:
	case <-time.After(5 * time.Second):
		close(release)
		t.Fatal("a request beyond the queue waited for a slot: want 503 at once")
	}
	if third.Code != http.StatusServiceUnavailable || third.Header().Get("Retry-After") == "" || !strings.Contains(third.Body.String(), "try again") {
		t.Errorf("beyond the queue: %d, Retry-After %q, %q; want 503 at once", third.Code, third.Header().Get("Retry-After"), third.Body.String())
	}
	close(release)
	wg.Wait()
	for i, a := range answers {
		if a.Code != http.StatusOK {
			t.Errorf("request %d, in a slot or the queue: %d %s", i+1, a.Code, a.Body.String())
		}
	}
}

// The cache forgets the least recently used file first (a read counts as
// a use), stores nothing larger than itself, and on opening removes what
// a crash left half-written and trims what is over its bound.
func TestDiskCache(t *testing.T) {
	dir := t.TempDir()
	c := newDiskCache(dir, 30, 100)
	kb := func(n int) []byte { return []byte(strings.Repeat("x", n)) }
	for _, name := range []string{"a", "b", "c"} {
		if err := c.put(name, kb(10)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond) // distinct times of use
	}
	f, _, ok := c.get("a") // a is now the most recent
	if !ok {
		t.Fatal("a is not cached")
	}
	f.Close()
	if err := c.put("d", kb(10)); err != nil {
		t.Fatal(err)
	}
	if got := names(t, dir); got != "a c d" {
		t.Errorf("after a fourth file: %q, want the least recently used (b) gone", got)
	}
	if err := c.put("huge", kb(31)); err != nil {
		t.Fatal(err)
	}
	if got := names(t, dir); got != "a c d" {
		t.Errorf("a file larger than the cache was stored: %q", got)
	}

	if err := os.WriteFile(filepath.Join(dir, ".e.tmp-123"), kb(5), 0o644); err != nil {
		t.Fatal(err)
	}
	small := newDiskCache(dir, 20, 100)
	if _, _, ok := small.get("x"); ok {
		t.Fatal("x is cached")
	}
	if got := names(t, dir); strings.Contains(got, "tmp") || strings.Count(got, " ") != 1 {
		t.Errorf("a new cache of 20 bytes over the folder: %q, want the temporary gone and two files of 10 bytes", got)
	}
}

func names(t *testing.T, dir string) string {
	t.Helper()
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range list {
		out = append(out, e.Name())
	}
	return strings.Join(out, " ")
}

// Whatever the query, parsing it gives a refusal or values within the
// bounds, and never panics.
func FuzzParseTransform(f *testing.F) {
	for _, seed := range []string{
		"url=/img/a.jpg&w=800", "url=/img/a.jpg&w=100000", "url=/img/../a.jpg", "url=https://x/a.jpg",
		"url=/img/a.jpg&fit=cover&w=1&h=1&position=left&fm=webp&q=75", "url=%2Fimg%2Fa.jpg&q=0", "url=/a.jpg&fm=avif", "%zz",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, query string) {
		tr, e := parseTransform(query)
		if e != nil {
			if e.status < 400 || e.status > 599 || e.reason == "" {
				t.Fatalf("refusal %d %q", e.status, e.reason)
			}
			return
		}
		if !strings.HasPrefix(tr.path, "/") || slices.Contains(strings.Split(tr.path, "/"), "..") || tr.w < 0 || tr.w > MaxDimension || tr.h < 0 || tr.h > MaxDimension || tr.quality < 1 || tr.quality > 100 {
			t.Fatalf("accepted %+v", tr)
		}
	})
}
