// The pages the Edge Function writes itself: the secret's page, the
// closed page and the short notices, byte for byte the ones `portfolio
// serve` writes (cli/internal/server/gatepage.go; gate.test.mjs holds them
// to cli/internal/server/testdata/).

/** Where a client whose access has ended is sent: the site's contact page (privateaccess.ContactPath). */
export const CONTACT_PATH = '/contact';

// Go's html/template escapes text so (cli/internal/server/page.go): the
// pages the function writes are byte for byte the ones `portfolio serve`
// writes.
const goEscape = (s) => s.replace(/[&<>"'+\0]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;', '+': '&#43;', '\0': '\uFFFD' })[c]);

/**
 * The secret's and the closed page's style (serve's pageStyle,
 * cli/internal/server/gatepage.go): the site's colours for both schemes,
 * its fonts with the system's as the fallback, a visible focus ring.
 */
const PAGE_STYLE =
  ':root{color-scheme:light dark;--bg:#f7f4ee;--paper:#ffffff;--ink:#1c1b19;--muted:#55524c;--primary:#26306e;--on-primary:#ffffff}' +
  '@media (prefers-color-scheme:dark){:root{--bg:#111114;--paper:#1a1a1f;--ink:#edeae4;--muted:#b3afa7;--primary:#aab4ff;--on-primary:#0f1230}}' +
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--ink);font:1.0625rem/1.7 "Inter Variable",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  '.cover{position:fixed;inset:0;width:100%;height:100%;object-fit:cover;filter:blur(28px);transform:scale(1.15);opacity:.55}' +
  'main{position:relative;box-sizing:border-box;width:calc(100% - 2rem);max-width:30rem;margin:2rem auto;padding:2rem 1.5rem;background:var(--paper);border:1px solid var(--muted);border-radius:16px}' +
  '.site{margin:0;font-weight:600;font-size:.8125rem;letter-spacing:.12em;text-transform:uppercase;color:var(--muted)}' +
  'h1{margin:.25rem 0 .75rem;font:600 1.75rem/1.2 "Fraunces Variable",Georgia,"Times New Roman",serif;overflow-wrap:anywhere}' +
  'label{display:block;font-weight:600}' +
  'input{font:inherit;width:100%;box-sizing:border-box;margin:.25rem 0 1.25rem;padding:.55rem .75rem;border:1px solid var(--muted);border-radius:8px;background:var(--paper);color:var(--ink)}' +
  'button{font:inherit;font-weight:600;padding:.55rem 1.5rem;border:0;border-radius:999px;background:var(--primary);color:var(--on-primary);cursor:pointer}' +
  ':focus-visible{outline:3px solid var(--primary);outline-offset:2px}' +
  'a{color:var(--primary)}p[role=alert]{font-weight:600}';

/** A font's address the pages accept: a file the site build published under /assets/ (privateaccess.FontPath). */
export const FONT_PATH = /^\/assets\/[A-Za-z0-9_.-]+\.woff2$/;
/** A cover the pages accept: a JPEG as base64 (privateaccess.CoverURI). */
export const COVER_URI = /^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/;

/** The @font-face rules of the site's two web fonts (serve's fontFaces); an unknown address is left to the fallback. */
function fontFaces(site) {
  return [
    ['Inter Variable', site?.text],
    ['Fraunces Variable', site?.display],
  ]
    .filter(([, url]) => typeof url === 'string' && FONT_PATH.test(url))
    .map(([family, url]) => `@font-face{font-family:"${family}";font-weight:400 600;font-display:swap;src:url(${url}) format("woff2")}`)
    .join('');
}

/**
 * What the secret page says when the build wrote no strings (a file
 * written before the site was built): the English catalogue's words
 * (privateaccess.EnglishGate; gate.test.mjs holds the two equal, and the
 * site's host.test.ts holds them to site/src/i18n/en/host.ts).
 */
export const ENGLISH_GATE = {
  title: 'Private gallery',
  sharedBy: '{site} shared this private gallery with you. Enter the password from {site}’s message to see it.',
  shared: 'This gallery is private. Enter the password from the message you were sent to see it.',
  password: 'Password',
  open: 'Open the gallery',
  wrong: 'That is not the password for this gallery. Check the message it came in, and try again.',
  unreadable: 'The form could not be read. Enter the password again.',
  tooMany: 'Too many tries from your address. Wait {wait}, then enter the password again.',
  wait: { second: 'a second', seconds: '{n} seconds', minutes: '{n} minutes' },
  closed: {
    title: 'This private page is closed',
    text: 'The time to see this page is over. If you still need it, {owner} can open it again for you.',
    write: 'Write to {owner}',
    owner: 'the photographer',
  },
  notFound: { title: 'No page here', text: 'There is no page at this address.' },
  home: 'Go to the home page',
};

/**
 * `say` with ENGLISH_GATE's words where it has none (serve's
 * GateMessages.orEnglish): a file the build wrote before a string joined
 * the catalogue lacks it.
 */
function orEnglish(say) {
  const word = (s, english) => (typeof s === 'string' && s !== '' ? s : english);
  return Object.fromEntries(
    Object.entries(ENGLISH_GATE).map(([k, v]) =>
      typeof v === 'string' ? [k, word(say[k], v)] : [k, Object.fromEntries(Object.entries(v).map(([j, w]) => [j, word(say[k]?.[j], w)]))],
    ),
  );
}

/**
 * The language of the secret page at `path` and its strings (serve's
 * Site.GateLanguage, decision 0123): a private project's page in another
 * language than the default is /private/<slug>/<lang>/… (decision 0116),
 * so the segment after the slug when it is one of the site's other
 * languages, else the default, the first; the strings are the ones the
 * build wrote from the site's catalogue into private-gate.json. Without
 * them: English.
 */
export function gateLanguage(site, path) {
  const langs = Array.isArray(site?.languages) ? site.languages : [];
  if (langs.length === 0) return { lang: 'en', say: ENGLISH_GATE };
  const m = /^\/private\/[^/]*\/([^/]*)/i.exec(path);
  const lang = m && langs.slice(1).includes(m[1]) ? m[1] : langs[0];
  const say = site.messages && Object.hasOwn(site.messages, lang) ? site.messages[lang] : undefined;
  return say ? { lang, say: orEnglish(say) } : { lang: 'en', say: ENGLISH_GATE };
}

/**
 * The page that asks for the secret, called a password to the client:
 * the site's name, fonts and colours (`site`, what the build wrote of the
 * site), and of the project only what its owner allowed (`page`: its
 * title, a blurred cover; decision 0095), in the language of its address
 * (`action`, gateLanguage).
 */
export function gatePage(action, problem, site, page) {
  const name = site?.name ?? '';
  const cover = typeof page?.cover === 'string' && COVER_URI.test(page.cover) ? page.cover : '';
  const { lang, say } = gateLanguage(site, action);
  // The translation's title at its language's address (serve's newGateForm, decision 0123, amended).
  const translated = page?.titles && Object.hasOwn(page.titles, lang) ? page.titles[lang] : undefined;
  const title = page?.title ? (typeof translated === 'string' ? translated : page.title) : '';
  const heading = goEscape(title || say.title);
  const who = goEscape(name);
  return `<!doctype html>
<html lang="${goEscape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${heading}${name ? ` · ${who}` : ''}</title>
<style>${fontFaces(site)}${PAGE_STYLE}</style>
</head>
<body>
${cover ? `<img class="cover" src="${goEscape(cover)}" alt="">\n` : ''}<main>
${name ? `<p class="site">${who}</p>\n` : ''}<h1>${heading}</h1>
<p>${goEscape(name ? say.sharedBy.replaceAll('{site}', name) : say.shared)}</p>
${problem ? `<p role="alert">${goEscape(problem)}</p>\n` : ''}<form method="post" action="${goEscape(action)}">
<label for="secret">${goEscape(say.password)}</label>
<input id="secret" name="secret" type="password" required autocomplete="off" autofocus>
<button type="submit">${goEscape(say.open)}</button>
</form>
</main>
</body>
</html>
`;
}

/**
 * The page for a client whose access has ended (serve's closedPage): the
 * site's name, fonts and colours, the owner's name and the contact page,
 * nothing of the project, in the language of its address (`path`,
 * gateLanguage) with the catalogue's words.
 */
export function closedPage(owner, site, path) {
  const { lang, say } = gateLanguage(site, path);
  const who = owner || say.closed.owner;
  const name = site?.name ?? '';
  return `<!doctype html>
<html lang="${goEscape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${goEscape(say.closed.title)}${name ? ` · ${goEscape(name)}` : ''}</title>
<style>${fontFaces(site)}${PAGE_STYLE}</style>
</head>
<body>
<main>
${name ? `<p class="site">${goEscape(name)}</p>\n` : ''}<h1>${goEscape(say.closed.title)}</h1>
<p>${goEscape(say.closed.text.replaceAll('{owner}', who))}</p>
<p><a href="${CONTACT_PATH}">${goEscape(say.closed.write.replaceAll('{owner}', who))}</a></p>
</main>
</body>
</html>
`;
}

/** A short page the function writes itself (serve's noticePage): a title, a sentence, the way back. */
export function noticePage(title, text, back, lang = 'en', home = 'Go to the home page') {
  return `<!doctype html>
<html lang="${goEscape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${goEscape(title)}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}a{color:LinkText}</style>
</head>
<body>
<main>
<h1>${goEscape(title)}</h1>
<p>${goEscape(text)}</p>
<p><a href="${goEscape(back)}">${goEscape(back === '/' ? home : 'Go back')}</a></p>
</main>
</body>
</html>
`;
}

