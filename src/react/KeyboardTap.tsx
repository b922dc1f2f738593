import type { EventEmitter } from 'node:events';
import { useStdin } from 'ink';
import { useEffect } from 'react';

export interface KeyboardTapProps {
  /** Receives the emitter Ink delivers keypresses through (undefined when not under Ink). */
  onEmitter(emitter: EventEmitter | undefined): void;
}

/**
 * Hands the session Ink's input emitter, so an agent can type as a person does: what is emitted
 * reaches every active `useInput` handler, parsed exactly like a keypress from stdin. Renders nothing.
 */
export function KeyboardTap({ onEmitter }: KeyboardTapProps) {
  // `internal_eventEmitter` is Ink's own channel from stdin to useInput (Ink 6; guarded for others).
  const emitter = (useStdin() as { internal_eventEmitter?: EventEmitter }).internal_eventEmitter;
  useEffect(() => {
    onEmitter(emitter);
    return () => onEmitter(undefined);
  }, [emitter, onEmitter]);
  return null;
}
