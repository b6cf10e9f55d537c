// Netlify Blobs, as the Edge Functions import it: the client the site
// installs (site/package.json pins @netlify/blobs), by its path, because
// Netlify bundles the functions from the repository's root, which has no
// node_modules of its own.
export { getDeployStore, getStore } from '../../site/node_modules/@netlify/blobs/dist/main.js';
