package initcmd

// The help texts of the commands that NewCmdInit builds, kept out of the
// function so that it shows only the commands' wiring (CONTRIBUTING.md).

const initLong = `
Start your content folder DIR (default: content, or --content):
DIR/site.yaml with its schema modeline and short comments, and an empty
DIR/projects/ for ` + "`portfolio new project`" + ` to fill. The modeline is a path
relative to the new folder that reaches the repository's schema/ wherever
the folder lives (the repository is found above the folder, above the
current folder, or above the program's file). The next steps it prints work
from any folder.

The kind of work you show (--kind: designer, photographer, illustrator,
architect or other) chooses what you do not give: the categories, which
fields their project cards show, gallery columns on phones and the headings
of the About page. A photographer's categories are Portraits, Landscapes and
Weddings, her cards show no role or skills, her galleries one photo across
on a phone and two from 600 px, site.yaml holds the photograph home
page, commented out until she has photographs to name, and has Netlify
Image CDN make her photographs' widths (images.delivery: netlify; a build
on Netlify makes no AVIF itself: docs/deploy.md). "other" offers no
trade's words: its taglines are yours to give. Without --kind, or a form,
the kind is designer.

In a terminal, a form asks the kind of work and your categories (the
kind's shown, to keep or replace as --category takes them), then your name,
taglines, site description and address, analytics (as --analytics takes
them) and the profile links (each optional: the site's footer and home page
show only the ones given), and checks each as you type,
by the same rules and in the same words as ` + "`portfolio validate`" + `. It ends by
showing the YAML (in a window that scrolls as new project's does) and asking
to write it; Esc or Ctrl-C asks, then writes nothing and keeps a draft,
printing the --from line that resumes it. --accessible (or ACCESSIBLE=1)
asks one plain line at a time.

Without a terminal, or with --yes, nothing is asked: the required values
(--name, --description, --url) must come from flags or from --from FILE, a
site.yaml holding some of its keys; flags win over the file. Every other
text has a default to edit later: the About and Contact texts, and the
kind's categories, unless --category (repeated, in navigation order: a
title, "Portraits" at /portraits, or "slug=Title") or --from (under
categories: slug, title, description, blurb, card, photoGalleries) names
the owner's own. --analytics names the service that counts visits and its
setting: ga4:G-XXXXXXXXXX (or ga4 with --measurement-id), plausible (or
plausible:DOMAIN when it is not the url's), umami:WEBSITE-ID,
goatcounter:CODE or none. Add and rename categories in site.yaml; each
project's page names one.

An existing site.yaml is never overwritten. The file is checked with the
same loader as ` + "`portfolio validate`" + ` before it is put in place, in one step.

A fresh copy of the repository holds the sample content in content/. To make
it yours in one step, --replace-sample writes your site.yaml and an empty
projects folder in place of the sample: the new folder is made and checked
beside content/, then content/ is renamed to content-sample-YYYY-MM-DD/ (a
folder the build does not read and git ignores) and the new one to
content/. Nothing is deleted. It asks before anything else (--yes skips the
question; without a terminal --yes is required). The folder is taken for
the sample while it holds SAMPLE.md and its site.yaml still has the name and
address SAMPLE.md gives; anything else may be your own work, and is refused
unless --force is given too (it then moves to content-replaced-YYYY-MM-DD/).

The way back is a command, never a deletion. portfolio init --restore-sample
puts content-sample-YYYY-MM-DD/ back in place of content/, and content/
(your work, projects and all) moves aside to content-replaced-YYYY-MM-DD/
the same way; it prints the command that undoes that (--restore FOLDER puts
back any folder moved aside, such as content-replaced-YYYY-MM-DD). Both ask
as --replace-sample does. The web images: the next build keeps only those
the content in place needs, and makes those of a folder again from its own
images once it is back.

Exit status: 0 written, 1 a value is not valid, site.yaml exists, the
folder to replace is not the sample or the one to restore is no content
folder, 2 a required value or --yes is missing without a terminal, or a
--kind, --category or --analytics that is none init takes, 130 cancelled.`

const initExample = `  portfolio init
  portfolio init --accessible
  portfolio init my-content --name "Avery Morgan" --description "Portfolio of Avery Morgan." \
    --url https://averymorgan.design \
    --professional-network-url https://www.linkedin.com/in/averymorgan \
    --code-hosting-url https://github.com/averymorgan \
    --microblog-url https://bsky.app/profile/averymorgan.design \
    --photo-sharing-url https://www.instagram.com/averymorgan --yes
  portfolio init --kind photographer --name "Mara Lindqvist" \
    --description "Portraits, landscapes and weddings by Mara Lindqvist." \
    --url https://maralindqvist.se --category Portraits --category Landscapes \
    --category "weddings=Weddings" --analytics plausible --yes
  portfolio init --from answers.yaml --yes
  portfolio init --replace-sample
  portfolio init --replace-sample --name "Sam Rivera" --description "Portfolio of Sam Rivera." \
    --url https://samrivera.design --yes
  portfolio init --restore-sample   # the sample back; your content moves aside
  portfolio init --restore content-replaced-2026-11-27   # and yours back`
