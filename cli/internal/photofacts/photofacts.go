// Package photofacts reads what a photograph's EXIF record says about how
// it was taken (camera, lens, focal length, aperture, shutter, ISO, date
// taken) and says it the way photographers write it: "Fujifilm X-T4",
// "f/2.8", "1/250 s". It reads nothing else: never the GPS position, serial
// numbers, owner names, or any of a maker note but a Canon's lens name
// (makernote.go). The record is parsed by
// github.com/bep/imagemeta (Hugo's reader, fuzzed upstream), within bounds
// of our own: the head of a JPEG only, short values, a few hundred tags.
package photofacts

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/bep/imagemeta"
)

// Rational is an EXIF rational number; Den 0 means absent.
type Rational struct{ Num, Den uint32 }

// Float is the number, or 0 when absent.
func (r Rational) Float() float64 {
	if r.Den == 0 {
		return 0
	}
	return float64(r.Num) / float64(r.Den)
}

// Facts are a photograph's facts as its EXIF record holds them. A zero
// field is absent.
type Facts struct {
	Make, Model, LensModel string
	FocalLength            Rational
	FNumber                Rational
	ExposureTime           Rational
	ISO                    uint16
	// DateTimeOriginal is as recorded, "2006:01:02 15:04:05", and
	// OffsetTimeOriginal its offset from UTC, "+02:00", when the camera
	// wrote one.
	DateTimeOriginal   string
	OffsetTimeOriginal string
}

// IsZero reports whether there is nothing to show.
func (f Facts) IsZero() bool { return f == Facts{} }

// Bounds on what is read from a file.
const (
	// MaxJPEGHead is how much of a JPEG is read: the EXIF record is an
	// APP1 segment of at most 64 KB near the start of the file.
	MaxJPEGHead = 1 << 20
	// maxValue is the largest value read: the facts are short texts and
	// numbers.
	maxValue = 1024
	// maxTags is the most tags looked at, in every IFD together.
	maxTags = 1000
)

// Format is the image format of a file.
type Format int

const (
	JPEG Format = iota + 1
	PNG
	WebP
)

// File reads the facts of the image file at path. A file without an EXIF
// record, or with a damaged one, gives no facts and no error; the error
// is for a file that cannot be read.
func File(path string, format Format) (Facts, error) {
	f, err := os.Open(path)
	if err != nil {
		return Facts{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Facts{}, err
	}
	size := fi.Size()
	var imf imagemeta.ImageFormat
	switch format {
	case JPEG:
		imf, size = imagemeta.JPEG, min(size, MaxJPEGHead)
	case PNG:
		imf = imagemeta.PNG
	case WebP:
		// The EXIF chunk follows the image data: the reader seeks over
		// the chunks before it rather than reading them.
		imf = imagemeta.WebP
	default:
		return Facts{}, nil
	}
	facts := decode(io.NewSectionReader(f, 0, size), imf)
	if format == JPEG {
		facts = withMakerNoteLens(facts, func() []byte {
			head := make([]byte, size)
			if _, err := io.ReadFull(io.NewSectionReader(f, 0, size), head); err != nil {
				return nil
			}
			return jpegExif(head)
		})
	}
	return facts, nil
}

// JPEGBytes reads the facts of a JPEG held in memory, from its first
// MaxJPEGHead bytes.
func JPEGBytes(data []byte) Facts {
	head := data[:min(len(data), MaxJPEGHead)]
	return withMakerNoteLens(decode(bytes.NewReader(head), imagemeta.JPEG), func() []byte { return jpegExif(head) })
}

// TIFF reads the facts of an EXIF record: the TIFF structure that follows
// "Exif\0\0" in a JPEG's APP1 segment.
func TIFF(record []byte) Facts {
	return withMakerNoteLens(decode(bytes.NewReader(record), imagemeta.TIFF), func() []byte { return record })
}

// the IFDs the facts are in: IFD0 and its Exif sub-IFD.
const (
	ifd0    = "IFD0"
	exifIFD = "IFD0/ExifIFDP"
)

func decode(r io.ReadSeeker, format imagemeta.ImageFormat) Facts {
	var f Facts
	_, _ = imagemeta.Decode(imagemeta.Options{
		R:            r,
		ImageFormat:  format,
		Sources:      imagemeta.EXIF,
		LimitNumTags: maxTags,
		LimitTagSize: maxValue,
		ShouldHandleTag: func(ti imagemeta.TagInfo) bool {
			return (ti.Namespace == ifd0 || ti.Namespace == exifIFD) && wanted[ti.Tag]
		},
		HandleTag: func(ti imagemeta.TagInfo) error {
			f.set(ti.Tag, ti.Value)
			return nil
		},
	})
	// A damaged record (the error above) keeps what was read before the
	// damage: each value is checked on its own.
	return f
}

// wanted are the tags read, by imagemeta's names.
var wanted = map[string]bool{
	"Make": true, "Model": true, "LensModel": true, "FocalLength": true, "FNumber": true,
	"ExposureTime": true, "ISO": true, "DateTimeOriginal": true, "OffsetTimeOriginal": true,
}

func (f *Facts) set(tag string, v any) {
	switch tag {
	case "Make":
		f.Make = text(v)
	case "Model":
		f.Model = text(v)
	case "LensModel":
		f.LensModel = text(v)
	case "FocalLength":
		f.FocalLength = rational(v)
	case "FNumber":
		f.FNumber = rational(v)
	case "ExposureTime":
		f.ExposureTime = rational(v)
	case "ISO":
		switch n := v.(type) {
		case uint16:
			f.ISO = n
		case uint32:
			if n <= math.MaxUint16 {
				f.ISO = uint16(n)
			}
		}
	case "DateTimeOriginal":
		if s := text(v); validDate(s) {
			f.DateTimeOriginal = s
		}
	case "OffsetTimeOriginal":
		if s := text(v); validOffset(s) {
			f.OffsetTimeOriginal = s
		}
	}
}

// text is a printable string value, trimmed; "" for anything else. A
// camera may pad with spaces or NULs, and a hostile file may hold control
// characters, which a page need not show.
func text(v any) string {
	s, ok := v.(string)
	if !ok {
		return ""
	}
	s = strings.TrimSpace(strings.TrimRight(s, "\x00"))
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == 0xfffd {
			return ""
		}
	}
	return s
}

// rational is a positive rational value, or the zero value.
func rational(v any) Rational {
	r, ok := v.(imagemeta.Rat[uint32])
	if !ok || r.Den() == 0 || r.Num() == 0 {
		return Rational{}
	}
	return Rational{Num: r.Num(), Den: r.Den()}
}

const exifDate = "2006:01:02 15:04:05"

func validDate(s string) bool {
	_, err := time.Parse(exifDate, s)
	return err == nil
}

func validOffset(s string) bool {
	_, err := time.Parse("-07:00", s)
	return err == nil && len(s) == 6
}

// Camera is the make and model, the make said once: "Nikon D750" for
// NIKON CORPORATION's "NIKON D750", "Canon EOS R5" for Canon's
// "Canon EOS R5".
func (f Facts) Camera() string {
	mk, model := tidyMake(f.Make), f.Model
	if mk == "" {
		return model
	}
	if model == "" {
		return mk
	}
	first, _, _ := strings.Cut(mk, " ")
	for _, prefix := range []string{f.Make, mk, first} {
		if len(model) > len(prefix) && strings.EqualFold(model[:len(prefix)], prefix) && model[len(prefix)] == ' ' {
			model = strings.TrimSpace(model[len(prefix):])
			break
		}
		if strings.EqualFold(model, prefix) {
			return mk
		}
	}
	return mk + " " + model
}

// companyWords end a make's company name, not its brand (compared in
// small letters, without commas and full stops around them).
var companyWords = map[string]bool{
	"corporation": true, "corp": true, "co": true, "co.,ltd": true, "ltd": true, "inc": true,
	"company": true, "imaging": true, "optical": true, "gmbh": true, "ag": true,
	"limited": true, "electric": true, "camera": true,
}

// tidyMake is the brand of a make: company words dropped ("NIKON
// CORPORATION" → "NIKON") and a brand in capitals of more than three
// letters written as a name ("NIKON" → "Nikon"; "DJI" stays).
func tidyMake(mk string) string {
	words := strings.Fields(mk)
	for len(words) > 1 && companyWords[strings.Trim(strings.ToLower(words[len(words)-1]), ",.")] {
		words = words[:len(words)-1]
	}
	for i, w := range words {
		if len(w) > 3 && strings.ToUpper(w) == w && strings.ToLower(w) != w {
			words[i] = w[:1] + strings.ToLower(w[1:])
		}
	}
	return strings.Join(words, " ")
}

// Lens is the lens model, as recorded.
func (f Facts) Lens() string { return f.LensModel }

// Focal is the focal length: "35 mm", "4.2 mm".
func (f Facts) Focal() string {
	if f.FocalLength.Den == 0 {
		return ""
	}
	return number(f.FocalLength.Float()) + " mm"
}

// Aperture is the f-number: "f/2.8", "f/8".
func (f Facts) Aperture() string {
	if f.FNumber.Den == 0 {
		return ""
	}
	return "f/" + number(f.FNumber.Float())
}

// Shutter is the exposure time: "1/250 s" below 0.3 s, "0.5 s", "2 s",
// "1.3 s" from there.
func (f Facts) Shutter() string {
	t := f.ExposureTime.Float()
	switch {
	case f.ExposureTime.Den == 0:
		return ""
	case t < 0.3:
		return fmt.Sprintf("1/%d s", int(math.Round(1/t)))
	default:
		return number(t) + " s"
	}
}

// number is x to one decimal, without a trailing ".0".
func number(x float64) string {
	s := strconv.FormatFloat(math.Round(x*10)/10, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0")
}

// Taken is the date and time taken in ISO 8601, "2024-05-01T14:03:00",
// with its offset ("+02:00") when the camera recorded one; "" when the
// photo has no date.
func (f Facts) Taken() string {
	t, err := time.Parse(exifDate, f.DateTimeOriginal)
	if err != nil {
		return ""
	}
	return t.Format("2006-01-02T15:04:05") + f.OffsetTimeOriginal
}
