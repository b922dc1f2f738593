import { describe, expect, it } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import type { McpServerOptions } from '../../src/server/index.js';
import { Session } from '../../src/session/session.js';
import { looksSecret } from '../../src/util/secret-names.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';
import { connectClient, testServer } from './helpers.js';

/**
 * issue #28, item 8: props whose names look secret are shown as `[redacted]` in `ink://<s>/tree`, at
 * any depth, whatever their case and separators; names that only contain a secret word's letters
 * (`spinner`, `pinned`) or describe a secret (`tokenCount`) are shown; the author can redact more and
 * reveal one.
 */
const R = '[redacted]';

const field: ToolProvider = { mcpTools: () => [{ name: 'type_into', run: () => 'typed' }] };

/** A settings screen as an app might hold it: credentials in props, and look-alikes that are not. */
function settingsTree(): ViewNode[] {
  return [
    {
      type: 'Settings',
      attrs: {
        apiKey: 'sk-live-123',
        api_key: 'sk-live-456',
        'X-API-KEY': 'sk-live-789',
        apikey: 'sk-live-000',
        privateKey: '-----BEGIN PRIVATE KEY-----',
        passphrase: 'correct horse',
        credentials: { user: 'ann', pass: 'hunter2' },
        login: [{ user: 'bob', pass: 'swordfish' }],
        auth: { headers: { Authorization: 'Bearer abc', Cookie: 'sid=1' } },
        pin: '1234',
        userPIN: '9999',
        accessToken: 'tok',
        refresh_token: 'tok2',
        clientSecret: 'cs',
        // Not secrets: a word's letters inside another word, or a name about a secret.
        mapPin: { x: 3, y: 4 },
        pinned: true,
        spinner: 'dots',
        tokenCount: 1200,
        maxTokens: 4096,
        passwordLabel: 'Password',
        publicKey: 'ssh-ed25519 AAAA',
        keyName: 'prod',
        bypass: false,
        author: 'ann',
        secretary: 'bob',
        ssn: '078-05-1120',
      },
      children: [
        {
          type: 'TextInput',
          id: 'api_key',
          attrs: { value: 'sk-typed', label: 'API key' },
          children: [],
          provider: field,
        },
        {
          type: 'TextInput',
          id: 'note',
          attrs: { value: 'hello', label: 'Note' },
          children: [],
          provider: field,
        },
      ],
    },
  ];
}

async function readTree(options: McpServerOptions = {}) {
  const server = testServer(options);
  server.attach(new Session({ id: 'app', source: new DataSource(settingsTree()) }));
  const client = await connectClient(server);
  const read = await client.readResource({ uri: 'ink://app/tree' });
  const text = (read.contents[0] as { text: string }).text;
  const nodes = JSON.parse(text) as {
    type: string;
    attrs: Record<string, unknown>;
    children: { attrs: Record<string, unknown> }[];
  }[];
  const settings = nodes.find((n) => n.type === 'Settings');
  if (!settings) throw new Error(`no Settings node in ${text.slice(0, 200)}`);
  return { text, attrs: settings.attrs, children: settings.children };
}

describe('secrets in the tree resource', () => {
  it('redacts secret-looking props at any depth, case and separators aside, over a real client', async () => {
    const { text, attrs, children } = await readTree();
    expect(attrs).toMatchObject({
      apiKey: R,
      api_key: R,
      'X-API-KEY': R,
      apikey: R,
      privateKey: R,
      passphrase: R,
      credentials: R,
      // `auth` names a secret as text; as an object, its parts are judged by their own names.
      auth: { headers: { Authorization: R, Cookie: R } },
      login: [{ user: 'bob', pass: R }],
      pin: R,
      userPIN: R,
      accessToken: R,
      refresh_token: R,
      clientSecret: R,
    });
    for (const secret of [
      'swordfish',
      'sk-live',
      'PRIVATE KEY',
      'correct horse',
      'hunter2',
      'Bearer abc',
      'sid=1',
      '1234',
      '9999',
    ])
      expect(text, secret).not.toContain(secret);
    // A widget whose id is a secret name holds a secret in its value; another does not.
    expect(children[0]?.attrs).toEqual({ value: R, label: 'API key' });
    expect(children[1]?.attrs).toEqual({ value: 'hello', label: 'Note' });
  });

  it('shows names that only look alike: pinned, spinner, tokenCount, maxTokens, publicKey, bypass, …', async () => {
    const { attrs } = await readTree();
    expect(attrs).toMatchObject({
      mapPin: { x: 3, y: 4 },
      pinned: true,
      spinner: 'dots',
      tokenCount: 1200,
      maxTokens: 4096,
      passwordLabel: 'Password',
      publicKey: 'ssh-ed25519 AAAA',
      keyName: 'prod',
      bypass: false,
      author: 'ann',
      secretary: 'bob',
      ssn: '078-05-1120',
    });
  });

  it("the author's secrets option: redact more names, reveal one (case and separators ignored)", async () => {
    const { attrs } = await readTree({ secrets: { redact: ['SSN'], reveal: ['pin', 'user_pin'] } });
    expect(attrs).toMatchObject({ ssn: R, pin: '1234', userPIN: '9999', apiKey: R });
    // Redact wins over reveal.
    const both = await readTree({ secrets: { redact: ['pin'], reveal: ['pin'] } });
    expect(both.attrs.pin).toBe(R);
  });

  it('the rule, name by name', () => {
    const secret = [
      'password',
      'newPassword',
      'password2',
      'pass_word',
      'PASSWORD_CONFIRM',
      'db.password',
      'basicAuth',
      'set-cookie',
      'pinCode',
      'otp',
      'jwt',
      'encryptionKey',
      'sessionToken',
      'csrf_token',
      'tokenValue',
    ];
    const shown = [
      'tokens',
      'tokenizer',
      'token_type',
      'tokenUrl',
      'passThrough',
      'passed',
      'authMode',
      'oauth',
      'keyboard',
      'hotkey',
      'monkey',
      'spinning',
      'pinyin',
      'compass',
      'key',
      'value',
      'sessionId',
    ];
    expect(secret.filter((name) => !looksSecret(name))).toEqual([]);
    expect(shown.filter((name) => looksSecret(name))).toEqual([]);
  });
});
