import { Box, Text, useInput } from 'ink';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Confirmer } from '../session/confirmer.js';

export interface ConfirmPromptProps {
  confirmer: Confirmer;
}

/**
 * Shows the question an authorizer's `'ask'` puts to the person at the terminal: what the agent
 * wants to run, with which arguments, y/N, and the seconds left before it is denied.
 */
export function ConfirmPrompt({ confirmer }: ConfirmPromptProps) {
  const subscribe = useCallback((onChange: () => void) => confirmer.changes.subscribe(onChange), [confirmer]);
  const pending = useSyncExternalStore(subscribe, () => confirmer.current());
  const secondsLeft = useSecondsLeft(pending?.deadline);

  useInput(
    (input, key) => {
      if (!pending) return;
      if (input === 'y' || input === 'Y') confirmer.answer(pending.id, true);
      else if (input === 'n' || input === 'N' || key.escape || key.return)
        confirmer.answer(pending.id, false);
    },
    { isActive: pending !== undefined },
  );

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
