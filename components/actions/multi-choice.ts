import { z } from 'zod';
import type { ActionSpec, CallInfo } from '../../src/index.js';
import { action } from '../internal/action.js';
import { infoOf, labelsOf, OPTION_VALUE, type Option, requireValue } from '../internal/options.js';
import { type MultiChoiceCheck, setChecked, toggleChecked } from './multi-choice-effect.js';
import { submitChecked } from './submit-effect.js';

/** What a multiple-choice widget can do. */
export interface MultiChoice {
  /** Names the widget in descriptions and messages. */
  widget: string;
  options: readonly Option<unknown>[];
  toggle(index: number, call: CallInfo): void | Promise<void>;
  /** Offered as `set_selected` when given: exactly these option indexes (ascending) are chosen. */
  setSelected?(indexes: number[]): void;
  /** The chosen indexes, ascending; leave it out when the widget keeps them to itself (no `get_selected`). */
  selected?: readonly number[];
  /** Offered as `submit` when given. */
  submit?(call: CallInfo): void | Promise<void>;
  /**
   * How the actions see their effect (`CallInfo.observe`): given, `toggle_option` and `set_selected`
   * answer done only once the options are chosen as asked, `submit` only once something changed.
   */
  check?: MultiChoiceCheck;
}

const TOGGLE = z.object({ value: OPTION_VALUE.describe('The value of the option to choose or unchoose') });
const SET = z.object({
  values: z.array(OPTION_VALUE).describe('Every value to have chosen; the others are unchosen'),
});

/**
 * The multiple-choice vocabulary, the same for the built-in MultiSelect and every adapted one:
 * `toggle_option {value}`, `set_selected {values}`, `get_selected` (and `submit`).
 */
export function multiChoiceActions(m: MultiChoice): ActionSpec[] {
  const { widget, options, selected } = m;
  const specs: ActionSpec[] = [
    action({
      name: 'toggle_option',
      description: `Choose or unchoose one option of ${widget}, by value: ${labelsOf(options)}.`,
      // The answers' list of actions gives a widget's actions on one line (src/walker/types.ts).
      summary: `by value: ${labelsOf(options)}`,
      inputSchema: TOGGLE,
      run: ({ value }, call) => {
        const index = requireValue(options, value, widget);
        const act = () => m.toggle(index, call);
        return m.check ? toggleChecked(widget, options, index, m.check, call, act) : act();
      },
    }),
  ];
  if (m.setSelected) {
    const setSelected = m.setSelected;
    specs.push(
      action({
        name: 'set_selected',
        description: `Choose exactly the given values of ${widget} (an empty list unchooses all).`,
        summary: 'exactly these; [] for none',
        inputSchema: SET,
        run: ({ values }, call) => {
          const indexes = [...new Set(values.map((value) => requireValue(options, value, widget)))].sort(
            (a, b) => a - b,
          );
          const act = () => setSelected(indexes);
          return m.check ? setChecked(widget, options, indexes, m.check, call, act) : act();
        },
      }),
    );
  }
  if (selected !== undefined) {
    specs.push({
      name: 'get_selected',
      description: `Read the chosen options of ${widget}.`,
      summary: '',
      run: () => ({ selected: selected.map((index) => infoOf(options, index)) }),
    });
  }
  if (m.submit) {
    const submit = m.submit;
    specs.push({
      name: 'submit',
      description: `Submit ${widget}, as Enter does.`,
      summary: 'as Enter does',
      run: (_args, call) =>
        m.check ? submitChecked(widget, m.check.byKeys, call, () => submit(call)) : submit(call),
    });
  }
  return specs;
}
