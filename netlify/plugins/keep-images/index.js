// Netlify build plugin (local, declared in netlify.toml): keeps the image
// work between deploys with Netlify's build cache (utils.cache, the
// documented Netlify Build API), so a deploy only makes the variants and
// social cards of images that changed.
//
//   .cache/images    what `portfolio images` made, by content hash
//   .cache/build     the build's record of what it read
//   site/public/img  the variants and cards themselves (content-hashed names)
//
// Restored before the build command, saved after a successful build.
// "Clear cache and deploy site" in Netlify's UI starts from nothing, safely:
// every name is a hash of its inputs, so a stale file is never reused.
const paths = ['.cache/images', '.cache/build', 'site/public/img'];

module.exports = {
  async onPreBuild({ utils }) {
    for (const path of paths) {
      const restored = await utils.cache.restore(path);
      console.log(`${restored ? 'restored' : 'nothing cached for'} ${path}`);
    }
  },
  async onPostBuild({ utils }) {
    for (const path of paths) {
      const saved = await utils.cache.save(path);
      console.log(`${saved ? 'saved' : 'nothing to save in'} ${path}`);
    }
  },
};
