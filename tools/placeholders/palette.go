package main

import (
	"crypto/sha256"
	"encoding/binary"
	"sort"
)

// palette is one curated colour scheme. paper and ink are the light and dark
// neutrals, acc holds four accents (primary, secondary, tertiary, pop), and the
// sky/land/sun colours drive the photographic scenes.
type palette struct {
	name                      string
	paper, ink                rgb
	acc                       [4]rgb
	skyTop, skyLow, land, sun rgb
}

func pal(name, paper, ink, a0, a1, a2, a3, skyTop, skyLow, land, sun string) palette {
	return palette{
		name:   name,
		paper:  hex(paper),
		ink:    hex(ink),
		acc:    [4]rgb{hex(a0), hex(a1), hex(a2), hex(a3)},
		skyTop: hex(skyTop),
		skyLow: hex(skyLow),
		land:   hex(land),
		sun:    hex(sun),
	}
}

// palettes is the curated set. The first eight are reserved for the projects
// in fixedPalette; the rest are handed out to other projects by hash.
var palettes = []palette{
	pal("navy-gold", "#F3EFE7", "#14213D", "#1F3A68", "#E9B44C", "#8DA9C4", "#C8553D", "#2C4A74", "#E8C39E", "#1A2438", "#F6D58E"),
	pal("alpine", "#EEF1F2", "#1B2631", "#3E5C76", "#9DB4C0", "#C2A878", "#5C6B73", "#5E81A6", "#E9D8C4", "#24313B", "#FBE3C0"),
	pal("stadium", "#F2F1ED", "#111827", "#1D4E89", "#D1495B", "#EDAE49", "#00798C", "#1D3A6B", "#F0A868", "#141B2D", "#FFD27F"),
	pal("camp", "#FBF6EC", "#2A3A3F", "#F2A541", "#5FA8D3", "#7BB662", "#EF767A", "#7FB8D8", "#FCE3B6", "#2F4A3A", "#FFF1C9"),
	pal("data", "#F4F3EF", "#1E1B3A", "#3C3C8E", "#3FA7D6", "#8CC084", "#F29E4C", "#3C3C8E", "#F6C28B", "#1E1B3A", "#FFE0A3"),
	pal("plum-teal", "#F6F3EE", "#231A2B", "#4B2E59", "#3E8989", "#D9B26F", "#B8C5D6", "#4B2E59", "#E7C6A5", "#261B30", "#F5DDB0"),
	pal("forest-apricot", "#F7F2E8", "#1F2A28", "#2F5D50", "#F4A261", "#8AB6C4", "#E76F51", "#5D8A9B", "#F6D3A8", "#1F3A33", "#FFE3B3"),
	pal("scarlett", "#FAF5F0", "#2A2323", "#B3261E", "#F0CFC7", "#C9A66B", "#5B4B49", "#7A2E2E", "#F3C9B5", "#2A1E1E", "#FCE6D4"),
	pal("sage-clay", "#F3F1EA", "#23302A", "#6B8F71", "#C7714F", "#E3D5B8", "#3D5A5B", "#8FA9A0", "#F0DCC0", "#2B3A33", "#FAEBD0"),
	pal("lagoon", "#F1F4F2", "#0E2A36", "#2E7D8C", "#E07A5F", "#8FC7C9", "#F2CC8F", "#2E6F86", "#F2D7B6", "#10303B", "#FFE7C2"),
	pal("lavender", "#F6F4FA", "#241F33", "#6C5B9E", "#F0B67F", "#B8A9D9", "#4F8A8B", "#5A4D8A", "#F3C4A4", "#211C30", "#FFDDBB"),
	pal("citrus-ink", "#F4F1E8", "#2D3047", "#5C80BC", "#E8C547", "#E4572E", "#93B7BE", "#3F5B8F", "#F5D78E", "#232638", "#FFF0B8"),
	pal("terracotta", "#F5EDE1", "#2E1F1A", "#C8553D", "#E0A458", "#6B7D4F", "#3A506B", "#B5654A", "#F2CFA0", "#2E1F1A", "#FFE6B0"),
	pal("slate-mint", "#EEF2F0", "#1C2B2D", "#2F4858", "#86BBA6", "#F6AE2D", "#33658A", "#33658A", "#CFE3DC", "#1C2B2D", "#F8F3E0"),
	pal("rose-dusk", "#F6EEEA", "#2B2135", "#8C6A8F", "#D98C8C", "#F2C3A0", "#4A5D7E", "#4A4063", "#F0B8A0", "#241D2E", "#FFD8C2"),
	pal("ochre-navy", "#F2EEE3", "#1A2230", "#254D70", "#D9A441", "#A3B18A", "#B5533C", "#254D70", "#EBC98E", "#17202C", "#FCE5A8"),
	pal("moss-coral", "#F4F2EC", "#1F2A24", "#4A6D5C", "#E58F6F", "#C9D6C3", "#2E5A74", "#4F7C8A", "#F2D2B8", "#1F2A24", "#FFE4C8"),
	pal("indigo-sand", "#F5F1EA", "#1B1F3B", "#3B4B8C", "#D8B384", "#9FB3C8", "#C1666B", "#3B4B8C", "#EBCFA8", "#1B1F3B", "#FBE6C2"),
	pal("pine-berry", "#F3F0EE", "#1E2626", "#2F5249", "#A23E48", "#E3B5A4", "#8AA39B", "#4A6A66", "#EDCFC0", "#1E2626", "#FBE1D3"),
	pal("sky-clay", "#F0F3F6", "#1C2833", "#4A7BA6", "#D97D54", "#A7C4DB", "#E8C07D", "#4A7BA6", "#F2D3B3", "#1C2833", "#FFF0D6"),
}

// fixedPalette pins the known projects to hand-picked palettes.
var fixedPalette = map[string]int{
	"unc-greensboro":                 0,
	"drone-photography":              1,
	"college-sports":                 2,
	"hugs-camp":                      3,
	"data-project-logos":             4,
	"higher-education-annual-report": 5,
	"nonprofit-annual-report":        6,
	"scarlett-jill-brand-guide":      7,
}

func hash64(parts ...string) (uint64, uint64) {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	sum := h.Sum(nil)
	return binary.LittleEndian.Uint64(sum[0:8]), binary.LittleEndian.Uint64(sum[8:16])
}

// assignPalettes gives every slug a palette. Known slugs use fixedPalette;
// the others, in sorted order, hash into the remaining palettes and probe
// linearly past palettes already taken, so projects differ while there are
// palettes left.
func assignPalettes(slugs []string) map[string]palette {
	sorted := append([]string(nil), slugs...)
	sort.Strings(sorted)
	out := make(map[string]palette, len(sorted))
	taken := make([]bool, len(palettes))
	for _, s := range sorted {
		if i, ok := fixedPalette[s]; ok {
			out[s] = palettes[i]
			taken[i] = true
		}
	}
	first := len(fixedPalette)
	free := len(palettes) - first
	for _, s := range sorted {
		if _, ok := out[s]; ok {
			continue
		}
		h, _ := hash64("palette", s)
		start := int(h % uint64(free))
		pick := first + start
		for k := 0; k < free; k++ {
			i := first + (start+k)%free
			if !taken[i] {
				pick = i
				break
			}
		}
		taken[pick] = true
		out[s] = palettes[pick]
	}
	return out
}
