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

/** The page that asks for the secret: nothing of the project in it, not even its title. */
export function gatePage(action, problem) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>Private page</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}input,button{font:inherit;padding:.4rem .6rem}input{width:100%;box-sizing:border-box;margin:.25rem 0 1rem}p[role=alert]{font-weight:600}</style>
</head>
<body>
<main>
<h1>Private page</h1>
<p>This page is private. Enter the secret you were sent to open it.</p>
${problem ? `<p role="alert">${goEscape(problem)}</p>` : ''}
<form method="post" action="${goEscape(action)}">
<label for="secret">Secret</label>
<input id="secret" name="secret" type="password" required autocomplete="off" autofocus>
<button type="submit">Open</button>
</form>
</main>
</body>
</html>
`;
}

/**
 * The page for a client whose access has ended (serve's closedPage): the
 * owner's name and the contact page, nothing of the project.
 */
export function closedPage(owner) {
  const who = owner || 'the photographer';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>This private page is closed</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.25}a{color:LinkText}</style>
</head>
<body>
<main>
<h1>This private page is closed</h1>
<p>The time to see this page is over. If you still need it, ${goEscape(who)} can open it again for you.</p>
<p><a href="${CONTACT_PATH}">Write to ${goEscape(who)}</a></p>
</main>
</body>
</html>
`;
}

/** A short page the function writes itself (serve's noticePage): a title, a sentence, the way back. */
export function noticePage(title, text, back) {
  return `<!doctype html>
<html lang="en">
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
<p><a href="${goEscape(back)}">${back === '/' ? 'Go to the home page' : 'Go back'}</a></p>
</main>
</body>
</html>
`;
}

