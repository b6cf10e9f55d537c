import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAnalytics, trackPageView } from '@/lib/analytics';

const ID = 'G-TEST123456';

/** Each gtag call so far, as an array of its arguments. */
const calls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const tagScripts = () => document.head.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager.com"]');

/**
 * The browser's idle callbacks, run by hand: jsdom has none. Each holds its
 * deadline, so a test can tell "when idle" from "at the deadline".
 */
let idle: { run: () => void; timeout: number | undefined }[] = [];
const runIdle = () => {
  const pending = idle;
  idle = [];
  for (const cb of pending) cb.run();
};

/** Makes the document look loaded or still loading (jsdom's is complete). */
const readyState = (state: DocumentReadyState) => vi.spyOn(document, 'readyState', 'get').mockReturnValue(state);

// Fake timers: time alone is what the tests move.
beforeEach(() => {
  vi.useFakeTimers();
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => idle.push({ run, timeout: options?.timeout }));
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A test that stopped before the tag loaded leaves its listeners and idle
  // callbacks: run them now, so that they add nothing in the next test (the
  // set-up removes the script).
  window.dispatchEvent(new Event('load'));
  runIdle();
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
    runIdle();
    await vi.runAllTimersAsync();
    runIdle();

    expect(calls().filter(([command]) => command === 'config')).toEqual([['config', ID, { send_page_view: false }]]);
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds the tag script once the page has loaded and the browser is idle, with no input from the visitor', () => {
    readyState('loading');
    initAnalytics(ID);
    expect(idle, 'nothing waits for idle before load').toHaveLength(0);
    expect(tagScripts()).toHaveLength(0);

    window.dispatchEvent(new Event('load'));
    expect(tagScripts(), 'not during the load event').toHaveLength(0);
    expect(idle).toHaveLength(1);
    expect(idle[0]?.timeout, 'a deadline: a busy page still counts its visit').toBeGreaterThan(0);
    expect(idle[0]?.timeout).toBeLessThanOrEqual(5000);

    runIdle();
    const scripts = tagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(`https://www.googletagmanager.com/gtag/js?id=${ID}`);
    expect(scripts[0]?.async).toBe(true);
  });

  it('waits for idle at once when the page has already loaded', () => {
    initAnalytics(ID);
    expect(tagScripts()).toHaveLength(0);
    runIdle();
    expect(tagScripts()).toHaveLength(1);
  });

  it('without requestIdleCallback (Safari), adds the tag script on a timer after load', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    initAnalytics(ID);
    expect(tagScripts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(tagScripts()).toHaveLength(1);
  });

  it.each(['pointerdown', 'keydown', 'scroll'])('needs no %s, and one afterwards adds no second script', (type) => {
    initAnalytics(ID);
    runIdle();
    window.dispatchEvent(new Event(type));
    document.dispatchEvent(new Event('visibilitychange'));
    runIdle();
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds the tag script at once when the page is hidden before it loaded (the visitor is leaving)', () => {
    readyState('loading');
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    initAnalytics(ID);

    document.dispatchEvent(new Event('visibilitychange'));
    expect(tagScripts()).toHaveLength(0);

    state.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(tagScripts()).toHaveLength(1);
    window.dispatchEvent(new Event('load'));
    runIdle();
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds the tag script at once when started during a tap or key press (Accept on the consent bar)', () => {
    vi.stubGlobal('navigator', { ...navigator, userActivation: { isActive: true, hasBeenActive: true } });

    initAnalytics(ID);

    expect(tagScripts()).toHaveLength(1);
  });

  it('encodes the id in the script address', () => {
    initAnalytics('G-A&B');
    runIdle();

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
