import { Box, Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordInput } from '../../components/index.js';
import { app, closeApps, KEY } from './helpers.js';

afterEach(closeApps);

const SECRET = 'hunter2-Zq9';
const allow = () => 'allow' as const;

function Login({
  onSubmit,
  controlled = false,
}: {
  onSubmit: (value: string) => void;
  controlled?: boolean;
}) {
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  return (
    <Box flexDirection="column">
      <PasswordInput
        id="pw"
        label="Password"
        {...(controlled ? { value, onChange: setValue } : {})}
        onSubmit={(v) => {
          onSubmit(v);
          setSubmitted(true);
        }}
        autoFocus
      />
      <Text>{submitted ? 'signed in' : 'waiting'}</Text>
    </Box>
  );
}

/** Everything of a session an agent or a log could see, as one string. */
function everything(a: ReturnType<typeof app>): string {
  const listed = a.hub.list().map(({ name, description, inputSchema, annotations }) => ({
    name,
    description,
    inputSchema,
    annotations,
  }));
  return JSON.stringify({
    answers: a.answers,
    listed,
    tree: a.hub.session('t')?.tree(),
    logs: a.logs,
    screen: a.screen(),
  });
}

describe('PasswordInput', () => {
  it('offers type_into, clear and submit, each sensitive, and never get_value', async () => {
    const a = app(<Login onSubmit={() => {}} />, { authorize: allow });
    expect(a.tools()).toEqual(['pw.type_into', 'pw.clear', 'pw.submit']);
    for (const tool of a.hub.list()) expect(tool.annotations).toEqual({ sensitive: true });
  });

  it('needs the authorizer: without one every call is denied and nothing is typed', async () => {
    const got: string[] = [];
    const a = app(<Login onSubmit={(v) => got.push(v)} />);
    expect(await a.call('pw.type_into', { text: SECRET })).toMatchObject({
      ok: false,
      error: { code: 'denied' },
    });
    expect(await a.call('pw.submit')).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(got).toEqual([]);
    expect(everything(a)).not.toContain(SECRET);
  });

  for (const controlled of [false, true]) {
    it(`hands the secret to the app and to nothing else (${controlled ? 'controlled' : 'uncontrolled'})`, async () => {
      const got: string[] = [];
      const a = app(<Login onSubmit={(v) => got.push(v)} controlled={controlled} />, { authorize: allow });
      expect(await a.call('pw.type_into', { text: SECRET })).toMatchObject({ ok: true, value: undefined });
      expect(a.screen()).toContain(`Password: ${'*'.repeat(SECRET.length)}`);
      await a.call('pw.submit');
      await a.call('pw.clear');
      await a.call('pw.type_into', { text: 'x' });
      await a.call('pw.nope', { text: SECRET });
      await a.call('pw.type_into', { text: SECRET, extra: SECRET });
      expect(got).toEqual([SECRET]);
      expect(a.screen()).toContain('signed in');
      expect(everything(a)).not.toContain(SECRET);
      expect(everything(a)).not.toContain('hunter');
    });
  }

  it('is typed into by a person, and shows only the mask', async () => {
    const got: string[] = [];
    const a = app(<Login onSubmit={(v) => got.push(v)} />, { authorize: allow });
    await a.keys('s', '3', 'x', KEY.backspace, KEY.enter);
    expect(got).toEqual(['s3']);
    expect(a.screen()).toContain('Password: **');
    expect(a.screen()).not.toContain('s3');
  });

  it('withholds the message of an app handler that throws with the secret in it', async () => {
    const a = app(
      <PasswordInput
        id="pw"
        onSubmit={(v) => {
          throw new Error(`bad password ${v}`);
        }}
      />,
      { authorize: allow },
    );
    await a.call('pw.type_into', { text: SECRET });
    const answer = await a.call('pw.submit');
    expect(answer).toMatchObject({ ok: false, error: { code: 'handler_error' } });
    expect(answer.ok ? '' : answer.error.message).toContain('withheld');
    expect(everything(a)).not.toContain(SECRET);
  });

  it('offers nothing while disabled', async () => {
    const a = app(<PasswordInput id="pw" disabled />, { authorize: allow });
    expect(a.tools()).toEqual([]);
  });
});
