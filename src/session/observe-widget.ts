import type { Observation, ToolDef } from '../walker/types.js';
import { findWidget } from './resolve-widget.js';
import type { Session } from './session.js';

/**
 * A call's `CallInfo.observe`: once React has committed what the call caused so far, the call's
 * widget read again from a fresh tree (by id and provider, as live resolution finds it), the text
 * it draws, the screen and the focus. Never throws: what cannot be read is undefined.
 */
export async function observeWidget(
  session: Session,
  tool: Pick<ToolDef, 'widgetId' | 'provider'>,
): Promise<Observation> {
  await session.source.settled();
  const { source } = session;
  const node = findWidget(session.toolTree(true), tool, session.typeMap, source.reusesNodes === true);
  let text: string | undefined;
  try {
    text = node === undefined ? undefined : source.textOf?.(node);
  } catch {
    text = undefined;
  }
  let focus: string | undefined;
  try {
    focus = session.focus?.();
  } catch {
    focus = undefined;
  }
  let screen = session.fullScreen();
  try {
    // Without a screen, what the app draws still tells whether anything changed.
    screen ??= source.appText?.();
  } catch {
    screen = undefined;
  }
  return { node, text, screen, focus };
}
