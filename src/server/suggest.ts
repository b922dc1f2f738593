/** How many names an unknown-tool answer suggests. */
export const MAX_SUGGESTIONS = 5;
/** Twice the longest name the SDK allows (128): longer called names are scored by this prefix. */
const MAX_SCORED_LENGTH = 256;

/**
 * The names closest to one that matched no tool, best first: names sharing more segments (split at
 * `.` and `_`, case-insensitive) first, then by edit distance. A name sharing no segment is suggested
 * only when it is within a few edits (a typo), so an unrelated request suggests nothing.
 */
export function closestNames(wanted: string, names: readonly string[], max = MAX_SUGGESTIONS): string[] {
  // The called name is the caller's and can be megabytes long; edit distance costs its length times
  // each listed name's, so only a prefix a real name (at most 128 characters) could resemble is scored.
  const target = wanted.slice(0, MAX_SCORED_LENGTH).toLowerCase();
  const targetSegments = new Set(segments(target));
  const typoBudget = Math.max(2, Math.floor(target.length / 3));
  const scored: { name: string; shared: number; distance: number }[] = [];
  for (const name of new Set(names)) {
    const lower = name.toLowerCase();
    const shared = segments(lower).filter((s) => targetSegments.has(s)).length;
    const distance = editDistance(target, lower);
    if (shared === 0 && distance > typoBudget) continue;
    scored.push({ name, shared, distance });
  }
  scored.sort((a, b) => b.shared - a.shared || a.distance - b.distance || a.name.localeCompare(b.name));
  return scored.slice(0, max).map((s) => s.name);
}

function segments(name: string): string[] {
  return name.split(/[._]/).filter((s) => s !== '');
}

/** Levenshtein distance, two rows at a time. Names are short (≤ 128), so this stays cheap. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
