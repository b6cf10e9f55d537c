package serve

import (
	"strconv"
	"strings"
	"time"

	"portfolio/cli/internal/cmdutil"
	"portfolio/cli/internal/contact"
	"portfolio/cli/internal/privateaccess"
	"portfolio/cli/internal/server"
)

// The help texts of the commands that NewCmdServe builds, kept out of the
// function so that it shows only the commands' wiring (CONTRIBUTING.md).

var serveLong = strings.TrimSpace(`
Builds the site when any file it is made from was added, removed, renamed or
changed since the last build (sizes and content hashes of the content, the
schemas, the site's sources, the lock file and the program; not times), then
serves site/dist the way Netlify does:

- pretty URLs, and 404.html with status 404;
- the headers `+"`portfolio build`"+` wrote (site/dist/_headers.json, the value of
  Netlify's _headers): security headers on every answer, errors included, a
  year of immutable caching for hashed files, pages revalidated;
- gzip, with an ETag of its own; byte ranges as RFC 9110 reads them;
- /.netlify/images as Netlify Image CDN answers it, for the site's own
  images (images.delivery: netlify in site.yaml): its parameters (url, w
  or width, h or height, fit, position, fm, q or quality), 404 for an
  invalid one, 400 without url, 403 for a remote url, 405 for a method
  other than GET and HEAD;
  WebP when the browser accepts it, else AVIF when it accepts that (and
  this portfolio has libavif), else the image's own format, with
  Vary: Accept and the image's own caching; results kept in
  .cache/image-cdn (`+strconv.Itoa(server.DefaultImageCacheBytes>>20)+` MB at most, least recently used out first);
- a path that decoding or cleaning would change (%2f, .., //, \, a trailing
  dot, control characters) is refused with 400, and a method other than GET,
  HEAD and POST with 405; a request with Transfer-Encoding has its
  connection closed after the answer.

The contact form works as on the host, posted by the page's script or
natively by the browser: a POST to any path with form-name=contact is
checked with the site's rules; a filled honeypot is answered as a success
and dropped; a post over `+strconv.Itoa(contact.MaxPost>>10)+` KiB gets 413; a client may post `+strconv.Itoa(server.DefaultLimit.Burst)+` times, then
once a minute (429). Every accepted message is stored in data/messages.db
(SQLite, see --data) before the answer, and `+"`portfolio messages`"+` lists them.
The script gets JSON (200, or 400 with the messages); a native post (Accept:
text/html) gets a 303 to /contact/sent/, the contact page back with its
values and messages filled in (400), or a short page saying what went wrong.

A private project (access: private) opens as on Netlify: everything under
`+privateaccess.Prefix+`<slug>/ asks for the secret in `+privateaccess.EnvPrefix+`<SLUG> (unset:
nobody gets in); a client may enter `+strconv.Itoa(server.DefaultPrivateLimit.Burst)+` wrong secrets, then one every `+strconv.Itoa(int(server.DefaultPrivateLimit.Every/time.Second))+`
seconds (429; right ones never count). Its favourites are stored with the
messages only for the project the secret opened and only with photos of its
gallery (400 otherwise), checked against the build's
src/generated/private-gate.json beside the served dist: a copy of dist alone
refuses them (503). Its pages and files are not in site/dist: the build moves
them into the deploy store beside the site folder
(.netlify/v1/blobs/deploy/<key>/blob and blob.meta.json, which Netlify uploads
with the deploy), and an admitted request is answered from there as the Edge
Function answers it: the headers the build stored with the file, its ETag and
304, one byte range (206, or 416) or the whole file, never gzip. A built
folder served with --no-build that is not a site's dist folder (a copy, a
deploy artifact) has no store beside it: every private address answers 404
"No page here".

With rights.aiTraining: block in site.yaml, the build writes an Edge
Function that refuses AI-training crawlers (.netlify/v1/edge-functions/ai-block
beside the site folder), and serve refuses the crawlers it lists as the
function does: 403 on every path and method for a User-Agent that names one
as a product (GPTBot/1.1, compatible; Bytespider), search crawlers and browsers
served. A built folder with no function beside it refuses nobody.

With --no-build nothing is built and any built site can be served, in the
repository or not (a copy of site/dist, a deploy artifact): --site names the
built folder itself or the folder above its dist/. A built site is a folder
with index.html and _headers.json at its top, as `+"`portfolio build`"+` leaves
site/dist. Without --no-build, --site is the site's folder in the repository.

Log lines show visitor text escaped. Ctrl-C stops it after the requests in
flight.`) + "\n\n" + cmdutil.SiteRepoHelp

const serveExample = "  portfolio serve\n  portfolio serve --port 3000\n  portfolio serve --addr 0.0.0.0:8080\n  portfolio serve --no-build --site ~/Downloads/deploy-artifact"
