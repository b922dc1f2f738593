import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useMcpTools } from '../../src/react/use-mcp-tools.js';

// Compiled by `npm run typecheck`: these are the forms the README shows. Each must type-check under
// `strict` with no annotations on `run`.
function RecordForm() {
  const [items, setItems] = useState<string[]>([]);
  useMcpTools('todos', {
    add_item: {
      inputSchema: z.object({ text: z.string().min(1) }),
      run: ({ text }) => setItems((xs) => [...xs, text]),
    },
    count: { run: () => items.length },
  });
  return null;
}

function ArrayForm() {
  useMcpTools('x', [
    { name: 'ping', run: (args, call) => `${call.widgetId} ${Object.keys(args).length}` },
    {
      name: 'echo',
      inputSchema: { type: 'object', properties: { v: { type: 'string' } } },
      run: (args) => args.v,
    },
  ]);
  return null;
}

describe('useMcpTools types', () => {
  it('are exercised by the typecheck', () => {
    expect([RecordForm, ArrayForm]).toHaveLength(2);
  });
});
