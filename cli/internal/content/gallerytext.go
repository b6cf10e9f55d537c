package content

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"portfolio/cli/internal/diag"
	"portfolio/cli/internal/imagecheck"
)

// ImageText is what the owner wrote about one gallery image; either may be
// empty.
type ImageText struct {
	Alt, Caption string
}

// cameraName matches the names cameras and phones give files (IMG_0412,
// DSC01234, PXL_20240101_…), which say nothing about the picture.
var cameraName = regexp.MustCompile(`(?i)^(img|dsc|dscn|dscf|dcim|pxl|mvimg|photo|image|screenshot)[ _-]?\d[\d_ -]*$`)

// GalleryAlt is the alt text of gallery image n (from 1) of the project
// titled title, whose owner wrote alt about it (empty when not): "<title>
// <n>", followed by ": <alt>" when there is one (docs/site.md §2). It is
// made here only, so every view of the image says the same. An alt the owner
// began with the title (and this number) says it once: "Camp 2: canoes", not
// "Camp 2: Camp canoes"; a title that runs on into a word ("Campfire",
// "Camp's") is the owner's own words and stays.
func GalleryAlt(title string, n int, alt string) string {
	numbered := fmt.Sprintf("%s %d", title, n)
	alt = strings.TrimSpace(alt)
	if rest, ok := cutWord(alt, title); ok {
		rest = strings.TrimLeft(rest, " ")
		if r, ok := cutWord(rest, strconv.Itoa(n)); ok {
			rest = r
		}
		alt = strings.TrimLeft(rest, altSeparators)
	}
	if alt == "" {
		return numbered
	}
	return numbered + ": " + alt
}

// altSeparators may come between a title (or its number) and what the
// owner says about the picture.
const altSeparators = " \t:;,.-–—"

// cutWord returns s without its prefix p (in any letter case) when s is p,
// or p followed by a space or a separator.
func cutWord(s, p string) (string, bool) {
	if p == "" || len(s) < len(p) || !strings.EqualFold(s[:len(p)], p) {
		return s, false
	}
	rest := s[len(p):]
	if next, _ := utf8.DecodeRuneInString(rest); rest == "" || strings.ContainsRune(altSeparators, next) {
		return rest, true
	}
	return s, false
}

// AltProblem says what is wrong with an alt text that is present but says
// nothing about the picture: blank, a file name or a camera's file name.
// The empty string means it is fine.
func AltProblem(alt string) string {
	t := strings.TrimSpace(alt)
	switch {
	case t == "":
		return "the alt text is blank"
	case !strings.ContainsAny(t, " \t") && imagecheck.HasImageExt(t):
		return fmt.Sprintf("the alt text %q is a file name", t)
	case cameraName.MatchString(t):
		return fmt.Sprintf("the alt text %q is a camera's file name", t)
	}
	return ""
}

// galleryTexts reads the gallery block's texts: each names a file of the
// gallery folder once; its alt text says what the picture shows.
func (l *loader) galleryTexts(p *Project, pointer string, names []string) map[string]ImageText {
	block, _ := p.blockAt(pointer).(*GalleryBlock)
	if block == nil || len(block.Texts) == 0 {
		return nil
	}
	inFolder := map[string]bool{}
	for _, n := range names {
		inFolder[n] = true
	}
	out := map[string]ImageText{}
	for i, e := range block.Texts {
		file := e.File
		if file == "" || strings.ContainsAny(file, `/\`) {
			continue // the schema reports it
		}
		ptr := fmt.Sprintf("%s/texts/%d", pointer, i)
		if !inFolder[file] {
			hint := "name a file of the gallery folder, e.g. " + firstOr(names, "01.jpg")
			if folded := findName(names, file); folded != "" {
				hint = fmt.Sprintf("write %s: names are case-sensitive on the web host", folded)
			}
			l.add(p.Doc.Diag(diag.Error, ptr+"/file", hint, "%s/%s is not in the gallery folder", GalleryDir, path.Clean(file)))
			continue
		}
		if _, dup := out[file]; dup {
			l.add(p.Doc.Diag(diag.Error, ptr+"/file", "merge the two entries into one", "%s is described twice", file))
			continue
		}
		t := ImageText{Alt: e.Alt, Caption: e.Caption}
		if _, has := p.Doc.At(ptr + "/alt"); has {
			if problem := AltProblem(t.Alt); problem != "" {
				l.add(p.Doc.Diag(diag.Error, ptr+"/alt", "say what the picture shows, e.g. \"Harbour at dusk, boats moored\"", "%s", problem))
			}
		}
		out[file] = t
	}
	return out
}

func firstOr(list []string, def string) string {
	if len(list) > 0 {
		return list[0]
	}
	return def
}

func findName(names []string, name string) string {
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return n
		}
	}
	return ""
}
