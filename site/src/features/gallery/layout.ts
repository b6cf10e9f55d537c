import type { SiteGalleryColumns } from '@/generated/content';
import { breakpointValues } from '@/theme/breakpoints';

// The gallery's layout, computed at build time from the images' known
// aspect ratios: a masonry whose tiles read across, row by row, in file
// order. See Gallery.tsx for how the browser draws it without a script.

/** Space between tiles: 2 units of 8 px (docs/site.md §9). */
export const gallerySpacing = 2;
export const gapPx = 8 * gallerySpacing;

export type Breakpoint = keyof typeof breakpointValues;

/** The theme's breakpoints (px), smallest first. */
export const breakpoints = (Object.entries(breakpointValues) as [Breakpoint, number][]).sort((a, b) => a[1] - b[1]);

/** A range of window widths with one column count: from `minWidth` up to the next band's. */
export interface Band {
  minWidth: number;
  columns: number;
}

/**
 * The column counts by window width: each breakpoint the owner left out
 * takes the count of the next smaller one; consecutive breakpoints with
 * the same count make one band.
 */
export function bandsOf(columns: SiteGalleryColumns): Band[] {
  const bands: Band[] = [];
  let current = columns.xs;
  for (const [name, minWidth] of breakpoints) {
    current = columns[name] ?? current;
    if (bands.at(-1)?.columns !== current) bands.push({ minWidth, columns: current });
  }
  return bands;
}

/** The band a window width falls in. */
export function bandAt(bands: readonly Band[], windowWidth: number): Band {
  return bands.findLast((b) => b.minWidth <= windowWidth) ?? bands[0]!;
}

/**
 * The width of a project page's content at a window width: MUI's md
 * Container (900 px at most, 16 px padding each side below 600 px, 24 px
 * from there).
 */
export function contentWidth(windowWidth: number): number {
  return windowWidth < 600 ? windowWidth - 32 : Math.min(windowWidth, 900) - 48;
}

/** A tile's width (px) in `columns` columns at a window width. */
export function tileWidth(windowWidth: number, columns: number): number {
  return (contentWidth(windowWidth) - (columns - 1) * gapPx) / columns;
}

/** Where each tile goes in one band. */
export interface ColumnLayout {
  columns: number;
  /** The column of each tile, by file order. */
  column: number[];
  /** Each column's tiles, top to bottom (indices in file order, ascending). */
  tiles: number[][];
  /** Each column's images' heights added up, over the tile width (the gaps not counted). */
  units: number[];
  /** Each tile's place in its column, by file order: the heights above it added up as `units`, and how many tiles they are. */
  above: { units: number; tiles: number }[];
}

/**
 * Deals the tiles out in file order, each to the column whose bottom is
 * highest at that moment (the leftmost of equals): the first row is tiles
 * 1, 2, 3… and every tile sits below the ones before it, so the gallery
 * reads across, row by row. `gapRatio` is the gap below a tile over the
 * tile width (the balance of the columns at a typical width).
 */
export function dealColumns(aspectRatios: readonly number[], columns: number, gapRatio: number): ColumnLayout {
  const bottoms = Array<number>(columns).fill(0);
  const layout: ColumnLayout = { columns, column: [], tiles: Array.from({ length: columns }, () => []), units: Array<number>(columns).fill(0), above: [] };
  aspectRatios.forEach((ratio, i) => {
    let k = 0;
    // A tolerance, so that columns equal but for float rounding count as equal.
    for (let c = 1; c < columns; c++) if (bottoms[c]! < bottoms[k]! - 1e-9) k = c;
    layout.column.push(k);
    layout.above.push({ units: layout.units[k]!, tiles: layout.tiles[k]!.length });
    layout.tiles[k]!.push(i);
    layout.units[k]! += 1 / ratio;
    bottoms[k]! += 1 / ratio + gapRatio;
  });
  return layout;
}

/** The layout of every band: columns dealt at the band's narrowest typical width (375 px for the smallest band). */
export function layoutOf(aspectRatios: readonly number[], bands: readonly Band[]): ColumnLayout[] {
  return bands.map(({ minWidth, columns }) => dealColumns(aspectRatios, columns, gapPx / tileWidth(Math.max(minWidth, 375), columns)));
}

/** The top of each tile (px from the gallery's top) when the window is `windowWidth` wide. */
export function tileTops(aspectRatios: readonly number[], layout: ColumnLayout, windowWidth: number): number[] {
  const width = tileWidth(windowWidth, layout.columns);
  const tops = Array<number>(aspectRatios.length).fill(0);
  for (const column of layout.tiles) {
    let y = 0;
    for (const i of column) {
      tops[i] = y;
      y += width / aspectRatios[i]! + gapPx;
    }
  }
  return tops;
}

/** A number for CSS: at most 5 decimals, no trailing zeros. */
const num = (n: number) => String(Number(n.toFixed(5)));

/** Column k's height as a CSS expression of the tile width, var(--w). */
function columnHeight(layout: ColumnLayout, k: number): string {
  const gaps = (layout.tiles[k]!.length - 1) * gapPx;
  return `${num(layout.units[k]!)} * var(--w) + ${gaps}px`;
}

/**
 * The list's style for one band. Each tile is `--w` wide (the content's
 * width, from a container query unit, less the gaps, shared out), its
 * height follows from its image's ratio, and it is placed absolutely: its
 * column's left edge, and the heights and gaps of the tiles above it in
 * that column (tileVariables). The list is as tall as the tallest column
 * (`--h`). So a tile's place depends on nothing but its own variables: a
 * page drawn while its last tiles are still arriving draws the first ones
 * where they end up.
 */
export function bandStyle(layout: ColumnLayout, index: number) {
  const heights = layout.tiles.flatMap((tiles, k) => (tiles.length > 0 ? [`calc(${columnHeight(layout, k)})`] : []));
  return {
    '--w': `calc((100cqw - ${(layout.columns - 1) * gapPx}px) / ${layout.columns})`,
    '--h': heights.length > 1 ? `max(${heights.join(', ')})` : (heights[0] ?? '0px'),
    height: 'var(--h)',
    '& > li': {
      left: `calc(var(--c${index}) * (var(--w) + ${gapPx}px))`,
      top: `calc(var(--u${index}) * var(--w) + var(--n${index}) * ${gapPx}px)`,
    },
  };
}

/**
 * A tile's own custom properties in each band: its column (`--c<band>`),
 * and what is above it in that column: the images' heights over the tile
 * width (`--u<band>`) and how many tiles, each with its gap below
 * (`--n<band>`).
 */
export function tileVariables(layouts: readonly ColumnLayout[], i: number): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  layouts.forEach((layout, b) => {
    const above = layout.above[i]!;
    vars[`--c${b}`] = layout.column[i]!;
    vars[`--u${b}`] = num(above.units);
    vars[`--n${b}`] = above.tiles;
  });
  return vars;
}

/** The sizes attribute: a tile's width at each breakpoint, widest first. */
export function sizesOf(bands: readonly Band[]): string {
  const parts: { minWidth: number; width: string }[] = [];
  for (const [, minWidth] of breakpoints.toReversed()) {
    const { columns } = bandAt(bands, minWidth);
    const gaps = (columns - 1) * gapPx;
    // From md up the content has its full width; below, it follows the window.
    const width = minWidth >= 900 ? `${Math.round(tileWidth(minWidth, columns))}px` : `calc((100vw - ${(minWidth >= 600 ? 48 : 32) + gaps}px) / ${columns})`;
    // A run of equal widths needs only its narrowest condition.
    if (parts.at(-1)?.width === width) parts.pop();
    parts.push({ minWidth, width });
  }
  return parts.map(({ minWidth, width }) => (minWidth > 0 ? `(min-width: ${minWidth}px) ${width}` : width)).join(', ');
}
