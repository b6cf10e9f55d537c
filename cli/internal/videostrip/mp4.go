package videostrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// blankBoxes are the MP4 boxes the published copy blanks wherever the walk
// meets them (the file's top level, moov, trak and the track's mdia, minf
// and stbl), whole, whatever they hold: user data (udta: ©xyz, loci,
// serial numbers, firmware, XMP_), metadata (meta: Apple's mdta keys with
// com.apple.quicktime.location.ISO6709, iTunes tags) and extension boxes
// (uuid: XMP, Sony's and Canon's maker data). None of them is needed to
// play the video (decision 0100).
var blankBoxes = map[string]bool{"udta": true, "meta": true, "uuid": true, "XMP_": true}

// keptBoxes are, at the file's top level and in moov, the boxes kept:
// those that hold the media, say how to play it or only pad. Any other
// there (a vendor's box of its own: a trailer, a maker's data) is blanked
// like udta, since no player needs what it does not know.
var keptBoxes = map[string]map[string]bool{
	"": {"ftyp": true, "moov": true, "mdat": true, "free": true, "skip": true, "wide": true, "pdin": true,
		"moof": true, "mfra": true, "styp": true, "sidx": true, "ssix": true, "prft": true, "emsg": true},
	"moov": {"mvhd": true, "trak": true, "mvex": true, "iods": true, "pssh": true, "free": true, "skip": true},
}

// walkBoxes are the boxes walked into: the movie, its tracks and, down to
// the sample descriptions, what says what each track is.
var walkBoxes = map[string]bool{"moov": true, "trak": true, "mdia": true, "minf": true, "stbl": true}

// refusedEntries are sample entries of tracks whose samples hold a
// position, with what writes them.
var refusedEntries = map[string]string{
	"gpmd": "a GoPro telemetry track (gpmd, GPMF), whose samples hold the camera's GPS positions",
	"camm": "a camera-motion (camm) track, whose samples may hold GPS positions",
	"djmd": "a DJI flight-data track (djmd), whose samples hold the drone's GPS positions",
}

// locationMarks are byte strings that, in a blanked box, say it held a
// position: QuickTime's and 3GPP's location boxes, Apple's location key,
// XMP's GPS properties.
var locationMarks = [][]byte{[]byte("\xa9xyz"), []byte("loci"), []byte("location"), []byte("GPSLatitude")}

type mp4Scan struct {
	r     io.ReaderAt
	boxes int
	plan  Plan
}

func scanMP4(r io.ReaderAt, size int64) (Plan, error) {
	s := &mp4Scan{r: r}
	if err := s.walk(0, size, ""); err != nil {
		var refused *Refused
		if errors.As(err, &refused) {
			return Plan{}, err
		}
		return Plan{}, fmt.Errorf("the MP4 file is damaged: %w", err)
	}
	return s.plan, nil
}

// walk reads the boxes from start to end, inside the box at path ("" for
// the file).
func (s *mp4Scan) walk(start, end int64, path string) error {
	depth := 0
	if path != "" {
		depth = bytes.Count([]byte(path), []byte("/")) + 1
	}
	if depth > maxDepth {
		return errTooDeep
	}
	for pos := start; pos < end; {
		if end-pos < 8 {
			if path == "" {
				return nil // a few stray bytes after the last box are let be
			}
			return fmt.Errorf("its %s box ends in %d bytes that are not a box", path, end-pos)
		}
		var buf [16]byte
		n, err := s.r.ReadAt(buf[:min(end-pos, 16)], pos)
		if n < 8 {
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
		s.boxes++
		if s.boxes > maxBoxes {
			return errTooMany
		}
		typ := string(buf[4:8])
		size, hdr := uint64(binary.BigEndian.Uint32(buf[:4])), int64(8)
		switch {
		case size == 1:
			if n < 16 {
				return fmt.Errorf("its %s box's size is cut off", printable(typ))
			}
			size, hdr = binary.BigEndian.Uint64(buf[8:16]), 16
		case size == 0 && path == "":
			size = uint64(end - pos) // the last box runs to the end of the file
		}
		if size < uint64(hdr) {
			return fmt.Errorf("its %s box is %d bytes, shorter than its header", printable(typ), size)
		}
		if size > uint64(end-pos) {
			if path == "" {
				return fmt.Errorf("the file ends inside its %s box", printable(typ))
			}
			return fmt.Errorf("its %s box is larger than the %s box it is in", printable(typ), path)
		}
		inner := printable(typ)
		if path != "" {
			inner = path + "/" + inner
		}
		switch {
		case typ == "udta" && s.encoderOnly(pos+hdr, pos+int64(size)):
			// Only the name of the program that wrote the file: kept, so a
			// video ffmpeg wrote is published byte for byte.
		case blankBoxes[typ], keptBoxes[path] != nil && !keptBoxes[path][typ]:
			if err := s.blank(pos, int64(size), buf[:hdr], inner); err != nil {
				return err
			}
		case walkBoxes[typ] && (path != "" || typ == "moov"):
			if err := s.walk(pos+hdr, pos+int64(size), inner); err != nil {
				return err
			}
		case typ == "stsd":
			// Version, flags and an entry count not trusted: the sample
			// entries that follow are read to the box's end.
			if err := s.entries(pos+hdr+8, pos+int64(size), inner); err != nil {
				return err
			}
		}
		pos += int64(size)
	}
	return nil
}

// entries refuses a sample description naming a track whose samples hold
// a position.
func (s *mp4Scan) entries(start, end int64, path string) error {
	for pos := start; pos+8 <= end; {
		var buf [8]byte
		if _, err := s.r.ReadAt(buf[:], pos); err != nil {
			return err
		}
		s.boxes++
		if s.boxes > maxBoxes {
			return errTooMany
		}
		if what, ok := refusedEntries[string(buf[4:8])]; ok {
			return &Refused{
				Msg:  "the video has " + what + ", which the site would publish",
				Hint: "export it again without the telemetry or metadata track, e.g. `ffmpeg -i IN -map 0:v -map 0:a? -c copy -movflags +faststart OUT.mp4` (decision 0100)",
			}
		}
		size := int64(binary.BigEndian.Uint32(buf[:4]))
		if size < 8 || size > end-pos {
			return nil // a damaged entry: videocheck reports it
		}
		pos += size
	}
	return nil
}

// encoderOnly reports a udta box, whose payload runs from start to end,
// that holds nothing but a meta box with a handler and an item list of
// at most one item, ©too (the encoder's name, as ffmpeg writes by
// default).
func (s *mp4Scan) encoderOnly(start, end int64) bool {
	if end-start > 4<<10 {
		return false
	}
	b := make([]byte, end-start)
	if _, err := s.r.ReadAt(b, start); err != nil {
		return false
	}
	udta, ok := children(b)
	if !ok || len(udta) != 1 || udta[0].typ != "meta" {
		return false
	}
	meta := udta[0].body
	if len(meta) >= 8 && string(meta[4:8]) != "hdlr" {
		meta = meta[4:] // ISO's meta is a full box: version and flags first
	}
	inner, ok := children(meta)
	if !ok || len(inner) != 2 || inner[0].typ != "hdlr" || inner[1].typ != "ilst" {
		return false
	}
	items, ok := children(inner[1].body)
	return ok && (len(items) == 0 || len(items) == 1 && items[0].typ == "\xa9too")
}

type rawBox struct {
	typ  string
	body []byte
}

// children splits b into whole boxes of 32-bit sizes; ok is false when b
// is not made of them.
func children(b []byte) (out []rawBox, ok bool) {
	for len(b) > 0 {
		if len(b) < 8 {
			return nil, false
		}
		size := binary.BigEndian.Uint32(b)
		if size < 8 || uint64(size) > uint64(len(b)) {
			return nil, false
		}
		out = append(out, rawBox{string(b[4:8]), b[8:size]})
		b = b[size:]
	}
	return out, true
}

// blank records the box at pos, of size bytes with the header head, as a
// free box of the same size.
func (s *mp4Scan) blank(pos, size int64, head []byte, what string) error {
	h := append([]byte(nil), head...)
	copy(h[4:8], "free")
	s.plan.Regions = append(s.plan.Regions, Region{Off: pos, Len: size, Head: h, What: what})
	if !s.plan.Location {
		b := make([]byte, min(size, maxMeta))
		if _, err := s.r.ReadAt(b, pos); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		for _, m := range locationMarks {
			if bytes.Contains(b, m) {
				s.plan.Location = true
			}
		}
	}
	return nil
}
