import { Box, Text } from 'ink';
import { Fragment, type ReactNode } from 'react';
import { z } from 'zod';
import type { ActionSpec } from '../../src/index.js';
import { action } from '../internal/action.js';
import { quote } from '../internal/effect.js';
import { checkIndex, fail, listSome, nameOf } from '../internal/fail.js';
import { stateChecked } from '../internal/state-effect.js';
import { focusMark } from '../internal/use-widget-focus.js';

export interface TabsViewProps {
  id: string | undefined;
  tabs: readonly string[];
  active: number;
  focused: boolean;
  disabled: boolean;
  controller: { select(index: number): void };
  /** The active tab's content (its widgets are this node's children). */
  children?: ReactNode;
}

const PICK = z.object({
  index: z.number().int().optional().describe('The position of the tab, from 0'),
  label: z.string().optional().describe('The label of the tab'),
});

/** A tab bar as drawn, and the agent's actions on it (its node has `type: 'Tabs'`). */
export function TabsView({ tabs, active, focused, disabled, children }: TabsViewProps) {
  return (
    <Box flexDirection="column">
      <Text dimColor={disabled}>
        <Text color={focused ? 'cyan' : undefined}>{focusMark(focused)}</Text>
        {tabs.map((tab, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a position in the props' own list is its identity
          <Fragment key={index}>
            {index > 0 ? ' │ ' : ''}
            {index === active ? (
              <Text bold underline>
                {tab}
              </Text>
            ) : (
              tab
            )}
          </Fragment>
        ))}
      </Text>
      {children}
    </Box>
  );
}

TabsView.mcpType = 'Tabs';

TabsView.mcpTools = (props: TabsViewProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { tabs, controller } = props;
  const widget = nameOf(undefined, props.id, 'tab bar');
  return [
    action({
      name: 'select_tab',
      description: `Switch ${widget} to a tab, by index or by label: ${listSome(tabs)}.`,
      // The answers' list of actions gives a widget's actions on one line (src/walker/types.ts).
      summary: `by index or label: ${listSome(tabs)}`,
      inputSchema: PICK,
      run: ({ index, label }, call) => {
        if ((index === undefined) === (label === undefined)) {
          fail(
            `give either "index" or "label" to choose a tab of ${widget}, not ${index === undefined ? 'neither' : 'both'}`,
          );
        }
        const select = (to: number) =>
          stateChecked(call, () => controller.select(to), {
            // A controlled tab bar's parent may ignore onChange: the active tab drawn after the call says.
            holds: (seen) =>
              typeof seen.node?.attrs.active === 'number' ? seen.node.attrs.active === to : undefined,
            did: `passed the tab ${quote(tabs[to]!)} to the onChange of ${widget}`,
            shows: (seen) => `${quote(tabs[seen.node?.attrs.active as number] ?? '?')} is still active`,
          });
        if (index !== undefined) return select(checkIndex(index, tabs.length, 'tab'));
        const wanted = label!.trim().toLowerCase();
        const found =
          tabs.indexOf(label!) !== -1
            ? tabs.indexOf(label!)
            : tabs.findIndex((t) => t.trim().toLowerCase() === wanted);
        if (found === -1)
          fail(`${widget} has no tab labelled ${JSON.stringify(label)}: the tabs are ${listSome(tabs, 20)}`);
        return select(found);
      },
    }),
    {
      name: 'get_tabs',
      description: `List the tabs of ${widget} and which one is active.`,
      summary: '',
      run: () => ({
        tabs: tabs.map((label, index) => ({ index, label })),
        active: tabs.length === 0 ? null : props.active,
      }),
    },
  ];
};
