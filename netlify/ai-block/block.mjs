// The rule of site.yaml's `rights.aiTraining: block` (decision 0103): a
// request whose User-Agent names an AI-training crawler's token gets 403,
// on every path; everyone else goes on to the site (context.next()).
//
// `portfolio build` writes the function that calls it, with the tokens,
// into .netlify/v1/edge-functions/ai-block/ only when the owner chose
// block (cli/internal/rights WriteEdge): with disallow or allow no
// function is deployed. `portfolio serve` applies the same rule
// (cli/internal/rights BlockedBy) to the same tokens; both are held to
// cli/internal/rights/testdata/user-agents.json.

/** Where a token may start: the start, or after one of these. */
const BEFORE = ' \t(;,';
/** Where a token may end: the end, or before one of these (its version after "/"). */
const AFTER = '/ \t;,)';

/** A–Z lowered alone: the tokens are ASCII, and no character moves. */
const asciiLower = (s) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/**
 * The first of tokens that userAgent names as a product (RFC 9110's
 * User-Agent: a product, or an entry of a comment), in any letter case;
 * '' for none. "GPTBot/1.1" and "(compatible; Bytespider; …)" are named;
 * "NotGPTBot-lookalike", "CCBotanist" and an address ending in "/gptbot"
 * are not.
 */
export function blockedBy(userAgent, tokens) {
  const ua = asciiLower(userAgent ?? '');
  for (const token of tokens) {
    const t = asciiLower(token);
    if (t === '') continue;
    for (let i = ua.indexOf(t); i !== -1; i = ua.indexOf(t, i + 1)) {
      const end = i + t.length;
      if ((i === 0 || BEFORE.includes(ua[i - 1])) && (end === ua.length || AFTER.includes(ua[end]))) return token;
    }
  }
  return '';
}

/** The 403 a refused crawler gets: the same bytes and headers as `portfolio serve`'s (rights.Refusal). */
export function refusal(token) {
  return new Response(
    `403 Forbidden: the owner of this site does not allow AI training on the work, and ${token} collects training data. Search engines and visitors are welcome. See /robots.txt.\n`,
    {
      status: 403,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        // A refusal stored by a cache must never reach a browser.
        'Cache-Control': 'no-store',
        Vary: 'User-Agent',
        'X-Content-Type-Options': 'nosniff',
      },
    },
  );
}

/** The function: 403 for a listed crawler, the site for everyone else. */
export function block(request, context, tokens) {
  const token = blockedBy(request.headers.get('user-agent'), tokens);
  return token ? refusal(token) : context.next();
}
