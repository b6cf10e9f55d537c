// docs/site.md §2 category pages: only active projects, each card a link to its
// page, 3 columns for web design and 2 for the others, a staggered entrance
// that reduced motion turns off, and no layout shift while loading.
import { activeProjectsOf, categoryNamed, categoryPages, projects } from './support/routes';
import { animationsDone, coldCache, columnCount, expect, test, waitForHydration, walkStep, walkTimeout } from './support/test';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

const columnsAt1280: Record<string, number> = { 'web-design': 3, graphics: 2, 'higher-education': 2, photography: 2 };
const cards = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('article');

// One test per category page: the page is loaded once (at 1280×900), its
// properties checked a step each, the last one leaving it by a card.
for (const category of categoryPages) {
  test.describe(`/${category}`, () => {
    const expected = activeProjectsOf(category);

    test(`lists exactly its active projects, each card linking to its page; ${columnsAt1280[category]} columns at 1280 px and 1 at 375 px; cards fade in with a 0.1 s stagger per index; a card opens its project page, which links back to the category`, async ({
      page,
    }) => {
      walkTimeout(4);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/${category}`);
      await waitForHydration(page);

      await walkStep('lists exactly its active projects, each card linking to its page', async () => {
        await expect(cards(page)).toHaveCount(expected.length);
        const shown = await cards(page).getByRole('heading').allTextContents();
        expect([...shown].sort()).toEqual(expected.map((p) => p.title).sort());
        for (const p of expected) {
          const card = cards(page).filter({ has: page.getByRole('heading', { name: p.title, exact: true }) });
          await expect(card.getByRole('link')).toHaveAttribute('href', p.link);
          // docs/site.md §2: the card shows its category badge, role and skills.
          // The badge comes first; a skill may have the same words.
          await expect(card.getByText(p.category, { exact: true }).first()).toBeVisible();
          await expect(card.getByText(p.role)).toBeVisible();
          const skills = card.getByLabel('Skills');
          for (const skill of p.skills) await expect(skills.getByText(skill, { exact: true })).toBeVisible();
        }
        for (const p of projects.filter((q) => q.page === category && !q.active)) {
          await expect(page.getByRole('main').getByText(p.title)).toHaveCount(0);
        }
      });

      await walkStep('cards fade in with a 0.1 s stagger per index', async () => {
        const animations = await cards(page).evaluateAll((els) =>
          els.map((el) => ({ name: getComputedStyle(el).animationName, delay: getComputedStyle(el).animationDelay })),
        );
        animations.forEach((a, i) => {
          expect(a.name, `card ${i}`).not.toBe('none');
          expect(parseFloat(a.delay), `card ${i} delay`).toBeCloseTo(i * 0.1, 5);
        });
      });

      await walkStep(`is laid out in ${columnsAt1280[category]} columns at 1280 px and 1 at 375 px`, async () => {
        expect(await columnCount(cards(page))).toBe(Math.min(columnsAt1280[category]!, expected.length));
        await page.setViewportSize({ width: 375, height: 800 });
        await expect.poll(() => columnCount(cards(page))).toBe(1);
        await page.setViewportSize({ width: 1280, height: 900 });
      });

      // Last: it leaves the page.
      await walkStep('a card opens its project page, which links back to the category', async () => {
        const first = expected[0]!;
        await cards(page).filter({ hasText: first.title }).getByRole('link').click();
        await expect(page).toHaveURL(first.link);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
        const back = page.getByRole('link', { name: `All ${categoryNamed(category).title} Projects` });
        await expect(back).toHaveAttribute('href', `/${category}`);
        await back.click();
        await expect(page).toHaveURL(`/${category}`);
      });
    });
  });
}

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('/ and every category page: cards have no animation', async ({ page }) => {
    walkTimeout(5);
    for (const path of ['/', ...categoryPages.map((c) => `/${c}`)]) {
      await walkStep(path, async () => {
        await page.goto(path);
        await waitForHydration(page);
        const names = await cards(page).evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
        expect(names.length, path).toBeGreaterThan(0);
        expect(
          names.every((n) => n === 'none'),
          `${path}: animation names: ${names.join(', ')}`,
        ).toBe(true);
        expect(await page.evaluate(() => document.getAnimations().length), path).toBe(0);
      });
    }
  });
});

// Cumulative layout shift as Chrome reports it, from the first paint on.
const observeLayoutShift = () => {
  const w = window as unknown as { __cls: number; __shifts: string[] };
  w.__cls = 0;
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      startTime: number;
      sources?: { node?: Node }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      const nodes = (entry.sources ?? []).map((s) => {
        const el = s.node as Element | undefined;
        return el?.nodeName ? `${el.nodeName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${(el.className || '').toString().split(' ')[0]}` : '?';
      });
      w.__shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`layout shift at ${viewport.width} px`, () => {
    test.use({ viewport });
    // One page loads each in turn; the observer (an init script) starts
    // afresh with every document.
    test('/ and every category page load without layout shift', async ({ page }) => {
      walkTimeout(5);
      await page.addInitScript(observeLayoutShift);
      // Each page loads as on a first visit (fonts and images not cached).
      const warmCache = await coldCache(page);
      for (const path of ['/', ...categoryPages.map((c) => `/${c}`)]) {
        await walkStep(path, async () => {
          await page.goto(path);
          await waitForHydration(page);
          await page.waitForLoadState('networkidle');
          await animationsDone(page);
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(300);
          const { cls, shifts } = await page.evaluate(() => {
            const w = window as unknown as { __cls: number; __shifts: string[] };
            return { cls: w.__cls, shifts: w.__shifts };
          });
          expect(cls, `${path}: layout shifts:\n${shifts.join('\n')}`).toBeLessThan(0.001);
        });
      }
      await warmCache();
    });
  });
}
