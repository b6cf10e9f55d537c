// The `test` every spec uses: third-party requests (the analytics tag, an
// external image host) never leave the machine, and what the page reports to
// the console is collected so a spec can assert there is nothing wrong.
import { test as base, expect, type ConsoleMessage, type Locator, type Page } from '@playwright/test';

export { expect };

const ownHosts = new Set(['localhost', '127.0.0.1']);
const isThirdParty = (url: string) => {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol.startsWith('http') && !ownHosts.has(hostname);
  } catch {
    return false;
  }
};

// A 1×1 transparent PNG, for third-party images.
const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export interface ConsoleProblem {
  kind: 'console.error' | 'console.warning' | 'pageerror';
  text: string;
  url?: string;
}

interface Fixtures {
  /** Console errors, hydration warnings and uncaught errors of `page`, in order. */
  consoleProblems: ConsoleProblem[];
  /** Third-party URLs the page asked for (answered locally with an empty body). */
  thirdPartyRequests: string[];
}

const hydrationWarning = /hydrat|did not match|mismatch|server rendered/i;

export const test = base.extend<Fixtures>({
  thirdPartyRequests: async ({ context }, use) => {
    const requested: string[] = [];
    // No internet here, and the analytics host would only add noise: answer
    // third-party requests with an empty response of the right kind.
    await context.route(
      (url) => isThirdParty(url.href),
      (route) => {
        const request = route.request();
        requested.push(request.url());
        const type = request.resourceType();
        if (type === 'script') return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
        if (type === 'image') return route.fulfill({ status: 200, contentType: 'image/png', body: pixel });
        // A frame (the embedded prototype) gets an empty document: a 204
        // cancels its navigation, and a frame left loading keeps the page
        // from ever being network-idle.
        if (type === 'document') return route.fulfill({ status: 200, contentType: 'text/html', body: '' });
        return route.fulfill({ status: 204, body: '' });
      },
    );
    await use(requested);
  },
  consoleProblems: async ({ page }, use) => {
    const problems: ConsoleProblem[] = [];
    const onConsole = (msg: ConsoleMessage) => {
      const url = msg.location().url;
      // A request to the analytics host that failed anyway is not the site's fault.
      if (/googletagmanager|google-analytics/.test(url) || /googletagmanager/.test(msg.text())) return;
      if (msg.type() === 'error') problems.push({ kind: 'console.error', text: msg.text(), url });
      else if (msg.type() === 'warning' && hydrationWarning.test(msg.text())) {
        problems.push({ kind: 'console.warning', text: msg.text(), url });
      }
    };
    page.on('console', onConsole);
    page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}` }));
    await use(problems);
  },
  // Every page gets the third-party stubs, whether or not a spec names them.
  page: async ({ page, thirdPartyRequests }, use) => {
    void thirdPartyRequests;
    await use(page);
  },
});

/**
 * Waits until the page has loaded and every island that mounts by itself
 * (when visible or idle: the contact form) is live; an island that waits for
 * an interaction (the lightbox) stays as it is, and one that waits for the
 * visitor's intent (a photo's page, decision 0118) once the loader has made
 * its openers controls. Pages without islands are static: nothing hydrates
 * there.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      [...document.querySelectorAll<HTMLElement>('[data-island]')].every((el) => {
        const when = el.dataset.hydrate;
        if (when === 'interaction') return true;
        if (when === 'intent') return [...el.querySelectorAll('[data-opener]')].every((o) => o.hasAttribute('aria-label'));
        return el.hasAttribute('data-island-mounted');
      }),
  );
  // Let the effects of the first commit run.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** Whether `selector`'s element has been hydrated by React (it has props of a fiber). */
export async function isHydrated(page: Page, selector: string) {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
  }, selector);
}

/** Waits for every running CSS animation that has an end (the cards' entrance) to finish. */
export async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((a) => a.playState !== 'paused' && a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/** How many columns the elements are laid out in: their distinct left edges. */
export async function columnCount(items: Locator): Promise<number> {
  const lefts = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

/** A readable list of console problems, for failure messages. */
export const describeProblems = (problems: ConsoleProblem[]) => problems.map((p) => `  ${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ''}`).join('\n');

/**
 * Turns `page`'s cache off (Chromium's, as DevTools' "Disable cache"), so
 * that every document it loads from now on is loaded as on a first visit:
 * for tests that walk one page through many routes, where a warm cache
 * would hide what a first load requests or shifts. Returns the function
 * that turns it on again (for a page shared with later tests).
 */
export async function coldCache(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return async () => {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  };
}

/**
 * Gives a test that walks one page through `steps` checks (each once a test
 * of its own) the time those tests had together: Playwright's 30 s each.
 */
export const walkTimeout = (steps: number) => test.setTimeout(steps * 30_000);

/**
 * One check of a walk: a step with the time its own test had (30 s), so a
 * page that hangs fails its step as soon as that test would have, not at
 * the end of the walk's whole budget.
 */
export const walkStep = <T>(title: string, body: () => T | Promise<T>) => test.step(title, body, { timeout: 30_000 });

/**
 * A walk's list dealt into `n` shares (item i to share i mod n), each walked
 * by a test of its own: the two workers then split a walk between them, and
 * no long walk is left running alone at the end of the suite.
 */
export const shares = <T>(items: readonly T[], n: number): T[][] => Array.from({ length: n }, (_, k) => items.filter((_, i) => i % n === k));
