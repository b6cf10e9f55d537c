import { describe, expect, it } from 'vitest';
import { columnStarts, galleryColumns, gallerySpacing } from '@/features/gallery/columns';
import type { GalleryBlock } from '@/generated/content';
import { body as uncGreensboro } from '@/generated/projects/unc-greensboro';

// Aspect ratios are width / height: 1.5 is a landscape 3:2 photo, 2 / 3 a
// portrait one, 0.25 a tile four times as tall as it is wide.
const landscape = 1.5;
const portrait = 2 / 3;
const square = 1;
const veryTall = 0.25;

/** The tiles (as index lists) of each column, given the indices that start the columns. */
function columnsOf(count: number, starts: readonly number[]): number[][] {
  return starts.map((start, c) => Array.from({ length: (starts[c + 1] ?? count) - start }, (_, k) => start + k));
}

describe('gallery layout constants (SPEC.md §9)', () => {
  it('has 4 columns by default, 2 from md, 3 from lg, and a spacing of 2 units', () => {
    expect(galleryColumns).toEqual({ xs: 4, md: 2, lg: 3 });
    expect(gallerySpacing).toBe(2);
  });
});

describe('columnStarts: the tiles that start each CSS column', () => {
  it.each<[string, number[], number, number[]]>([
    ['no images', [], 4, []],
    ['one image', [square], 3, [0]],
    ['one image in one column', [landscape, portrait, square], 1, [0]],
    ['fewer images than columns: each in a column of its own, the rest empty', [square, square], 4, [0, 1]],
    ['three images in four columns', [landscape, portrait, square], 4, [0, 1, 2]],
    ['as many equal images as columns', [square, square, square], 3, [0, 1, 2]],
    ['8 equal images in 4 columns: 2 each', Array<number>(8).fill(square), 4, [0, 2, 4, 6]],
    ['6 equal images in 2 columns: 3 each', Array<number>(6).fill(portrait), 2, [0, 3]],
    ['6 equal images in 3 columns: 2 each', Array<number>(6).fill(landscape), 3, [0, 2, 4]],
    // CSS balancing needs columns 3 tiles high for 9 tiles in 4 columns; at
    // that height 3 columns hold them all and the fourth stays empty.
    ['9 equal images in 4 columns: 3, 3, 3 and an empty column', Array<number>(9).fill(square), 4, [0, 3, 6]],
    ['7 equal images in 2 columns: the first column takes the extra one', Array<number>(7).fill(square), 2, [0, 4]],
    ['a very tall first image fills its column alone', [veryTall, square, square, square, square, square, square], 3, [0, 1, 4]],
    ['a very tall last image fills its column alone', [square, square, square, square, veryTall], 2, [0, 4]],
    ['a very tall image in the middle', [square, square, veryTall, square, square], 2, [0, 3]],
    [
      'mixed portrait and landscape tiles balance by height, not by count',
      [landscape, portrait, landscape, landscape, portrait, landscape],
      2,
      [0, 3],
    ],
    ['three tall portraits then landscapes: fewer tiles in the first column', [portrait, portrait, portrait, landscape, landscape, landscape, landscape, landscape], 2, [0, 3]],
  ])('%s', (_, ratios, columns, expected) => {
    expect(columnStarts(ratios, columns)).toEqual(expected);
  });

  it('counts the gap below each tile: a wider gap can move a tile to the next column', () => {
    // Heights 0.5, 0.5, 0.5, 1: without a gap the best split is 1.5 | 1.
    expect(columnStarts([2, 2, 2, 1], 2, 0)).toEqual([0, 3]);
    // With a gap of half a column width: 1, 1, 1, 1.5, best split 2 | 2.5.
    expect(columnStarts([2, 2, 2, 1], 2, 0.5)).toEqual([0, 2]);
  });

  describe('on the 18 images of the UNC Greensboro gallery', () => {
    const gallery = uncGreensboro.find((b): b is GalleryBlock => b.type === 'gallery');
    const ratios = (gallery?.images ?? []).map((img) => img.width / img.height);

    it('has the 18 images', () => {
      expect(ratios).toHaveLength(18);
    });

    it.each(Object.entries(galleryColumns))('at %s (%i columns) starts at 0, in order, one start per non-empty column at most', (_, columns) => {
      const starts = columnStarts(ratios, columns);

      expect(starts[0]).toBe(0);
      expect(starts.length).toBeGreaterThan(1);
      expect(starts.length).toBeLessThanOrEqual(columns);
      for (let c = 1; c < starts.length; c++) expect(starts[c]).toBeGreaterThan(starts[c - 1] ?? Infinity);
      expect(starts.at(-1)).toBeLessThan(18);
    });

    it.each(Object.entries(galleryColumns))('at %s (%i columns) no other split in as many columns has a shorter tallest column', (_, columns) => {
      // Tile heights relative to the column width, each with the gap below it.
      const heights = ratios.map((r) => 1 / r + 0.05);
      const sum = (from: number, to: number) => heights.slice(from, to).reduce((a, b) => a + b, 0);
      const tallest = (starts: readonly number[]) =>
        Math.max(...columnsOf(heights.length, starts).map((col) => sum(col[0] ?? 0, (col.at(-1) ?? 0) + 1)));
      const found = tallest(columnStarts(ratios, columns));

      // The shortest tallest column over every way to cut the tiles, in
      // order, into at most `left` runs.
      const best = (from: number, left: number): number => {
        let min = sum(from, heights.length);
        if (left === 1) return min;
        for (let cut = from + 1; cut < heights.length; cut++) min = Math.min(min, Math.max(sum(from, cut), best(cut, left - 1)));
        return min;
      };

      expect(found).toBeCloseTo(best(0, columns), 6);
    });
  });
});
