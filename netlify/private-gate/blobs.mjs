// Netlify Blobs, as the Edge Functions import it: the client the site
// installs (site/package.json pins @netlify/blobs), bundled by every
// build into one file with no import of its own
// (site/scripts/edge-vendor.mjs), because Netlify's bundler resolves npm
// imports only from node_modules at the repository's root, which this
// repository does not have (decision 0090).
export { getDeployStore, getStore } from './vendor/netlify-blobs.js';
