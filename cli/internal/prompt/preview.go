package prompt

import (
	"fmt"
	"io"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
)

// Preview is a form field that shows a text longer than the screen (the
// YAML a form is about to write) in a window that scrolls: ↑/↓ a line,
// PgUp/PgDn (or space, b) a page, Home/End (g, G) the ends; Enter or Tab
// goes on to the next field, Shift+Tab back. huh's Note would be cut to
// the height the form measured at its start, before the answers it shows
// were given.
//
// Its height follows the content and the terminal's: the window is as tall
// as the content, at most the screen less Reserve lines (what the form
// shows around it), so the form keeps its confirmation and help line on
// screen. The Guard that runs the form
// tells it the terminal's size (RunGuarded's previews), before the form
// measures its groups.
type Preview struct {
	title   func() string
	content func() string

	vp        viewport.Model
	text      string // the content, as last read
	focused   bool
	width     int
	screen    int // the terminal's height; 0 until known
	reserve   int
	theme     huh.Theme
	hasDarkBg bool
	keys      previewKeys
}

type previewKeys struct {
	Scroll, Page, Ends, Prev, Next key.Binding
}

// DefaultReserve is the lines around a preview in a group of the preview
// and a confirmation: its title and position line, the confirmation's
// three lines and the gaps, the form's help line, and the Guard's leave
// question.
const DefaultReserve = 12

// NewPreview shows content (evaluated when the field is focused, that is
// once the answers it shows are given) under title.
func NewPreview(title, content func() string) *Preview {
	vp := viewport.New()
	vp.SoftWrap = true
	vp.KeyMap = viewport.KeyMap{
		PageDown:     key.NewBinding(key.WithKeys("pgdown", "space", "f")),
		PageUp:       key.NewBinding(key.WithKeys("pgup", "b")),
		HalfPageDown: key.NewBinding(key.WithKeys("ctrl+d")),
		HalfPageUp:   key.NewBinding(key.WithKeys("ctrl+u")),
		Down:         key.NewBinding(key.WithKeys("down", "j")),
		Up:           key.NewBinding(key.WithKeys("up", "k")),
	}
	return &Preview{title: title, content: content, vp: vp, reserve: DefaultReserve, keys: previewKeys{
		Scroll: key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "scroll")),
		Page:   key.NewBinding(key.WithKeys("pgup", "pgdown"), key.WithHelp("pgup/pgdn", "page")),
		Ends:   key.NewBinding(key.WithKeys("home", "end", "g", "G"), key.WithHelp("home/end", "top/bottom")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "back")),
		Next:   key.NewBinding(key.WithKeys("enter", "tab"), key.WithHelp("enter", "next")),
	}}
}

// SetScreen tells the preview the terminal's size.
func (p *Preview) SetScreen(width, height int) {
	p.screen = height
	if p.width == 0 {
		p.width = width
	}
	p.layout()
}

// windowHeight is the number of content lines shown: as many as the
// content has (wrapped to the width), at most the screen less the reserve,
// at least 3; at most 10 before the screen is known.
func (p *Preview) windowHeight() int {
	most := 10
	if p.screen > 0 {
		most = max(3, p.screen-p.reserve)
	}
	return max(3, min(most, p.wrapped()))
}

// wrapped counts the content's lines as the window shows them, long ones
// wrapped.
func (p *Preview) wrapped() int {
	w := max(1, p.vp.Width())
	n := 0
	for _, l := range strings.Split(p.text, "\n") {
		n += max(1, (lipgloss.Width(l)+w-1)/w)
	}
	return n
}

func (p *Preview) layout() {
	w := max(10, p.width-2) // the focus border and its padding
	p.vp.SetWidth(w)
	p.vp.SetHeight(p.windowHeight())
}

func (p *Preview) refresh() {
	p.text = strings.TrimRight(p.content(), "\n")
	p.vp.SetContent(p.text)
	p.vp.GotoTop()
	p.layout()
}

// Init does nothing: the content is read when focused.
func (p *Preview) Init() tea.Cmd { return nil }

// Focus reads the content afresh and shows its top.
func (p *Preview) Focus() tea.Cmd {
	p.focused = true
	p.refresh()
	return nil
}

// Blur keeps the place.
func (p *Preview) Blur() tea.Cmd {
	p.focused = false
	return nil
}

// Update scrolls, or moves to the next or previous field.
func (p *Preview) Update(msg tea.Msg) (huh.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		p.hasDarkBg = msg.IsDark()
	case tea.WindowSizeMsg:
		p.SetScreen(msg.Width, msg.Height)
	case tea.KeyPressMsg:
		if !p.focused {
			return p, nil
		}
		switch msg.String() {
		case "enter", "tab":
			return p, huh.NextField
		case "shift+tab":
			return p, huh.PrevField
		case "home", "g":
			p.vp.GotoTop()
			return p, nil
		case "end", "G":
			p.vp.GotoBottom()
			return p, nil
		}
		var cmd tea.Cmd
		p.vp, cmd = p.vp.Update(msg)
		return p, cmd
	}
	return p, nil
}

// Position says which lines are shown, and that there is more.
func (p *Preview) Position() string {
	total := p.vp.TotalLineCount()
	first := p.vp.YOffset() + 1
	last := min(total, p.vp.YOffset()+p.vp.Height())
	if total <= p.vp.Height() {
		if total == 1 {
			return "all of it: 1 line"
		}
		return fmt.Sprintf("all of it: %d lines", total)
	}
	more := ""
	switch {
	case p.vp.AtTop():
		more = " · ↓ more below"
	case p.vp.AtBottom():
		more = " · ↑ more above"
	default:
		more = " · ↑↓ more above and below"
	}
	return fmt.Sprintf("lines %d–%d of %d%s", first, last, total, more)
}

func (p *Preview) styles() *huh.FieldStyles {
	theme := p.theme
	if theme == nil {
		theme = huh.ThemeFunc(huh.ThemeCharm)
	}
	s := theme.Theme(p.hasDarkBg)
	if p.focused {
		return &s.Focused
	}
	return &s.Blurred
}

// View is the title, the window (always its full height, so the form's
// measure of it holds whatever the content), and the position line.
func (p *Preview) View() string {
	st := p.styles()
	body := p.vp.View()
	if n := lipgloss.Height(body); n < p.vp.Height() {
		body += strings.Repeat("\n", p.vp.Height()-n)
	}
	var sb strings.Builder
	sb.WriteString(st.Title.Render(p.title()))
	sb.WriteString("\n")
	sb.WriteString(body)
	sb.WriteString("\n")
	sb.WriteString(st.Description.Render(p.Position()))
	return st.Base.Width(p.width).Render(sb.String())
}

// Error is always nil: there is nothing to get wrong.
func (p *Preview) Error() error { return nil }

// Run is not used: the preview lives in a form.
func (p *Preview) Run() error { return huh.Run(p) }

// RunAccessible prints the whole text.
func (p *Preview) RunAccessible(w io.Writer, _ io.Reader) error {
	_, err := fmt.Fprintf(w, "%s\n%s\n", p.title(), p.content())
	return err
}

// Skip is false: the preview takes the focus, to scroll.
func (p *Preview) Skip() bool { return false }

// Zoom is false.
func (p *Preview) Zoom() bool { return false }

// KeyBinds are shown in the form's help line.
func (p *Preview) KeyBinds() []key.Binding {
	return []key.Binding{p.keys.Scroll, p.keys.Page, p.keys.Ends, p.keys.Prev, p.keys.Next}
}

// WithTheme sets the theme.
func (p *Preview) WithTheme(t huh.Theme) huh.Field {
	if p.theme == nil {
		p.theme = t
	}
	return p
}

// WithKeyMap keeps the preview's own keys.
func (p *Preview) WithKeyMap(*huh.KeyMap) huh.Field { return p }

// WithWidth sets the width.
func (p *Preview) WithWidth(w int) huh.Field {
	p.width = w
	p.layout()
	return p
}

// WithHeight is ignored: the height follows the screen (SetScreen), which
// the form's own measure never exceeds.
func (p *Preview) WithHeight(int) huh.Field { return p }

// WithPosition is not needed.
func (p *Preview) WithPosition(huh.FieldPosition) huh.Field { return p }

// GetKey is empty: the preview has no value.
func (p *Preview) GetKey() string { return "" }

// GetValue is nil.
func (p *Preview) GetValue() any { return nil }
