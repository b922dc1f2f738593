import type { CallInfo, Observation } from '../../src/index.js';
import { noEffect, observe, sawChange } from '../internal/effect.js';

/**
 * Submits (`act`), then answers done when anything changed: the widget, the screen, the focus.
 * When nothing did: by keys (the app's handler cannot be seen to run) a `no_effect`; through the
 * app's own handler, which did run, a note saying that nothing changed (neither done nor an error).
 * `still` words what the widget still shows, if it can.
 */
export async function submitChecked(
  widget: string,
  byKeys: boolean,
  call: CallInfo,
  act: () => void | Promise<void>,
  still?: (seen: Observation) => string | undefined,
): Promise<string | undefined> {
  const first = observe(call);
  if (!first) {
    await act();
    return undefined;
  }
  const before = await first;
  await act();
  const after = await observe(call)!;
  if (sawChange(before, after)) return undefined;
  if (!byKeys) {
    return (
      `Called the onSubmit of ${widget}, and nothing on the screen changed. If the app acts on Enter ` +
      'in a key handler of its own (a form that saves on Enter), press it: keyboard.press with ["enter"].'
    );
  }
  const shown = still?.(after);
  return noEffect(
    `pressed Enter in ${widget}, but nothing changed: ${shown === undefined ? '' : `it still ${shown}, and `}` +
      'the screen and the focus are as they were',
    'The app may act on Enter only elsewhere (a form that saves with a key of its own, or only while ' +
      'another widget has focus): read the screen, then try focus.set (see focus.list) or keyboard.press, ' +
      'and call submit again only after that',
  );
}
