import { Box, Text } from 'ink';
import InkTextInput, { UncontrolledTextInput as InkUncontrolled } from 'ink-text-input';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { withId } from '../../../components/index.js';
import type { McpTypeMap } from '../../../src/react/index.js';
import { defaultTypeMap } from '../../../src/registry/default-type-map.js';
import { app, closeApps, KEY, resultOf } from '../helpers.js';

afterEach(closeApps);

const TextInput = withId(InkTextInput);
const UncontrolledTextInput = withId(InkUncontrolled);
// Until <McpSession> merges the default type map under its own, pass it in.
const typeMap = defaultTypeMap() as McpTypeMap;

function Form({ mask }: { mask?: string }) {
  const [value, setValue] = useState('Ada');
  const [sent, setSent] = useState('');
  return (
    <Box flexDirection="column">
      <TextInput id="name" value={value} onChange={setValue} onSubmit={setSent} {...(mask ? { mask } : {})} />
      <Text>
        value={value} sent={sent}
      </Text>
    </Box>
  );
}

describe('ink-text-input adapter', () => {
  it('offers the TextInput vocabulary and drives the component through its props', async () => {
    const a = app(<Form />, { typeMap });
    expect(a.tools()).toEqual([
      'name.type_into',
      'name.append',
      'name.clear',
      'name.submit',
      'name.get_value',
    ]);
    await a.call('name.type_into', { text: 'Grace' });
    await a.call('name.append', { text: ' H' });
    expect(a.screen()).toContain('value=Grace H');
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: 'Grace H' });
    await a.call('name.submit');
    expect(a.screen()).toContain('sent=Grace H');
    await a.call('name.clear');
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: '' });
  });

  it('still takes a person’s typing, which the agent then reads', async () => {
    const a = app(<Form />, { typeMap });
    await a.keys('!', KEY.backspace, '?', KEY.enter);
    expect(a.screen()).toContain('sent=Ada?');
    expect(resultOf(await a.call('name.get_value'))).toEqual({ value: 'Ada?' });
  });

  it('covers UncontrolledTextInput, which hands its id to the TextInput inside', async () => {
    const a = app(<UncontrolledTextInput id="q" initialValue="x" />, { typeMap });
    await a.call('q.append', { text: 'yz' });
    expect(resultOf(await a.call('q.get_value'))).toEqual({ value: 'xyz' });
  });

  it('treats a masked input as a password: sensitive actions, no get_value, the value nowhere', async () => {
    const a = app(<Form mask="*" />, { typeMap, authorize: () => 'allow' });
    expect(a.tools()).toEqual(['name.type_into', 'name.clear', 'name.submit']);
    expect(a.hub.list().every((tool) => tool.annotations.sensitive === true)).toBe(true);
    await a.call('name.type_into', { text: 's3cr3t-XYZ' });
    expect(JSON.stringify(a.answers)).not.toContain('s3cr3t');
    expect(a.screen()).toContain('**********');
  });

  it('is offered under an automatic id without an id, and not at all without onChange', async () => {
    const a = app(
      <Box flexDirection="column">
        <InkTextInput value="" onChange={() => {}} />
        <TextInput id="ro" value="" onChange={undefined as never} />
      </Box>,
      { typeMap },
    );
    expect(a.tools().every((name) => name.startsWith('text_input_1.'))).toBe(true);
    expect(a.tools()).toContain('text_input_1.type_into');
  });
});
