/** The gallery's columns per breakpoint (SPEC.md §9): 4 by default, 2 from md, 3 from lg. */
export const galleryColumns = { xs: 4, md: 2, lg: 3 } as const;

/** Space between tiles: 2 units (16 px). */
export const gallerySpacing = 2;

/**
 * Which tiles start a column when `count` tiles of these aspect ratios
 * (width / height) are laid out in `columns` CSS columns: the first row,
 * which the gallery loads at once. CSS columns fill in order and balance
 * their heights, so this finds the shortest column height that fits every
 * tile, unbroken, in order, and returns the index each column starts with.
 * `gapRatio` is the gap below each tile over the column's width.
 */
export function columnStarts(aspectRatios: readonly number[], columns: number, gapRatio = 0.05): number[] {
  // Heights relative to the column width; each tile carries the gap below it.
  const heights = aspectRatios.map((r) => 1 / r + gapRatio);
  const fill = (limit: number) => {
    const starts = [0];
    let used = 0;
    heights.forEach((h, i) => {
      if (used > 0 && used + h > limit) {
        starts.push(i);
        used = 0;
      }
      used += h;
    });
    return starts;
  };
  if (heights.length === 0) return [];
  let low = Math.max(...heights);
  let high = heights.reduce((a, b) => a + b, 0);
  for (let step = 0; step < 40; step++) {
    const mid = (low + high) / 2;
    if (fill(mid).length <= columns) high = mid;
    else low = mid;
  }
  return fill(high);
}
