import { describe, expect, it } from 'vitest';
import { eagerTiles } from '@/features/gallery/Gallery';
import { bandAt, bandsOf, dealColumns, layoutOf, sizesOf, tileTops, tileVariables, tileWidth } from '@/features/gallery/layout';
import { galleryOf } from '@/testing/fixture';

// Aspect ratios are width / height: 1.5 a landscape 3:2 photo, 2 / 3 a portrait one.
const landscape = 1.5;
const portrait = 2 / 3;
const square = 1;

const spec = { xs: 4, md: 2, lg: 3 };

/** The images of the brand guide's gallery in the generator's test content, as ratios. */
const brandGuideRatios = (await galleryOf('brand-guide')).map((img) => img.width / img.height);

describe('bandsOf: the column counts by window width', () => {
  it.each<[string, Parameters<typeof bandsOf>[0], { minWidth: number; columns: number }[]]>([
    [
      'the default 4 / 2 from md / 3 from lg (docs/site.md §9)',
      spec,
      [
        { minWidth: 0, columns: 4 },
        { minWidth: 900, columns: 2 },
        { minWidth: 1200, columns: 3 },
      ],
    ],
    [
      'sm and xl given',
      { xs: 2, sm: 3, md: 3, lg: 4, xl: 5 },
      [
        { minWidth: 0, columns: 2 },
        { minWidth: 600, columns: 3 },
        { minWidth: 1200, columns: 4 },
        { minWidth: 1536, columns: 5 },
      ],
    ],
    ['one count everywhere', { xs: 2, md: 2, lg: 2 }, [{ minWidth: 0, columns: 2 }]],
  ])('%s', (_, columns, want) => {
    expect(bandsOf(columns)).toEqual(want);
  });

  it('finds the band of a window width', () => {
    const bands = bandsOf(spec);
    expect([375, 899, 900, 1199, 1280, 2000].map((w) => bandAt(bands, w).columns)).toEqual([4, 4, 2, 2, 3, 3]);
  });
});

describe('dealColumns: tiles in file order, each under the column that ends highest', () => {
  it('puts the first tiles side by side: the first row is 1, 2, 3', () => {
    const { column } = dealColumns([portrait, landscape, square, square, square], 3, 0.05);
    expect(column.slice(0, 3)).toEqual([0, 1, 2]);
  });

  it('puts the next tile under the shortest column, the leftmost of equals', () => {
    // Heights 1.5, 0.67, 1: the fourth tile goes under the landscape (column 1),
    // the fifth under the square (column 2).
    expect(dealColumns([portrait, landscape, square, square, square], 3, 0).column).toEqual([0, 1, 2, 1, 2]);
    expect(dealColumns(Array<number>(6).fill(square), 3, 0.05).column).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('keeps each column in file order and adds up its heights', () => {
    const layout = dealColumns([portrait, landscape, landscape, square], 2, 0);
    expect(layout.tiles).toEqual([[0], [1, 2, 3]]);
    expect(layout.units[0]).toBeCloseTo(1.5);
    expect(layout.units[1]).toBeCloseTo(1 / 1.5 + 1 / 1.5 + 1);
  });

  it('leaves columns empty when there are fewer tiles', () => {
    const layout = dealColumns([square, square], 4, 0.05);
    expect(layout.tiles).toEqual([[0], [1], [], []]);
  });

  describe("on the 8 images of the test content's brand guide (portrait, square and landscape)", () => {
    const ratios = brandGuideRatios;

    it.each([375, 1000, 1280])('at %i px every tile starts no higher than the one before it in another column, and the row reads 1, 2, 3…', (width) => {
      const bands = bandsOf(spec);
      const band = bandAt(bands, width);
      const [layout] = layoutOf(ratios, [band]);
      const tops = tileTops(ratios, layout!, width);
      expect(layout!.column.slice(0, band.columns)).toEqual(Array.from({ length: band.columns }, (_, k) => k));
      for (let i = 1; i < tops.length; i++) expect(tops[i]).toBeGreaterThanOrEqual(tops[i - 1]! - tileWidth(width, band.columns) * 1.6);
    });
  });
});

describe('tileVariables: a tile’s column per band, and what is above it there', () => {
  it('sets --c<band> to the column, --u<band> to the heights above it over the tile width, --n<band> to how many tiles', () => {
    const layouts = layoutOf([portrait, landscape, square, square], bandsOf({ xs: 2, md: 2, lg: 2 }));
    // Column 0: the portrait (1.5) then the second square; column 1: the landscape (0.67) then the first square.
    expect(tileVariables(layouts, 0)).toEqual({ '--c0': 0, '--u0': '0', '--n0': 0 });
    expect(tileVariables(layouts, 1)).toEqual({ '--c0': 1, '--u0': '0', '--n0': 0 });
    expect(tileVariables(layouts, 2)).toEqual({ '--c0': 1, '--u0': '0.66667', '--n0': 1 });
    expect(tileVariables(layouts, 3)).toEqual({ '--c0': 0, '--u0': '1.5', '--n0': 1 });
  });

  it('gives each band its own', () => {
    const layouts = layoutOf([square, square, square], bandsOf({ xs: 1, md: 3, lg: 3 }));
    expect(tileVariables(layouts, 2)).toEqual({ '--c0': 0, '--u0': '2', '--n0': 2, '--c1': 2, '--u1': '0', '--n1': 0 });
  });
});

describe('sizesOf', () => {
  it("says each breakpoint's tile width, widest first, a run of equal widths once", () => {
    expect(sizesOf(bandsOf(spec))).toBe(
      '(min-width: 1200px) 273px, (min-width: 900px) 418px, (min-width: 600px) calc((100vw - 96px) / 4), calc((100vw - 80px) / 4)',
    );
    expect(sizesOf(bandsOf({ xs: 1, md: 1, lg: 1 }))).toBe('(min-width: 900px) 852px, (min-width: 600px) calc((100vw - 48px) / 1), calc((100vw - 32px) / 1)');
  });
});

describe('eagerTiles: the tiles inside the first viewport at 375 and 1280 px', () => {
  const ratios = Array<number>(12).fill(square);

  it('is none when the gallery is not the first block', () => {
    expect(eagerTiles(ratios, false, spec).size).toBe(0);
  });

  it('is the first row at 375 px (4 small tiles) and the first row at 1280 px when it opens the page', () => {
    // 375 px: tiles 78 px from 630 px, so rows 1 (630) and 2 (724) start above 740.
    // 1280 px: 273 px tiles from 550 px: only the first row starts above 800.
    expect([...eagerTiles(ratios, true, spec)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...eagerTiles(ratios, true, { xs: 1, md: 3, lg: 3 })].sort((a, b) => a - b)).toEqual([0, 1, 2]);
  });
});
