package videostrip

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Matroska element IDs (with their length marker, as written).
const (
	idEBML        = 0x1A45DFA3
	idSegment     = 0x18538067
	idCluster     = 0x1F43B675
	idTags        = 0x1254C367
	idAttachments = 0x1941A469
	idVoid        = 0xEC
)

// segmentChildren are the IDs that may follow a cluster at the segment's
// level: one of them ends a cluster whose size is unknown.
var segmentChildren = map[uint64]bool{
	0x114D9B74: true, 0x1549A966: true, 0x1654AE6B: true, 0x1C53BB6B: true, 0x1043A770: true,
	idCluster: true, idTags: true, idAttachments: true, idEBML: true, idSegment: true,
}

// keptElements are the segment's children the published copy keeps: those
// that hold or index the media, describe the tracks, or pad. The others
// are blanked: Tags (ffmpeg's -metadata, a camera's LOCATION or serial),
// Attachments (files such as a cover image, with its own metadata) and
// any element a player does not know.
var keptElements = map[uint64]bool{
	0x114D9B74: true, 0x1549A966: true, 0x1654AE6B: true, 0x1C53BB6B: true, 0x1043A770: true, // SeekHead, Info, Tracks, Cues, Chapters
	idCluster: true, idVoid: true, 0xBF: true, // Cluster, Void, CRC-32
}

// elementName names a blanked element as a message shows it.
func elementName(id uint64) string {
	switch id {
	case idTags:
		return "Segment/Tags"
	case idAttachments:
		return "Segment/Attachments"
	}
	return fmt.Sprintf("Segment/0x%X", id)
}

const unknownSize = ^uint64(0)

type webmScan struct {
	r        io.ReaderAt
	size     int64
	elements int
	plan     Plan
}

func scanWebM(r io.ReaderAt, size int64) (Plan, error) {
	s := &webmScan{r: r, size: size}
	if err := s.top(); err != nil {
		return Plan{}, fmt.Errorf("the WebM file is damaged: %w", err)
	}
	return s.plan, nil
}

// top walks the file's top level: the EBML header, then the Segment's
// children.
func (s *webmScan) top() error {
	for pos := int64(0); pos < s.size; {
		id, size, hdr, err := s.header(pos)
		if err != nil {
			return err
		}
		switch {
		case id == idSegment:
			end := s.size
			if size != unknownSize {
				end = min(pos+hdr+int64(size), s.size)
			}
			if err := s.segment(pos+hdr, end); err != nil {
				return err
			}
			pos = end
		case size == unknownSize:
			return fmt.Errorf("an element at byte %d has no size", pos)
		default:
			pos += hdr + int64(size)
		}
	}
	return nil
}

// segment walks the Segment's children from start to end.
func (s *webmScan) segment(start, end int64) error {
	for pos := start; pos < end; {
		id, size, hdr, err := s.header(pos)
		if err != nil {
			return err
		}
		if size == unknownSize {
			if id != idCluster {
				return fmt.Errorf("the element 0x%X at byte %d has no size", id, pos)
			}
			if pos, err = s.openCluster(pos+hdr, end); err != nil {
				return err
			}
			continue
		}
		total := hdr + int64(size)
		if total > end-pos {
			return fmt.Errorf("the file ends inside the element 0x%X at byte %d", id, pos)
		}
		if !keptElements[id] {
			if err := s.blank(pos, total, elementName(id)); err != nil {
				return err
			}
		}
		pos += total
	}
	return nil
}

// openCluster walks the blocks of a cluster of unknown size, from start,
// to the next element at the segment's level, and returns where that is.
func (s *webmScan) openCluster(start, end int64) (int64, error) {
	pos := start
	for pos < end {
		id, size, hdr, err := s.header(pos)
		if err != nil {
			return 0, err
		}
		if segmentChildren[id] {
			return pos, nil
		}
		if size == unknownSize || hdr+int64(size) > end-pos {
			return 0, fmt.Errorf("a block at byte %d runs past the file's end", pos)
		}
		pos += hdr + int64(size)
	}
	return pos, nil
}

// header reads the ID and size of the element at pos, and the length of
// both.
func (s *webmScan) header(pos int64) (id, size uint64, hdr int64, err error) {
	s.elements++
	if s.elements > maxElements {
		return 0, 0, 0, errTooMany
	}
	var buf [16]byte
	n, err := s.r.ReadAt(buf[:min(s.size-pos, 16)], pos)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0, 0, 0, err
	}
	b := buf[:n]
	idLen := vintLen(b)
	if idLen == 0 || idLen > 4 || idLen > len(b) {
		return 0, 0, 0, fmt.Errorf("no element ID at byte %d", pos)
	}
	for _, c := range b[:idLen] {
		id = id<<8 | uint64(c)
	}
	b = b[idLen:]
	sizeLen := vintLen(b)
	if sizeLen == 0 || sizeLen > len(b) {
		return 0, 0, 0, fmt.Errorf("no element size at byte %d", pos)
	}
	size = uint64(b[0]) & (0xFF >> sizeLen)
	allOnes := size == 0xFF>>sizeLen
	for _, c := range b[1:sizeLen] {
		size = size<<8 | uint64(c)
		allOnes = allOnes && c == 0xFF
	}
	if allOnes {
		size = unknownSize
	} else if size > uint64(s.size) {
		return 0, 0, 0, fmt.Errorf("the element 0x%X at byte %d is larger than the file", id, pos)
	}
	return id, size, int64(idLen + sizeLen), nil
}

// vintLen is the length of the variable-length integer b starts with, from
// its leading zero bits: 0 when there is none.
func vintLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	for i := 0; i < 8; i++ {
		if b[0]&(0x80>>i) != 0 {
			return i + 1
		}
	}
	return 0
}

// blank records the element at pos, total bytes long, as a Void element of
// the same length: its ID (one byte), a size of the shortest length that
// fits, zeros.
func (s *webmScan) blank(pos, total int64, what string) error {
	for n := 1; n <= 8; n++ {
		data := total - 1 - int64(n)
		if data < 0 || uint64(data) >= 1<<(7*n)-1 {
			continue
		}
		head := make([]byte, 1+n)
		head[0] = idVoid
		for i := n; i >= 1; i-- {
			head[i] = byte(data)
			data >>= 8
		}
		head[1] |= 0x80 >> (n - 1)
		s.plan.Regions = append(s.plan.Regions, Region{Off: pos, Len: total, Head: head, What: what})
		if !s.plan.Location {
			b := make([]byte, min(total, maxMeta))
			if _, err := s.r.ReadAt(b, pos); err != nil && !errors.Is(err, io.EOF) {
				return err
			}
			up := bytes.ToUpper(b)
			s.plan.Location = bytes.Contains(up, []byte("LOCATION")) || bytes.Contains(up, []byte("GPS"))
		}
		return nil
	}
	return fmt.Errorf("its %s element at byte %d is too short to blank", what, pos)
}
