package metastrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"net/url"
	"slices"
)

// Rights are the owner's rights written into every published image as
// XMP (decision 0102): IPTC Photo Metadata's Creator (dc:creator),
// Copyright Notice (dc:rights), Web Statement of Rights
// (xmpRights:WebStatement), Licensor (plus:Licensor, with its
// LicensorURL when the licence is a URL; a licence in words is
// xmpRights:UsageTerms) and, when AI training is refused, Data Mining
// (plus:DataMining = PLUS's "prohibited for AI/ML training"). The zero
// value writes nothing.
type Rights struct {
	Creator      string
	Copyright    string
	WebStatement string
	Licence      string // a URL, or words such as "All rights reserved"
	NoAITraining bool
}

// DataMiningNoAITraining is the PLUS Data Mining value WithRights writes
// when Rights.NoAITraining is set.
const DataMiningNoAITraining = "http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING"

// IsZero reports whether r writes nothing.
func (r Rights) IsZero() bool { return r == Rights{} }

// kept is r as the records Original writes: the same packet writer.
func (r Rights) kept() kept {
	k := kept{bare: true}
	if r.Creator != "" {
		k.creators = []string{r.Creator}
		k.licensor = r.Creator
	}
	if r.Copyright != "" {
		k.rights = []langText{{"x-default", r.Copyright}}
	}
	k.webStatement = r.WebStatement
	if isURL(r.Licence) {
		k.licensorURL = r.Licence
	} else {
		k.usageTerms = r.Licence
	}
	if r.NoAITraining {
		k.dataMining = DataMiningNoAITraining
	}
	return k
}

func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// XMP is r's XMP packet, nil for the zero Rights. The AVIF encoder
// writes it as the image's XMP item (package images).
func (r Rights) XMP() []byte {
	if r.IsZero() {
		return nil
	}
	k := r.kept()
	return k.packet()
}

// GrowthBudget is the most bytes the owner's rights may add to one
// published image (issue 51, decision 0102); validate warns past it.
const GrowthBudget = 1024

// AVIFItemBytes is what libavif adds to an AVIF for an XMP item besides
// the packet: the item's infe box, its iloc extent and the iref box with
// the cdsc reference to the primary item (decision 0102). The AVIF
// variants of images.TestVariantsCarryTheOwnersRights hold libavif to it.
const AVIFItemBytes = 84

// Added is the most bytes r adds to one published image: its packet as
// the AVIF encoder writes it, in the container that wraps it in the most
// (AVIFItemBytes; a JPEG's APP1 adds 33, a PNG's iTXt 34, a WebP's chunk
// and VP8X at most 27, which TestWithRightsInEachContainer holds
// WithRights to). The zero Rights add nothing.
func (r Rights) Added() int {
	if r.IsZero() {
		return 0
	}
	return len(r.XMP()) + AVIFItemBytes
}

// ErrRightsTooLong means the rights do not fit in one JPEG segment.
var ErrRightsTooLong = errors.New("the rights are longer than an XMP packet in a JPEG can be (64 KB): shorten them")

// maxXMPPacket is the longest packet one JPEG APP1 segment holds.
var maxXMPPacket = 0xFFFF - 2 - len(xmpJPEG)

// WithRights returns an image the build encoded (JPEG, PNG or WebP, with
// no XMP of its own) with r's XMP packet added, its pixels' bytes
// untouched: in a JPEG an APP1 segment after SOI (and JFIF's APP0); in a
// PNG an iTXt chunk before the first IDAT; in a WebP an "XMP " chunk at
// the end, with VP8X's XMP flag, a simple WebP (VP8 or VP8L alone) first
// turned into the extended format with its canvas size read from the
// bitstream. The zero Rights returns data itself. A structure it cannot
// follow is an error, never a panic.
func WithRights(data []byte, r Rights) ([]byte, error) {
	if r.IsZero() {
		return data, nil
	}
	k := r.kept()
	if len(k.packet()) > maxXMPPacket {
		return nil, ErrRightsTooLong
	}
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8}):
		at := 2
		if len(data) >= 6 && data[2] == 0xFF && data[3] == 0xE0 { // JFIF's APP0 comes first
			at = 4 + int(binary.BigEndian.Uint16(data[4:]))
			if at < 6 || at > len(data) {
				return nil, errors.New("the JPEG's APP0 segment is cut short")
			}
		}
		return slices.Concat(data[:at], k.jpegSegments(), data[at:]), nil
	case bytes.HasPrefix(data, pngSignature):
		return k.intoPNG(data)
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return webpWithXMP(data, k.packet())
	}
	return nil, ErrUnknownFormat
}

// VP8X flags.
const (
	vp8xAlpha = 0x10
	vp8xXMP   = 0x04
)

// webpWithXMP appends an "XMP " chunk to a WebP and sets its VP8X flag,
// adding a VP8X chunk to a simple WebP.
func webpWithXMP(webp []byte, packet []byte) ([]byte, error) {
	if len(webp) < 20 {
		return nil, errors.New("the WebP is cut short")
	}
	size := int(binary.LittleEndian.Uint32(webp[4:]))
	if size < 12 || size > len(webp)-8 { // "WEBP" and a chunk header at least
		return nil, errors.New("the WebP's RIFF size is wrong")
	}
	webp = webp[:8+size]
	first, length := string(webp[12:16]), int(binary.LittleEndian.Uint32(webp[16:]))
	if length > len(webp)-20 {
		return nil, errors.New("the WebP's first chunk is cut short")
	}
	body := webp[20 : 20+length]
	var out []byte
	switch first {
	case "VP8X":
		if length < 10 {
			return nil, errors.New("the WebP's VP8X chunk is cut short")
		}
		out = slices.Clone(webp)
		out[20] |= vp8xXMP
	case "VP8 ", "VP8L":
		w, h, alpha, ok := canvas(first, body)
		if !ok {
			return nil, errors.New("the WebP's bitstream header is not one this reads")
		}
		flags := byte(vp8xXMP)
		if alpha {
			flags |= vp8xAlpha
		}
		x := []byte{'V', 'P', '8', 'X', 10, 0, 0, 0, flags, 0, 0, 0}
		x = append(x, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
		out = slices.Concat(webp[:12], x, webp[12:])
	default:
		return nil, errors.New("the WebP's first chunk is not VP8, VP8L or VP8X")
	}
	out = append(out, "XMP "...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(packet)))
	out = append(out, packet...)
	if len(packet)%2 == 1 {
		out = append(out, 0)
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out, nil
}

// canvas reads a simple WebP's size from its bitstream: a VP8 key
// frame's header (RFC 6386, 9.1) or a VP8L header (its 14-bit sizes and
// alpha hint).
func canvas(kind string, b []byte) (w, h int, alpha, ok bool) {
	if kind == "VP8 " {
		if len(b) < 10 || b[0]&1 != 0 || b[3] != 0x9D || b[4] != 0x01 || b[5] != 0x2A {
			return 0, 0, false, false
		}
		w, h = int(binary.LittleEndian.Uint16(b[6:])&0x3FFF), int(binary.LittleEndian.Uint16(b[8:])&0x3FFF)
		return w, h, false, w > 0 && h > 0
	}
	if len(b) < 5 || b[0] != 0x2F {
		return 0, 0, false, false
	}
	bits := binary.LittleEndian.Uint32(b[1:])
	return int(bits&0x3FFF) + 1, int(bits>>14&0x3FFF) + 1, bits>>28&1 == 1, true
}
