// Package contenttest holds content shared by the tests of several packages.
package contenttest

// Site is a valid content/site.yaml with every required setting.
const Site = `# yaml-language-server: $schema=../schema/site.schema.json
name: Test Owner
taglines: {role: Designer, mission: Making things}
hero: Hello.
description: A test site.
url: https://example.com
social:
  professionalNetwork: {label: LinkedIn, url: https://www.linkedin.com/in/test}
  codeHosting: {label: GitHub, url: https://github.com/test}
  microblog: {label: Bluesky, url: https://bsky.app/profile/test}
  photoSharing: {label: Instagram, url: https://www.instagram.com/test}
about:
  description: About.
  intro: Intro.
  sections:
    - {title: Summary, items: [One.]}
    - {title: Values, items: [Two., Three.], width: half}
  skills: [Design]
contact: {title: Contact, description: Contact., heading: Hi, intro: Write.}
rights: {creator: Test Owner, copyright: © 2026 Test Owner, licence: all rights reserved, aiTraining: disallow}
categories:
  - {slug: web-design, title: Web Design, description: Web.}
  - {slug: graphics, title: Graphics, description: Graphics., keepWhenEmpty: true}
  - {slug: photography, title: Photography, description: Photos., photoGalleries: true, keepWhenEmpty: true}
  - {slug: higher-education, title: Higher Education, description: Teaching., keepWhenEmpty: true}
`

// Project is a valid project.yaml with the given title: a featured web
// design project with a cover.jpg and one text block.
func Project(title string) string {
	return `title: ` + title + `
subtitle: A project
description: A project.
role: Designer
skills: [Figma]
category: Web Design
page: web-design
featured: true
cover: cover.jpg
body:
  - type: text
    text: A paragraph.
`
}
