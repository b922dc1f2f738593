import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeadlessApp, renderHeadless } from '../../src/testing/render-headless.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { memoryLogger } from '../server/fixtures/counter-app.js';
import { ConfusableNames } from './fixtures/ink-apps.js';

const CANONICAL = ['app.c.inc', 'app.c.read', 'app.c.d_inc', 'app.c_d.inc', 'app.w.ok'];

/** Names that look like, contain, or almost are a real tool's name, and must call nothing. */
const HOSTILE: [string, string][] = [
  ['Cyrillic а (U+0430) for a', '\u0430pp.c.inc'],
  ['Cyrillic с (U+0441) for c', 'app.\u0441.inc'],
  ['Cyrillic і (U+0456) for i', 'app.c.\u0456nc'],
  ['Greek ο (U+03BF) for o', 'app.w.\u03bfk'],
  ['fullwidth dots (U+FF0E)', 'app\uff0ec\uff0einc'],
  ['ideographic full stops (U+3002)', 'app\u3002c\u3002inc'],
  ['one-dot leaders (U+2024)', 'app\u2024c\u2024inc'],
  ['fullwidth letters', '\uff41\uff50\uff50.c.inc'],
  ['a zero-width space at the end', 'app.c.inc\u200b'],
  ['a zero-width joiner inside', 'app\u200d.c.inc'],
  ['a soft hyphen inside', 'app.c.i\u00adnc'],
  ['a combining accent', 'app.c.inc\u0301'],
  ['a right-to-left override', 'app.c.\u202ecni'],
  ['upper case', 'APP.C.INC'],
  ['a capital first letter', 'App.c.inc'],
  ['a leading space', ' app.c.inc'],
  ['a trailing space', 'app.c.inc '],
  ['a trailing newline', 'app.c.inc\n'],
  ['a NUL byte', 'app.c.inc\u0000'],
  ['a dot turned underscore in one place', 'app.c_inc'],
  ['another dot turned underscore', 'app_c.inc'],
  ['the other way round', 'app.c_d_inc'],
  ['underscores and dots swapped', 'app_c.d_inc'],
  ['the ambiguous all-underscore form of app.c.d_inc and app.c_d.inc', 'app_c_d_inc'],
  ['a double dot', 'app..c.inc'],
  ['a leading dot', '.app.c.inc'],
  ['a trailing dot', 'app.c.inc.'],
  ['dashes for dots', 'app-c-inc'],
  ['slashes for dots', 'app/c/inc'],
  ['colons for dots', 'app:c:inc'],
  ['a prefix of a name', 'app.c.in'],
  ['a name and more', 'app.c.incc'],
  ['a name with a segment more', 'app.c.inc.x'],
  ['a widget without action', 'app.c'],
  ['the session alone', 'app'],
  ['a wildcard action', 'app.c.*'],
  ['a wildcard widget', 'app.*.inc'],
  ['a lone wildcard', '*'],
  ['the empty name', ''],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['toString', 'toString'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['a __proto__ widget', 'app.__proto__.inc'],
  ['a constructor action', 'app.c.constructor'],
  ['a constructor widget', 'app.constructor.inc'],
  ['a client-side prefix (Claude Code style)', 'mcp__ink__app_c_inc'],
  ['10,000 characters', 'a'.repeat(10_000)],
  ['a real name followed by 10,000 characters', `app.c.inc${'x'.repeat(10_000)}`],
  ['a real name repeated to 10,000 characters', 'app.c.inc.'.repeat(1_000)],
  ['1 MiB of a real name repeated', 'app.c.inc'.repeat(116_509)],
];

describe('hostile tool names', () => {
  const hits: Record<string, number> = {};
  /** The same app served with `nameStyle: 'dotted'` (canonical names listed)... */
  let app: HeadlessApp;
  /** ...and with the default portable (dotless) names: its name table is another way in. */
  let portableApp: HeadlessApp;
  let portable: Client;

  beforeAll(async () => {
    // No built-in tools: only the confusable names below are listed.
    const options = { session: 'app', logger: memoryLogger(), includeScreen: false, builtinTools: false };
    app = await renderHeadless(createElement(ConfusableNames, { hits }), {
      ...WIDGETS,
      ...options,
      nameStyle: 'dotted',
    });
    portableApp = await renderHeadless(createElement(ConfusableNames, { hits }), { ...WIDGETS, ...options });
    portable = portableApp.client;
    expect((await app.client.listTools()).tools.map((t) => t.name).sort()).toEqual([...CANONICAL].sort());
  });
  afterAll(async () => {
    await portableApp.unmount();
    await app.unmount();
  });

  async function call(client: Client, name: string): Promise<CallToolResult> {
    return (await client.callTool({ name, arguments: {} })) as CallToolResult;
  }

  const text = (result: CallToolResult) =>
    result.content.map((c) => (c.type === 'text' ? c.text : `(${c.type})`)).join('\n');

  for (const [what, name] of HOSTILE) {
    it(`answers "unknown tool" to ${what}, and calls nothing`, async () => {
      const listedTo = await Promise.all(
        [app.client, portable].map(async (c) => (await c.listTools()).tools),
      );
      // Portable names list `app_c_d_inc` for the first of the two colliding tools: there that name
      // is a real one (the second gets a hashed suffix), so only clients not listed it must fail.
      const clients = [app.client, portable].filter((_, i) => !listedTo[i]!.some((t) => t.name === name));
      expect(clients.length).toBeGreaterThan(0);
      for (const client of clients) {
        const before = { ...hits };
        const result = await call(client, name);
        expect(result.isError).toBe(true);
        expect(text(result)).toMatch(/^ink-mcp: there is no tool named /);
        // However long the name, the answer stays short (how quick: bench/, not a timed test).
        expect(text(result).length).toBeLessThan(2_000);
        expect(hits).toEqual(before);
      }
    });
  }

  it('calls exactly the tool named, by its canonical name or by its listed name', async () => {
    const portableNames = (await portable.listTools()).tools.map((t) => t.name);
    expect(portableNames.every((n) => /^[A-Za-z0-9_-]{1,64}$/.test(n))).toBe(true);
    for (const [i, tool] of CANONICAL.entries()) {
      const before = { ...hits };
      const dotted = await call(app.client, tool);
      expect(dotted.isError, text(dotted)).toBeFalsy();
      expect(text(dotted)).toBe(tool);
      const listed = portableNames[i]!;
      const viaPortable = await call(portable, listed);
      expect(text(viaPortable), listed).toBe(tool);
      expect(hits).toEqual({ ...before, [tool]: (before[tool] ?? 0) + 2 });
    }
  });

  it('accepts the all-underscore form only where it names exactly one tool (clients that rewrite dots)', async () => {
    const before = { ...hits };
    expect(text(await call(app.client, 'app_c_inc'))).toBe('app.c.inc');
    expect(text(await call(app.client, 'app_w_ok'))).toBe('app.w.ok');
    expect(hits).toEqual({
      ...before,
      'app.c.inc': (before['app.c.inc'] ?? 0) + 1,
      'app.w.ok': (before['app.w.ok'] ?? 0) + 1,
    });
  });
});
