import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIsland, startIslands, type IslandModule, type Registry, type Trigger } from '@/islands/loader';

// The loader with hand-made islands (a registry is the loader's input); the
// real islands run through it in the Gallery, ProjectBlocks and contact tests.

/** An island module that records its mounts. */
function recorder() {
  const mounts: { el: HTMLElement; props: Record<string, unknown>; trigger?: Trigger }[] = [];
  const module: IslandModule = { mount: (el, props, trigger) => void mounts.push({ el, props, ...(trigger ? { trigger } : {}) }) };
  return { mounts, load: vi.fn(() => Promise.resolve(module)) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(html: string) {
  document.body.innerHTML = html;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('startIslands', () => {
  it('finds every marked island and leaves the page alone when there is none', () => {
    page('<main><p>static</p></main>');
    expect(startIslands(document, {})).toBe(0);
    page('<div data-island="a" data-hydrate="interaction"></div><div data-island="a" data-hydrate="interaction"></div>');
    expect(startIslands(document, { a: recorder().load })).toBe(2);
  });

  it('loads an interaction island only on the first pointer, focus or touch, once, and mounts it with its props', async () => {
    page(`<div data-island="lightbox" data-hydrate="interaction" data-props='{"label":"X gallery"}'><a href="/img/1.webp" data-index="0">1</a></div>`);
    const island = recorder();
    startIslands(document, { lightbox: island.load });
    await settle();
    expect(island.load).not.toHaveBeenCalled();

    const tile = document.querySelector('a')!;
    tile.dispatchEvent(new Event('pointerover', { bubbles: true }));
    tile.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await settle();
    expect(island.load).toHaveBeenCalledTimes(1);
    expect(island.mounts).toEqual([{ el: document.querySelector('[data-island]'), props: { label: 'X gallery' } }]);
    expect(document.querySelector('[data-island]')).toHaveAttribute('data-island-mounted');
  });

  it('holds a click that comes before the island and hands it to the island once mounted', async () => {
    page('<div data-island="lightbox" data-hydrate="interaction"><a href="/img/1.webp" data-index="0">1</a></div>');
    const island = recorder();
    startIslands(document, { lightbox: island.load });

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await settle();
    expect(island.mounts[0]?.trigger).toBe(click);
  });

  it('lets a modified click (a new tab) do what the link does, without waiting', async () => {
    page('<div data-island="lightbox" data-hydrate="interaction"><a href="/img/1.webp" data-index="0">1</a></div>');
    const island = recorder();
    startIslands(document, { lightbox: island.load });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    document.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('follows the clicked link when the island cannot load, and tries again on the next trigger', async () => {
    page('<div data-island="lightbox" data-hydrate="interaction"><a href="/img/1.webp" data-index="0">1</a></div>');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.fn();
    // Own properties, defined: assigning `location` would run the real
    // window's setter (a navigation of the test's document).
    const fakeWindow = Object.create(window) as Window & typeof globalThis;
    Object.defineProperties(fakeWindow, { location: { value: { assign } }, HTMLAnchorElement: { value: window.HTMLAnchorElement } });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(recorder().load());
    startIslands(document, { lightbox: load as Registry[string] }, fakeWindow);

    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await settle();
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/img\/1\.webp$/));
    expect(error).toHaveBeenCalled();

    document.querySelector('a')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads a visible island when it comes near the viewport', async () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    page('<div data-island="contact" data-hydrate="visible"></div>');
    const island = recorder();
    startIslands(document, { contact: island.load });
    notify?.([{ isIntersecting: false }]);
    await settle();
    expect(island.load).not.toHaveBeenCalled();
    notify?.([{ isIntersecting: true }]);
    await settle();
    expect(island.mounts).toHaveLength(1);
  });

  it('loads an idle island when the browser is idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (f: () => void) => idle.push(f));
    vi.stubGlobal('cancelIdleCallback', () => {});
    page('<div data-island="contact" data-hydrate="idle"></div>');
    const island = recorder();
    startIslands(document, { contact: island.load });
    await settle();
    expect(island.load).not.toHaveBeenCalled();
    idle.forEach((f) => f());
    await settle();
    expect(island.mounts).toHaveLength(1);
  });

  describe('an intent island (a photo page, decision 0118)', () => {
    const html = `<div data-island="lightbox" data-hydrate="intent"><div data-opener="Open in viewer"><img src="/img/1.webp" alt="Blue water"></div><a href="/next">Next photo</a><input aria-label="Note"></div>`;
    const opener = () => document.querySelector<HTMLElement>('[data-opener]')!;
    // Its listeners on the document go with it: one intent island per page, as on a photo's page.
    const stops: (() => void)[] = [];
    afterEach(() => stops.splice(0).forEach((stop) => stop()));
    const start = (registry: Registry) => stops.push(startIsland(document.querySelector<HTMLElement>('[data-island]')!, registry));
    const key = (target: EventTarget, k: string, init: KeyboardEventInit = {}) => {
      const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(e);
      return e;
    };

    it('makes its opener a button in the tab order, named and described by its image, and loads nothing by itself', async () => {
      page(html);
      const island = recorder();
      start({ lightbox: island.load });
      expect(opener()).toHaveAttribute('role', 'button');
      expect(opener().tabIndex).toBe(0);
      expect(opener()).toHaveAccessibleName('Open in viewer');
      expect(opener()).toHaveAccessibleDescription('Blue water');
      window.dispatchEvent(new Event('load'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(island.load).not.toHaveBeenCalled();
    });

    it('fetches and mounts it on the first pointer or focus, handing it no request', async () => {
      page(html);
      const island = recorder();
      start({ lightbox: island.load });
      opener().dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      await settle();
      expect(island.mounts).toEqual([{ el: document.querySelector('[data-island]'), props: {} }]);
    });

    it('holds a click on the opener, Enter or Space on it, and ← → on the page, and hands it to the island', async () => {
      for (const ask of [
        () => {
          const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
          opener().querySelector('img')!.dispatchEvent(e);
          return e;
        },
        () => key(opener(), 'Enter'),
        () => key(opener(), ' '),
        () => key(document.body, 'ArrowRight'),
        () => key(document.body, 'ArrowLeft'),
      ]) {
        page(html);
        const island = recorder();
        start({ lightbox: island.load });
        const e = ask();
        expect(e.defaultPrevented).toBe(true);
        await settle();
        expect(island.mounts[0]?.trigger).toBe(e);
      }
    });

    it("lets every other click and key be the page's own", async () => {
      page(html);
      const island = recorder();
      start({ lightbox: island.load });
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      document.querySelector('a')!.dispatchEvent(click);
      const typed = key(document.querySelector('input')!, 'ArrowRight');
      const other = key(document.body, 'Enter');
      const modified = key(document.body, 'ArrowRight', { altKey: true });
      for (const e of [click, typed, other, modified]) expect(e.defaultPrevented).toBe(false);
      await settle();
      expect(island.load).not.toHaveBeenCalled();
    });

    it('takes over at once, as a load island, on an entry a script made (a photo a tile opened, reloaded)', async () => {
      history.replaceState({ photo: 2 }, '');
      try {
        page(html);
        const island = recorder();
        start({ lightbox: island.load });
        await vi.waitFor(() => expect(island.mounts).toHaveLength(1));
        expect(island.mounts[0]?.trigger).toBeUndefined();
      } finally {
        history.replaceState(null, '');
      }
    });
  });

  it('loads a load island with no interaction once the page has loaded', async () => {
    page(`<div data-island="lightbox" data-hydrate="load" data-props='{"open":2}'></div>`);
    const island = recorder();
    startIslands(document, { lightbox: island.load });
    await vi.waitFor(() => expect(island.mounts).toEqual([{ el: document.querySelector('[data-island]'), props: { open: 2 } }]));
  });

  it('waits for the page to load (its photo in) before it fetches a load island', async () => {
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    page(`<div data-island="lightbox" data-hydrate="load"></div>`);
    const island = recorder();
    startIslands(document, { lightbox: island.load });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(island.load).not.toHaveBeenCalled();
    state.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(island.mounts).toHaveLength(1));
    state.mockRestore();
  });

  it('says so when an island is not in the registry', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    page('<div data-island="nope" data-hydrate="idle"></div>');
    startIslands(document, {});
    expect(error).toHaveBeenCalledWith('island "nope" is not in the registry');
  });
});
