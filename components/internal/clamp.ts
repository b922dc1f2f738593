/** `n` kept within `[low, high]` (`low` when the range is empty). */
export function clamp(n: number, low: number, high: number): number {
  return Math.max(low, Math.min(n, high));
}
