import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initAnalytics, trackPageView } from '@/lib/analytics';
import { consentKey, startConsent } from '@/page-script/consent';

// The consent bar's behaviour on the prerendered markup (ConsentBar.tsx and
// the footer's "Privacy settings"): nothing for Google before Accept, the
// choice remembered, the page view of the current page at Accept.

const ID = 'G-TEST123';
const calls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const pageViews = () => calls().filter(([command, name]) => command === 'event' && name === 'page_view');
const bar = () => document.getElementById('consent')!;
const reopen = () => document.querySelector<HTMLButtonElement>('[data-consent-open]')!;
const click = (choice: string) => document.querySelector<HTMLButtonElement>(`[data-consent="${choice}"]`)!.click();

beforeEach(() => {
  document.body.innerHTML =
    '<section id="consent" tabindex="-1" hidden><h2>Privacy choices</h2><button data-consent="granted">Accept</button><button data-consent="denied">Reject</button></section>' +
    '<footer><button data-consent-open style="visibility: hidden">Privacy settings</button></footer>';
  document.title = 'Home · Test';
});

afterEach(() => {
  document.body.innerHTML = '';
  document.body.style.paddingBottom = '';
});

describe('startConsent', () => {
  it('shows the bar and the settings button on a first visit, and queues nothing for Google', () => {
    startConsent(ID, { initAnalytics, trackPageView }, document, window);
    expect(bar().hidden).toBe(false);
    expect(reopen().style.visibility).toBe('visible');
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
    expect(document.head.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('Accept: remembers it, hides the bar, grants analytics storage before the tag is configured, and counts this page once', () => {
    startConsent(ID, { initAnalytics, trackPageView }, document, window);
    click('granted');
    expect(localStorage.getItem(consentKey)).toBe('granted');
    expect(bar().hidden).toBe(true);
    const commands = calls().map(([command, arg]) => `${String(command)} ${typeof arg === 'string' ? arg : ''}`.trim());
    expect(commands).toEqual(['consent default', 'consent update', 'js', `config ${ID}`, 'event page_view']);
    expect(calls()[0]?.[2]).toEqual({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
    expect(calls()[1]?.[2]).toEqual({ analytics_storage: 'granted' });

    // Accepting again through the settings counts nothing more.
    reopen().click();
    click('granted');
    expect(pageViews()).toHaveLength(1);
  });

  it('Reject: remembers it, hides the bar, and nothing is queued', () => {
    startConsent(ID, { initAnalytics, trackPageView }, document, window);
    click('denied');
    expect(localStorage.getItem(consentKey)).toBe('denied');
    expect(bar().hidden).toBe(true);
    expect(window.dataLayer).toBeUndefined();
  });

  it('a remembered Reject keeps the bar hidden; Privacy settings reopens it with focus, and focus goes back after the choice', () => {
    localStorage.setItem(consentKey, 'denied');
    startConsent(ID, { initAnalytics, trackPageView }, document, window);
    expect(bar().hidden).toBe(true);
    expect(reopen().style.visibility).toBe('visible');

    reopen().focus();
    reopen().click();
    expect(bar().hidden).toBe(false);
    expect(document.activeElement).toBe(bar());
    click('denied');
    expect(document.activeElement).toBe(reopen());
    expect(window.dataLayer).toBeUndefined();
  });

  it('a remembered Accept counts the page without showing the bar', () => {
    localStorage.setItem(consentKey, 'granted');
    startConsent(ID, { initAnalytics, trackPageView }, document, window);
    expect(bar().hidden).toBe(true);
    expect(pageViews()).toEqual([['event', 'page_view', expect.objectContaining({ page_title: 'Home · Test' })]]);
  });

  it('Reject after Accept denies analytics storage and deletes the _ga cookies', () => {
    startConsent(ID, { initAnalytics, trackPageView }, document, window);
    click('granted');
    document.cookie = '_ga=GA1.1.1; path=/';
    document.cookie = '_ga_TEST123=GS1.1; path=/';
    document.cookie = 'other=1; path=/';
    reopen().click();
    click('denied');
    expect(calls().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(document.cookie).toBe('other=1');
    document.cookie = 'other=; max-age=0; path=/';
  });
});
