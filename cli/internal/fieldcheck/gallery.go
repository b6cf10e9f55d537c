package fieldcheck

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/poster"
	"portfolio/cli/internal/videocheck"
)

// isMedia reports a file a gallery shows: an image that is not a video's
// poster (clip.poster.jpg comes with clip.mp4), or a video.
func isMedia(name string) bool {
	return videocheck.HasVideoExt(name) || imagecheck.HasImageExt(name) && !content.IsPoster(name)
}

// checkVideo inspects a video as `portfolio validate` does, and checks
// that it can have a poster: one beside it, or ffmpeg to draw one.
func checkVideo(field, shown, abs string) error {
	if _, err := videocheck.File(abs); err != nil {
		if p, ok := videocheck.IsProblem(err); ok {
			return &FieldError{Field: field, Msg: fmt.Sprintf("%s: %s", shown, p.Msg), Hint: p.Hint}
		}
		return fileError(field, shown, err)
	}
	var p *poster.Problem
	if err := poster.Available(abs); errors.As(err, &p) {
		return &FieldError{Field: field, Msg: p.Msg, Hint: p.Hint}
	}
	return nil
}

// ValidateGallery checks gallery sources typed as one line: a folder, or
// image files separated by commas.
func ValidateGallery(s string) error {
	_, _, err := ExpandGallery(ParseGallery(s))
	return err
}

// ExpandGallery lists the image files that sources name, in gallery order: a
// folder gives its image files in natural file-name order (2.jpg before
// 10.jpg), a pattern such as photos/*.jpg its matches in that order, a file
// itself. Files of a folder that are not images are skipped and listed;
// every image is inspected as `portfolio validate` does.
func ExpandGallery(sources []string) (images, skipped []string, err error) {
	fail := func(msg, hint string) ([]string, []string, error) {
		return nil, nil, &FieldError{Field: "gallery", Msg: msg, Hint: hint}
	}
	const hintTypes = "galleries take .jpg, .jpeg, .png and .webp images and .mp4 and .webm videos"
	seen := map[string]string{}
	addImage := func(shown, abs string) error {
		key, _ := filepath.Abs(abs)
		if first, dup := seen[key]; dup {
			return &FieldError{Field: "gallery", Msg: fmt.Sprintf("%s is listed twice (also as %s)", shown, first), Hint: "list each image once"}
		}
		seen[key] = shown
		check := checkImage
		if videocheck.HasVideoExt(abs) {
			check = checkVideo
		}
		if err := check("gallery", shown, abs); err != nil {
			return err
		}
		images = append(images, abs)
		return nil
	}
	for _, src := range sources {
		abs := ExpandHome(src)
		if strings.ContainsAny(abs, "*?[") {
			matches, err := filepath.Glob(abs)
			if err != nil {
				return fail(fmt.Sprintf("%s is not a valid pattern: %v", src, err), "")
			}
			if len(matches) == 0 {
				return fail("no file matches "+src, "check the pattern; it is matched from the current folder")
			}
			slices.SortFunc(matches, content.NaturalCompare)
			for _, m := range matches {
				if fi, err := os.Stat(m); err != nil || !fi.Mode().IsRegular() || strings.HasPrefix(filepath.Base(m), ".") {
					continue // as a shell would, * leaves hidden files out
				}
				if content.IsPoster(filepath.Base(m)) {
					continue // it comes with its video
				}
				if !isMedia(m) {
					skipped = append(skipped, m)
					continue
				}
				if err := addImage(m, m); err != nil {
					return nil, nil, err
				}
			}
			continue
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return nil, nil, fileError("gallery", src, err)
		}
		if !fi.IsDir() {
			if !isMedia(abs) {
				return fail(fmt.Sprintf("%s is not an image or video file", src), hintTypes)
			}
			if err := addImage(src, abs); err != nil {
				return nil, nil, err
			}
			continue
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			return nil, nil, fileError("gallery", src, err)
		}
		var names []string
		for _, e := range entries {
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "."), e.IsDir(), content.IsPoster(name):
			case !isMedia(name):
				skipped = append(skipped, filepath.Join(src, name))
			default:
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			return fail(fmt.Sprintf("the folder %s holds no image or video files", src), hintTypes)
		}
		slices.SortFunc(names, content.NaturalCompare)
		for _, name := range names {
			if err := addImage(filepath.Join(src, name), filepath.Join(abs, name)); err != nil {
				return nil, nil, err
			}
		}
	}
	return images, skipped, nil
}
