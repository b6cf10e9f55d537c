import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initAnalytics, trackPageView } from '@/lib/analytics';

const ID = 'G-TEST123456';

/** Each gtag call so far, as an array of its arguments. */
const calls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const tagScripts = () => document.head.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager.com"]');

// Fake timers show that time alone adds no tag script.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A test that showed no intent leaves its listeners: let them run now, so
  // that they add nothing in the next test (the set-up removes the script).
  window.dispatchEvent(new Event('pointerdown'));
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
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('keydown'));
    await vi.runAllTimersAsync();

    expect(calls().filter(([command]) => command === 'config')).toEqual([['config', ID, { send_page_view: false }]]);
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds no tag script while the visitor only reads, however long after load', async () => {
    initAnalytics(ID);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('focus'));

    expect(tagScripts()).toHaveLength(0);
  });

  it.each(['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'])('adds the tag script at the first %s, once', (type) => {
    initAnalytics(ID);
    expect(tagScripts()).toHaveLength(0);

    window.dispatchEvent(new Event(type));
    const scripts = tagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(`https://www.googletagmanager.com/gtag/js?id=${ID}`);
    expect(scripts[0]?.async).toBe(true);

    for (const again of ['pointerdown', 'keydown', 'scroll']) window.dispatchEvent(new Event(again));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds the tag script when the page is hidden (another tab or app), not when it is shown', () => {
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    initAnalytics(ID);

    document.dispatchEvent(new Event('visibilitychange'));
    expect(tagScripts()).toHaveLength(0);

    state.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(tagScripts()).toHaveLength(1);
  });

  it('adds the tag script at once when started during a tap or key press (Accept on the consent bar)', () => {
    vi.stubGlobal('navigator', { ...navigator, userActivation: { isActive: true, hasBeenActive: true } });

    initAnalytics(ID);

    expect(tagScripts()).toHaveLength(1);
  });

  it('encodes the id in the script address', () => {
    initAnalytics('G-A&B');
    window.dispatchEvent(new Event('pointerdown'));

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
