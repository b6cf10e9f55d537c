package main

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// galleryCounts is how many gallery/NN.jpg files each project gets. These
// files are not referenced by the YAML: the gallery block shows whatever is
// in the project's gallery/ folder.
var galleryCounts = map[string]int{
	"unc-greensboro":                 17,
	"drone-photography":              6,
	"college-sports":                 12,
	"hugs-camp":                      7,
	"data-project-logos":             3,
	"higher-education-annual-report": 11,
	"nonprofit-annual-report":        5,
	"scarlett-jill-brand-guide":      8,
}

type kind int

const (
	kindCover kind = iota
	kindHero
	kindGallery
	kindImage
	kindScreenshot
)

type style int

const (
	stylePhoto style = iota
	stylePoster
	styleLogo
	styleMockup
	styleScreen
	styleEdu
)

type format int

const (
	formatJPEG format = iota
	formatPNG
)

// job is one image file to generate.
type job struct {
	slug, page string
	rel        string // path inside the project folder, slash-separated
	file       string // path on disk
	kind       kind
	style      style
	format     format
	index      int // gallery number, or position among the project's screenshots
	ordinal    int // position of the project among those with the same page
	w, h       int
	label      string
	pal        palette
}

type aspect struct{ w, h int }

var (
	land32  = aspect{3, 2}
	land169 = aspect{16, 9}
	port23  = aspect{2, 3}
	port45  = aspect{4, 5}
	square  = aspect{1, 1}
)

// size returns pixel dimensions for an aspect with the given long edge.
func (a aspect) size(long int) (int, int) {
	if a.w >= a.h {
		return long, int(float64(long)*float64(a.h)/float64(a.w) + 0.5)
	}
	return int(float64(long)*float64(a.w)/float64(a.h) + 0.5), long
}

const galleryLongEdge = 1600

var galleryName = regexp.MustCompile(`^gallery/(\d+)\.(?i:jpe?g|png)$`)

// galleryAspects deals landscape, portrait and square in equal shares, shuffled
// per project, so a masonry grid gets a real mix.
func galleryAspects(slug string, n int) []aspect {
	r := rng("gallery-aspects", slug)
	out := make([]aspect, n)
	for i := range out {
		switch i % 3 {
		case 0:
			out[i] = pick(r, land32, land32, land169)
		case 1:
			out[i] = pick(r, port23, port45)
		default:
			out[i] = square
		}
	}
	r.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// planJobs lists every file to generate for the projects, in a stable order
// (by slug, then path). Paths that cannot be generated are reported.
func planJobs(projects []project, pals map[string]palette, fileOf func(p project, rel string) string) ([]job, []string) {
	var jobs []job
	var warnings []string
	ordinals := map[string]int{}
	for _, p := range projects {
		ordinal := ordinals[p.page]
		ordinals[p.page]++
		paths := append([]string(nil), p.paths...)
		n := galleryCounts[p.slug]
		for i := 1; i <= n; i++ {
			paths = append(paths, fmt.Sprintf("gallery/%02d.jpg", i))
		}
		slices.Sort(paths)
		paths = slices.Compact(paths)

		maxGallery := n
		var shots []string
		for _, rel := range paths {
			if m := galleryName.FindStringSubmatch(rel); m != nil {
				k, _ := strconv.Atoi(m[1])
				maxGallery = max(maxGallery, k)
			} else if isScreenshot(p.page, rel) {
				shots = append(shots, rel)
			}
		}
		aspects := galleryAspects(p.slug, maxGallery)

		for _, rel := range paths {
			ext := strings.ToLower(path.Ext(rel))
			if ext == ".webp" {
				warnings = append(warnings, fmt.Sprintf("%s: %s: WebP cannot be encoded with the standard library; skipped (use .jpg or .png)", p.slug, rel))
				continue
			}
			j := job{slug: p.slug, page: p.page, rel: rel, file: fileOf(p, rel), pal: pals[p.slug], ordinal: ordinal}
			if ext == ".png" {
				j.format = formatPNG
			}
			base := strings.ToLower(path.Base(rel))
			switch {
			case galleryName.MatchString(rel):
				m := galleryName.FindStringSubmatch(rel)
				j.kind = kindGallery
				j.index, _ = strconv.Atoi(m[1])
				a := square
				if j.index >= 1 {
					a = aspects[j.index-1]
				}
				j.w, j.h = a.size(galleryLongEdge)
				j.label = fmt.Sprintf("%02d", j.index)
			case isScreenshot(p.page, rel):
				j.kind = kindScreenshot
				j.index = sort.SearchStrings(shots, rel)
				j.w, j.h = 1600, 1000
			case strings.HasPrefix(base, "cover"):
				j.kind = kindCover
				j.w, j.h = land32.size(1600)
			case strings.HasPrefix(base, "hero"):
				j.kind = kindHero
				j.w, j.h = land169.size(2400)
			default:
				j.kind = kindImage
				j.w, j.h = land32.size(1600)
				j.label = shortWord(rel)
			}
			j.style = chooseStyle(p, j.kind)
			jobs = append(jobs, j)
		}
	}
	return jobs, warnings
}

func isScreenshot(page, rel string) bool {
	if strings.HasPrefix(rel, "screenshots/") {
		return true
	}
	return page == "web-design" && strings.EqualFold(path.Ext(rel), ".png")
}

func chooseStyle(p project, k kind) style {
	switch p.page {
	case "photography":
		return stylePhoto
	case "web-design":
		if k == kindScreenshot {
			return styleScreen
		}
		return styleMockup
	case "higher-education":
		return styleEdu
	default: // graphics, or anything unknown
		if k == kindScreenshot {
			return styleScreen
		}
		if strings.Contains(p.slug, "logo") {
			return styleLogo
		}
		return stylePoster
	}
}

// shortWord turns "images/02-user-flow.jpg" into "user flow".
func shortWord(rel string) string {
	base := path.Base(rel)
	base = strings.TrimSuffix(base, path.Ext(base))
	fields := strings.FieldsFunc(base, func(r rune) bool { return !unicode.IsLetter(r) })
	if len(fields) > 2 {
		fields = fields[:2]
	}
	s := strings.ToLower(strings.Join(fields, " "))
	if len(s) > 20 {
		s = s[:20]
	}
	return s
}
