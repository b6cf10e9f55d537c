package editor

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/english"
	"portfolio/cli/internal/fieldcheck"
	"portfolio/cli/internal/gallery"
	"portfolio/cli/internal/importimage"
	"portfolio/cli/internal/prompt"
	"portfolio/cli/internal/stage"
)

// mode is what the list is doing: browsing, or asking something.
type mode int

const (
	browsing   mode = iota
	adding          // the path input
	describing      // the alt and caption inputs
	confirmRemove
	confirmQuit
	confirmResize // shrink the large originals just added?
	saving
)

// model is the interactive gallery: the list on the left, the selected
// image's preview and texts on the right, keys at the bottom.
type model struct {
	ctx     context.Context
	g       *gallery.Gallery
	sel     int
	mode    mode
	changed bool
	status  string // the last action's outcome, or an error
	// addAfter: the add input inserts after the selection (a) or before (i).
	addAfter bool
	input    textinput.Model
	alt      textinput.Model
	caption  textinput.Model
	focus    int // 0 alt, 1 caption
	width    int
	height   int
	preview  *previewer
	// askResize: originals larger than the gallery's MaxEdge are offered a
	// resize when added (unless --max-edge was given); large are those
	// waiting for the answer.
	askResize bool
	large     []*gallery.Image
	largeText []string
	quitErr   error
	saved     *gallery.Result
}

type savedMsg struct {
	res *gallery.Result
	err error
}

func newModel(ctx context.Context, g *gallery.Gallery, p *previewer) *model {
	in := textinput.New()
	in.Prompt = "files: "
	in.Placeholder = "paths, a folder, or drop files here"
	alt := textinput.New()
	alt.Prompt = "alt text: "
	alt.CharLimit = 250
	caption := textinput.New()
	caption.Prompt = "caption:  "
	caption.CharLimit = 300
	return &model{ctx: ctx, g: g, input: in, alt: alt, caption: caption, width: 100, height: 30, preview: p}
}

func (m *model) Init() tea.Cmd { return tea.Batch(m.preview.askSixel(), m.previewCmd()) }

// listWidth is the width of the list column, in cells.
func (m *model) listWidth() int { return min(44, max(24, m.width/2-2)) }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		for _, in := range []*textinput.Model{&m.input, &m.alt, &m.caption} {
			in.SetWidth(max(20, msg.Width-16))
		}
		return m, m.previewCmd()
	case savedMsg:
		m.mode = browsing
		if msg.err != nil {
			m.status = "not saved: " + errorText(msg.err)
			return m, nil
		}
		m.changed, m.saved = false, msg.res
		m.status = "✓ saved: " + summary(msg.res)
		return m, m.previewCmd()
	case tea.KeyPressMsg:
		return m.key(msg)
	case previewMsg:
		m.preview.cache[msg.path] = msg.thumb
		if m.mode == browsing || m.mode == confirmRemove {
			return m, tea.Raw(msg.seq)
		}
		return m, nil
	case uv.PrimaryDeviceAttributesEvent:
		if m.preview.attributes(msg) {
			return m, m.previewCmd()
		}
		return m, nil
	}
	return m, m.updateInputs(msg)
}

func (m *model) updateInputs(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch m.mode {
	case adding:
		m.input, cmd = m.input.Update(msg)
	case describing:
		if m.focus == 0 {
			m.alt, cmd = m.alt.Update(msg)
		} else {
			m.caption, cmd = m.caption.Update(msg)
		}
	}
	return cmd
}

// key handles a key press in the current mode.
func (m *model) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch m.mode {
	case saving:
		return m, nil
	case confirmQuit:
		return m.keyConfirmQuit(k)
	case confirmResize:
		return m.keyConfirmResize(k)
	case confirmRemove:
		return m.keyConfirmRemove(k)
	case adding:
		return m.keyAdding(k)
	case describing:
		return m.keyDescribing(k)
	}
	return m.keyBrowsing(k)
}

// keyConfirmQuit answers "quit without saving?".
func (m *model) keyConfirmQuit(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	switch s {
	case "y", "Y":
		m.quitErr = cmdutil.ErrCancel
		return m, tea.Quit
	case "n", "N", "esc":
		m.mode, m.status = browsing, ""
	}
	return m, nil
}

// keyConfirmResize answers "shrink the large files just added?".
func (m *model) keyConfirmResize(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	switch s {
	case "y", "Y", "enter":
		m.status = fmt.Sprintf("%d will be shrunk to %d px when you save", len(m.large), m.g.MaxEdge)
	case "n", "N":
		for _, im := range m.large {
			im.KeepSize = true
		}
		m.status = fmt.Sprintf("%d kept at full size", len(m.large))
	default:
		return m, nil
	}
	m.mode, m.large, m.largeText = browsing, nil, nil
	return m, nil
}

// keyConfirmRemove answers "remove this image?".
func (m *model) keyConfirmRemove(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	switch s {
	case "y", "Y":
		if err := m.g.Remove(m.sel + 1); err != nil {
			m.status = errorText(err)
		} else {
			m.changed = true
			m.status = "removed (not saved yet)"
			m.sel = min(m.sel, max(0, len(m.g.Images)-1))
		}
		m.mode = browsing
		return m, m.previewCmd()
	case "n", "N", "esc":
		m.mode, m.status = browsing, ""
	}
	return m, nil
}

// keyAdding edits the paths to add: Enter adds them, Tab completes the last.
func (m *model) keyAdding(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	switch s {
	case "esc":
		m.mode, m.status = browsing, ""
		m.input.Blur()
		return m, nil
	case "enter":
		paths := fieldcheck.ParseGallery(m.input.Value())
		if len(paths) == 0 {
			m.status = "give at least one image file or folder"
			return m, nil
		}
		at := m.sel + 1
		if m.addAfter && len(m.g.Images) > 0 {
			at = m.sel + 2
		}
		n := len(m.g.Images)
		if err := m.g.Insert(at, paths...); err != nil {
			m.status = errorText(err)
			return m, nil
		}
		m.changed = true
		m.status = fmt.Sprintf("added %d at %d (not saved yet)", len(m.g.Images)-n, at)
		m.sel = at - 1
		m.mode = browsing
		m.input.Blur()
		if m.askResize {
			m.offerResize(m.g.Images[at-1 : at-1+len(m.g.Images)-n])
		}
		return m, m.previewCmd()
	case "tab":
		// Completes the last path, as a shell does; the names still
		// matching go in the status line.
		c := prompt.CompletePath(m.input.Value(), true, ".jpg", ".jpeg", ".png", ".webp")
		m.input.SetValue(c.Value)
		m.input.CursorEnd()
		m.status = ""
		if len(c.Candidates) > 0 {
			m.status = strings.Join(c.Candidates, "  ")
		}
		return m, nil
	}
	m.status = ""
	return m, m.updateInputs(k)
}

// keyDescribing edits the selected image's alt text and caption.
func (m *model) keyDescribing(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	switch s {
	case "esc":
		m.mode, m.status = browsing, ""
		return m, nil
	case "tab", "shift+tab", "up", "down":
		m.focus = 1 - m.focus
		m.alt.Blur()
		m.caption.Blur()
		if m.focus == 0 {
			return m, m.alt.Focus()
		}
		return m, m.caption.Focus()
	case "enter":
		if m.focus == 0 {
			m.focus = 1
			m.alt.Blur()
			return m, m.caption.Focus()
		}
		if err := m.g.SetText(m.sel+1, m.alt.Value(), m.caption.Value()); err != nil {
			m.status = errorText(err)
			m.focus = 0
			m.caption.Blur()
			return m, m.alt.Focus()
		}
		m.changed = true
		m.status = "described (not saved yet)"
		m.mode = browsing
		return m, nil
	}
	cmd := m.updateInputs(k)
	m.status = ""
	if m.focus == 0 {
		if err := fieldcheck.ValidateAlt(m.alt.Value()); err != nil {
			m.status = errorText(err) // shown as you type, cleared once fixed
		}
	}
	return m, cmd
}

// keyBrowsing moves through the list and starts the other modes.
func (m *model) keyBrowsing(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	s := k.String()
	n := len(m.g.Images)
	m.status = ""
	switch s {
	case "up", "k":
		m.sel = max(0, m.sel-1)
	case "down", "j":
		m.sel = min(max(0, n-1), m.sel+1)
	case "home", "g":
		m.sel = 0
	case "end", "G":
		m.sel = max(0, n-1)
	case "shift+up", "K", "ctrl+up":
		if m.sel > 0 {
			if err := m.g.Move(m.sel+1, m.sel); err != nil {
				m.status = errorText(err)
			} else {
				m.sel--
				m.changed = true
			}
		}
	case "shift+down", "J", "ctrl+down":
		if m.sel < n-1 {
			if err := m.g.Move(m.sel+1, m.sel+2); err != nil {
				m.status = errorText(err)
			} else {
				m.sel++
				m.changed = true
			}
		}
	case "a", "i", "insert":
		m.addAfter = s == "a"
		m.mode = adding
		m.input.SetValue("")
		return m, m.input.Focus()
	case "d", "x", "delete", "backspace":
		if n > 0 {
			m.mode = confirmRemove
		}
	case "e", "enter":
		if n > 0 {
			m.mode, m.focus = describing, 0
			m.alt.SetValue(m.g.Images[m.sel].Alt)
			m.caption.SetValue(m.g.Images[m.sel].Caption)
			m.caption.Blur()
			return m, m.alt.Focus()
		}
	case "s", "ctrl+s":
		if !m.changed {
			m.status = "nothing to save"
			return m, nil
		}
		m.mode = saving
		m.status = "saving…"
		g, ctx := m.g, m.ctx
		return m, func() tea.Msg {
			res, err := g.Apply(ctx, nil)
			return savedMsg{res, err}
		}
	case "q", "esc", "ctrl+c":
		if m.changed {
			m.mode = confirmQuit
			return m, nil
		}
		return m, tea.Quit
	}
	return m, m.previewCmd()
}

func errorText(err error) string {
	var inv *stage.InvalidError
	var fe *fieldcheck.FieldError
	switch {
	case errors.As(err, &inv):
		var msgs []string
		for _, d := range inv.Diagnostics {
			msgs = append(msgs, d.Message)
		}
		return err.Error() + ": " + strings.Join(msgs, "; ")
	case errors.As(err, &fe):
		if fe.Hint != "" {
			return fe.Msg + " (" + fe.Hint + ")"
		}
		return fe.Msg
	}
	return err.Error()
}

var (
	selected = lipgloss.NewStyle().Reverse(true)
	dim      = lipgloss.NewStyle().Faint(true)
	bold     = lipgloss.NewStyle().Bold(true)
	warn     = lipgloss.NewStyle().Foreground(lipgloss.Red)
)

func (m *model) View() tea.View {
	var b strings.Builder
	title := fmt.Sprintf("Gallery of %s — %s", m.g.Slug, english.Count(len(m.g.Images), "image"))
	if m.changed {
		title += " (changed, not saved)"
	}
	b.WriteString(bold.Render(safe(title)) + "\n\n")
	listWidth := m.listWidth()
	names := m.g.Names()
	rows := max(3, m.height-12)
	start := max(0, min(m.sel-rows/2, len(m.g.Images)-rows))
	var left []string
	for i := start; i < min(len(m.g.Images), start+rows); i++ {
		im := m.g.Images[i]
		label := im.File
		if im.Source != "" {
			label = "+ " + filepathBase(im.Source)
		}
		mark := " "
		if im.Alt != "" || im.Caption != "" {
			mark = "✎"
		}
		line := fmt.Sprintf("%3d %s %s", i+1, mark, safe(label))
		if label != names[i] {
			line += " → " + names[i]
		}
		line = truncate(line, listWidth)
		if i == m.sel {
			line = selected.Render(line + strings.Repeat(" ", max(0, listWidth-lipgloss.Width(line))))
		}
		left = append(left, line)
	}
	if len(m.g.Images) == 0 {
		left = append(left, dim.Render("  (empty: press a to add images)"))
	}
	var right []string
	if len(m.g.Images) > 0 {
		im := m.g.Images[m.sel]
		right = append(right, describe(m.g, im))
		if m.preview != nil && m.preview.protocol != "" {
			right = append(right, strings.Split(strings.Repeat("\n", previewRows-1), "\n")...) // the picture's box
		}
		alt := safe(im.Alt)
		if alt == "" {
			alt = dim.Render("(default: the title and " + fmt.Sprint(m.sel+1) + ")")
		}
		right = append(right, "", "alt:     "+alt)
		if im.Caption != "" {
			right = append(right, "caption: "+safe(im.Caption))
		}
	}
	b.WriteString(lipgloss.JoinHorizontal(lipgloss.Top,
		lipgloss.NewStyle().Width(listWidth+2).Render(strings.Join(left, "\n")),
		lipgloss.NewStyle().Width(max(20, m.width-listWidth-4)).Render(strings.Join(right, "\n"))))
	b.WriteString("\n\n")
	switch m.mode {
	case adding:
		where := "before"
		if m.addAfter {
			where = "after"
		}
		fmt.Fprintf(&b, "Add image files %s image %d (Tab completes a path, Enter adds, Esc goes back):\n%s\n", where, m.sel+1, m.input.View())
	case describing:
		fmt.Fprintf(&b, "Describe image %d (Tab switches, Enter on the caption keeps, Esc goes back):\n%s\n%s\n",
			m.sel+1, m.alt.View(), m.caption.View())
	case confirmRemove:
		fmt.Fprintf(&b, "Remove image %d (%s)? Its file is deleted when you save. y/n\n", m.sel+1, safe(m.g.Images[m.sel].File+filepathBase(m.g.Images[m.sel].Source)))
	case confirmQuit:
		b.WriteString("Discard your changes? Nothing has been saved. y/n\n")
	case confirmResize:
		n := len(m.large)
		fmt.Fprintf(&b, "%s larger than %d px on the long edge (the site shows at most %d px):\n", english.Count(n, "added original"), m.g.MaxEdge, importimage.WidestShown)
		for _, l := range m.largeText {
			b.WriteString("  " + l + "\n")
		}
		b.WriteString("Shrink the copies (never your originals)? y/Enter shrink · n keep their size\n")
	default:
		b.WriteString(dim.Render("↑↓ select · shift+↑↓/K J move · a/i add after/before · e describe · d remove · s save · q quit") + "\n")
	}
	if m.status != "" {
		style := dim
		if !strings.HasPrefix(m.status, "✓") && !strings.Contains(m.status, "not saved yet") {
			style = warn
		}
		b.WriteString(style.Render(safe(m.status)) + "\n")
	}
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}

func filepathBase(p string) string {
	if p == "" {
		return ""
	}
	i := strings.LastIndexAny(p, `/\`)
	return p[i+1:]
}

func truncate(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && lipgloss.Width(string(r))+1 > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// runTUI runs the interactive list on the terminal.
func runTUI(ctx context.Context, opts *Options, g *gallery.Gallery) error {
	m := newModel(ctx, g, newPreviewer())
	m.askResize = !opts.MaxEdgeSet
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(opts.IO.In), tea.WithOutput(opts.IO.Out))
	final, err := p.Run()
	if err != nil {
		if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, context.Canceled) || errors.Is(err, tea.ErrInterrupted) {
			fmt.Fprintln(opts.IO.ErrOut, "nothing was changed")
			return cmdutil.ErrCancel
		}
		return err
	}
	if seq := m.preview.clearPicture(); seq != "" {
		fmt.Fprint(opts.IO.Out, seq)
	}
	fm := final.(*model)
	if fm.quitErr != nil {
		fmt.Fprintln(opts.IO.ErrOut, "nothing was changed")
		return fm.quitErr
	}
	if fm.saved != nil {
		return printList(opts.IO.Out, g)
	}
	return nil
}

// offerResize asks, for the images just added, whether to shrink those
// larger than the gallery's MaxEdge: once for all of them.
func (m *model) offerResize(added []gallery.Image) {
	m.large, m.largeText = nil, nil
	for i := range added {
		if l, ok := importimage.Oversize(added[i].Source, m.g.MaxEdge); ok {
			m.large = append(m.large, &added[i])
			m.largeText = append(m.largeText, safe(filepath.Base(added[i].Source))+": "+l.String())
		}
	}
	if len(m.large) > 0 {
		m.mode = confirmResize
	}
}
