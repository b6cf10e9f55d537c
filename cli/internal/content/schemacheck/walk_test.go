package schemacheck

import (
	"strings"
	"testing"

	"portfolio/cli/internal/content/yamldoc"
	"portfolio/cli/internal/schemamodel"
)

const schemaDoc = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["z"],
  "properties": {
    "z": { "type": "string", "maxLength": 5 },
    "a": { "$ref": "#/$defs/thing", "description": "Overrides." },
    "list": { "type": "array", "items": { "$ref": "#/$defs/block" } }
  },
  "$defs": {
    "thing": { "description": "A thing.", "type": "string", "default": "x" },
    "block": {
      "type": "object",
      "properties": { "type": { "enum": ["one", "two"] } },
      "allOf": [
        { "if": { "properties": { "type": { "const": "one" } }, "required": ["type"] }, "then": { "$ref": "#/$defs/one" } },
        { "if": { "properties": { "type": { "const": "two" } }, "required": ["type"] }, "then": { "$ref": "#/$defs/two" } }
      ]
    },
    "one": { "type": "object", "properties": { "type": { "const": "one" }, "x": { "$ref": "#/$defs/thing" } } },
    "two": { "type": "object", "properties": { "type": { "const": "two" }, "y": { "type": "integer" } } }
  }
}`

func TestWalk(t *testing.T) {
	r, err := schemamodel.Parse([]byte(schemaDoc))
	if err != nil {
		t.Fatal(err)
	}
	v := map[string]any{
		"a": "q", "z": "w",
		"list": []any{map[string]any{"type": "two", "y": 1}, map[string]any{"type": "one", "x": "k"}},
	}
	var visits []string
	(&Schema{Model: r}).Walk(yamldoc.FromValue("f.yaml", v), func(ptr string, s *schemamodel.Schema, def string, _ any) {
		visits = append(visits, ptr+"="+def)
	})
	want := "=,/z=,/a=thing,/list=,/list/0=two,/list/0/type=,/list/0/y=,/list/1=one,/list/1/type=,/list/1/x=thing"
	if got := strings.Join(visits, ","); got != want {
		t.Errorf("visits\n got %s\nwant %s", got, want)
	}
}
