// Netlify Edge Function in front of every form post on the site: a
// client's favourites are taken only past a private project's gate
// (./private.js checks the cookie, then the list, and stores it; decision
// 0090). Netlify Forms would accept `form-name=favourites` posted to any
// path, `/` included, with no cookie: here such a post is refused as
// `portfolio serve` refuses it (no form of that name), and any other post
// (the contact form) goes on to Netlify Forms untouched.
import { classify, handlePost } from '../private-gate/gate.mjs';

export default (request, context) => {
  const { kind } = classify(new URL(request.url).pathname);
  // Under the prefix, or spelled so as to hide it, the private function
  // decides (its pattern routes both; decision 0091).
  if (kind !== 'public') return context.next();
  return handlePost(request, { slug: '', pathname: new URL(request.url).pathname, next: () => context.next() });
};

export const config = {
  path: '/*',
  method: ['POST'],
  onError: 'fail',
};
