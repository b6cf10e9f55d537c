package metastrip

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"strings"

	"portfolio/cli/internal/photofacts"
	"portfolio/cli/internal/tiffifd"
)

// Original returns an image as a client downloads it from a private
// project whose downloads are `originals` (decision 0099): what Strip
// removes is gone (GPS position, camera, lens and internal serial numbers,
// maker notes, the thumbnails and previews that carry them, comments,
// data after the image), and the owner's rights are written back in
// records of its own: EXIF Artist and Copyright, XMP dc:creator and
// dc:rights, and in a JPEG the IPTC By-line and Copyright Notice. The
// photo's facts, orientation and colour profile stay; the compressed
// image data is copied byte for byte, never re-encoded. An image whose
// structure it cannot follow, or that still carries something private
// after it, is an error: the caller publishes nothing rather than the
// file as it is.
func Original(data []byte) ([]byte, Removed, error) {
	keep := rightsOf(data)
	var out []byte
	var removed Removed
	var err error
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8}):
		out, removed, err = jpegStrip(data, &keep)
	case bytes.HasPrefix(data, pngSignature):
		if out, removed, err = PNG(data); err == nil {
			out, err = keep.intoPNG(out)
		}
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		if out, removed, err = WebP(data); err == nil {
			out = keep.intoWebP(out)
		}
	default:
		return nil, nil, ErrUnknownFormat
	}
	if err != nil {
		return nil, nil, err
	}
	if left, serr := Scan(bytes.NewReader(out), int64(len(out))); len(left) > 0 || serr != nil {
		return nil, nil, fmt.Errorf("still carries %v after cleaning (%v)", left, serr) // a bug: publish nothing
	}
	if keep.owner.Artist != "" {
		removed = slices.DeleteFunc(removed, func(s string) bool { return s == "artist" })
	}
	return out, removed, nil
}

// kept is what Original writes back: the owner's rights, and the facts
// and orientation of the EXIF record they came from (PNG, WebP; a JPEG's
// are read by jpegStrip).
type kept struct {
	owner       photofacts.Owner
	facts       photofacts.Facts
	orientation int
	creators    []string
	rights      []langText // dc:rights, one per language
	iptc        [][]byte   // IPTC datasets, whole (tag, record, number, size, data)
	// What WithRights adds for a published variant (decision 0102);
	// Original leaves them empty.
	webStatement string // xmpRights:WebStatement
	usageTerms   string // xmpRights:UsageTerms
	licensor     string // plus:Licensor's LicensorName
	licensorURL  string // plus:Licensor's LicensorURL
	dataMining   string // plus:DataMining, a PLUS vocabulary URI
	// bare leaves out the packet wrapper (the xpacket processing
	// instructions, 77 bytes), which XMP makes optional: a published
	// variant's packet is at a place its container names (decision 0102).
	bare bool
}

type langText struct{ lang, text string }

func (k *kept) xmp() bool {
	return len(k.creators) > 0 || len(k.rights) > 0 || k.webStatement != "" || k.usageTerms != "" ||
		k.licensor != "" || k.licensorURL != "" || k.dataMining != ""
}

// Where each record is, in the formats.
var (
	xmpJPEG  = []byte("http://ns.adobe.com/xap/1.0/\x00")
	iptcJPEG = []byte("Photoshop 3.0\x00")
)

// rightsOf reads the owner's rights from every EXIF, XMP and IPTC record
// of the image before the image data. What it cannot read is not kept
// (and is removed all the same).
func rightsOf(data []byte) kept {
	var k kept
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8}):
		for i := 2; i+4 <= len(data) && data[i] == 0xFF; {
			marker := data[i+1]
			if marker == 0xFF {
				i++
				continue
			}
			if marker == 0xDA || marker == 0xD9 {
				break
			}
			length := int(binary.BigEndian.Uint16(data[i+2:]))
			if length < 2 || i+2+length > len(data) {
				break
			}
			body := data[i+4 : i+2+length]
			switch {
			case marker == 0xE1 && bytes.HasPrefix(body, []byte("Exif\x00\x00")):
				k.fromTIFF(body[6:])
			case marker == 0xE1 && bytes.HasPrefix(body, xmpJPEG):
				k.fromXMP(body[len(xmpJPEG):])
			case marker == 0xED && bytes.HasPrefix(body, iptcJPEG):
				k.fromPhotoshop(body[len(iptcJPEG):])
			}
			i += 2 + length
		}
	case bytes.HasPrefix(data, pngSignature):
		for i := len(pngSignature); i+12 <= len(data); {
			length := int(binary.BigEndian.Uint32(data[i:]))
			if length > len(data)-i-12 {
				break
			}
			kind, body := string(data[i+4:i+8]), data[i+8:i+8+length]
			switch {
			case kind == "eXIf":
				k.fromTIFF(body)
			case pngMetadata(kind) && pngXMP(body):
				if text, ok := pngText(kind, body); ok {
					k.fromXMP(text)
				}
			}
			if kind == "IEND" {
				break
			}
			i += 12 + length
		}
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		for i := 12; i+8 <= len(data); {
			kind, length := string(data[i:i+4]), int(binary.LittleEndian.Uint32(data[i+4:]))
			if length > len(data)-i-8 {
				break
			}
			body := data[i+8 : i+8+length]
			switch kind {
			case "EXIF":
				k.fromTIFF(bytes.TrimPrefix(body, []byte("Exif\x00\x00")))
			case "XMP ":
				k.fromXMP(body)
			}
			i += 8 + length + length%2
		}
	}
	return k
}

// fromTIFF reads IFD0's Artist and Copyright, the orientation and the
// facts of an EXIF record.
func (k *kept) fromTIFF(tiff []byte) {
	r, ok := tiffifd.Open(tiff)
	if !ok {
		return
	}
	text := func(e tiffifd.Entry) string {
		if e.Type != 2 || e.Count > maxRecord {
			return ""
		}
		b := e.Inline[:min(e.Count, 4)]
		if e.Count > 4 {
			b = r.Bytes(e.Value, e.Count)
		}
		return strings.TrimRight(string(b), "\x00 ")
	}
	for e := range r.Entries(r.First(), exifBounds) {
		switch e.Tag {
		case 0x013B:
			k.owner.Artist = text(e)
		case 0x8298:
			k.owner.Copyright = text(e)
		case 0x0112:
			if o := int(r.Order.Uint16(e.Inline[:])); o >= 1 && o <= 8 {
				k.orientation = o
			}
		}
	}
	if f := photofacts.TIFF(tiff); !f.IsZero() {
		k.facts = f
	}
}

// XML namespaces of the XMP properties kept.
const (
	nsDC  = "http://purl.org/dc/elements/1.1/"
	nsRDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	nsXML = "http://www.w3.org/XML/1998/namespace"
	// xmpRights and PLUS (IPTC Photo Metadata's Web Statement of Rights,
	// Licensor and Data Mining), written by WithRights only.
	nsXMPRights = "http://ns.adobe.com/xap/1.0/rights/"
	nsPLUS      = "http://ns.useplus.org/ldf/xmp/1.0/"
)

// fromXMP reads dc:creator (an ordered list of names) and dc:rights (one
// text per language) of an XMP packet; the rest of it is not kept.
func (k *kept) fromXMP(packet []byte) {
	d := xml.NewDecoder(bytes.NewReader(packet))
	var in, lang string // the property being read, the language of its item
	var item *strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch {
			case t.Name.Space == nsDC && (t.Name.Local == "creator" || t.Name.Local == "rights"):
				in = t.Name.Local
			case in != "" && t.Name.Space == nsRDF && t.Name.Local == "li":
				item, lang = &strings.Builder{}, ""
				for _, a := range t.Attr {
					if a.Name.Space == nsXML && a.Name.Local == "lang" {
						lang = a.Value
					}
				}
			}
		case xml.CharData:
			if item != nil {
				item.Write(t)
			}
		case xml.EndElement:
			switch {
			case item != nil && t.Name.Space == nsRDF && t.Name.Local == "li":
				if s := strings.TrimSpace(item.String()); s != "" {
					if in == "creator" {
						k.creators = append(k.creators, s)
					} else {
						k.rights = append(k.rights, langText{cmpOr(lang, "x-default"), s})
					}
				}
				item = nil
			case t.Name.Space == nsDC && t.Name.Local == in:
				in = ""
			}
		}
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// IPTC datasets kept: the character set (1:90), the record version
// (2:00), the By-line (2:80, the creator) and the Copyright Notice (2:116).
var iptcKept = map[[2]byte]bool{{1, 90}: true, {2, 0}: true, {2, 80}: true, {2, 116}: true}

// fromPhotoshop reads the IPTC datasets kept from a Photoshop resource
// block (APP13): its IPTC-NAA resource (0x0404).
func (k *kept) fromPhotoshop(b []byte) {
	for len(b) >= 12 && string(b[:4]) == "8BIM" {
		id := binary.BigEndian.Uint16(b[4:])
		n := 1 + int(b[6]) // the Pascal name, padded to an even size
		n += n % 2
		if 6+n+4 > len(b) {
			return
		}
		size := int(binary.BigEndian.Uint32(b[6+n:]))
		start := 6 + n + 4
		if size > len(b)-start {
			return
		}
		if id == 0x0404 {
			iptc := b[start : start+size]
			for len(iptc) >= 5 && iptc[0] == 0x1C {
				l := int(binary.BigEndian.Uint16(iptc[3:]))
				if l&0x8000 != 0 || 5+l > len(iptc) {
					break // an extended dataset: no text field is one
				}
				if iptcKept[[2]byte{iptc[1], iptc[2]}] {
					k.iptc = append(k.iptc, slices.Clone(iptc[:5+l]))
				}
				iptc = iptc[5+l:]
			}
		}
		b = b[min(len(b), start+size+size%2):]
	}
}

// packet is the XMP packet of the rights kept.
func (k *kept) packet() []byte {
	var b bytes.Buffer
	esc := func(s string) { _ = xml.EscapeText(&b, []byte(s)) }
	if !k.bare {
		b.WriteString("<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n")
	}
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="` + nsRDF + `">`)
	b.WriteString(`<rdf:Description rdf:about="" xmlns:dc="` + nsDC + `"`)
	if k.webStatement != "" || k.usageTerms != "" {
		b.WriteString(` xmlns:xmpRights="` + nsXMPRights + `"`)
	}
	if k.licensor != "" || k.licensorURL != "" || k.dataMining != "" {
		b.WriteString(` xmlns:plus="` + nsPLUS + `"`)
	}
	b.WriteString(">")
	if len(k.creators) > 0 {
		b.WriteString("<dc:creator><rdf:Seq>")
		for _, c := range k.creators {
			b.WriteString("<rdf:li>")
			esc(c)
			b.WriteString("</rdf:li>")
		}
		b.WriteString("</rdf:Seq></dc:creator>")
	}
	if len(k.rights) > 0 {
		b.WriteString("<dc:rights><rdf:Alt>")
		for _, r := range k.rights {
			b.WriteString(`<rdf:li xml:lang="`)
			esc(r.lang)
			b.WriteString(`">`)
			esc(r.text)
			b.WriteString("</rdf:li>")
		}
		b.WriteString("</rdf:Alt></dc:rights>")
	}
	simple := func(name, value string) {
		if value != "" {
			b.WriteString("<" + name + ">")
			esc(value)
			b.WriteString("</" + name + ">")
		}
	}
	simple("xmpRights:WebStatement", k.webStatement)
	if k.usageTerms != "" {
		b.WriteString(`<xmpRights:UsageTerms><rdf:Alt><rdf:li xml:lang="x-default">`)
		esc(k.usageTerms)
		b.WriteString("</rdf:li></rdf:Alt></xmpRights:UsageTerms>")
	}
	if k.licensor != "" || k.licensorURL != "" {
		b.WriteString(`<plus:Licensor><rdf:Seq><rdf:li rdf:parseType="Resource">`)
		simple("plus:LicensorName", k.licensor)
		simple("plus:LicensorURL", k.licensorURL)
		b.WriteString("</rdf:li></rdf:Seq></plus:Licensor>")
	}
	simple("plus:DataMining", k.dataMining)
	b.WriteString("</rdf:Description></rdf:RDF></x:xmpmeta>")
	if !k.bare {
		b.WriteString("\n<?xpacket end=\"r\"?>")
	}
	return b.Bytes()
}

// jpegSegments are the XMP (APP1) and IPTC (APP13) segments of the rights
// kept; none when there are none. A packet too long for a segment is left
// out (the EXIF record still names the owner).
func (k *kept) jpegSegments() []byte {
	var out []byte
	segment := func(marker byte, parts ...[]byte) {
		body := bytes.Join(parts, nil)
		if len(body)+2 > 0xFFFF {
			return
		}
		out = append(out, 0xFF, marker)
		out = binary.BigEndian.AppendUint16(out, uint16(len(body)+2))
		out = append(out, body...)
	}
	if k.xmp() {
		segment(0xE1, xmpJPEG, k.packet())
	}
	if len(k.iptc) > 0 {
		iptc := bytes.Join(k.iptc, nil)
		res := append([]byte("8BIM\x04\x04\x00\x00"), binary.BigEndian.AppendUint32(nil, uint32(len(iptc)))...)
		res = append(res, iptc...)
		if len(iptc)%2 == 1 {
			res = append(res, 0)
		}
		segment(0xED, iptcJPEG, res)
	}
	return out
}

// intoPNG writes the rights kept into a PNG that has no EXIF or XMP left:
// an eXIf chunk and an iTXt XMP chunk, before its first IDAT chunk (where
// the PNG specification wants eXIf).
func (k *kept) intoPNG(png []byte) ([]byte, error) {
	var add []byte
	chunk := func(kind string, body []byte) {
		c := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
		c = append(append(c, kind...), body...)
		add = append(add, binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))...)
	}
	if rec := photofacts.RecordOwned(k.facts, k.orientation, k.owner); rec != nil {
		chunk("eXIf", rec)
	}
	if k.xmp() {
		chunk("iTXt", append([]byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"), k.packet()...))
	}
	if add == nil {
		return png, nil
	}
	for i := len(pngSignature); i+8 <= len(png); {
		if string(png[i+4:i+8]) == "IDAT" {
			return slices.Concat(png[:i], add, png[i:]), nil
		}
		i += 12 + int(binary.BigEndian.Uint32(png[i:]))
	}
	return nil, errors.New("the PNG has no IDAT chunk")
}

// intoWebP writes the rights kept into a WebP that has no EXIF or XMP
// left: EXIF and XMP chunks at its end, as the container asks, with
// their VP8X flags. A WebP without a VP8X chunk (a simple one) had no
// metadata to keep.
func (k *kept) intoWebP(webp []byte) []byte {
	flags := -1
	for i := 12; i+8 <= len(webp); {
		length := int(binary.LittleEndian.Uint32(webp[i+4:]))
		if string(webp[i:i+4]) == "VP8X" && length >= 1 {
			flags = i + 8
			break
		}
		i += 8 + length + length%2
	}
	if flags < 0 {
		return webp
	}
	out := slices.Clone(webp)
	chunk := func(kind string, body []byte, flag byte) {
		out = append(out, kind...)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
		out = append(out, body...)
		if len(body)%2 == 1 {
			out = append(out, 0)
		}
		out[flags] |= flag
	}
	if rec := photofacts.RecordOwned(k.facts, k.orientation, k.owner); rec != nil {
		chunk("EXIF", rec, 0x08)
	}
	if k.xmp() {
		chunk("XMP ", k.packet(), 0x04)
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}

// pngText is the text of a PNG text chunk (tEXt, zTXt, iTXt), inflated
// when compressed, at most maxRecord bytes.
func pngText(kind string, body []byte) ([]byte, bool) {
	keyword, rest, ok := bytes.Cut(body, []byte{0})
	if !ok || len(keyword) == 0 {
		return nil, false
	}
	compressed := false
	switch kind {
	case "zTXt":
		if len(rest) < 1 {
			return nil, false
		}
		compressed, rest = true, rest[1:]
	case "iTXt":
		if len(rest) < 2 {
			return nil, false
		}
		compressed = rest[0] == 1
		rest = rest[2:]
		for range 2 { // the language tag and the translated keyword
			if _, rest, ok = bytes.Cut(rest, []byte{0}); !ok {
				return nil, false
			}
		}
	}
	if !compressed {
		return rest, true
	}
	zr, err := zlib.NewReader(bytes.NewReader(rest))
	if err != nil {
		return nil, false
	}
	text, err := io.ReadAll(io.LimitReader(zr, maxRecord))
	return text, err == nil
}
