package newproject

import (
	"strconv"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/importimage"
)

// The help texts of the commands that NewCmdProject builds, kept out of the
// function so that it shows only the commands' wiring (CONTRIBUTING.md).

var projectLong = `
Add a project to content/projects/<slug>/: project.yaml with its schema
modeline and short comments, the cover beside it, and the gallery images
copied into gallery/ as 01.jpg, 02.jpg, … in the order given. A page with no
gallery or link opens with the cover image; the description (the card's
text) is never repeated as a text block.

In a terminal, a form asks for the title, a suggested slug, the page,
category, description, role, skills, featured and active, the cover, the
gallery images in order, and an optional document or prototype. Each value
is checked as you type, by the same rules and in the same words as
` + "`portfolio validate`" + ` (an error goes as soon as the value is fixed); values
given as flags are filled in. The description is a multi-line field
(Alt+Enter or Ctrl+J: a new line); keys typed right after Enter land in the
next field.

Image paths are typed, Tab completing them as a shell does (the part all
matching folders and images share; the names left are listed under the
field; spaces and quotes escaped), or pasted quoted, escaped or as file://
URLs, as a file manager's drag and drop gives them. The document is a PDF of
yours, copied into the project folder under a clean lowercase name and
written as file: (the build publishes it), or an https address, written as
url:; the form's Document field and --document-url take either, Tab
completing PDF paths.

The form ends by showing the whole YAML, comments included, in a window that
scrolls with ↑/↓, PgUp/PgDn and Home/End; Enter goes on to the question
whether to write it. Once it is written, it offers to describe the gallery
images. Esc or Ctrl-C asks first, then writes nothing and keeps the answers
so far as a draft (in $XDG_CACHE_HOME/portfolio/drafts/,
~/.cache/portfolio/drafts/ on Linux) and prints the --from line that resumes
it. --accessible (or ACCESSIBLE=1) asks one plain line at a time, for screen
readers.

Without a terminal, or with --yes, nothing is asked: every required value
must come from flags or from --from FILE, a YAML file with the same names
(title, subtitle, page, …; document: {label, url or file (a PDF)};
prototype: {title, url}); flags win over the file, and paths in the file are
relative to the file. Missing values are listed in one error.

The images copied lose a JPEG's private metadata, losslessly (the compressed
image data is copied byte for byte): from the EXIF record, the GPS position,
camera and lens serial numbers, owner names and maker notes; XMP, IPTC,
comments and any data after the image. The orientation, how the photo was
taken (camera make and model, lens, focal length, aperture, shutter, ISO,
date taken), the ICC colour profile and Adobe's colour-transform marker are
kept. The command says what was removed; your originals are untouched. PNG
and WebP files are copied as they are. A JPEG or PNG whose long edge is
over --max-edge (` + strconv.Itoa(importimage.DefaultMaxEdge) + ` px) is shrunk to it as it is copied (turned upright,
Lanczos, JPEG quality 92, no metadata but how the photo was taken), and
the command says so; --max-edge 0 keeps every original's size. When the form
asks its questions and --max-edge is not given, it first lists each larger
original with its size and the size it would get, and asks: for one file,
shrink (the default) or keep its size; for several, shrink all, keep all, or
ask for each.

The gallery may hold videos (.mp4: H.264, HEVC or AV1; .webm: VP9 or AV1)
among the images, in the same order; each is checked as ` + "`portfolio validate`" + `
checks it and copied byte for byte. Its poster goes beside it
(gallery/02.poster.jpg): the image kept beside the original with that name
(clip.mp4 → clip.poster.jpg, .png or .webp), else the frame at 1 s drawn by
ffmpeg. Without ffmpeg on PATH and without such an image, the command says
so and writes nothing: save a poster beside the video, or install ffmpeg.
The site's build never needs ffmpeg.

An existing project is never overwritten. The project is assembled in a
hidden folder, checked with the same loader as ` + "`portfolio validate`" + `, and
only then moved into place: a failure leaves nothing behind.

` + cmdutil.ContentRepoHelp + `

Exit status: 0 written, 1 a value is not valid or the slug is taken, 2 a
required value is missing without a terminal, 130 cancelled.`

const projectExample = `  portfolio new project
  portfolio new project --accessible
  portfolio new project --title "Drone Photography" --subtitle "Campuses from above" \
    --page photography --description "Aerial photographs of campuses." \
    --role Photographer --skills "Aerial Photography, Lightroom" \
    --cover ~/Pictures/drone/cover.jpg --gallery ~/Pictures/drone/set --yes
  portfolio new project --title "Media Annotation Tool" --subtitle "Coding recorded sessions" \
    --page web-design --description "A tool for reviewing recorded sessions." \
    --role "UX Designer" --skills Figma --cover shots/cover.jpg \
    --gallery shots/timeline.png --gallery shots/demo.mp4 --yes   # demo.poster.jpg drawn
  portfolio new project --from answers.yaml --yes`
