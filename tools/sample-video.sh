#!/bin/sh
# Makes the sample content's one video, from ffmpeg's synthetic sources
# only (its test pattern and a sine tone: no recording of anyone), with its
# poster and nothing else:
#
#   tools/sample-video.sh [PROJECT-FOLDER]
#
# PROJECT-FOLDER defaults to content/projects/media-annotation-tool. It
# writes demo.mp4 (four seconds at 640×360, H.264 High with AAC, the index
# before the media data: about 200 KB) and demo.poster.jpg (its frame at
# 1 s, as `portfolio gallery add` draws it). demo.vtt, the captions, is
# written by hand and committed beside them.
#
# The same ffmpeg gives the same bytes: one encoding thread, no dates or
# version strings in the file (-fflags +bitexact). Each file is written
# under a temporary name and renamed, so an interrupted run leaves the old
# one. The site's build never runs this: the files are content.
set -eu
dir=${1:-content/projects/media-annotation-tool}
command -v ffmpeg >/dev/null || {
	echo "ffmpeg is not installed: apt-get install -y --no-install-recommends ffmpeg (or brew install ffmpeg)" >&2
	exit 1
}
[ -d "$dir" ] || { echo "$dir is not a folder" >&2; exit 1; }
tmp="$dir/.demo.tmp-$$.mp4"
trap 'rm -f "$tmp" "$tmp.jpg"' EXIT
ffmpeg -nostdin -hide_banner -loglevel error -y \
	-f lavfi -i "testsrc2=size=640x360:rate=25:duration=4" \
	-f lavfi -i "sine=frequency=440:sample_rate=48000:duration=4" \
	-map 0:v -map 1:a -shortest \
	-c:v libx264 -profile:v high -preset slow -crf 30 -pix_fmt yuv420p -g 50 -threads 1 \
	-c:a aac -b:a 48k -ac 1 \
	-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
	-movflags +faststart -f mp4 "$tmp"
ffmpeg -nostdin -hide_banner -loglevel error -y -ss 1 -i "$tmp" -frames:v 1 -q:v 2 \
	-fflags +bitexact -flags:v +bitexact -f image2 -c:v mjpeg "$tmp.jpg"
mv "$tmp" "$dir/demo.mp4"
mv "$tmp.jpg" "$dir/demo.poster.jpg"
ls -l "$dir/demo.mp4" "$dir/demo.poster.jpg"
