// Package schema embeds the JSON Schemas of the content files. They live at the
// top of the repository so that editors find them through each YAML file's
// `# yaml-language-server: $schema=…` modeline; go:embed cannot reach "..",
// hence this small package beside them.
package schema

import _ "embed"

// Site is the schema of content/site.yaml.
//
//go:embed site.schema.json
var Site []byte

// Project is the schema of content/projects/<slug>/project.yaml.
//
//go:embed project.schema.json
var Project []byte

// Names of the schema files, as the modelines name them.
const (
	SiteFile    = "site.schema.json"
	ProjectFile = "project.schema.json"
)
