// Stand-in for https://edge.netlify.com/bootstrap/globals/types.ts, which
// @netlify/edge-bundler's config extractor imports for one type only
// (NetlifyGlobal) and Deno cannot fetch offline: .ci/netlify-cli/run seeds
// it into the Deno cache. A type has no runtime effect, so `any` changes
// nothing the extractor does.
export type NetlifyGlobal = any;
