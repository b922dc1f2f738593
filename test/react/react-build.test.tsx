// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state (setters, flags).
import { Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { StrictMode } from 'react';
import { afterEach, expect, it } from 'vitest';

afterEach(() => cleanup());

/**
 * `NODE_ENV=production npx vitest run test/react` must really run React's production build: StrictMode
 * renders twice in development only, so count renders.
 */
it(`runs React's ${process.env.NODE_ENV === 'production' ? 'production' : 'development'} build`, () => {
  let renders = 0;
  function Counted() {
    renders++;
    return <Text>x</Text>;
  }
  render(
    <StrictMode>
      <Counted />
    </StrictMode>,
  );
  expect(renders).toBe(process.env.NODE_ENV === 'production' ? 1 : 2);
});
