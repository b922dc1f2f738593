import { stripVTControlCharacters } from 'node:util';
import { type Fiber, HostComponent, OffscreenComponent } from './fiber-types.js';

/**
 * The text a component draws (`Observation.text`), read from Ink's DOM under its committed fiber:
 * what an adapter compares with what it typed or chose. Text nodes are joined as Ink squashes them,
 * a row box's children side by side, a column box's one per line; styles (a cursor drawn inverse, a
 * dimmed placeholder) are removed. Not the screen: no wrapping, padding or borders.
 */
export function widgetText(fiber: Fiber): string {
  const budget = { nodes: MAX_NODES };
  const hosts: InkNode[] = [];
  collectHosts(fiber.child, hosts, budget);
  const texts = hosts.map((host) => domText(host, budget)).filter((text) => text !== '');
  const parent = hosts[0]?.parentNode;
  return stripVTControlCharacters(texts.join(parent && isColumn(parent) ? '\n' : ''));
}

/** Enough for any widget; a bound so that a huge subtree costs a call no more than this. */
const MAX_NODES = 20_000;
const HostText = 6;

/** The few fields of Ink's DOM (ink/build/dom.js) read here. */
interface InkNode {
  nodeName: string;
  nodeValue?: string;
  childNodes?: InkNode[];
  parentNode?: InkNode;
  style?: { display?: string; flexDirection?: string };
}

/** The topmost host nodes under `first` and its siblings: the component's own output in Ink's DOM. */
function collectHosts(first: Fiber | null, into: InkNode[], budget: { nodes: number }): void {
  for (let fiber = first; fiber !== null && budget.nodes-- > 0; fiber = fiber.sibling) {
    // Hidden Suspense content and `<Activity mode="hidden">` are not drawn.
    if (fiber.tag === OffscreenComponent && fiber.memoizedState !== null) continue;
    if (fiber.tag === HostComponent || fiber.tag === HostText) {
      const node = fiber.stateNode as InkNode | null;
      if (node !== null && typeof node === 'object' && typeof node.nodeName === 'string') into.push(node);
      continue;
    }
    collectHosts(fiber.child, into, budget);
  }
}

function domText(node: InkNode, budget: { nodes: number }): string {
  if (budget.nodes-- <= 0) return '';
  if (node.nodeName === '#text') return typeof node.nodeValue === 'string' ? node.nodeValue : '';
  const children = Array.isArray(node.childNodes) ? node.childNodes : [];
  if (node.nodeName === 'ink-text' || node.nodeName === 'ink-virtual-text')
    return children.map((child) => domText(child, budget)).join('');
  if (node.style?.display === 'none') return '';
  const parts = children.map((child) => domText(child, budget)).filter((text) => text !== '');
  return parts.join(isColumn(node) ? '\n' : '');
}

function isColumn(node: InkNode): boolean {
  return typeof node.style?.flexDirection === 'string' && node.style.flexDirection.startsWith('column');
}
