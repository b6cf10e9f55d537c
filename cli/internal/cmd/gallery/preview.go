package gallery

import tea "charm.land/bubbletea/v2"

// previewer shows the selected image in terminals that can draw pictures.
type previewer struct {
	protocol string // "kitty", "iterm2", "sixel" or "" (text only)
}

func newPreviewer() *previewer { return &previewer{} }

func (m *model) previewCmd() tea.Cmd { return nil }
