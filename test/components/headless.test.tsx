import { Box, Text } from 'ink';
import InkTextInput from 'ink-text-input';
import { type ReactElement, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  MultiSelect,
  PasswordInput,
  ScrollView,
  Select,
  Table,
  Tabs,
  TextInput,
  withId,
} from '../../components/index.js';
import type { McpTypeMap } from '../../src/react/index.js';
import { defaultTypeMap } from '../../src/registry/default-type-map.js';
import { type HeadlessApp, type RenderHeadlessOptions, renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { KEY } from './helpers.js';

/** Each widget once more, through the real MCP client of `renderHeadless`. */

function Presses() {
  const [n, setN] = useState(0);
  return <Button id="go" label={`Pressed ${n}`} onPress={() => setN(n + 1)} autoFocus />;
}

function Wipe() {
  const [said, setSaid] = useState('');
  return said ? (
    <Text>{said}</Text>
  ) : (
    <ConfirmDialog
      id="d"
      message="Wipe?"
      destructive
      onConfirm={() => setSaid('wiped')}
      onCancel={() => setSaid('kept')}
    />
  );
}

const Field = withId(InkTextInput);

function Adapted() {
  const [v, setV] = useState('');
  return (
    <Box>
      <Field id="f" value={v} onChange={setV} />
    </Box>
  );
}

const opened: HeadlessApp[] = [];
afterEach(async () => {
  for (const h of opened.splice(0)) await h.unmount();
});

async function headless(element: ReactElement, options: RenderHeadlessOptions = {}) {
  const logs: string[] = [];
  const log = (message: string) => {
    logs.push(message);
  };
  // Canonical names keep the expectations short; the listed (portable) names are tested in test/server.
  // No built-in tools: these tests list the widgets' own.
  const h = await renderHeadless(element, {
    ...WIDGETS,
    logger: { warn: log, info: log, error: log },
    nameStyle: 'dotted',
    builtinTools: false,
    ...options,
  });
  opened.push(h);
  await h.waitForSync();
  const results: unknown[] = [];
  return {
    ...h,
    logs,
    results,
    async call(name: string, args: Record<string, unknown> = {}) {
      const result = await h.client.callTool({ name: `app.${name}`, arguments: args });
      results.push(result);
      const answer = result as { isError?: boolean; content: { text: string }[] };
      return { ...answer, value: jsonOf(answer.content[0]?.text) };
    },
    async tools() {
      return (await h.client.listTools()).tools.map((tool) => tool.name.replace(/^app\./, ''));
    },
    async keys(...keys: string[]) {
      for (const key of keys) {
        h.stdin.write(key);
        await new Promise<void>((resolve) => setImmediate(resolve));
        await h.waitForSync();
      }
    },
  };
}

describe('widgets through a real MCP client (renderHeadless)', () => {
  it('Button', async () => {
    const h = await headless(<Presses />);
    expect(await h.tools()).toEqual(['go.press']);
    expect((await h.call('go.press')).isError).toBeUndefined();
    expect(h.lastFrame()).toContain('Pressed 1');
    await h.keys(KEY.enter);
    expect(h.lastFrame()).toContain('Pressed 2');
  });

  it('TextInput', async () => {
    const h = await headless(<TextInput id="name" defaultValue="Ada" autoFocus />);
    await h.call('name.append', { text: ' L' });
    await h.keys('!');
    expect((await h.call('name.get_value')).value).toEqual({ value: 'Ada L!' });
  });

  it('PasswordInput: the secret is in no result, tool, resource or log line', async () => {
    const SECRET = 'Tr0ub4dor-&3';
    const got: string[] = [];
    const h = await headless(<PasswordInput id="pw" label="Password" onSubmit={(v) => got.push(v)} />, {
      authorize: () => 'allow',
    });
    await h.call('pw.type_into', { text: SECRET });
    await h.call('pw.submit');
    await h.call('pw.type_into', { text: 7 });
    await h.call('pw.get_value');
    expect(got).toEqual([SECRET]);
    const listed = await h.client.listTools();
    const resources = await h.client.listResources();
    const read = await Promise.all(resources.resources.map((r) => h.client.readResource({ uri: r.uri })));
    expect(resources.resources.length).toBeGreaterThan(0);
    const everything = JSON.stringify({
      results: h.results,
      listed,
      read,
      logs: h.logs,
      frame: h.lastFrame(),
    });
    expect(everything).toContain('pw.type_into');
    expect(everything).not.toContain(SECRET);
  });

  it('Checkbox', async () => {
    const h = await headless(<Checkbox id="c" label="Dark mode" />);
    await h.call('c.toggle');
    expect((await h.call('c.get_checked')).value).toEqual({ checked: true });
  });

  it('Select', async () => {
    const h = await headless(
      <Select
        id="s"
        options={[
          { label: 'One', value: 'one' },
          { label: 'Two', value: 'two' },
        ]}
      />,
    );
    await h.call('s.select', { value: 'two' });
    expect((await h.call('s.get_selected')).value).toEqual({
      selected: { index: 1, label: 'Two', value: 'two' },
    });
    const wrong = await h.call('s.select', { index: 5 });
    expect(wrong.isError).toBe(true);
    expect(wrong.content[0]!.text).toContain('valid indexes are 0 to 1');
  });

  it('MultiSelect', async () => {
    const options = ['a', 'b', 'c'].map((v) => ({ label: v, value: v }));
    const h = await headless(<MultiSelect id="m" options={options} />);
    await h.call('m.set_selected', { values: ['c', 'a'] });
    expect((await h.call('m.get_selected')).value).toMatchObject({
      selected: [{ value: 'a' }, { value: 'c' }],
    });
  });

  it('Tabs', async () => {
    const h = await headless(<Tabs id="t" tabs={['One', 'Two']} />);
    await h.call('t.select_tab', { label: 'Two' });
    expect((await h.call('t.get_tabs')).value).toMatchObject({ active: 1 });
  });

  it('ConfirmDialog: a destructive confirm needs the authorizer', async () => {
    const h = await headless(<Wipe />);
    expect((await h.client.listTools()).tools[0]!.annotations).toMatchObject({ destructiveHint: true });
    expect((await h.call('d.confirm')).isError).toBe(true);
    await h.call('d.cancel');
    expect(h.lastFrame()).toBe('kept');
    expect(await h.tools()).toEqual([]);
  });

  it('Table', async () => {
    const rows = [
      { n: 'b', v: 2 },
      { n: 'a', v: 1 },
    ];
    const h = await headless(<Table id="tb" columns={[{ key: 'n' }, { key: 'v' }]} rows={rows} />);
    await h.call('tb.sort', { column: 'v', direction: 'asc' });
    expect((await h.call('tb.get_rows', { limit: 1 })).value).toMatchObject({
      total: 2,
      rows: [{ index: 0, row: { n: 'a', v: 1 } }],
    });
  });

  it('ScrollView', async () => {
    const h = await headless(
      <ScrollView id="sv" height={2}>
        {['a', 'b', 'c', 'd'].map((x) => (
          <Text key={x}>row {x}</Text>
        ))}
      </ScrollView>,
    );
    await h.call('sv.scroll_to', { row: 3 });
    expect(h.lastFrame()).toContain('row d');
    expect((await h.call('sv.get_visible_range')).value).toEqual({
      first: 2,
      last: 3,
      total: 4,
      height: 2,
    });
  });

  it('an adapted ink-text-input', async () => {
    const h = await headless(<Adapted />, { typeMap: defaultTypeMap() as McpTypeMap });
    await h.call('f.type_into', { text: 'hello' });
    expect((await h.call('f.get_value')).value).toEqual({ value: 'hello' });
  });
});

/** A result's value: its first text item is the handler's value as JSON (the widgets declare no outputSchema). */
function jsonOf(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}
