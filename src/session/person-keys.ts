import { personOnlyRefusal, personOnlyWidget } from '../walker/person-only.js';
import type { ViewNode } from '../walker/types.js';
import type { Session } from './session.js';

/**
 * The session's keyboard as a call's `CallInfo.input`, refusing while a widget only a person may
 * answer is up (src/walker/person-only.ts): an adapter typing into its own field sends its keys to
 * every active `useInput` handler, a focused confirmation's included, so its `y` could answer it.
 * The person-only widget's own actions type freely: they passed its annotations (the person's yes).
 */
export function guardedInput(
  session: Session,
  widgetId: string,
): ((data: string) => Promise<void>) | undefined {
  const { input } = session;
  if (!input) return undefined;
  // One walk per tree: an adapter sends thousands of keys in one tick (a `clear`), all against one
  // tree. A source that changes its nodes in place keeps the array: it is walked every time.
  const reused = session.source.reusesNodes === true;
  let seen: readonly ViewNode[] | undefined;
  let question: string | undefined;
  return (data) => {
    const tree = session.toolTree(true);
    if (tree !== seen || reused) {
      seen = tree;
      question = personOnlyWidget(tree, session.typeMap);
    }
    if (question !== undefined && question !== widgetId) return Promise.reject(personOnlyRefusal(question));
    return input(data).then(() => undefined);
  };
}
