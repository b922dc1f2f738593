import { describe, expect, it } from 'vitest';
import { childInPty, launchRoute, preloadReach, terminalRouteOnceDrawn } from '../../src/util/reach.js';

/** The one place that decides how an app is reached (src/util/reach.ts): each route, and what wins. */
describe('reaching an app', () => {
  it('the launcher: --attach wins; a command that is not Node, or --terminal, gets a pseudo-terminal', () => {
    expect(launchRoute({ attach: true, terminalAsked: true, startsNode: false })).toEqual({
      kind: 'attached',
    });
    expect(launchRoute({ attach: false, terminalAsked: false, startsNode: true })).toEqual({
      kind: 'preload',
    });
    expect(launchRoute({ attach: false, terminalAsked: false, startsNode: false })).toEqual({
      kind: 'pty',
      why: 'not_node',
    });
    expect(launchRoute({ attach: false, terminalAsked: true, startsNode: true })).toEqual({
      kind: 'pty',
      why: 'asked',
    });
    // Not Node is the reason said, even when --terminal was given too.
    expect(launchRoute({ attach: false, terminalAsked: true, startsNode: false })).toEqual({
      kind: 'pty',
      why: 'not_node',
    });
  });

  it('the preload: its own stdio without the launcher; the in-process terminal only on the app’s terminal, headless, not a real TTY', () => {
    const headless = { serving: 'stdio', socket: true, onAppTerminal: true, stdoutIsTTY: false } as const;
    expect(preloadReach(headless)).toEqual({ ownStdio: false, terminalPair: true, looksLikeTerminal: true });
    expect(preloadReach({ ...headless, socket: false })).toEqual({
      ownStdio: true,
      terminalPair: false,
      looksLikeTerminal: true,
    });
    expect(preloadReach({ ...headless, stdoutIsTTY: true }).terminalPair).toBe(false);
    expect(preloadReach({ ...headless, onAppTerminal: false })).toEqual({
      ownStdio: false,
      terminalPair: false,
      looksLikeTerminal: false,
    });
    expect(preloadReach({ ...headless, serving: 'attach', socket: false })).toEqual({
      ownStdio: false,
      terminalPair: false,
      looksLikeTerminal: false,
    });
  });

  it('a terminal session whose React root was reported is reached through the DevTools hook', () => {
    expect(terminalRouteOnceDrawn('in-process-terminal', true)).toBe('devtools-hook');
    expect(terminalRouteOnceDrawn('in-process-terminal', false)).toBe('in-process-terminal');
    expect(terminalRouteOnceDrawn('pty', false)).toBe('pty');
  });

  it('a child on the app’s terminal runs in a pseudo-terminal only when it inherits it and is neither a shell nor Node', () => {
    let asked = 0;
    const notNode = () => {
      asked += 1;
      return false;
    };
    const child = { inheritsTerminal: true, shell: false, program: 'opencode', startsNode: notNode };
    expect(childInPty(child)).toBe(true);
    expect(childInPty({ ...child, startsNode: () => true })).toBe(false);
    expect(childInPty({ ...child, program: 'bash' })).toBe(false);
    expect(childInPty({ ...child, program: 'pwsh.exe' })).toBe(false);
    expect(childInPty({ ...child, shell: true })).toBe(false);
    expect(childInPty({ ...child, inheritsTerminal: false })).toBe(false);
    // The file is read only when the rest already says "followed".
    expect(asked).toBe(1);
  });
});
