package messages

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/golden"
	"portfolio/cli/internal/iostreams"
	"portfolio/cli/internal/messages"
	"portfolio/cli/internal/netlifyblobs/blobstest"
)

func TestActivityFlags(t *testing.T) {
	tests := []struct {
		args      []string
		env       map[string]string
		wantUsage string
		want      Options
	}{
		{args: []string{"--activity", "smith"}, want: Options{Activity: "smith", DataDir: "data"}},
		{args: []string{"--activity", "smith", "--json"}, want: Options{Activity: "smith", DataDir: "data", JSON: true}},
		{args: []string{"--activity", "smith", "--netlify"}, env: map[string]string{"NETLIFY_SITE_ID": "s", "NETLIFY_AUTH_TOKEN": "t", "NETLIFY_API_URL": "http://127.0.0.1:1"},
			want: Options{Activity: "smith", DataDir: "data", Netlify: &Netlify{API: "http://127.0.0.1:1", SiteID: "s", Token: "t"}}},
		{args: []string{"--activity", "smith", "--csv"}, wantUsage: "--activity cannot be used with --favourites or --csv"},
		{args: []string{"--activity", "smith", "--favourites", "smith"}, wantUsage: "--activity cannot be used with --favourites or --csv"},
		{args: []string{"--netlify"}, wantUsage: "--netlify reads the host's record: use it with --activity SLUG or --favourites SLUG"},
		{args: []string{"--favourites", "smith", "--netlify"}, env: map[string]string{"NETLIFY_SITE_ID": "s", "NETLIFY_AUTH_TOKEN": "t"},
			want: Options{DataDir: "data", Netlify: &Netlify{SiteID: "s", Token: "t"}}},
		{args: []string{"--activity", "smith", "--netlify"}, env: map[string]string{"NETLIFY_SITE_ID": "s"}, wantUsage: "--netlify needs NETLIFY_SITE_ID"},
		{args: []string{"--activity", "smith", "--netlify"}, env: map[string]string{"NETLIFY_AUTH_TOKEN": "t"}, wantUsage: "--netlify needs NETLIFY_SITE_ID"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			for _, k := range []string{"NETLIFY_SITE_ID", "NETLIFY_AUTH_TOKEN", "NETLIFY_API_URL"} {
				t.Setenv(k, tt.env[k])
			}
			ios, _, _, _ := iostreams.Test()
			var got *Options
			cmd := NewCmdMessages(&cmdutil.Factory{IOStreams: ios}, func(o *Options) error { got = o; return nil })
			cmd.Flags().String("content", "content", "the root's flag (cli/internal/app)")
			cmd.SetArgs(tt.args)
			cmd.SilenceErrors, cmd.SilenceUsage = true, true
			err := cmd.Execute()
			if tt.wantUsage != "" {
				var ue *cmdutil.UsageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.wantUsage) {
					t.Fatalf("err = %v, want usage error %q", err, tt.wantUsage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Activity != tt.want.Activity || got.JSON != tt.want.JSON || (got.Netlify == nil) != (tt.want.Netlify == nil) ||
				got.Netlify != nil && *got.Netlify != *tt.want.Netlify {
				t.Errorf("options = %+v (netlify %+v), want %+v (netlify %+v)", got, got.Netlify, tt.want, tt.want.Netlify)
			}
		})
	}
}

var berlin = time.FixedZone("CET", 3600)

func TestWriteActivity(t *testing.T) {
	at := func(s string) time.Time {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	events := []messages.Event{
		{Slug: "s", Client: "Ann\u202eevil", Kind: messages.Download, File: "a\x1b]0;x\x07.jpg", At: at("2026-11-28T10:00:00Z")},
		{Slug: "s", Kind: messages.Opened, At: at("2026-11-27T09:00:00Z")},
		{Slug: "s", Client: "Ann\u202eevil", Kind: messages.Opened, At: at("2026-11-28T09:00:00Z")},
		{Slug: "s", Kind: messages.Favourites, Photos: 1, At: at("2026-11-27T09:05:00Z")},
		{Slug: "s", Kind: messages.Favourites, Photos: 12, At: at("2026-11-27T11:05:00Z")},
	}
	var b bytes.Buffer
	if err := writeActivity(&b, "s", "Title \x1b[2J", summarize(events), berlin); err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "activity.txt"), b.Bytes())
}

// The host's record, read through Netlify's API from a real BlobsServer:
// the project's events, whatever order the keys come in; a record that is
// not one of its events is left out and said so; another project's are
// not read.
func TestHostEvents(t *testing.T) {
	api := blobstest.Start(t, "tok", "site-1", map[string]map[string]string{
		ActivityStore: {
			"smith/2026-11-27T09-00-00-000Z-aaaaaaaaaaaa.json":  `{"slug":"smith","client":"","kind":"opened","at":"2026-11-27T09:00:00.000Z"}`,
			"smith/2026-11-27T09-05-00-000Z-bbbbbbbbbbbb.json":  `{"slug":"smith","client":"","kind":"favourites","photos":3,"at":"2026-11-27T09:05:00.000Z"}`,
			"smith/2026-11-27T09-06-00-000Z-cccccccccccc.json":  `{"slug":"smith","client":"Jo","kind":"download","file":"smith-web.zip","at":"2026-11-27T09:06:00.000Z"}`,
			"smith/2026-11-27T09-07-00-000Z-dddddddddddd.json":  `{"slug":"other","client":"","kind":"opened","at":"2026-11-27T09:07:00.000Z"}`,
			"smith/2026-11-27T09-08-00-000Z-eeeeeeeeeeee.json":  `{"slug":"smith","client":"","kind":"visited","at":"2026-11-27T09:08:00.000Z"}`,
			"smith/2026-11-27T09-09-00-000Z-ffffffffffff.json":  `not json`,
			"smithy/2026-11-27T09-00-00-000Z-aaaaaaaaaaaa.json": `{"slug":"smithy","client":"","kind":"opened","at":"2026-11-27T09:00:00.000Z"}`,
		},
	})
	ios, _, _, errOut := iostreams.Test()
	opts := &Options{IO: ios, Netlify: &Netlify{API: api, SiteID: "site-1", Token: "tok"}}
	events, err := hostEvents(context.Background(), opts, "smith")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := writeActivity(&b, "smith", "Smith", summarize(events), time.UTC); err != nil {
		t.Fatal(err)
	}
	want := `Activity on “Smith” (smith), oldest first:

(project secret)
  first opened  2026-11-27 09:00 UTC, once
  favourites    2026-11-27 09:05 UTC  3 photos

Jo
  first opened  not recorded (opened before activity was kept)
  download      2026-11-27 09:06 UTC  smith-web.zip
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	for _, line := range []string{
		`Left out smith/2026-11-27T09-07-00-000Z-dddddddddddd.json: it names the project "other".`,
		`Left out smith/2026-11-27T09-08-00-000Z-eeeeeeeeeeee.json: its kind "visited" is none of opened, favourites, download.`,
		`Left out smith/2026-11-27T09-09-00-000Z-ffffffffffff.json: it is not an event's JSON.`,
	} {
		if !strings.Contains(errOut.String(), line+"\n") {
			t.Errorf("stderr %q lacks %q", errOut.String(), line)
		}
	}

	// A wrong token: the error says what to check.
	opts.Netlify.Token = "wrong"
	if _, err := hostEvents(context.Background(), opts, "smith"); err == nil || !strings.Contains(err.Error(), "NETLIFY_AUTH_TOKEN") {
		t.Errorf("wrong token: %v", err)
	}
}

// The favourites lists the Edge Function stored (favourites.mjs record),
// read from a real BlobsServer as the messages serve would have stored:
// oldest first, numbered; another project's record, or one that cannot be
// read, is left out and said so.
func TestHostFavourites(t *testing.T) {
	list := func(slug, name, received, photos string) string {
		return `{"form":"favourites","slug":"` + slug + `","project":"Smith","name":"` + name + `","email":"` + strings.ToLower(name) + `@example.com","note":"","photos":[],"received":"` + received + `","message":"Favourites from “Smith” (1 photo):\n` + photos + `\n"}`
	}
	api := blobstest.Start(t, "tok", "site-1", map[string]map[string]string{
		FavouritesStore: {
			"smith/2026-11-28T10-00-00-000Z-bbbbbbbbbbbb.json": list("smith", "Bob", "2026-11-28T10:00:00.000Z", "IMG_2.jpg"),
			"smith/2026-11-27T10-00-00-000Z-aaaaaaaaaaaa.json": list("smith", "Ann", "2026-11-27T10:00:00.000Z", "IMG_1.jpg"),
			"smith/2026-11-29T10-00-00-000Z-cccccccccccc.json": list("other", "Eve", "2026-11-29T10:00:00.000Z", "IMG_3.jpg"),
			"smith/2026-11-29T11-00-00-000Z-dddddddddddd.json": `{"slug":"smith","received":"yesterday"}`,
		},
	})
	ios, _, _, errOut := iostreams.Test()
	opts := &Options{IO: ios, Netlify: &Netlify{API: api, SiteID: "site-1", Token: "tok"}}
	msgs, err := hostFavourites(context.Background(), opts, "smith")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range msgs {
		got = append(got, fmt.Sprintf("%d %s <%s> %s %q", m.ID, m.Name, m.Email, m.ReceivedAt.Format(time.RFC3339), m.Body))
	}
	want := []string{
		`1 Ann <ann@example.com> 2026-11-27T10:00:00Z "Favourites from “Smith” (1 photo):\nIMG_1.jpg\n"`,
		`2 Bob <bob@example.com> 2026-11-28T10:00:00Z "Favourites from “Smith” (1 photo):\nIMG_2.jpg\n"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lists:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, key := range []string{"smith/2026-11-29T10-00-00-000Z-cccccccccccc.json", "smith/2026-11-29T11-00-00-000Z-dddddddddddd.json"} {
		if line := "Left out " + key + ": it is not a favourites list of smith.\n"; !strings.Contains(errOut.String(), line) {
			t.Errorf("stderr %q lacks %q", errOut.String(), line)
		}
	}
}
