import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAnalytics, trackPageView } from '@/lib/analytics';

const ID = 'G-TEST123456';

/** Each gtag call so far, as an array of its arguments. */
const calls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const tagScripts = () => document.head.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager.com"]');

// The tag script is added from a timer: fake timers keep one test's timer
// from firing in the next.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('initAnalytics', () => {
  it('defines gtag and queues js and a config with automatic page views off', () => {
    initAnalytics(ID);

    expect(typeof window.gtag).toBe('function');
    const queued = calls();
    expect(queued).toHaveLength(2);
    expect(queued[0]?.[0]).toBe('js');
    expect(queued[0]?.[1]).toBeInstanceOf(Date);
    expect(queued[1]).toEqual(['config', ID, { send_page_view: false }]);
  });

  it('pushes the arguments object itself, which is what gtag.js reads', () => {
    initAnalytics(ID);

    expect(Array.isArray(window.dataLayer?.[0])).toBe(false);
    expect(Object.prototype.toString.call(window.dataLayer?.[0])).toBe('[object Arguments]');
  });

  it('starts once: a second call queues nothing and loads no second script', async () => {
    initAnalytics(ID);
    initAnalytics(ID);
    initAnalytics('G-OTHER');
    await vi.runAllTimersAsync();

    expect(calls().filter(([command]) => command === 'config')).toEqual([['config', ID, { send_page_view: false }]]);
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds the tag script only after the window load event when the page is still loading', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');

    initAnalytics(ID);
    await vi.runAllTimersAsync();
    expect(tagScripts()).toHaveLength(0);

    window.dispatchEvent(new Event('load'));
    await vi.runAllTimersAsync();

    const scripts = tagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(`https://www.googletagmanager.com/gtag/js?id=${ID}`);
    expect(scripts[0]?.async).toBe(true);

    window.dispatchEvent(new Event('load'));
    await vi.runAllTimersAsync();
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds the tag script after the current task when the page has already loaded, not during the render', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');

    initAnalytics(ID);
    expect(tagScripts()).toHaveLength(0);

    await vi.runAllTimersAsync();
    expect(tagScripts()).toHaveLength(1);
  });

  it('waits for the browser to be idle after load, with a timeout so that a busy page still counts', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const idle: { run: IdleRequestCallback; options?: IdleRequestOptions }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, options?: IdleRequestOptions) => idle.push({ run, ...(options ? { options } : {}) }));

    initAnalytics(ID);
    await vi.runAllTimersAsync();
    expect(tagScripts()).toHaveLength(0);
    expect(idle).toHaveLength(1);
    expect(idle[0]?.options?.timeout).toBeGreaterThan(0);

    idle[0]?.run({ didTimeout: false, timeRemaining: () => 50 });
    expect(tagScripts()).toHaveLength(1);
  });

  it('encodes the id in the script address', async () => {
    initAnalytics('G-A&B');
    await vi.runAllTimersAsync();

    expect(tagScripts()[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-A%26B');
  });
});

describe('trackPageView', () => {
  it('queues one page_view event with path, full location and title', () => {
    initAnalytics(ID);

    trackPageView('/about?ref=home', 'About Me · Someone');

    const events = calls().filter(([command]) => command === 'event');
    expect(events).toEqual([
      ['event', 'page_view', { page_path: '/about?ref=home', page_location: `${window.location.origin}/about?ref=home`, page_title: 'About Me · Someone' }],
    ]);
  });

  it('does nothing before analytics has started', () => {
    expect(() => trackPageView('/about', 'About')).not.toThrow();
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
  });
});
