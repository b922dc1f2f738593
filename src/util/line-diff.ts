/**
 * A line diff of two texts a person can read: `- ` lines only in `expected`, `+ ` lines only in
 * `actual`, `  ` lines in both, with at most `context` unchanged lines kept around each change.
 * A longest-common-subsequence table, so for texts of a few hundred lines (screens, answers).
 */
export function lineDiff(expected: string, actual: string, context = 3): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  // Beyond this the table costs too much: show both whole.
  if (a.length * b.length > 4_000_000)
    return [...a.map((l) => `- ${l}`), ...b.map((l) => `+ ${l}`)].join('\n');
  const rows = a.length + 1;
  const cols = b.length + 1;
  const lcs = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * cols + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * cols + j + 1]! + 1
          : Math.max(lcs[(i + 1) * cols + j]!, lcs[i * cols + j + 1]!);
  const lines: { mark: ' ' | '-' | '+'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: ' ', text: a[i]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[(i + 1) * cols + j]! >= lcs[i * cols + j + 1]!)) {
      // What was expected first, then what came instead.
      lines.push({ mark: '-', text: a[i]! });
      i++;
    } else {
      lines.push({ mark: '+', text: b[j]! });
      j++;
    }
  }
  const keep = lines.map((_line, k) =>
    lines.slice(Math.max(0, k - context), k + context + 1).some((near) => near.mark !== ' '),
  );
  const out: string[] = [];
  let skipped = false;
  lines.forEach((line, k) => {
    if (keep[k]) {
      if (skipped) out.push('  …');
      skipped = false;
      out.push(`${line.mark} ${line.text}`);
    } else skipped = true;
  });
  if (skipped) out.push('  …');
  return out.join('\n');
}
