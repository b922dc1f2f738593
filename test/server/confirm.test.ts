import type { ElicitResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { connectClient, counterApp, testServer, texts } from './helpers.js';

async function askingClient(answer: (message: string) => ElicitResult) {
  const server = testServer({ authorize: () => 'ask', includeScreen: false });
  const app = counterApp();
  server.attach(app.session);
  const client = await connectClient(server, { capabilities: { elicitation: {} } });
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', (request) => {
    const message = request.params.message;
    asked.push(message);
    return answer(message);
  });
  return { client, app, asked };
}

describe("confirmation ('ask')", () => {
  it('asks the client through elicitation and runs the call on accept with approve: true', async () => {
    const { client, app, asked } = await askingClient(() => ({
      action: 'accept',
      content: { approve: true },
    }));
    expect(texts(await client.callTool({ name: 'app.c.wipe' }))).toEqual(['wiped']);
    expect(asked).toEqual([
      expect.stringMatching(/call app_c_wipe in the app "app" with \{\}\. Allow this one call\?/),
    ]);
    // An approval is for one call: the next one asks again.
    await client.callTool({ name: 'app.c.wipe' });
    expect(asked).toHaveLength(2);
    expect(app.wiped).toBe(2);
  });

  it.each([
    ['decline', { action: 'decline' }],
    ['cancel', { action: 'cancel' }],
    ['accept without approval', { action: 'accept', content: { approve: false } }],
  ] as [string, ElicitResult][])('denies on %s', async (_label, result) => {
    const { client, app } = await askingClient(() => result);
    const answer = await client.callTool({ name: 'app.c.wipe' });
    expect(answer.isError).toBe(true);
    expect(texts(answer)[0]).toMatch(/declined it/);
    expect(app.wiped).toBe(0);
  });

  it('prefers the server confirm option over elicitation', async () => {
    const asked: string[] = [];
    const server = testServer({
      authorize: () => 'ask',
      includeScreen: false,
      confirm: async (request) => {
        asked.push(request.tool);
        return true;
      },
    });
    const app = counterApp();
    server.attach(app.session);
    const client = await connectClient(server, { capabilities: { elicitation: {} } });
    client.setRequestHandler('elicitation/create', () => {
      throw new Error('elicitation must not be used');
    });
    expect(texts(await client.callTool({ name: 'app.c.wipe' }))).toEqual(['wiped']);
    expect(asked).toEqual(['app.c.wipe']);
  });
});
