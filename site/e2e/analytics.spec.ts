// Analytics per provider and per consent state (docs/site.md §7), in
// Chromium against sites built with each setting (support/variants.ts) and
// the suite's own site (GA4, no consent): the requests each page makes to
// the provider (answered here, never sent), one page view per page load,
// the Content-Security-Policy naming exactly the provider's hosts (in the
// built _headers and in what `portfolio serve` sends), and, for GA4 with
// consent, the bar: nothing for Google before Accept, Accept counting the
// current page, Reject remembered across documents, keyboard use, no
// layout shift, axe clean with it open, and nothing at all without
// JavaScript.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { buildVariant, serveVariant, withoutAnalyticsWithVideo, type Served, type Variant } from './support/variants';
import { expect, test } from './support/test';

const google = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];

interface Provider {
  name: string;
  /** site.yaml lines; none: the repository's content (GA4 by measurementId). */
  setting?: string;
  keepId?: boolean;
  /** The hosts its requests go to. */
  hosts: RegExp;
  /** What the CSP must name, by directive (https:// sources only). */
  csp: { script: string[]; connect: string[]; img: string[] };
  /** The page views in what a page requested. */
  views: (requests: Request[]) => Promise<number>;
  /** The text only its page script has: no other provider's build may publish it. */
  marker: string;
}

/** GA4's collect endpoint, where the tag sends a page view (support: fakeTag). */
const collect = 'https://www.google-analytics.com/g/collect';
const ga4Views = (requests: Request[]) =>
  Promise.resolve(requests.filter((r) => r.url().startsWith(`${collect}?`) && new URL(r.url()).searchParams.get('en') === 'page_view').length);
const posts = (url: string) => (requests: Request[]) => Promise.resolve(requests.filter((r) => r.method() === 'POST' && r.url() === url).length);

const providers: Provider[] = [
  {
    name: 'ga4',
    hosts: /google/,
    csp: { script: ['https://www.googletagmanager.com'], connect: google, img: google },
    views: ga4Views,
    marker: 'googletagmanager.com',
  },
  {
    name: 'plausible',
    setting: 'analytics:\n  provider: plausible\n',
    hosts: /plausible\.io/,
    csp: { script: [], connect: ['https://plausible.io'], img: [] },
    views: posts('https://plausible.io/api/event'),
    marker: 'pageview',
  },
  {
    name: 'umami',
    setting: 'analytics:\n  provider: umami\n  websiteId: 4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f\n',
    hosts: /umami\.is/,
    csp: { script: [], connect: ['https://cloud.umami.is'], img: [] },
    views: posts('https://cloud.umami.is/api/send'),
    marker: 'website:',
  },
  {
    name: 'goatcounter',
    setting: 'analytics:\n  provider: goatcounter\n  code: averymorgan\n',
    hosts: /goatcounter\.com/,
    csp: { script: [], connect: ['https://averymorgan.goatcounter.com'], img: [] },
    views: (requests) => Promise.resolve(requests.filter((r) => r.url().startsWith('https://averymorgan.goatcounter.com/count?p=')).length),
    marker: 'rnd:',
  },
  // The site built for gallery-video.spec.ts too (support/variants.ts).
  {
    name: 'none',
    setting: withoutAnalyticsWithVideo.setting,
    hosts: /./,
    csp: { script: [], connect: [], img: [] },
    views: () => Promise.resolve(0),
    marker: '',
  },
];

/** The https:// sources of each directive of a CSP. */
function cspHosts(csp: string) {
  const of = (name: string) =>
    (
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ') ?? []
    ).filter((s) => s.startsWith('https://'));
  return { script: of('script-src'), connect: of('connect-src'), img: of('img-src').filter((h) => !h.includes('myportfolio')) };
}

/**
 * Stands in for gtag.js, which this machine cannot reach, in the one way
 * these tests depend on: every page_view queued in dataLayer, before or
 * after it runs, goes to GA4's collect endpoint as one request that
 * outlives the page (keepalive), as the real tag sends it.
 */
const fakeTag = `(() => {
  const send = (a) => {
    if (a[0] === 'event' && a[1] === 'page_view')
      fetch('${collect}?v=2&en=page_view&dl=' + encodeURIComponent(a[2].page_location), { method: 'POST', keepalive: true, mode: 'no-cors' });
  };
  const q = (window.dataLayer = window.dataLayer || []);
  Array.from(q, send);
  const push = q.push.bind(q);
  q.push = (...xs) => (xs.forEach(send), push(...xs));
})();`;

/**
 * Records the page's requests to other hosts and answers them here: the
 * page view endpoints with what the providers answer (CORS allowed), the
 * GA4 tag with a stand-in that sends its page views (fakeTag).
 */
async function thirdParty(context: BrowserContext) {
  const requests: Request[] = [];
  await context.route(
    (url) => url.protocol === 'https:',
    (route) => {
      const request = route.request();
      requests.push(request);
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
      if (request.resourceType() === 'script') return route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeTag, headers: cors });
      if (request.resourceType() === 'image') return route.fulfill({ status: 200, contentType: 'image/gif', body: Buffer.alloc(0), headers: cors });
      return route.fulfill({ status: 202, contentType: 'text/plain', body: 'ok', headers: cors });
    },
  );
  return requests;
}

/** Loads `url` and waits until the page has loaded and its counting had time to go out. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
}

const served = new Map<string, Served>();
/** The folder each variant was built in (its dist/ has the _headers it was built with). */
const builtSites = new Map<string, string>();
const origin = (name: string, baseURL?: string) => served.get(name)?.origin ?? baseURL!;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Building each variant takes about half a minute the first time; two
  // build at once (a build waits on Vite's single thread and the disk for
  // much of it, and the other worker's browser leaves a core idle).
  test.setTimeout(600_000);
  // The site without analytics first: dev.spec.ts and gallery-video.spec.ts,
  // on the other worker, wait for it (support/variants.ts's lock) before
  // their first test.
  const builds: { provider: string; variant: Variant }[] = [
    { provider: 'none', variant: withoutAnalyticsWithVideo },
    ...providers.filter((p) => p.setting && p.name !== 'none').map((p) => ({ provider: p.name, variant: { name: p.name, setting: p.setting! } })),
    { provider: 'ga4-consent', variant: { name: 'ga4-consent', setting: 'analytics:\n  provider: ga4\n  consent: required\n', keepId: true } },
  ];
  let next = 0;
  const buildNext = async (): Promise<void> => {
    const b = builds[next++];
    if (!b) return;
    builtSites.set(b.provider, await buildVariant(b.variant));
    return buildNext();
  };
  await Promise.all([buildNext(), buildNext()]);
  for (const { provider } of builds) served.set(provider, await serveVariant(builtSites.get(provider)!));
});

test.afterAll(() => {
  for (const s of served.values()) s.stop();
});

for (const p of providers) {
  test(`${p.name}: one page view per page load, with no input, requests only to its hosts, the CSP names exactly them`, async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const requests = await thirdParty(context);
    const site = origin(p.name, baseURL);
    for (const route of ['/', '/about']) {
      // A visitor who reads and closes the tab: no scroll, tap or key at
      // all. Their visit is counted while they read, and exactly once.
      const page = await context.newPage();
      const before = requests.length;
      await visit(page, site + route);
      if (p.name !== 'none') {
        // The count goes out once the page has loaded and is idle: waited
        // for (on a busy machine it can take seconds), never prompted.
        await expect
          .poll(() => p.views(requests.slice(before)), { message: `page views on ${route} with no input`, timeout: 15_000 })
          .toBeGreaterThanOrEqual(1);
      }
      await page.close({ runBeforeUnload: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const own = requests.slice(before);
      expect(await p.views(own), `page views on ${route}, read and closed`).toBe(p.name === 'none' ? 0 : 1);
      if (p.name === 'ga4')
        expect(
          own.filter((r) => r.url().startsWith('https://www.googletagmanager.com/gtag/js?id=G-')),
          'the tag, once',
        ).toHaveLength(1);
      if (p.name === 'none') expect(own.map((r) => r.url())).toEqual([]);
      for (const r of own) expect(r.url(), 'a request to another provider').toMatch(p.hosts);
    }
    // The CSP `portfolio serve` sends is the one the build wrote for the host, and names exactly the provider's hosts.
    const response = await context.request.get(site + '/');
    const csp = response.headers()['content-security-policy']!;
    expect(cspHosts(csp)).toEqual(p.csp);
    const headersFile = readFileSync(path.join(distOf(p.name), '_headers'), 'utf8');
    expect(headersFile).toContain(`Content-Security-Policy: ${csp}`);
    // Each request went to a host the CSP allows.
    for (const r of requests) {
      const host = new URL(r.url()).origin;
      expect(
        [...p.csp.script, ...p.csp.connect].some((h) => (h.includes('*') ? host.endsWith(h.split('*')[1]!) : h === host)),
        r.url(),
      ).toBe(true);
    }
    await context.close();
  });

  test(`${p.name}: only its own analytics code is built and published`, () => {
    // The plain page scripts are the client build's entries besides the
    // page template and the islands loader.
    const dist = distOf(p.name);
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const pageEntries = Object.entries(manifest).filter(([src, chunk]) => chunk.isEntry && src !== 'index.html' && src !== 'src/islands/client.ts');
    expect(pageEntries.map(([src]) => src)).toEqual([`src/page-script/${p.name === 'none' ? 'no-analytics' : p.name}.ts`]);
    // No file of any other provider's page script is published, and no
    // published script carries another provider's request.
    const published = new Set(readdirSync(path.join(dist, 'assets')));
    for (const [src, chunk] of Object.entries(manifest)) {
      if (src.startsWith('src/page-script/') && !pageEntries.some(([own]) => own === src)) expect(published.has(path.basename(chunk.file)), src).toBe(false);
    }
    const code = [...published].filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(dist, 'assets', f), 'utf8'));
    for (const other of providers) {
      if (other.marker)
        expect(
          code.some((c) => c.includes(other.marker)),
          `${other.name}'s request in ${p.name}'s scripts`,
        ).toBe(other === p);
    }
  });
}

/** The dist folder a provider's site was served from: a variant's, or the suite's own. */
const distOf = (name: string) => path.join(builtSites.get(name) ?? path.resolve(import.meta.dirname, '..'), 'dist');

// --- GA4 with consent required ------------------------------------------------

const bar = (page: Page) => page.getByRole('region', { name: 'Privacy choices' });
const settings = (page: Page) => page.getByRole('button', { name: 'Privacy settings' });
const googleRequests = (requests: Request[]) => requests.filter((r) => /google/.test(new URL(r.url()).hostname));
const tagRequests = (requests: Request[]) => requests.filter((r) => r.url().startsWith('https://www.googletagmanager.com/gtag/js?id=G-'));
const pageViews = (page: Page) =>
  page.evaluate(
    () =>
      (window.dataLayer ?? []).filter((a) => Array.from(a as ArrayLike<unknown>)[0] === 'event' && Array.from(a as ArrayLike<unknown>)[1] === 'page_view')
        .length,
  );

test.describe('GA4 with consent required', () => {
  test('before a choice: the bar, and nothing requested from Google; Accept counts this page, then each page once', async ({ browser }) => {
    const context = await browser.newContext();
    const requests = await thirdParty(context);
    const page = await context.newPage();
    const site = origin('ga4-consent');
    await visit(page, site + '/about');
    await expect(bar(page)).toBeVisible();
    await expect(settings(page)).toBeVisible();
    expect(googleRequests(requests)).toEqual([]);
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();

    await bar(page).getByRole('button', { name: 'Accept' }).click();
    await expect(bar(page)).toBeHidden();
    await expect.poll(() => googleRequests(requests).map((r) => new URL(r.url()).pathname)).toEqual(['/gtag/js', '/g/collect']);
    expect(await pageViews(page)).toBe(1);
    const consent = await page.evaluate(() => (window.dataLayer ?? []).map((a) => Array.from(a as ArrayLike<unknown>)).filter((a) => a[0] === 'consent'));
    expect(consent).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);

    // The next document: no bar, its own one page view, sent with no input.
    await visit(page, site + '/');
    await expect(bar(page)).toBeHidden();
    expect(await pageViews(page)).toBe(1);
    await expect.poll(() => ga4Views(requests), 'page views sent, with no input on the next page').toBe(2);
    expect(tagRequests(requests)).toHaveLength(2);
    await context.close();
  });

  test('Reject is remembered across documents, nothing goes to Google; Privacy settings reopens the bar', async ({ browser }) => {
    const context = await browser.newContext();
    const requests = await thirdParty(context);
    const page = await context.newPage();
    const site = origin('ga4-consent');
    await visit(page, site + '/');
    await bar(page).getByRole('button', { name: 'Reject' }).click();
    await expect(bar(page)).toBeHidden();
    for (const route of ['/about', '/contact', '/privacy']) {
      await visit(page, site + route);
      await expect(bar(page)).toBeHidden();
    }
    expect(googleRequests(requests)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('denied');

    await settings(page).click();
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(bar(page).getByRole('link', { name: 'Privacy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(bar(page).getByRole('button', { name: 'Accept' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(bar(page).getByRole('button', { name: 'Reject' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bar(page)).toBeHidden();
    await expect(settings(page)).toBeFocused();
    expect(googleRequests(requests)).toEqual([]);
    await context.close();
  });

  test('with the keyboard alone: Accept is reached by Tab from the top of the page', async ({ browser }) => {
    const context = await browser.newContext();
    const requests = await thirdParty(context);
    const page = await context.newPage();
    await visit(page, origin('ga4-consent') + '/');
    const accept = bar(page).getByRole('button', { name: 'Accept' });
    for (let i = 0; i < 5 && !(await accept.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bar(page)).toBeHidden();
    await expect.poll(() => tagRequests(requests).length).toBe(1);
    await context.close();
  });

  test('showing the bar shifts nothing, and it is not the largest paint', async ({ browser }) => {
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      for (const route of ['/', '/contact/sent/']) {
        const context = await browser.newContext({ viewport });
        await thirdParty(context);
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: number; lcp: Element[] };
          w.shifts = 0;
          w.lcp = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shifts += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) if (e.element) w.lcp.push(e.element);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        await visit(page, origin('ga4-consent') + route);
        await expect(bar(page)).toBeVisible();
        await page.waitForTimeout(500);
        const { shifts, lcpInBar } = await page.evaluate(() => {
          const w = window as unknown as { shifts: number; lcp: Element[] };
          const consent = document.getElementById('consent')!;
          return { shifts: w.shifts, lcpInBar: w.lcp.some((el) => consent.contains(el)) };
        });
        expect(shifts, `layout shift on ${route} at ${viewport.width} px`).toBe(0);
        expect(lcpInBar, `the bar was a largest paint on ${route} at ${viewport.width} px`).toBe(false);
        await context.close();
      }
    }
  });

  test('axe finds nothing with the bar open, at 375 and 1280 px, light and dark', async ({ browser }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 375, height: 740 },
        { width: 1280, height: 800 },
      ]) {
        const context = await browser.newContext({ viewport, colorScheme });
        await thirdParty(context);
        const page = await context.newPage();
        await visit(page, origin('ga4-consent') + '/');
        await expect(bar(page)).toBeVisible();
        await page.evaluate(axe.source);
        const options: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] };
        const results = await page.evaluate(
          (o) => (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, o),
          options,
        );
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `${colorScheme} ${viewport.width} px`,
        ).toEqual([]);
        await context.close();
      }
    }
  });

  test('without JavaScript: no bar, no settings button, nothing requested from another host', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const requests = await thirdParty(context);
    const page = await context.newPage();
    await visit(page, origin('ga4-consent') + '/');
    await expect(bar(page)).toBeHidden();
    await expect(settings(page)).toBeHidden();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toBeVisible();
    expect(requests).toEqual([]);
    await context.close();
  });
});

test('the privacy page says which provider counts visits, and is linked from the footer', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await thirdParty(context);
  const page = await context.newPage();
  const says = {
    ga4: 'Google Analytics',
    plausible: 'Plausible Analytics',
    umami: 'Umami',
    goatcounter: 'GoatCounter',
    none: 'does not count visits',
  } as const;
  for (const p of providers) {
    await visit(page, origin(p.name, baseURL) + '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Visits' })).toContainText(says[p.name as keyof typeof says]);
    await expect(page.getByRole('region', { name: 'Messages' })).toContainText('your name, your email address and your message');
  }
  await context.close();
});
