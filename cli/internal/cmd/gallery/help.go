package gallery

import "portfolio/cli/internal/cmdutil"

// The help texts of the commands that NewCmdGallery builds, kept out of the
// function so that it shows only the commands' wiring (CONTRIBUTING.md).

const galleryLong = `
Edit the gallery of content/projects/SLUG/. In a terminal, an interactive
list of the images in order, and beside it the selected image (in kitty,
iTerm2 and WezTerm, or sixel terminals) or its name, dimensions and size:

- ↑/↓ select an image; shift+↑/↓ (or K/J) move it;
- a and i add files after or before it: paths typed (Tab completes them), or
  quoted or dropped from a file manager; a folder gives its images in
  natural order;
- d removes it; e writes its alt text and caption, checked as you type;
- s saves; q or Esc quits, asking when something is unsaved.

Nothing changes until you save. Added files larger than --max-edge are
shrunk as ` + "`portfolio new project`" + ` does; without --max-edge the list asks
once for the files just added (y or Enter shrink, n keeps their size).
--accessible (or ACCESSIBLE=1) asks one plain line at a time, for screen
readers, and asks the same about large files added. Without a terminal it
prints the gallery.

Videos (.mp4: H.264, HEVC or AV1; .webm: VP9 or AV1) stand among the images
in the same order, each with its poster beside it (02.mp4, 02.poster.jpg),
which moves and goes with it. An added video is checked as
` + "`portfolio validate`" + ` checks it and copied byte for byte; its poster is the
image beside it named like it (clip.mp4 → clip.poster.jpg, .png or .webp),
else the frame at 1 s drawn by ffmpeg. Without ffmpeg and such an image,
nothing changes and the command says what to do.

The subcommands do one change each, for scripts. Image numbers count from 1
in gallery order, videos included.

After every change the files are renumbered 01.jpg, 02.png, … (each keeps
its extension) and the alt texts and captions in project.yaml follow their
image. The result is checked with the same loader as ` + "`portfolio validate`" + `
before anything moves; the renames are journalled (a two-phase rename), so
an interrupted run (even kill -9) leaves every image present exactly once,
and the next ` + "`portfolio gallery`" + ` command finishes the job.

` + cmdutil.ContentRepoHelp + `

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line, 130 cancelled.`

const galleryExample = `  portfolio gallery drone-photography
  portfolio gallery add drone-photography ~/Pictures/new.jpg --at 2
  portfolio gallery move drone-photography 5 1
  portfolio gallery remove drone-photography 3
  portfolio gallery text drone-photography 1 --alt "Campus quad from 100 m, autumn" --caption "Greensboro, 2024"`

const galleryAddLong = `
Add image or video files to the gallery of content/projects/SLUG/, after
the last image or at position --at N (1 is first). A folder gives its images
and videos in natural order (a video's poster beside it is not an image of
its own). JPEG metadata is dropped and large images are shrunk as
` + "`portfolio new project`" + ` says (--max-edge).

--alt and --caption describe the images added, in the order they are added:
each --alt starts the next image's texts ('' keeps its default alt text),
and a --caption belongs to the image of the --alt just before it. A
--caption before any --alt, a second --caption after one --alt, or more
--alt than images added is a mistake in the command line: nothing changes.

A page without a gallery block does not show the gallery's images: in a
terminal the command asks to add one at the end of the page; --yes adds it
without asking; without a terminal and without --yes it says how, and
nothing changes.

A video (.mp4: H.264, HEVC or AV1; .webm: VP9 or AV1) is checked as
` + "`portfolio validate`" + ` checks it (codec, size, duration, the index before
the media data) and copied byte for byte, with its poster: the image beside
it named like it (clip.mp4 → clip.poster.jpg, .png or .webp), else the
frame at 1 s that ffmpeg draws into a temporary file and renames into
place. Without ffmpeg on PATH and without such an image, nothing changes
and the command says what to do.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`

const galleryAddExample = `  portfolio gallery add drone-photography ~/Pictures/new.jpg --at 2 \
    --alt "The library at dusk"
  portfolio gallery add drone-photography ~/Pictures/a.jpg ~/Pictures/b.jpg \
    --alt "Reeds at the water's edge" --caption "Rain on the pond" --alt "Two herons"
  portfolio gallery add drone-photography ~/Pictures/more   # a folder's images
  portfolio gallery add media-annotation-tool ~/Movies/timeline.mp4   # its poster drawn by ffmpeg`

const galleryMoveLong = `
Move image FROM of the gallery of content/projects/SLUG/ to position TO;
numbers count from 1 in gallery order. The files are renumbered and the alt
texts and captions follow their image.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`

const galleryMoveExample = `  portfolio gallery move drone-photography 5 1   # the fifth image first`

const galleryRemoveLong = `
Remove image N (1 is first, in gallery order) from the gallery of
content/projects/SLUG/: its file is deleted, with its alt text and caption,
and the images after it are renumbered.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`

const galleryRemoveExample = `  portfolio gallery remove drone-photography 3`

const galleryTextLong = `
Set image N's alt text (what it shows, for people who cannot see it), its
caption, or both; numbers count from 1 in gallery order. An empty value
(--alt '') removes the text.

Exit status: 0 done, 1 the change would leave the project invalid (nothing
is changed), 2 a mistake in the command line.`

const galleryTextExample = `  portfolio gallery text drone-photography 1 \
    --alt "Campus quad from 100 m, autumn" --caption "Greensboro, 2024"
  portfolio gallery text drone-photography 1 --caption ''   # remove the caption`
