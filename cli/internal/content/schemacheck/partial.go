package schemacheck

import (
	"encoding/json"
	"strconv"
	"strings"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
)

// Value is one answer of a form or flag: a value at a JSON pointer of the
// file it will go into ("/title", "/body/0/alt").
type Value struct {
	Pointer string
	Value   any
}

// Partial is the document of a file that holds only values, each at its
// pointer, with the objects and lists on the way made as needed (a number
// is an item of a list). A value is taken as encoding/json writes it, so a
// []string is a list of text, as the YAML parser gives it. It has no
// positions: an answer has none of its own.
func Partial(file string, values ...Value) (*yamldoc.Document, error) {
	var root any = map[string]any{} // a file is an object, even with no value yet
	for _, v := range values {
		root = place(root, splitPointer(v.Pointer), v.Value)
	}
	data, err := json.Marshal(root)
	if err != nil {
		return nil, err
	}
	var plain any
	if err := json.Unmarshal(data, &plain); err != nil {
		return nil, err
	}
	return yamldoc.FromValue(file, plain), nil
}

func splitPointer(p string) []string {
	if p == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		toks[i] = schemamodel.UnescapePointer(t)
	}
	return toks
}

// place returns into with value set at the path toks.
func place(into any, toks []string, value any) any {
	if len(toks) == 0 {
		return value
	}
	if i, err := strconv.Atoi(toks[0]); err == nil && i >= 0 && i < 1000 {
		list, _ := into.([]any)
		for len(list) <= i {
			list = append(list, nil)
		}
		list[i] = place(list[i], toks[1:], value)
		return list
	}
	m, ok := into.(map[string]any)
	if !ok {
		m = map[string]any{}
	}
	m[toks[0]] = place(m[toks[0]], toks[1:], value)
	return m
}
