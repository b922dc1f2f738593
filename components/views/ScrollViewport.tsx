import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { ActionSpec } from '../../src/index.js';
import { action } from '../internal/action.js';
import { checkIndex, nameOf } from '../internal/fail.js';
import { stateChecked } from '../internal/state-effect.js';
import { focusMark } from '../internal/use-widget-focus.js';

export interface ScrollViewportProps {
  id: string | undefined;
  label: string | undefined;
  /** The first row shown. */
  offset: number;
  height: number;
  total: number;
  focused: boolean;
  disabled: boolean;
  controller: { scrollTo(offset: number): void };
  /** The rows in view. */
  children?: ReactNode;
}

const TO = z.object({ row: z.number().int().describe('The row to bring into view, from 0') });

/** A scroll view as drawn, and the agent's actions on it (its node has `type: 'ScrollView'`). */
export function ScrollViewport({ offset, height, total, focused, disabled, children }: ScrollViewportProps) {
  const last = Math.min(offset + height, total);
  return (
    <Box flexDirection="column">
      <Box flexDirection="column" height={height} overflow="hidden">
        {children}
      </Box>
      <Text dimColor={!focused || disabled} color={focused ? 'cyan' : undefined}>
        {focusMark(focused)} {total === 0 ? 'no rows' : `rows ${offset + 1}–${last} of ${total}`}
      </Text>
    </Box>
  );
}

ScrollViewport.mcpType = 'ScrollView';

ScrollViewport.mcpTools = (props: ScrollViewportProps): ActionSpec[] => {
  if (props.disabled) return [];
  const { height, total, controller } = props;
  const view = nameOf(props.label, props.id, 'scroll view');
  return [
    action({
      name: 'scroll_to',
      description: `Scroll ${view} so that a row is in view.`,
      inputSchema: TO,
      run: ({ row }, call) => {
        checkIndex(row, total, 'row');
        const first = Math.max(0, Math.min(row, total - height));
        // A controlled scroll view's parent may ignore onScroll: the rows drawn after the call say.
        return stateChecked(call, () => controller.scrollTo(first), {
          holds: (seen) => {
            const offset = seen.node?.attrs.offset;
            return typeof offset === 'number' ? row >= offset && row < offset + height : undefined;
          },
          did: `passed offset ${first} to the onScroll of ${view}`,
          shows: (seen) =>
            `row ${row} is not in view (the first row shown is ${String(seen.node?.attrs.offset)})`,
        });
      },
    }),
    {
      name: 'get_visible_range',
      description: `Read which rows of ${view} are in view.`,
      run: () => ({
        first: total === 0 ? null : props.offset,
        last: total === 0 ? null : Math.min(props.offset + height, total) - 1,
        total,
        height,
      }),
    },
  ];
};
