import { afterEach, describe, expect, it, vi } from 'vitest';
import { goatcounter, plausible, umami } from '@/lib/beacon';
import { startCount } from '@/page-script/count';

const send = { plausible, umami, goatcounter } as const;

// The cookieless providers' page script: one request per page load to the
// provider's endpoint, after the load event, no script of theirs
// (docs/site.md §7).

function pageWith(data: Record<string, string>) {
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${v}"`)
    .join('');
  document.body.innerHTML = `<main></main><script type="module" src="/assets/count.js"${attrs}></script>`;
  document.title = 'About Me · Test';
}

/** Lets the page's load event pass and the timers after it run. */
const afterLoad = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startCount', () => {
  it.each([
    {
      provider: 'plausible',
      data: { endpoint: 'https://plausible.io/api/event', domain: 'jo.example' },
      url: 'https://plausible.io/api/event',
      body: { name: 'pageview', url: window.location.href, domain: 'jo.example', referrer: null },
    },
    {
      provider: 'umami',
      data: { endpoint: 'https://cloud.umami.is/api/send', id: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' },
      url: 'https://cloud.umami.is/api/send',
      body: {
        type: 'event',
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- an asymmetric matcher is typed any
        payload: expect.objectContaining({
          website: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
          url: '/',
          title: 'About Me · Test',
          hostname: window.location.hostname,
        }),
      },
    },
  ])('sends one $provider page view after the page has loaded, and loads no script', async ({ provider, data, url, body }) => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
    pageWith({ provider, ...data });
    startCount(send[provider as keyof typeof send], document, window);
    await afterLoad();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [target, init] = fetch.mock.calls[0]!;
    expect(target).toBe(url);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual(body);
    expect(document.querySelectorAll(`script[src^="${new URL(url).origin}"]`)).toHaveLength(0);
    expect(window.gtag).toBeUndefined();
  });

  it('sends one GoatCounter count, the path and title in the query', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
    pageWith({ provider: 'goatcounter', endpoint: 'https://jo.goatcounter.com/count' });
    startCount(goatcounter, document, window);
    await afterLoad();
    expect(fetch).toHaveBeenCalledTimes(1);
    const target = new URL(fetch.mock.calls[0]![0] as string);
    expect(target.origin + target.pathname).toBe('https://jo.goatcounter.com/count');
    expect(target.searchParams.get('p')).toBe('/');
    expect(target.searchParams.get('t')).toBe('About Me · Test');
  });

  it('a failed count is not an error of the page', async () => {
    vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    pageWith({ provider: 'plausible', endpoint: 'https://plausible.io/api/event', domain: 'jo.example' });
    startCount(plausible, document, window);
    await afterLoad();
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
