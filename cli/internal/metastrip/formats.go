package metastrip

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"

	"portfolio/cli/internal/fsutil"
)

// ErrUnknownFormat means the data is no JPEG, PNG or WebP image.
var ErrUnknownFormat = errors.New("not a JPEG, PNG or WebP image")

// PNG returns the image without its EXIF record (eXIf) and XMP packet
// (an iTXt chunk named XML:com.adobe.xmp), nor the raw profiles some tools
// write as text (EXIF, XMP or IPTC in hex); data itself when it has none.
// Every other chunk (the pixels, the colour profile, gamma) is copied byte
// for byte, its CRC checked.
func PNG(data []byte) ([]byte, Removed, error) {
	if !bytes.HasPrefix(data, pngSignature) {
		return nil, nil, errors.New("not a PNG file")
	}
	var removed Removed
	out := bytes.NewBuffer(append([]byte{}, pngSignature...))
	for i := len(pngSignature); ; {
		if i+12 > len(data) {
			return nil, nil, errors.New("the PNG ends before its IEND chunk")
		}
		length := int(binary.BigEndian.Uint32(data[i:]))
		if length > len(data)-i-12 {
			return nil, nil, fmt.Errorf("a PNG chunk at byte %d runs past the end", i)
		}
		chunk := data[i : i+12+length]
		kind, body := string(chunk[4:8]), chunk[8:8+length]
		if crc32.ChecksumIEEE(chunk[4:8+length]) != binary.BigEndian.Uint32(chunk[8+length:]) {
			return nil, nil, fmt.Errorf("the PNG chunk %q at byte %d fails its CRC", kind, i)
		}
		switch {
		case kind == "eXIf":
			removed = append(removed, "EXIF")
			if found := tiffPrivate(body); len(found) > 0 {
				removed = merge(removed, found)
			}
		case (kind == "iTXt" || kind == "tEXt" || kind == "zTXt") && pngXMP(body):
			removed = merge(removed, append(Removed{"XMP"}, xmpPrivate(body)...))
		case (kind == "tEXt" || kind == "zTXt") && bytes.HasPrefix(body, []byte("Raw profile type ")):
			removed = merge(removed, Removed{"raw metadata profile (" + string(bytes.TrimPrefix(bytes.SplitN(body, []byte{0}, 2)[0], []byte("Raw profile type "))) + ")"})
		default:
			out.Write(chunk)
		}
		i += 12 + length
		if kind == "IEND" {
			if len(removed) == 0 {
				return data, nil, nil
			}
			if i < len(data) {
				removed = append(removed, "data after the image")
			}
			return out.Bytes(), removed, nil
		}
	}
}

// WebP returns the image without its EXIF and XMP chunks, its VP8X flags
// and RIFF size set to match; data itself when it has none. The image's
// chunks (VP8, VP8L, ALPH, ANIM…) and its colour profile (ICCP) are copied
// byte for byte.
func WebP(data []byte) ([]byte, Removed, error) {
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return nil, nil, errors.New("not a WebP file")
	}
	var removed Removed
	var out bytes.Buffer
	out.Write(data[:12])
	flags := -1 // where the VP8X flags byte is in out
	end := min(len(data), 8+int(binary.LittleEndian.Uint32(data[4:])))
	for i := 12; i < end; {
		if i+8 > end {
			return nil, nil, fmt.Errorf("a WebP chunk at byte %d runs past the end", i)
		}
		kind, length := string(data[i:i+4]), int(binary.LittleEndian.Uint32(data[i+4:]))
		next := i + 8 + length + length%2
		if length > end-i-8 {
			return nil, nil, fmt.Errorf("a WebP chunk at byte %d runs past the end", i)
		}
		next = min(next, end)
		switch kind {
		case "EXIF":
			body := bytes.TrimPrefix(data[i+8:i+8+length], []byte("Exif\x00\x00"))
			removed = merge(removed, append(Removed{"EXIF"}, tiffPrivate(body)...))
		case "XMP ":
			removed = merge(removed, append(Removed{"XMP"}, xmpPrivate(data[i+8:i+8+length])...))
		default:
			if kind == "VP8X" && length >= 1 {
				flags = out.Len() + 8
			}
			out.Write(data[i:next])
		}
		i = next
	}
	if len(removed) == 0 {
		return data, nil, nil
	}
	b := out.Bytes()
	if flags >= 0 {
		b[flags] &^= 0x08 | 0x04 // the EXIF and XMP flags
	}
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
	return b, removed, nil
}

// Strip is JPEG, PNG or WebP as data is one; ErrUnknownFormat otherwise.
func Strip(data []byte) ([]byte, Removed, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8}):
		return JPEG(data)
	case bytes.HasPrefix(data, pngSignature):
		return PNG(data)
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return WebP(data)
	}
	return nil, nil, ErrUnknownFormat
}

// StripFile removes the private metadata of the image at path in place,
// when ScanFile finds some: the result is written to a temporary file
// beside it and renamed over it (its mode kept), so a crash leaves the
// original or the result, never half a file. It returns what ScanFile
// found, or nothing when the file had nothing to remove (it is then not
// written). Pixels and colour profile are untouched (see JPEG, PNG, WebP).
func StripFile(path string) ([]string, error) {
	found, err := ScanFile(path)
	if err != nil || len(found) == 0 {
		return nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out, _, err := Strip(data)
	if err != nil {
		return nil, err
	}
	if left, _ := Scan(bytes.NewReader(out), int64(len(out))); len(left) > 0 {
		return nil, fmt.Errorf("still carries %v after stripping", left) // a bug: say so, write nothing
	}
	if err := fsutil.WriteFileAtomic(path, out, fi.Mode().Perm()); err != nil {
		return nil, err
	}
	return found, nil
}
