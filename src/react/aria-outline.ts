import { type Fiber, HostComponent, OffscreenComponent } from './fiber-types.js';

/**
 * Ink's accessibility props (`aria-role`, `aria-state`, `aria-label` on Box and Text, as Ink's own
 * examples use them for screen readers) as a compact outline, one line per element that has any:
 *
 *   - list "Fruits"
 *     - listitem [selected] "Apple"
 *
 * like a browser's accessibility snapshot. The quoted text is the label, else the element's text.
 * `aria-hidden` subtrees are left out, as a screen reader leaves them out.
 */
export interface AriaEntry {
  role?: string;
  state?: Record<string, unknown>;
  label?: string;
  /** The visible text inside, when there is no label. */
  text: string;
  children: AriaEntry[];
}

/** The most lines an outline shows: it is a summary, the tree resource has everything. */
const MAX_LINES = 200;
const MAX_TEXT = 80;

/** The outline of the subtree under `fiber` (the session's anchor), '' when nothing declares aria props. */
export function ariaOutline(fiber: Fiber | null): string {
  if (fiber === null) return '';
  try {
    const lines: string[] = [];
    for (const entry of ariaEntries(fiber.child)) write(entry, 0, lines);
    if (lines.length > MAX_LINES)
      return [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more lines`].join('\n');
    return lines.join('\n');
  } catch {
    return ''; // internals changed shape: no outline rather than a failed call
  }
}

/** The entries under `fiber` (the session's anchor) as plain data, for the tree resource. */
export function ariaTree(fiber: Fiber | null): AriaEntry[] {
  if (fiber === null) return [];
  try {
    return ariaEntries(fiber.child);
  } catch {
    return [];
  }
}

/** The entries of the siblings starting at `first`: elements with aria props, nested as rendered. */
function ariaEntries(first: Fiber | null): AriaEntry[] {
  const out: AriaEntry[] = [];
  for (let fiber = first; fiber !== null; fiber = fiber.sibling) {
    if (fiber.tag === OffscreenComponent && fiber.memoizedState !== null) continue;
    const props = fiber.memoizedProps as Record<string, unknown> | null;
    if (
      fiber.tag === HostComponent &&
      (props as { internal_static?: unknown } | null)?.internal_static === true
    )
      continue;
    if (
      props !== null &&
      typeof props === 'object' &&
      props['aria-hidden'] === true &&
      fiber.tag !== HostComponent
    )
      continue;
    const aria = fiber.tag === HostComponent ? undefined : ariaOf(props);
    if (aria === undefined) {
      out.push(...ariaEntries(fiber.child));
      continue;
    }
    out.push({
      ...aria,
      text: aria.label === undefined ? textOf(fiber.child) : '',
      children: ariaEntries(fiber.child),
    });
  }
  return out;
}

function ariaOf(props: Record<string, unknown> | null): Omit<AriaEntry, 'text' | 'children'> | undefined {
  if (props === null || typeof props !== 'object') return undefined;
  const role = props['aria-role'];
  const state = props['aria-state'];
  const label = props['aria-label'];
  const entry: Omit<AriaEntry, 'text' | 'children'> = {};
  if (typeof role === 'string' && role !== '') entry.role = role;
  if (typeof state === 'object' && state !== null) entry.state = state as Record<string, unknown>;
  if (typeof label === 'string' && label !== '') entry.label = label;
  return Object.keys(entry).length > 0 ? entry : undefined;
}

/** The text of host text nodes under `first`, spaces collapsed and cut short. */
function textOf(first: Fiber | null): string {
  const parts: string[] = [];
  const visit = (fiber: Fiber | null): void => {
    for (let f = fiber; f !== null; f = f.sibling) {
      if (typeof f.memoizedProps === 'string') parts.push(f.memoizedProps);
      else if (f.tag !== OffscreenComponent || f.memoizedState === null) visit(f.child);
      if (parts.join(' ').length > MAX_TEXT) return;
    }
  };
  visit(first);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

function write(entry: AriaEntry, depth: number, lines: string[]): void {
  const states = Object.entries(entry.state ?? {})
    .filter(([, v]) => v !== false && v !== undefined && v !== null)
    .map(([k, v]) => (v === true ? k : `${k}=${String(v)}`));
  const parts = [entry.role ?? 'group'];
  if (states.length > 0) parts.push(`[${states.join(', ')}]`);
  const name = entry.label ?? entry.text;
  if (name !== '') parts.push(JSON.stringify(name));
  lines.push(`${'  '.repeat(depth)}- ${parts.join(' ')}`);
  for (const child of entry.children) write(child, depth + 1, lines);
}
