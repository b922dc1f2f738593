import { EventEmitter } from 'node:events';
import { Box, Text, useStdin } from 'ink';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Confirmer, PendingConfirmation } from '../session/confirmer.js';

export interface ConfirmPromptProps {
  confirmer: Confirmer;
}

/**
 * Shows the question an authorizer's `'ask'` puts to the person at the terminal: what the agent
 * wants to run, with which arguments, y/N, and the seconds left before it is denied.
 *
 * While a question is shown it is modal: the person's keys answer it and reach nothing else (a `y`
 * must not also type into the focused field). It listens to keys from the terminal only: keys an
 * agent types (`CallInfo.input`) bypass it, so an agent can never answer its own question.
 */
export function ConfirmPrompt({ confirmer }: ConfirmPromptProps) {
  const subscribe = useCallback((onChange: () => void) => confirmer.changes.subscribe(onChange), [confirmer]);
  const pending = useSyncExternalStore(subscribe, () => confirmer.current());
  const secondsLeft = useSecondsLeft(pending?.deadline);
  useTerminalKeys(pending, (key) => {
    if (!pending) return;
    if (key === 'y' || key === 'Y') confirmer.answer(pending.id, true);
    else if (key === 'n' || key === 'N' || key === '\r' || key === '\u001B')
      confirmer.answer(pending.id, false);
  });

  if (!pending) return null;
  const args = JSON.stringify(pending.request.args);
  return (
    <Box borderStyle="round" borderColor="yellow" flexDirection="column" paddingX={1}>
      <Text bold color="yellow">
        An agent asks to run {pending.request.tool}
      </Text>
      {args !== '{}' && <Text>with {args.length > 300 ? `${args.slice(0, 297)}...` : args}</Text>}
      <Text>
        Allow? <Text bold>y</Text>/<Text bold>N</Text> <Text dimColor>(denied in {secondsLeft}s)</Text>
      </Text>
    </Box>
  );
}

/**
 * While a question is pending, takes every key Ink reads from the terminal before any `useInput`
 * handler sees it. Ink delivers the terminal's keys by calling `emit('input')` on its input emitter;
 * an agent's keys are delivered with `EventEmitter.prototype.emit` directly, so they pass untouched.
 */
function useTerminalKeys(pending: PendingConfirmation | undefined, onKey: (key: string) => void): void {
  const stdin = useStdin() as ReturnType<typeof useStdin> & { internal_eventEmitter?: EventEmitter };
  const emitter = stdin.internal_eventEmitter;
  const [handler] = useState(() => ({ current: onKey }));
  handler.current = onKey;
  const active = pending !== undefined;
  useEffect(() => {
    if (!active || !emitter) return;
    // Keys are read only while something wants them: the question does, whatever the app does.
    if (stdin.isRawModeSupported) stdin.setRawMode(true);
    emitter.emit = function modal(this: EventEmitter, event: string | symbol, ...args: unknown[]) {
      if (event === 'input') {
        handler.current(String(args[0]));
        return true;
      }
      return EventEmitter.prototype.emit.call(this, event, ...args);
    };
    return () => {
      // Back to the prototype's emit (the instance had none of its own).
      delete (emitter as { emit?: unknown }).emit;
      if (stdin.isRawModeSupported) stdin.setRawMode(false);
    };
  }, [active, emitter, stdin, handler]);
}

function secondsUntil(deadline: number | undefined): number {
  return deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

function useSecondsLeft(deadline: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    if (deadline === undefined) return;
    setSeconds(secondsUntil(deadline));
    const timer = setInterval(() => setSeconds(secondsUntil(deadline)), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
