import * as ui from '@inkjs/ui';
import { Box, Text } from 'ink';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { withId } from '../../../components/index.js';
import { DataSource } from '../../../fixtures/data-source.js';
import { defaultTypeMap } from '../../../src/registry/default-type-map.js';
import { Hub } from '../../../src/session/hub.js';
import { Session } from '../../../src/session/session.js';
import type { ToolProvider } from '../../../src/walker/types.js';
import { app, closeApps, KEY, resultOf } from '../helpers.js';

afterEach(closeApps);

const TextInput = withId(ui.TextInput);
const EmailInput = withId(ui.EmailInput);
const PasswordInput = withId(ui.PasswordInput);
const ConfirmInput = withId(ui.ConfirmInput);
const Select = withId(ui.Select);
const MultiSelect = withId(ui.MultiSelect);

/**
 * The app with nothing but the default type map (merged in by McpSession): the adapters type through
 * the session's own keyboard (Ink's input channel), as a person would.
 */
function uiApp(children: ReactNode, options: { authorize?: () => 'allow' } = {}) {
  return app(children, options);
}

/** Shows what the component reported through its callbacks. */
function useReport() {
  const [changed, setChanged] = useState('-');
  const [submitted, setSubmitted] = useState('-');
  const line = (
    <Text>
      changed={changed} submitted={submitted}
    </Text>
  );
  return { setChanged, setSubmitted, line };
}

function Name({ disabled = false }: { disabled?: boolean }) {
  const r = useReport();
  return (
    <Box flexDirection="column">
      <TextInput
        id="name"
        defaultValue="Ada"
        onChange={r.setChanged}
        onSubmit={r.setSubmitted}
        isDisabled={disabled}
      />
      {r.line}
    </Box>
  );
}

describe('@inkjs/ui adapters (driven by keys, as a person would)', () => {
  it('TextInput: type_into replaces, append adds, clear empties, submit presses Enter; no get_value', async () => {
    const a = uiApp(<Name />);
    expect(a.tools()).toEqual(['name.type_into', 'name.append', 'name.clear', 'name.submit']);
    await a.call('name.type_into', { text: 'Grace' });
    expect(a.screen()).toContain('changed=Grace');
    await a.call('name.append', { text: ' Hopper' });
    await a.call('name.submit');
    expect(a.screen()).toContain('submitted=Grace Hopper');
    await a.call('name.clear');
    expect(a.screen()).toContain('changed= submitted');
    // Each effect was seen (the field drew the text; Enter changed the screen): each answered done.
    expect(a.answers.map((answer) => (answer.ok ? answer.value : answer.error.code))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // A person types on, after the agent.
    await a.keys('x', 'y', KEY.backspace, KEY.enter);
    expect(a.screen()).toContain('submitted=x');
  });

  it('TextInput: refuses text no one could type, and offers nothing while isDisabled', async () => {
    const a = uiApp(<Name />);
    const answer = await a.call('name.type_into', { text: 'two\nlines' });
    expect(answer.ok ? '' : answer.error.message).toContain('contains control characters');
    expect(a.screen()).toContain('changed=-');
    const b = uiApp(<Name disabled />);
    expect(b.tools()).toEqual([]);
  });

  it('EmailInput: types and submits like a person (Enter completes a suggested domain)', async () => {
    const r: string[] = [];
    const a = uiApp(<EmailInput id="mail" onSubmit={(v) => r.push(v)} domains={['example.com']} />);
    await a.call('mail.type_into', { text: 'ada@exa' });
    await a.call('mail.submit');
    expect(r).toEqual(['ada@example.com']);
  });

  it('PasswordInput: sensitive type_into, clear, submit; the secret reaches the app and nothing else', async () => {
    const SECRET = 'pa55-W0rd-q';
    const got: string[] = [];
    const a = uiApp(<PasswordInput id="pw" onSubmit={(v) => got.push(v)} />, { authorize: () => 'allow' });
    expect(a.tools()).toEqual(['pw.type_into', 'pw.clear', 'pw.submit']);
    expect(a.hub.list().every((tool) => tool.annotations.sensitive === true)).toBe(true);
    await a.call('pw.type_into', { text: SECRET });
    await a.call('pw.submit');
    expect(got).toEqual([SECRET]);
    const seen = JSON.stringify({
      answers: a.answers,
      listed: a.hub.list().map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
      tree: a.hub.session('t')?.tree(),
      logs: a.logs,
      screen: a.screen(),
    });
    expect(seen).not.toContain(SECRET);
  });

  it('ConfirmInput: confirm and cancel call its callbacks', async () => {
    const said: string[] = [];
    const a = uiApp(
      <ConfirmInput id="sure" onConfirm={() => said.push('yes')} onCancel={() => said.push('no')} />,
    );
    expect(a.tools()).toEqual(['sure.confirm', 'sure.cancel']);
    await a.call('sure.confirm');
    await a.call('sure.cancel');
    expect(said).toEqual(['yes', 'no']);
    const b = uiApp(<ConfirmInput id="sure" isDisabled onConfirm={() => {}} onCancel={() => {}} />);
    expect(b.tools()).toEqual([]);
  });

  it('Select: select by value or index moves the focus there and presses Enter; get_options lists them', async () => {
    const options = ['red', 'green', 'blue', 'cyan', 'plum', 'gold', 'teal'].map((c) => ({
      label: c.toUpperCase(),
      value: c,
    }));
    const chosen: string[] = [];
    const a = uiApp(
      <Select id="color" options={options} onChange={(v) => chosen.push(v)} visibleOptionCount={3} />,
    );
    expect(a.tools()).toEqual(['color.select', 'color.get_options']);
    await a.call('color.select', { value: 'teal' });
    await a.call('color.select', { index: 1 });
    await a.call('color.select', { value: 'red' });
    expect(chosen).toEqual(['teal', 'green', 'red']);
    expect(a.answers.every((answer) => answer.ok && answer.value === undefined)).toBe(true);
    const listed = resultOf(await a.call('color.get_options')) as { options: unknown[] };
    expect(listed.options).toHaveLength(7);
    expect(listed.options[6]).toEqual({ index: 6, label: 'TEAL', value: 'teal' });
    const bad = await a.call('color.select', { index: 7 });
    expect(bad.ok ? '' : bad.error.message).toContain('valid indexes are 0 to 6');
  });

  it('MultiSelect: toggle_option moves the focus there and presses Space; submit presses Enter', async () => {
    const options = ['a', 'b', 'c'].map((v) => ({ label: v.toUpperCase(), value: v }));
    const submitted: string[][] = [];
    const a = uiApp(
      <MultiSelect id="m" options={options} defaultValue={['a']} onSubmit={(v) => submitted.push(v)} />,
    );
    expect(a.tools()).toEqual(['m.toggle_option', 'm.submit']);
    await a.call('m.toggle_option', { value: 'c' });
    await a.call('m.toggle_option', { value: 'a' });
    expect(a.answers.every((answer) => answer.ok && answer.value === undefined)).toBe(true);
    await a.call('m.submit');
    expect(submitted).toEqual([['c']]);
  });

  it('says so when the session has no keyboard to type with (a session not rendered under Ink)', async () => {
    const provider = (defaultTypeMap() as ReadonlyMap<unknown, ToolProvider>).get(ui.TextInput)!;
    const source = new DataSource([{ type: 'TextInput', id: 'name', attrs: {}, children: [], provider }]);
    const hub = new Hub({ logger: { warn: () => {} } });
    hub.attach(new Session({ id: 't', source }));
    const answer = await hub.call('t.name.type_into', { text: 'x' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'action_refused' } });
    expect(answer.ok ? '' : answer.error.message).toContain('this session has no keyboard to type with');
    hub.close();
  });
});
