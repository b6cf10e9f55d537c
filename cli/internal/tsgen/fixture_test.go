package tsgen

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"sync"
	"testing"
	"time"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/videocheck/videotest"
)

// The fixture content is testdata/content with its videos, which ffmpeg
// makes once per run in a copy (no video is committed).
var (
	fixtureOnce sync.Once
	fixtureDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if fixtureDir != "" {
		os.RemoveAll(fixtureDir)
	}
	os.Exit(code)
}

func fixture(t *testing.T) string {
	t.Helper()
	videotest.FFmpeg(t)
	fixtureOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tsgen-fixture-")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(dir, os.DirFS("testdata/content")); err != nil {
			t.Fatal(err)
		}
		videotest.Fill(t, dir)
		fixtureDir = dir
	})
	if fixtureDir == "" {
		t.Fatal("the fixture content could not be made (see the first failure)")
	}
	return fixtureDir
}

// loadFixture loads the fixture content. What its videos' bytes give (the
// hash in their names, their size, the codec level) is replaced by values
// made from the path, as fakeAssets does for images, so the golden files
// do not change with the ffmpeg version.
func loadFixture(t *testing.T) (c *content.Content, errors []string) {
	t.Helper()
	return loadFixtureFrom(t, fixture(t))
}

// loadFixtureFrom loads a copy of the fixture content at dir, as
// loadFixture does.
func loadFixtureFrom(t *testing.T, dir string) (c *content.Content, errors []string) {
	t.Helper()
	c, diags, err := content.Load(dir, content.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		if d.Severity == diag.Error {
			errors = append(errors, d.Position()+": "+d.Message)
		}
	}
	for _, p := range c.Projects {
		for rel, v := range p.Videos {
			sum := sha256.Sum256([]byte(p.Slug + "/" + rel))
			v.Hash = hex.EncodeToString(sum[:])
			v.Info.Size = 10_000 + int64(sum[0])*100
			v.Info.Duration = v.Info.Duration.Round(time.Second)
			switch v.Info.Container {
			case "mp4":
				v.Info.Type = `video/mp4; codecs="avc1.64000d,mp4a.40.2"`
			case "webm":
				v.Info.Type = `video/webm; codecs="vp9,opus"`
			}
			p.Videos[rel] = v
		}
		for rel, c := range p.Captions {
			sum := sha256.Sum256([]byte(p.Slug + "/" + rel))
			c.Hash = hex.EncodeToString(sum[:])
			p.Captions[rel] = c
		}
	}
	return c, errors
}
