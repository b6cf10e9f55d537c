// Prettier formats the site (`npm run format`; `npm run lint` and .ci/test
// check it). The options are the code's own style as it was written by hand:
// single quotes, semicolons, trailing commas, two spaces, and long lines. The
// print width is the one that changed the fewest lines when Prettier first
// ran over the code (of 100, 120, 140, 150, 160, 170, 180: 3,371, 1,667, 804,
// 646, 561, 556 and 538 changed lines; 160 is where wider stops helping).
/** @type {import('prettier').Config} */
export default {
  printWidth: 160,
  singleQuote: true,
};
