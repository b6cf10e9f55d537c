package messages

// The help texts of the commands that NewCmdMessages builds, kept out of the
// function so that it shows only the commands' wiring (CONTRIBUTING.md).

const messagesLong = `
List the messages visitors sent through the contact form of
` + "`portfolio serve`" + `, oldest first, from data/messages.db (see --data).

As text, each message shows when it arrived (in local time), who sent it and
what they wrote, and on a site in several languages which language's pages
it was sent from ("(from the en pages)"); characters a terminal would act on
are shown escaped. --json writes an array of objects (id, receivedAt in
RFC 3339, name, email, message, and language when the message names one); --csv writes a header row and one row per message, for a
spreadsheet: a cell that starts with = + - or @ gets a leading ' so it
cannot run as a formula.

The database is opened read-only: listing changes nothing, and an empty file
stays empty. With no database yet, it says "No messages yet" and makes no
file.

--favourites SLUG prints only the favourites clients sent from the private
project content/projects/SLUG, newest first: for each list, when it came
(local time), who sent it and how many photos, then its photos on one line;
last, every photo once. A line is what Lightroom Classic's Library filter
takes: in the Filter bar choose Text, Filename, Contains, and paste it. The
names are without their extension (IMG_0101, not IMG_0101.jpg), so the raw
file in the catalog matches too, and they are separated by commas. A list
naming a photo that is no longer in the project's gallery is left out, and
said so on standard error.

--activity SLUG prints what clients did on the private project: for each
client (the name their secret was shared under, or "(project secret)" for
the project's own), when they first opened the gallery and how often,
each favourites list they sent (when, how many photos) and each download
(when, which file), in local time. With --json, the same as an array of
objects (client, firstOpened, opens, favourites [{at, photos}],
downloads [{at, file}]; times in RFC 3339). It reads what
` + "`portfolio serve`" + ` kept in data/messages.db; with --netlify, what the
site's Edge Function kept on Netlify (the Blobs store "activity"), through
Netlify's API: set NETLIFY_AUTH_TOKEN to a personal access token and
NETLIFY_SITE_ID to the site's ID (Site configuration, Site details), and
the token is sent over https to api.netlify.com only (NETLIFY_API_URL
changes the address, for a test). No address or browser is kept, only
who, what and when; delete old events with
` + "`netlify blobs:delete activity KEY`" + ` (decision 0097). --favourites SLUG --netlify
reads the lists the same way, from the site's Blobs store "favourites"
(decision 0090).

It works from any folder of the repository: without --data it reads the
repository's data folder, found above the current folder or above the
program's own file; outside any repository, with no data folder where it
runs, it says so (exit status 2) rather than "No messages yet".`

const messagesExample = `  portfolio messages
  portfolio messages --json | jq -r '.[].email'
  portfolio messages --csv > messages.csv
  portfolio messages --favourites smith-wedding
  portfolio messages --activity smith-wedding
  NETLIFY_AUTH_TOKEN=… NETLIFY_SITE_ID=… portfolio messages --activity smith-wedding --netlify`
