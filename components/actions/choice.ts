import type { ActionSpec, CallInfo } from '../../src/index.js';
import { action } from '../internal/action.js';
import { infoOf, labelsOf, type Option, PICK, pickedIndex } from '../internal/options.js';
import { type ChoiceCheck, selectChecked } from './choice-effect.js';

/** What a single-choice widget can do. */
export interface Choice {
  /** Names the widget in descriptions and messages: `the select "color"`. */
  widget: string;
  options: readonly Option<unknown>[];
  select(index: number, call: CallInfo): void | Promise<void>;
  /** The chosen option's index, -1 for none; leave it out when the widget keeps it to itself (no `get_selected`). */
  selected?: number;
  /** What "chosen" means here, when it is not the obvious: e.g. `the highlighted item, which Enter would choose`. */
  selectedIs?: string;
  /**
   * How `select` sees its effect (`CallInfo.observe`): given, it answers done only once the option
   * is the chosen one (choice-effect.ts). Leave it out when `select` calls the app's handler itself.
   */
  check?: ChoiceCheck;
}

/**
 * The single-choice vocabulary, the same for the built-in Select and every adapted one:
 * `select {value}` or `{index}`, `get_options`, `get_selected`.
 */
export function choiceActions(c: Choice): ActionSpec[] {
  const { widget, options, selected } = c;
  const known = selected !== undefined;
  const specs: ActionSpec[] = [
    action({
      name: 'select',
      description: `Choose an option of ${widget}, by value or by index: ${labelsOf(options)}.`,
      // The answers' list of actions gives a widget's actions on one line (src/walker/types.ts).
      summary: `by value or index: ${labelsOf(options)}`,
      inputSchema: PICK,
      run: (args, call) => {
        const index = pickedIndex(options, args, widget);
        const act = () => c.select(index, call);
        return c.check ? selectChecked(widget, options, index, c.check, call, act) : act();
      },
    }),
    {
      name: 'get_options',
      description: known
        ? `List the options of ${widget} (index, label, value) and which one is chosen.`
        : `List the options of ${widget} (index, label, value).`,
      summary: '',
      run: () => ({
        options: options.map((_, index) => infoOf(options, index)),
        ...(known ? { selected: selected === -1 ? null : selected } : {}),
      }),
    },
  ];
  if (known) {
    specs.push({
      name: 'get_selected',
      description: c.selectedIs
        ? `Read the chosen option of ${widget}: ${c.selectedIs}.`
        : `Read the chosen option of ${widget}.`,
      summary: c.selectedIs ?? '',
      run: () => ({ selected: selected === -1 ? null : infoOf(options, selected) }),
    });
  }
  return specs;
}
