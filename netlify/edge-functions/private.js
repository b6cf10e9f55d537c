// Netlify Edge Function in front of every private project's prefix
// (/private/<slug>/…, pages and files alike): nothing there is served
// without the cookie that the owner's secret gives. The secret is the
// site's environment variable PORTFOLIO_PRIVATE_<SLUG> (`portfolio share
// SLUG` prints its name). The rule is ../private-gate/gate.mjs, the same
// as `portfolio serve`'s (docs/decisions/0080-private-client-work.md).
// The project's files are not in the publish folder: the build moves them
// into the deploy's own Blobs store, read here after the cookie check
// (decision 0089, ../private-gate/store.mjs); a client's favourites are
// checked here and kept in the site's Blobs store `favourites` (decision
// 0090); what a client does (opens, favourites, downloads) is kept in the
// store `activity` (decision 0097).
//
// A client's favourites are checked against what the build wrote of each
// private project's gallery (its title and file names), and the secret's
// page shows what the build wrote of the site (its name and fonts) and of
// the project (what secretPage allows; decision 0095), bundled with the
// function at deploy: `portfolio build` writes it on every build, before
// Netlify bundles the function (cli/internal/privateaccess GalleriesFile).
import galleries from '../../site/src/generated/private-gate.json' with { type: 'json' };
import { getDeployStore, getStore } from '../private-gate/blobs.mjs';
import { STORE as ACTIVITY } from '../private-gate/activity.mjs';
import { STORE } from '../private-gate/favourites.mjs';
import { envName, handle } from '../private-gate/gate.mjs';
import { PATTERNS } from '../private-gate/paths.mjs';

export default (request, context) =>
  handle(request, {
    // eslint-disable-next-line no-undef -- Netlify's global in the edge runtime
    secretFor: (slug) => Netlify.env.get(envName(slug)),
    galleryFor: (slug) => (Object.hasOwn(galleries.projects, slug) ? galleries.projects[slug] : undefined),
    site: galleries.site,
    deployStore: () => getDeployStore(),
    favouritesStore: () => getStore(STORE),
    // What the client does, for the owner (decision 0097).
    activityStore: () => getStore(ACTIVITY),
    next: () => context.next(),
  });

export const config = {
  // Every spelling of the prefix, and every spelling the rule refuses,
  // whether Netlify matches the raw or the decoded path (decision 0091).
  pattern: PATTERNS,
  // An error in the function refuses the request rather than serving the file.
  onError: 'fail',
};
