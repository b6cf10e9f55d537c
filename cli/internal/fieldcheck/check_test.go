package fieldcheck

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck/imagetest"
	"portfolio/cli/internal/videocheck/videotest"
)

// wantErr checks a validator's result: want "" means valid, otherwise the
// message must contain want (and the hint must contain hint).
func wantErr(t *testing.T, err error, want, hint string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatalf("err = %v, want none", err)
		}
		return
	}
	var fe *FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v (%T), want a *FieldError containing %q", err, err, want)
	}
	if !strings.Contains(fe.Msg, want) || !strings.Contains(fe.Hint, hint) {
		t.Fatalf("got %q (hint %q), want %q (hint %q)", fe.Msg, fe.Hint, want, hint)
	}
}

func TestTextValidators(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	tests := []struct {
		name      string
		validate  func(string) error
		in        string
		want, hnt string
	}{
		{"title ok", detailCheck("title"), "Drone Photography", "", ""},
		{"title empty", detailCheck("title"), "   ", `"title" must not be empty`, "write some text"},
		{"title max", detailCheck("title"), long(80), "", ""},
		{"title long", detailCheck("title"), long(81), `"title" is too long: 81 characters, at most 80 allowed`, "shorten it"},
		{"subtitle ok", detailCheck("subtitle"), "Aerial photography", "", ""},
		{"subtitle empty", detailCheck("subtitle"), "", `"subtitle" must not be empty`, ""},
		{"subtitle long", detailCheck("subtitle"), long(161), `"subtitle" is too long: 161 characters, at most 160 allowed`, ""},
		{"role ok", detailCheck("role"), "Photographer", "", ""},
		{"role empty", detailCheck("role"), "", `"role" must not be empty`, ""},
		{"role long", detailCheck("role"), long(121), `"role" is too long: 121 characters, at most 120 allowed`, ""},
		{"category ok", ValidateCategory, "Branding", "", ""},
		{"category empty", ValidateCategory, "", `"category" must not be empty`, ""},
		{"category long", ValidateCategory, long(41), `"category" is too long: 41 characters, at most 40 allowed`, ""},
		{"page ok", ValidatePage, "higher-education", "", ""},
		{"page empty", ValidatePage, "", `"page" must not be empty`, ""},
		{"description ok", ValidateDescription, "Aerial photos of *campuses*.", "", ""},
		{"description empty", ValidateDescription, "", `"description" must not be empty`, ""},
		{"description long", ValidateDescription, long(301), `"description" is too long: 301 characters, at most 300 allowed`, ""},
		{"description html", ValidateDescription, "A <b>bold</b> claim", "(the description also starts the page's text)", ""},
		{"skills ok", detailCheck("skills"), "Figma, Photoshop", "", ""},
		{"skills empty", detailCheck("skills"), " , ", `"skills" needs at least 1 item, has 0`, ""},
		{"skills duplicate", detailCheck("skills"), "Figma, Sketch, Figma", `"skills" lists the same item twice (items 1 and 3)`, "remove the repeated item"},
		{"skills item long", detailCheck("skills"), "Figma, " + long(41), `item 2 of "skills" is too long: 41 characters, at most 40 allowed`, ""},
		{"skills too many", detailCheck("skills"), "a,b,c,d,e,f,g,h,i,j,k,l,m", `"skills" has 13 items, at most 12 allowed`, "remove some items"},
		{"slug ok", ValidateSlug, "drone-photography", "", ""},
		{"slug upper", ValidateSlug, "Drone", `the folder name "Drone" is not a valid slug: it becomes the page address /projects/Drone`, "use drone"},
		{"slug spaces", ValidateSlug, "my project", "is not a valid slug", "use my-project"},
		{"slug double hyphen", ValidateSlug, "a--b", "is not a valid slug", "use a-b"},
		{"slug empty", ValidateSlug, "", "is not a valid slug", "e.g. my-project"},
		{"slug long", ValidateSlug, long(81), "(at most 80 characters)", ""},
		{"document label ok", ValidateDocumentLabel, "Read the Memo", "", ""},
		{"document label empty", ValidateDocumentLabel, "", `"label" must not be empty`, ""},
		{"document label long", ValidateDocumentLabel, long(61), `"label" is too long: 61 characters, at most 60 allowed`, ""},
		{"document url ok", ValidateDocumentURL, "https://example.com/memo.pdf", "", ""},
		{"document url http", ValidateDocumentURL, "http://example.com/memo.pdf", `"url" must be an absolute https:// URL (e.g. https://example.com/page); got "http://example.com/memo.pdf"`, ""},
		{"document url no host", ValidateDocumentURL, "https://localhost", "must be an absolute https:// URL", ""},
		{"prototype title ok", ValidatePrototypeTitle, "Prototype of the portal", "", ""},
		{"prototype title empty", ValidatePrototypeTitle, "", `"title" must not be empty`, ""},
		{"prototype url ok", ValidatePrototypeURL, "https://embed.figma.com/proto/abc", "", ""},
		{"prototype url other host", ValidatePrototypeURL, "https://example.com/proto", `"url" must be a Figma embed URL (https://www.figma.com/embed?… or https://embed.figma.com/…): only that host may be framed`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantErr(t, tt.validate(tt.in), tt.want, tt.hnt) })
	}
}

func TestValidateNewSlug(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "projects", "Alpha"), 0o755); err != nil {
		t.Fatal(err)
	}
	wantErr(t, ValidateNewSlug(dir, "beta"), "", "")
	err := ValidateNewSlug(dir, "alpha")
	wantErr(t, err, `a project with the slug "alpha" already exists: `+filepath.Join(dir, "projects", "Alpha"), "choose another slug")
	if !errors.Is(err, ErrExists) {
		t.Errorf("errors.Is(%v, ErrExists) = false", err)
	}
	wantErr(t, ValidateNewSlug(dir, "Bad Slug"), "is not a valid slug", "use bad-slug")
	wantErr(t, ValidateNewSlug(filepath.Join(dir, "none"), "alpha"), "", "")
}

func writeFile(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestValidateCover(t *testing.T) {
	dir := t.TempDir()
	jpg := writeFile(t, filepath.Join(dir, "photo.JPG"), imagetest.JPEG(40, 30))
	png := writeFile(t, filepath.Join(dir, "shot.png"), imagetest.PNG(40, 30))
	gif := writeFile(t, filepath.Join(dir, "anim.gif"), []byte("GIF89a"))
	text := writeFile(t, filepath.Join(dir, "notes.jpg"), []byte("hello there, not a photo"))
	misnamed := writeFile(t, filepath.Join(dir, "real.webp"), imagetest.PNG(10, 10))
	truncated := writeFile(t, filepath.Join(dir, "cut.jpg"), imagetest.JPEG(40, 30)[:200])
	bomb := writeFile(t, filepath.Join(dir, "bomb.png"), imagetest.PNGHeaderOnly(100000, 100000))
	tests := []struct {
		name, path, want, hint string
	}{
		{"jpeg", jpg, "", ""},
		{"png", png, "", ""},
		{"empty", "", `"cover" must not be empty`, ""},
		{"missing", filepath.Join(dir, "nope.jpg"), "file not found: " + filepath.Join(dir, "nope.jpg"), "check the path"},
		{"folder", dir, dir + " is not a file", "point to an image file"},
		{"gif", gif, `"cover" must be the path of a .jpg, .jpeg, .png or .webp file inside the project folder; got "anim.gif"`, ""},
		{"text", text, text + ": not an image: the file does not start like a JPEG, PNG or WebP file", "export it again"},
		{"misnamed", misnamed, misnamed + ": the file is PNG data but its name ends in .webp", "rename it to end in .png"},
		{"truncated", truncated, truncated + ": the file is truncated", ""},
		{"too large", bomb, bomb + ": the image is too large: 100000×100000 px", "scale it down"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantErr(t, ValidateCover(tt.path), tt.want, tt.hint) })
	}
}

func TestExpandGallery(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"10.jpg", "2.jpg", "1.JPG", ".hidden.jpg"} {
		writeFile(t, filepath.Join(dir, "folder", name), imagetest.JPEG(20, 20))
	}
	writeFile(t, filepath.Join(dir, "folder", "notes.txt"), []byte("notes"))
	writeFile(t, filepath.Join(dir, "folder", "sub", "x.jpg"), imagetest.JPEG(20, 20))
	a := writeFile(t, filepath.Join(dir, "a.png"), imagetest.PNG(20, 20))
	b := writeFile(t, filepath.Join(dir, "b.jpg"), imagetest.JPEG(20, 20))
	writeFile(t, filepath.Join(dir, "empty", "readme.md"), []byte("x"))
	writeFile(t, filepath.Join(dir, "doc.pdf"), []byte("%PDF"))
	broken := writeFile(t, filepath.Join(dir, "broken.jpg"), []byte("nope"))
	folder := filepath.Join(dir, "folder")

	images, skipped, err := ExpandGallery([]string{b, folder, a})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{b, filepath.Join(folder, "1.JPG"), filepath.Join(folder, "2.jpg"), filepath.Join(folder, "10.jpg"), a}
	if strings.Join(images, "\n") != strings.Join(want, "\n") {
		t.Errorf("images:\n%s\nwant:\n%s", strings.Join(images, "\n"), strings.Join(want, "\n"))
	}
	if len(skipped) != 1 || skipped[0] != filepath.Join(folder, "notes.txt") {
		t.Errorf("skipped = %q", skipped)
	}

	images, _, err = ExpandGallery([]string{filepath.Join(folder, "*.jpg")})
	if err != nil || len(images) != 2 || filepath.Base(images[0]) != "2.jpg" {
		t.Errorf("pattern: images %q, err %v", images, err)
	}

	errTests := []struct {
		name    string
		sources []string
		want    string
		hint    string
	}{
		{"missing", []string{filepath.Join(dir, "nope")}, "file not found: " + filepath.Join(dir, "nope"), "check the path"},
		{"no images", []string{filepath.Join(dir, "empty")}, "the folder " + filepath.Join(dir, "empty") + " holds no image or video files", "galleries take .jpg, .jpeg, .png and .webp images and .mp4 and .webm videos"},
		{"not an image", []string{filepath.Join(dir, "doc.pdf")}, filepath.Join(dir, "doc.pdf") + " is not an image or video file", "galleries take"},
		{"broken", []string{broken}, broken + ": not an image", ""},
		{"twice", []string{a, a}, a + " is listed twice", "list each image once"},
		{"no match", []string{filepath.Join(dir, "*.webp")}, "no file matches", ""},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ExpandGallery(tt.sources)
			wantErr(t, err, tt.want, tt.hint)
		})
	}
	wantErr(t, ValidateGallery(b+", "+a), "", "")
	wantErr(t, ValidateGallery(""), "", "")
}

// A folder's videos stand among its images in file-name order, each with
// the poster beside it left out (it comes with its video); a video is
// inspected as validate does, and one that could get no poster is refused.
func TestExpandGalleryVideos(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "set")
	writeFile(t, filepath.Join(folder, "1.jpg"), imagetest.JPEG(20, 20))
	clip := videotest.Make(t, folder, "2.mp4", videotest.H264...)
	writeFile(t, filepath.Join(folder, "2.poster.jpg"), imagetest.JPEG(32, 24))
	writeFile(t, filepath.Join(folder, "10.jpg"), imagetest.JPEG(20, 20))

	images, skipped, err := ExpandGallery([]string{folder})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(images, " "); got != strings.Join([]string{filepath.Join(folder, "1.jpg"), clip, filepath.Join(folder, "10.jpg")}, " ") || len(skipped) != 0 {
		t.Errorf("images %q, skipped %q", images, skipped)
	}

	data, _ := os.ReadFile(clip)
	truncated := writeFile(t, filepath.Join(dir, "cut.mp4"), data[:len(data)/2])
	bare := videotest.Make(t, dir, "bare.mp4", videotest.H264...)
	wantErr(t, func() error { _, _, err := ExpandGallery([]string{truncated}); return err }(), truncated+": the file is truncated", "copy the whole file again")

	t.Setenv("PATH", t.TempDir()) // no ffmpeg
	_, _, err = ExpandGallery([]string{bare})
	wantErr(t, err, "bare.mp4 has no poster image beside it, and ffmpeg is not installed", "save the image the page should show before it plays as bare.poster.jpg beside bare.mp4")
	if _, _, err := ExpandGallery([]string{folder}); err != nil {
		t.Errorf("a video with its poster beside it needs no ffmpeg: %v", err)
	}
}

func TestParseSkills(t *testing.T) {
	got := ParseSkills(" Figma,, Adobe Photoshop ,")
	if strings.Join(got, "|") != "Figma|Adobe Photoshop" {
		t.Errorf("ParseSkills = %q", got)
	}
}

func TestValidateGalleryTexts(t *testing.T) {
	for _, tt := range []struct {
		name, alt, caption, want string
	}{
		{name: "empty is the default", alt: "", caption: ""},
		{name: "a description", alt: "Harbour at dusk", caption: "Winter, 2024"},
		{name: "file name", alt: "IMG_0042.jpg", want: `the alt text "IMG_0042.jpg" is a file name`},
		{name: "camera name", alt: "DSC01234", want: "camera's file name"},
		{name: "alt too long", alt: strings.Repeat("a", 251), want: "at most 250"},
		{name: "caption too long", caption: strings.Repeat("a", 301), want: "at most 300"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := errors.Join(ValidateAlt(tt.alt), ValidateCaption(tt.caption))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("err = %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestParsePaths(t *testing.T) {
	for in, want := range map[string][]string{
		"a.jpg, b.jpg":                          {"a.jpg", "b.jpg"},
		"a.jpg b.jpg":                           {"a.jpg", "b.jpg"},
		`'/home/me/My Photos/a.jpg'`:            {"/home/me/My Photos/a.jpg"},
		`"/tmp/x y.png" /tmp/z.jpg`:             {"/tmp/x y.png", "/tmp/z.jpg"},
		`/home/me/My\ Photos/a.jpg`:             {"/home/me/My Photos/a.jpg"},
		`'/tmp/it'\''s.jpg'`:                    {"/tmp/it's.jpg"},
		"  ":                                    nil,
		`photos/set, 'photos/other set/b.webp'`: {"photos/set", "photos/other set/b.webp"},
		// Dropped files pasted as URLs, percent-encoded.
		"file:///home/me/My%20Photos/a.jpg file://localhost/tmp/b%27s.jpg": {"/home/me/My Photos/a.jpg", "/tmp/b's.jpg"},
		"'file:///tmp/x%20y.png'":      {"/tmp/x y.png"},
		"file://otherhost/share/a.jpg": {"file://otherhost/share/a.jpg"},
	} {
		if got := ParsePaths(in); strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("ParsePaths(%q) = %q, want %q", in, got, want)
		}
	}
}

// Gallery answers: typed plainly, a path with spaces is one path; pasted
// from a file manager (quoted or escaped), several paths split as a shell
// would.
func TestCleanPathFileURL(t *testing.T) {
	for in, want := range map[string]string{
		"file:///home/me/My%20Photos/cover.jpg": "/home/me/My Photos/cover.jpg",
		" file:///tmp/c.jpg ":                   "/tmp/c.jpg", //nolint:gocritic // the blanks around the address are the case under test
		"photos/cover.jpg":                      "photos/cover.jpg",
	} {
		if got := CleanPath(in); got != want {
			t.Errorf("CleanPath(%q) = %q, want %q", in, got, want)
		}
		if got := ParseGallery(in); len(got) != 1 || got[0] != want {
			t.Errorf("ParseGallery(%q) = %q, want [%q]", in, got, want)
		}
	}
}

func TestParseGallery(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll("My Photos", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"My Photos/a.jpg", "b.jpg", "c.jpg"} {
		if err := os.WriteFile(f, imagetest.JPEG(4, 4), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for in, want := range map[string]string{
		"My Photos/a.jpg, b.jpg":    "My Photos/a.jpg|b.jpg",
		"'My Photos/a.jpg' 'b.jpg'": "My Photos/a.jpg|b.jpg",
		`My\ Photos/a.jpg b.jpg`:    "My Photos/a.jpg|b.jpg",
		"b.jpg c.jpg":               "b.jpg|c.jpg",
		"missing file.jpg":          "missing file.jpg",
		`"odd, name.jpg", b.jpg`:    "odd, name.jpg|b.jpg",
		"  ,  ":                     "",
	} {
		if got := strings.Join(ParseGallery(in), "|"); got != want {
			t.Errorf("ParseGallery(%q) = %q, want %q", in, got, want)
		}
	}
	if got := CleanPath(`  '/tmp/My Photos/cover.jpg' `); got != "/tmp/My Photos/cover.jpg" {
		t.Errorf("CleanPath = %q", got)
	}
	if err := ValidateCover(`'My Photos/a.jpg'`); err != nil {
		t.Errorf("a quoted cover path: %v", err)
	}
}

// detailCheck is the check of the detail of key (Detail).
func detailCheck(key string) func(string) error {
	f, ok := content.DetailByKey(key)
	if !ok {
		panic("no detail " + key)
	}
	return Detail(f)
}

// An optional detail may be empty; given, it is held to its property.
func TestOptionalDetail(t *testing.T) {
	optional := content.DetailField{Key: "role", Optional: true}
	if err := Detail(optional)("  "); err != nil {
		t.Errorf("empty optional detail: %v", err)
	}
	if err := Detail(optional)(strings.Repeat("x", 121)); err == nil {
		t.Error("a too long optional detail passed")
	}
	if err := detailCheck("role")(""); err == nil {
		t.Error("an empty required detail passed")
	}
}
