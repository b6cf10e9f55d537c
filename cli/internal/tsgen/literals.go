// The literals: values rendered as TypeScript source, wrapped at lineWidth.

package tsgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

type kv struct {
	k string
	v any
}

type obj []kv

type list []any

// code is TypeScript written out as is (a function), not a value.
type code string

const lineWidth = 100

// render prints a value as a TypeScript literal: objects and lists on one
// line when they fit, else one entry per line with trailing commas.
func render(v any, indent int) string {
	if one := renderFlat(v); len(one)+indent*2 <= lineWidth && !strings.Contains(one, "\n") {
		return one
	}
	pad := strings.Repeat("  ", indent+1)
	var b strings.Builder
	switch x := v.(type) {
	case obj:
		b.WriteString("{\n")
		for _, e := range x {
			fmt.Fprintf(&b, "%s%s: %s,\n", pad, key(e.k), render(e.v, indent+1))
		}
		b.WriteString(strings.Repeat("  ", indent) + "}")
	case list:
		b.WriteString("[\n")
		for _, e := range x {
			fmt.Fprintf(&b, "%s%s,\n", pad, render(e, indent+1))
		}
		b.WriteString(strings.Repeat("  ", indent) + "]")
	default:
		return renderFlat(v)
	}
	return b.String()
}

func renderFlat(v any) string {
	switch x := v.(type) {
	case obj:
		if len(x) == 0 {
			return "{}"
		}
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = key(e.k) + ": " + renderFlat(e.v)
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case list:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = renderFlat(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return literal(v)
}

func literal(v any) string {
	if c, ok := v.(code); ok {
		return string(c)
	}
	if str, ok := v.(string); ok {
		return quote(str)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("tsgen: cannot render %#v: %v", v, err))
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// quote writes a string literal in single quotes, the site's code style.
func quote(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	inner := strings.TrimSuffix(buf.String(), "\n")
	inner = inner[1 : len(inner)-1]
	inner = strings.ReplaceAll(inner, `\"`, `"`)
	inner = strings.ReplaceAll(inner, `'`, `\'`)
	return "'" + inner + "'"
}

var identRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

func key(k string) string {
	if identRE.MatchString(k) {
		return k
	}
	return quote(k)
}

func pascal(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if r == '-' || r == '_' || r == ' ' {
			up = true
			continue
		}
		if up {
			b.WriteRune(unicode.ToUpper(r))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func doc(b *strings.Builder, indent, text string) {
	if text == "" {
		return
	}
	text = strings.ReplaceAll(text, "*/", "*\\/")
	fmt.Fprintf(b, "%s/** %s */\n", indent, text)
}
