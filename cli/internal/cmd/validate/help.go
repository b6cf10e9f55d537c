package validate

import (
	"strings"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/content"
)

// The help texts of the commands that NewCmdValidate builds, kept out of the
// function so that it shows only the commands' wiring (CONTRIBUTING.md).

var validateLong = `
Check content/site.yaml and every project against the JSON Schemas in
schema/ and against the rules a schema cannot say. Every problem is reported
at once, as ` + "`path:line:col: error: message (at /pointer)`" + ` with a hint;
--format json writes the same as JSON, --format github as GitHub Actions
annotations. Warnings do not fail.

Beyond the schemas:

- slugs are lowercase letters, digits and hyphens;
- every referenced file exists with exactly that letter case (web hosts are
  case-sensitive even when your laptop is not), and no path leaves its
  project folder (.., absolute paths, symbolic links pointing out);
- images are real JPEG, PNG or WebP files whose content matches their
  extension, whose structure is complete (a truncated upload is caught) and
  whose size, read from the header before anything is decoded, is under the
  pixel limit (--max-pixels);
- a gallery block has images;
- a category's slug is none of the site's own addresses: its pages
  (` + strings.Join(content.SitePages, ", ") + `) and the folders the build publishes
  (` + strings.Join(content.PublishedFolders, ", ") + `);
- no text that reaches a page holds a control character (ESC and the other
  C0 codes but tab and line feed, DEL, the C1 codes): it is reported at the
  character where the file holds it, at the value where an escape wrote it;
- a document block has file or url, not both. Its file is a PDF inside the
  project folder (the same path rules as images), at most 20 MB, checked by
  its bytes: the %PDF- header and the %%EOF end marker, so a renamed Word
  file or a truncated upload is caught (the message gives its size). A url
  on the site's own host (site.yaml's url) must be a page of the site (home,
  about, contact, a category or a project): nothing else is published at a
  fixed address, so the hint says to put the PDF in the project folder and
  write file: instead;
- Markdown uses only the supported subset and safe links. What the subset
  does not render is reported at its line, never flattened: headings, code
  blocks, quotations, rules, HTML, images, what GitHub's extensions would
  parse (tables, strikethrough, task lists, footnotes, definition lists,
  bare addresses such as https://… or www.…), hard line breaks, list items
  of several paragraphs, numbered lists not starting at 1, link titles;
- a project file or site.yaml that is a list, text or a number, or has none
  of its schema's keys, gets one error, not one per missing key; an unclosed
  [ or { is reported where it opens, and so is an over-indented key on its
  own line; an image path written as a URL is told to become a file inside
  the project folder, and an email address or a domain written as a link
  (mailto:…, https://…) is told what to write instead.

Warnings: a featured but inactive project; a meta description (the
description of the site, About, Contact, a category page or a project) over
160 characters, which search results cut, with how many characters to cut; a
file in projects/ that is not a folder (README files and hidden files
excepted); a text that ` + "`portfolio init`" + ` wrote for you (the mission, a value, a
fun fact, the contact sentence) and you have not replaced; a video block's
alternative whose size or length is not src's; an image in content/ that
carries a GPS position, a camera or lens serial number, the camera owner's
name or maker notes (in EXIF or XMP; read from its metadata alone), which
anyone who can read the repository can read: an upload through the browser
editor on the host keeps them, ` + "`portfolio strip`" + ` removes them in place.

Hostile or odd input is refused before any work is spent on it:

- each YAML file is screened in one pass over its bytes before the parser
  sees it: at most 128 KB (read no further), nested at most 32 levels (flow
  brackets and block indentation counted together), at most 5,000 entries,
  and UTF-8 (a UTF-16 or UTF-32 file says so; Latin-1 or Windows-1252 text
  is reported at its first such byte);
- the content folder holds at most 500 project folders and 1 MB of YAML in
  all, checked from the files' sizes before any project is read; validate
  and generate set a soft heap limit of 64 MB (unless GOMEMLIMIT is set);
- YAML aliases, merge keys and every tag but the plain core ones (!!str,
  !!int, !!float, !!bool, !!null, !!seq, !!map) are refused: !include and
  its like are not silently dropped;
- a file or folder name with a control character (a line break, ESC, C1), a
  direction control or bytes that are not UTF-8 is refused, and every output
  format prints file names and messages escaped (\n, \x1b, \u202e), so a
  name cannot forge a line or drive the terminal.

` + cmdutil.ContentRepoHelp + `

Exit status: 0 when the content is valid, 1 when it has errors, 2 a mistake
in the command line.`

const validateExample = `  portfolio validate
  portfolio validate --content ../other-site/content
  portfolio validate --format json | jq '.diagnostics[]'
  portfolio validate --format github   # in GitHub Actions`
