/**
 * The two statistics the bench needs: the median of a few rounds and a percentile of many
 * timings.
 *
 * @module
 */

/**
 * The median of `values` (the mean of the middle two for an even count).
 *
 * @param values At least one number, in any order.
 * @returns The median.
 * @throws When `values` is empty.
 * @example
 * ```ts
 * median([3, 1, 2]) // 2
 * ```
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The `p`th percentile of sorted values, nearest-rank.
 *
 * @param sorted Values in ascending order.
 * @param p The percentile, 0 to 100.
 * @returns The value at that rank, or NaN for no values.
 * @example
 * ```ts
 * percentile([1, 2, 3, 4], 50) // 2
 * ```
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
