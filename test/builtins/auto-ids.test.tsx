import { Select } from '@inkjs/ui';
import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../index.js'; // the package root registers the default type map's adapters
import { useMcpTools } from '../../src/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { listed, textOf } from './helpers.js';

function Picker() {
  const [picked, setPicked] = useState('-');
  return (
    <Box flexDirection="column">
      <Select
        options={[
          { label: 'Red', value: 'red' },
          { label: 'Green', value: 'green' },
        ]}
        onChange={setPicked}
      />
      <Text>{`picked: ${picked}`}</Text>
    </Box>
  );
}

function Form() {
  const [name, setName] = useState('');
  const [city, setCity] = useState('');
  return (
    <Box flexDirection="column">
      <TextInput value={name} onChange={setName} focus={false} />
      <TextInput value={city} onChange={setCity} focus={false} />
      <Text>{`name=${name} city=${city}`}</Text>
    </Box>
  );
}

function Anonymous() {
  return <Text>no id</Text>;
}
Anonymous.mcpTools = () => [{ name: 'go', run: () => 'went' }];

function Named() {
  const [v, setV] = useState('');
  return <TextInput value={v} onChange={setV} focus={false} {...{ id: 'city' }} />;
}

function Twice() {
  const [n, setN] = useState(0);
  useMcpTools('counter', { bump: { run: () => setN(n + 1) } });
  return (
    <Box flexDirection="column">
      <Anonymous />
      <Anonymous />
      <Text>{`n=${n}`}</Text>
    </Box>
  );
}

/** No widget without an id at first; one appears deep inside after a call (src/react/idless.ts). */
function Later() {
  const [shown, setShown] = useState(false);
  const [v, setV] = useState('');
  useMcpTools('toggle', { show: { run: () => setShown(true) } });
  return (
    <Box flexDirection="column">
      <Text>top</Text>
      <Box>
        <Box>{shown ? <TextInput value={v} onChange={setV} focus={false} /> : <Text>none</Text>}</Box>
      </Box>
      <Text>{`value=${v}`}</Text>
    </Box>
  );
}

/** A component that declares tools around a widget that gets its id automatically. */
function Panel() {
  const [v, setV] = useState('');
  const [closed, setClosed] = useState(false);
  useMcpTools('panel', { close: { run: () => setClosed(true) } });
  return (
    <Box flexDirection="column">
      <TextInput value={v} onChange={setV} focus={false} />
      <Text>{closed ? 'closed' : `value=${v}`}</Text>
    </Box>
  );
}

describe('automatic ids', () => {
  it('a component that declares tools keeps them around a widget given an automatic id', async () => {
    // The id pass copies every node above the renamed widget; a copy of a `useMcpTools` node must
    // carry its specs (it once offered nothing: src/react/provider-for.ts).
    const app = await renderHeadless(<Panel />, { ...WIDGETS, nameStyle: 'dotted' });
    try {
      const names = await listed(app.client);
      expect(names).toContain('app.panel.close');
      expect(names).toContain('app.text_input_1.type_into');
      await app.client.callTool({ name: 'app.text_input_1.type_into', arguments: { text: 'Oslo' } });
      expect(app.lastFrame()).toContain('value=Oslo');
      const result = await app.client.callTool({ name: 'app.panel.close', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(app.lastFrame()).toContain('closed');
    } finally {
      await app.unmount();
    }
  });

  it('a widget without an id that appears after the first render gets its id', async () => {
    const app = await renderHeadless(<Later />, { ...WIDGETS, nameStyle: 'dotted' });
    try {
      expect((await listed(app.client)).some((n) => n.includes('text_input_1'))).toBe(false);
      await app.client.callTool({ name: 'app.toggle.show', arguments: {} });
      expect(await listed(app.client)).toContain('app.text_input_1.type_into');
      await app.client.callTool({ name: 'app.text_input_1.type_into', arguments: { text: 'Oslo' } });
      expect(app.lastFrame()).toContain('value=Oslo');
    } finally {
      await app.unmount();
    }
  });

  it('an @inkjs/ui Select with no id offers its tools as select_1, saying which widget it is', async () => {
    const app = await renderHeadless(<Picker />, WIDGETS);
    try {
      const { tools } = await app.client.listTools();
      const select = tools.find((tool) => /select_1[._]select$/.test(tool.name));
      // What the action does first (the "Actions now" list shows the first sentence), then which widget.
      expect(select?.description).toMatch(
        /^Choose an option of the select "select_1".* \(Select #1 on screen, rendered without an id: the 1st Select in view order\.\)$/,
      );
      const result = await app.client.callTool({
        name: 'app.select_1.select',
        arguments: { value: 'green' },
      });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('picked: green');
    } finally {
      await app.unmount();
    }
  });

  it('two ink-text-inputs with no id are text_input_1 and text_input_2, in view order', async () => {
    const app = await renderHeadless(<Form />, WIDGETS);
    try {
      await app.client.callTool({ name: 'app.text_input_2.type_into', arguments: { text: 'Paris' } });
      await app.client.callTool({ name: 'app.text_input_1.type_into', arguments: { text: 'Ada' } });
      expect(app.lastFrame()).toContain('name=Ada city=Paris');
    } finally {
      await app.unmount();
    }
  });

  it('an explicit id still wins', async () => {
    const app = await renderHeadless(<Named />, { ...WIDGETS, nameStyle: 'dotted' });
    try {
      const names = await listed(app.client);
      expect(names).toContain('app.city.type_into');
      expect(names.some((n) => n.includes('text_input_1'))).toBe(false);
    } finally {
      await app.unmount();
    }
  });

  it('a component that declares tools but renders without an id is named in one warning', async () => {
    const warnings: string[] = [];
    const app = await renderHeadless(<Twice />, { ...WIDGETS, logger: { warn: (m) => warnings.push(m) } });
    try {
      await app.client.callTool({ name: 'app.counter.bump', arguments: {} });
      const about = warnings.filter((w) => w.includes('Anonymous'));
      expect(about).toEqual([
        'ink-mcp: <Anonymous> declares tools but renders without an id, so it offers none. Give it an `id` prop (1-32 characters of [A-Za-z0-9_-]).',
      ]);
    } finally {
      await app.unmount();
    }
  });
});
