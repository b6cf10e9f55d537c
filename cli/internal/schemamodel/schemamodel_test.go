package schemamodel

import (
	"strings"
	"testing"
)

const doc = `{
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

func TestParseKeepsOrder(t *testing.T) {
	r, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range r.Properties {
		names = append(names, p.Name)
	}
	if strings.Join(names, ",") != "z,a,list" {
		t.Errorf("order = %v", names)
	}
	if !r.IsRequired("z") || r.IsRequired("a") || *r.Schema.Prop("z").MaxLength != 5 {
		t.Error("required or maxLength lost")
	}
	s, def := r.Resolve(r.Prop("a"))
	if def != "thing" || s.Description != "Overrides." || !s.HasDefault || s.Default != "x" {
		t.Errorf("Resolve = %+v, %q", s, def)
	}
	if r.Def("#/$defs/thing").Description != "A thing." {
		t.Error("Resolve changed the definition it copied")
	}
	if got := r.At("/$defs/two/properties/y/type"); got != "integer" {
		t.Errorf("At = %v", got)
	}
}

// TestParseKeepsAnnotations checks what a reference page needs besides
// validation: item counts, bounds, examples, and the annotations written
// beside a $ref winning over the definition's.
func TestParseKeepsAnnotations(t *testing.T) {
	r, err := Parse([]byte(`{
  "properties": {
    "tags": { "type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true, "items": { "type": "string" }, "examples": [["a", "b"]] },
    "n": { "type": "integer", "minimum": 1, "maximum": 2.5 },
    "m": { "$ref": "#/$defs/thing", "title": "Mine", "examples": ["y"] },
    "d": { "$ref": "#/$defs/thing", "default": "z" }
  },
  "$defs": { "thing": { "title": "Thing", "description": "A thing.", "type": "string", "examples": ["x"] } }
}`))
	if err != nil {
		t.Fatal(err)
	}
	tags := r.Prop("tags")
	if *tags.MinItems != 1 || *tags.MaxItems != 3 || !tags.UniqueItems || len(tags.Examples) != 1 || len(tags.Examples[0].([]any)) != 2 {
		t.Errorf("tags = %+v", tags)
	}
	if n := r.Prop("n"); *n.Minimum != 1 || *n.Maximum != 2.5 {
		t.Errorf("n bounds = %v, %v", *n.Minimum, *n.Maximum)
	}
	m, _ := r.Resolve(r.Prop("m"))
	if m.Title != "Mine" || m.Description != "A thing." || len(m.Examples) != 1 || m.Examples[0] != "y" || m.HasDefault {
		t.Errorf("Resolve(m) = %+v", m)
	}
	d, _ := r.Resolve(r.Prop("d"))
	if d.Title != "Thing" || d.Examples[0] != "x" || !d.HasDefault || d.Default != "z" {
		t.Errorf("Resolve(d) = %+v", d)
	}
	if def := r.Def("#/$defs/thing"); def.Title != "Thing" || def.HasDefault {
		t.Error("Resolve changed the definition it copied")
	}
}

func TestParseRefuses(t *testing.T) {
	for _, bad := range []string{
		`{"oneOf": []}`,
		`{"properties": {"a": {"$ref": "other.json#/x"}}}`,
		`{"properties": {"a": {"$ref": "#/$defs/missing"}}}`,
		`{"additionalProperties": {"type": "string"}}`,
		`{"examples": "x"}`,
		`{"minItems": 1.5}`,
		`{"maximum": "2"}`,
		`[]`,
	} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%s) succeeded, want an error", bad)
		}
	}
}

// TestParseTranslatable reads the marks of decision 0115: x-translatable
// on a property, beside a $ref or on a definition, and x-translation-key
// on a list; HoldsTranslatable finds a mark at any depth, through
// definitions and branches.
func TestParseTranslatable(t *testing.T) {
	r, err := Parse([]byte(`{
  "properties": {
    "title": { "type": "string", "x-translatable": true },
    "alt": { "$ref": "#/$defs/text" },
    "note": { "$ref": "#/$defs/plain", "x-translatable": true },
    "url": { "type": "string" },
    "texts": { "type": "array", "x-translation-key": "file", "items": { "$ref": "#/$defs/item" } },
    "blocks": { "type": "array", "items": { "$ref": "#/$defs/block" } },
    "sizes": { "type": "object", "properties": { "w": { "type": "integer" } } }
  },
  "$defs": {
    "text": { "type": "string", "x-translatable": true },
    "plain": { "type": "string" },
    "item": { "type": "object", "properties": { "file": { "type": "string" }, "alt": { "$ref": "#/$defs/text" } } },
    "block": { "type": "object", "allOf": [{ "if": { "properties": { "type": { "const": "a" } } }, "then": { "$ref": "#/$defs/a" } }] },
    "a": { "type": "object", "properties": { "caption": { "$ref": "#/$defs/text" } } }
  }
}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		prop               string
		translatable, hold bool
	}{
		{"title", true, true}, {"alt", true, true}, {"note", true, true}, {"url", false, false},
		{"texts", false, true}, {"blocks", false, true}, {"sizes", false, false},
	} {
		s, _ := r.Resolve(r.Prop(tt.prop))
		if s.Translatable != tt.translatable || r.HoldsTranslatable(r.Prop(tt.prop)) != tt.hold {
			t.Errorf("%s: translatable %v, holds %v; want %v, %v", tt.prop, s.Translatable, r.HoldsTranslatable(r.Prop(tt.prop)), tt.translatable, tt.hold)
		}
	}
	if k := r.Prop("texts").TranslationKey; k != "file" {
		t.Errorf("texts' translation key %q", k)
	}
	if r.Def("#/$defs/plain").Translatable {
		t.Error("Resolve marked the definition it copied")
	}
	if _, err := Parse([]byte(`{"x-translatable": "yes"}`)); err == nil {
		t.Error(`x-translatable: "yes" parsed`)
	}
}
