package editor

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/iterm2"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/charmbracelet/x/ansi/sixel"
	"github.com/disintegration/imaging"

	"portfolio/cli/internal/content"
	"portfolio/cli/internal/imagecheck"
	"portfolio/cli/internal/poster"
)

// Terminal picture protocols the preview can use.
const (
	protoKitty  = "kitty"
	protoITerm2 = "iTerm2"
	protoSixel  = "sixel"
)

// The preview's box, in cells, and the thumbnail's size in pixels.
const (
	previewCols, previewRows = 30, 10
	thumbW, thumbH           = 300, 200
	// Above this many pixels a photo is not decoded for a preview: its
	// facts are enough, and decoding would stall the list.
	maxPreviewPixels = 60_000_000
)

// previewer shows the selected image in terminals that can draw pictures;
// elsewhere the list shows its name, size and dimensions only.
type previewer struct {
	protocol string
	cache    map[string]image.Image
}

// detectProtocol names the picture protocol the terminal is known to
// speak, from its environment; "" when unknown (sixel is then asked of the
// terminal itself). Inside tmux or screen pictures would need passthrough,
// so there is no preview.
func detectProtocol(getenv func(string) string) string {
	switch {
	case getenv("TMUX") != "" || getenv("STY") != "":
		return ""
	case getenv("TERM") == "xterm-kitty" || getenv("KITTY_WINDOW_ID") != "" || getenv("TERM_PROGRAM") == "ghostty":
		return protoKitty
	case getenv("TERM_PROGRAM") == "iTerm.app" || getenv("LC_TERMINAL") == "iTerm2" || getenv("TERM_PROGRAM") == "WezTerm":
		return protoITerm2
	}
	return ""
}

func newPreviewer() *previewer {
	return &previewer{protocol: detectProtocol(os.Getenv), cache: map[string]image.Image{}}
}

// previewMsg carries the escape sequence that draws a thumbnail.
type previewMsg struct {
	seq   string
	path  string
	thumb image.Image
}

// askSixel asks the terminal for its attributes: 4 means sixel graphics.
func (p *previewer) askSixel() tea.Cmd {
	if p == nil || p.protocol != "" || os.Getenv("TMUX") != "" {
		return nil
	}
	return tea.Raw(ansi.RequestPrimaryDeviceAttributes)
}

// attributes records the terminal's answer to askSixel.
func (p *previewer) attributes(msg uv.PrimaryDeviceAttributesEvent) bool {
	if p != nil && p.protocol == "" && slices.Contains([]int(msg), 4) {
		p.protocol = protoSixel
		return true
	}
	return false
}

// previewCmd draws the selected image's thumbnail in the box beside the
// list, decoding it away from the event loop.
func (m *model) previewCmd() tea.Cmd {
	p := m.preview
	if p == nil || p.protocol == "" || len(m.g.Images) == 0 {
		return nil
	}
	im := m.g.Images[m.sel]
	path := im.Source
	if path == "" {
		path = filepath.Join(m.g.ProjectDir, content.GalleryDir, im.File)
	}
	if im.IsVideo() {
		// A video shows as its poster, as its tile does.
		path = poster.Beside(path)
		if im.Poster != "" {
			path = filepath.Join(m.g.ProjectDir, content.GalleryDir, im.Poster)
		}
	}
	row, col := 4, m.listWidth()+3 // below the title, beside the list (1-based)
	proto := p.protocol
	cached := p.cache[path]
	return func() tea.Msg {
		thumb := cached
		if thumb == nil {
			var err error
			if thumb, err = thumbnail(path); err != nil {
				return nil
			}
		}
		seq, err := pictureSequence(proto, thumb)
		if err != nil {
			return nil
		}
		return previewMsg{seq: placeAt(row, col, proto, seq), path: path, thumb: thumb}
	}
}

// thumbnail decodes an image upright and fits it in the preview's pixels.
func thumbnail(path string) (image.Image, error) {
	if _, err := imagecheck.File(path, maxPreviewPixels); err != nil {
		return nil, err
	}
	img, err := imaging.Open(path, imaging.AutoOrientation(true))
	if err != nil {
		return nil, err
	}
	return imaging.Fit(img, thumbW, thumbH, imaging.Box), nil
}

// pictureSequence encodes img for the protocol, sized to the preview box.
func pictureSequence(proto string, img image.Image) (string, error) {
	var b bytes.Buffer
	switch proto {
	case protoKitty:
		err := kitty.EncodeGraphics(&b, img, &kitty.Options{Action: kitty.TransmitAndPut, Format: kitty.PNG, Quite: 2,
			ID: 7411, Columns: previewCols, Rows: previewRows, Chunk: true, DoNotMoveCursor: true})
		return b.String(), err
	case protoITerm2:
		if err := png.Encode(&b, img); err != nil {
			return "", err
		}
		return ansi.ITerm2(iterm2.File{Inline: true, Width: iterm2.Cells(previewCols), Height: iterm2.Cells(previewRows),
			Size: int64(b.Len()), Content: []byte(base64.StdEncoding.EncodeToString(b.Bytes()))}), nil
	case protoSixel:
		if err := (&sixel.Encoder{}).Encode(&b, img); err != nil {
			return "", err
		}
		return ansi.SixelGraphics(0, 1, 0, b.Bytes()), nil
	}
	return "", fmt.Errorf("unknown picture protocol %q", proto)
}

// placeAt draws seq with the cursor at row, col, after clearing the box
// (and, in kitty, the previous picture), then puts the cursor back.
func placeAt(row, col int, proto, seq string) string {
	var b bytes.Buffer
	b.WriteString(ansi.SaveCursor)
	if proto == protoKitty {
		b.WriteString(ansi.KittyGraphics(nil, "a=d", "d=i", "i=7411", "q=2"))
	}
	blank := fmt.Sprintf("%*s", previewCols, "")
	for r := range previewRows {
		b.WriteString(ansi.CursorPosition(col, row+r))
		b.WriteString(blank)
	}
	b.WriteString(ansi.CursorPosition(col, row))
	b.WriteString(seq)
	b.WriteString(ansi.RestoreCursor)
	return b.String()
}

// clearPicture removes a kitty picture when the program ends.
func (p *previewer) clearPicture() string {
	if p == nil || p.protocol != protoKitty {
		return ""
	}
	return ansi.KittyGraphics(nil, "a=d", "d=i", "i=7411", "q=2")
}
