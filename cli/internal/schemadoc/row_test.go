package schemadoc

import (
	"strings"
	"testing"
)

// tiny has one field per way a constraint, a type or an example is said.
const tiny = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["name", "count", "tags"],
  "properties": {
    "name": { "title": "Name", "description": "Who.", "type": "string", "minLength": 1, "maxLength": 80, "examples": ["Avery Morgan"] },
    "note": { "description": "At most.", "type": "string", "maxLength": 20 },
    "code": { "description": "Exactly.", "type": "string", "minLength": 4, "maxLength": 4 },
    "long": { "description": "At least.", "type": "string", "minLength": 1 },
    "count": { "description": "How many.", "type": "integer", "minimum": 1, "maximum": 6, "default": 4, "examples": [2] },
    "ratio": { "description": "A share.", "type": "number", "maximum": 0.5 },
    "floor": { "description": "From one.", "type": "integer", "minimum": 1 },
    "tags": {
      "title": "Tags", "description": "Labels.", "type": "array", "minItems": 1, "maxItems": 1, "uniqueItems": true,
      "items": { "description": "One label.", "type": "string", "minLength": 1, "maxLength": 40, "examples": ["Figma"] }
    },
    "slugs": { "description": "Slugs.", "type": "array", "maxItems": 500, "items": { "type": "string", "maxLength": 9 }, "examples": [["a", "b"]] },
    "kind": { "title": "Kind", "description": "Kind.", "enum": ["one", "two"] },
    "fixed": { "description": "Always x.", "const": "x" },
    "on": { "description": "Whether.", "type": "boolean", "default": false },
    "id": {
      "description": "An ID.", "type": "string", "maxLength": 18, "pattern": "^G-[A-Z0-9]{4}$|^X$",
      "errorMessage": "must be G- and four capitals", "format": "uri", "examples": ["G-AB12", "a|b"]
    },
    "pic": { "$ref": "#/$defs/picture", "description": "The picture." },
    "where": { "$ref": "#/$defs/place" },
    "inner": { "title": "Inner", "description": "Nested.", "type": "object", "additionalProperties": false, "properties": { "a": { "type": "string", "maxLength": 1 } }, "examples": [{ "a": "z" }] },
    "text": { "description": "Has *stars*, <tags> and ` + "`code`" + `.", "type": "string", "maxLength": 99, "examples": ["one\n\ntwo\n", "` + "with `ticks`" + `"] }
  },
  "$defs": {
    "picture": { "title": "Picture", "description": "A picture path.", "type": "string", "minLength": 5, "maxLength": 200, "pattern": "\\.jpg$", "errorMessage": "must end in .jpg", "examples": ["a.jpg"] },
    "place": { "title": "Place", "description": "A place.", "type": "object", "additionalProperties": false, "properties": { "x": { "type": "integer" } }, "examples": [{ "x": 1 }] }
  }
}`

// TestRow checks how one field's table row says its type, whether it is
// required, its limits, default, description and examples.
func TestRow(t *testing.T) {
	d, err := plan(file{name: "tiny.yaml", path: "content/tiny.yaml", schema: "schema/tiny.schema.json", anchor: "tiny", data: []byte(tiny)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		field                                             string
		typ, required, limits, def, description, examples string
		below                                             string // the start of an example too long for a cell
	}{
		{field: "name", typ: "text", required: "yes", limits: "1–80 characters", description: "**Name.** Who.", examples: "`Avery Morgan`"},
		{field: "note", typ: "text", required: "no", limits: "at most 20 characters", description: "At most."},
		{field: "code", typ: "text", required: "no", limits: "exactly 4 characters", description: "Exactly."},
		{field: "long", typ: "text", required: "no", limits: "at least 1 character", description: "At least."},
		{field: "count", typ: "whole number", required: "yes", limits: "1–6", def: "`4`", description: "How many.", examples: "`2`"},
		{field: "ratio", typ: "number", required: "no", limits: "at most 0.5", description: "A share."},
		{field: "floor", typ: "whole number", required: "no", limits: "at least 1", description: "From one."},
		{field: "tags", typ: "list of text", required: "yes", limits: "exactly 1 item, no item twice; each 1–40 characters",
			description: "**Tags.** Labels. Each item: One label.", examples: "one item: `Figma`"},
		{field: "slugs", typ: "list of text", required: "no", limits: "at most 500 items; each at most 9 characters", description: "Slugs.", examples: "`[a, b]`"},
		{field: "kind", typ: "one of `one`, `two`", required: "no", description: "Kind."},
		{field: "fixed", typ: "`x`", required: "no", description: "Always x."},
		{field: "on", typ: "true or false", required: "no", def: "`false`", description: "Whether."},
		{field: "id", typ: "text", required: "no",
			limits:      "at most 18 characters; must be G- and four capitals; pattern `^G-[A-Z0-9]{4}$\\|^X$`; format `uri`",
			description: "An ID.", examples: "`G-AB12`, `a\\|b`"},
		// From a definition: its rule in words, its pattern in its own section.
		{field: "pic", typ: "text ([Picture](#tiny-picture))", required: "no", limits: "5–200 characters; must end in .jpg",
			description: "**Picture.** The picture.", examples: "`a.jpg`"},
		// An object is described, examples and all, in its own section.
		{field: "where", typ: "[Place](#tiny-place)", required: "no", description: "**Place.** A place."},
		{field: "inner", typ: "[Inner](#tiny-inner)", required: "no", description: "**Inner.** Nested."},
		{field: "text", typ: "text", required: "no", limits: "at most 99 characters",
			description: "Has \\*stars\\*, \\<tags\\> and `code`.", examples: "`` with `ticks` ``", below: "Example of `text`:\n\n```yaml\ntext: |\n  one\n\n  two\n```"},
	}
	root := d.sections[0].schema
	if len(tests) != len(root.Properties) {
		t.Fatalf("%d cases for %d properties", len(tests), len(root.Properties))
	}
	for i, tt := range tests {
		p := root.Properties[i]
		if p.Name != tt.field {
			t.Fatalf("case %d is %q, property %q", i, tt.field, p.Name)
		}
		t.Run(tt.field, func(t *testing.T) {
			cells, blocks := d.row(root, p)
			want := []string{"`" + tt.field + "`", tt.typ, tt.required, tt.limits, tt.def, tt.description, tt.examples}
			names := []string{"field", "type", "required", "limits", "default", "description", "examples"}
			for j := range want {
				if cells[j] != want[j] {
					t.Errorf("%s:\n got %s\nwant %s", names[j], cells[j], want[j])
				}
			}
			got := strings.Join(blocks, "")
			if tt.below == "" && got != "" || !strings.HasPrefix(got, tt.below) {
				t.Errorf("below the table:\n got %q\nwant %q…", got, tt.below)
			}
		})
	}
}

func TestKebab(t *testing.T) {
	for in, want := range map[string]string{
		"caseStudyBlock": "case-study-block", "gallery.columns": "gallery-columns", "web-design": "web-design",
		"httpsUrl": "https-url", "xs": "xs", "A-Big": "a-big",
	} {
		if got := kebab(in); got != want {
			t.Errorf("kebab(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRenderRefuses checks that a schema the page cannot describe is an
// error naming the schema, not a wrong page.
func TestRenderRefuses(t *testing.T) {
	for name, tt := range map[string]struct{ site, project, want string }{
		"unsupported keyword": {`{"oneOf": []}`, `{}`, `schema/site.schema.json: schema /oneOf: keyword "oneOf" is not supported`},
		"not JSON":            {`{}`, `{"type": `, "schema/project.schema.json: schema:"},
		"anchor twice": {`{"properties": {"textBlock": {"type": "object", "properties": {"a": {"type": "string"}}}}}`, `{
  "properties": {
    "b": { "$ref": "#/$defs/text-block" },
    "a": { "$ref": "#/$defs/textBlock" }
  },
  "$defs": { "textBlock": { "type": "string" }, "text-block": { "type": "string" } }
}`, "schema/project.schema.json: two sections would share the anchor #project-text-block"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Render([]byte(tt.site), []byte(tt.project))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}
