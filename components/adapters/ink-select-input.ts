import type { ToolProvider, ViewNode } from '../../src/index.js';
import { choiceActions } from '../actions/choice.js';
import { nameOf } from '../internal/fail.js';

interface Item {
  label?: unknown;
  value?: unknown;
}

/**
 * ink-select-input's `Indicator` (one per visible item, `isSelected` on the highlighted one). Mapped
 * to a provider that offers nothing, only so the snapshot keeps these nodes under the SelectInput's:
 * they tell which item is highlighted, which the SelectInput keeps to itself.
 */
export const inkSelectIndicatorProvider: ToolProvider = { mcpTools: () => [] };

/**
 * ink-select-input's `SelectInput` (`items` / `onSelect` / `onHighlight`): `select` calls
 * `onHighlight(item)` then `onSelect(item)`, as choosing it with its number key would (the highlight
 * itself stays where it is). `get_selected` answers the highlighted item, read from the default
 * indicators; with a custom `indicatorComponent` or a `limit` (the list rotates) it is not offered.
 */
export const inkSelectInputProvider: ToolProvider = {
  mcpTools(attrs, node) {
    const { onSelect, onHighlight } = attrs;
    if (typeof onSelect !== 'function' && typeof onHighlight !== 'function') return [];
    const items = (Array.isArray(attrs.items) ? attrs.items : []) as Item[];
    const options = items.map((item) => ({ label: String(item.label ?? item.value), value: item.value }));
    const limited = typeof attrs.limit === 'number' && items.length > attrs.limit;
    const highlighted = limited ? undefined : highlightOf(node);
    return choiceActions({
      widget: nameOf(undefined, node.id, 'select input'),
      options,
      ...(highlighted === undefined
        ? {}
        : { selected: highlighted, selectedIs: 'the highlighted item, which Enter chooses' }),
      select: (index) => {
        const item = items[index];
        if (typeof onHighlight === 'function') onHighlight(item);
        if (typeof onSelect === 'function') onSelect(item);
      },
    });
  },
};

/** The highlighted position among the default indicators drawn under this node, if they are there. */
function highlightOf(node: ViewNode): number | undefined {
  const indicators = node.children.filter((child) => child.provider === inkSelectIndicatorProvider);
  if (indicators.length === 0) return undefined;
  return indicators.findIndex((indicator) => indicator.attrs.isSelected === true);
}
