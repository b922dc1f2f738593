import { Box, Text } from 'ink';
import { type ReactNode, useState } from 'react';
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
} from '../../components/index.js';
import { app, closeApps, KEY } from './helpers.js';

afterEach(closeApps);

/**
 * A terminal delivers several keys in one read when they come fast (tmux `send-keys BSpace BSpace`,
 * a fast typist, a paste). Each widget must end in the same state, with the same screen, as when the
 * same keys arrive one by one.
 */
async function chunkedAndOneByOne(element: () => ReactNode, chunks: readonly string[]) {
  const chunked = app(element());
  const single = app(element());
  for (const chunk of chunks) {
    await chunked.keys(chunk);
    await single.keys(...keysIn(chunk));
  }
  expect(chunked.screen()).toBe(single.screen());
  return chunked.screen();
}

/** The keys of a chunk, each as a terminal sends it alone: escape sequences whole, else a character. */
function keysIn(chunk: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal keys are what is split.
  return chunk.match(/\u001B\[[0-?]*[ -/]*[@-~]|[\s\S]/gu) ?? [];
}

const TWO_BACKSPACES = '\x7f\x7f';
const TWO_RIGHTS = `${KEY.right}${KEY.right}`;
const TWO_DOWNS = `${KEY.down}${KEY.down}`;
const TYPED_THEN_ENTER = 'ab\r';

function Field({ secret = false }: { secret?: boolean }) {
  const [value, setValue] = useState('');
  const [sent, setSent] = useState<string[]>([]);
  const Input = secret ? PasswordInput : TextInput;
  return (
    <Box flexDirection="column">
      <Input
        id="f"
        label="F"
        value={value}
        onChange={setValue}
        onSubmit={(v) => setSent([...sent, v])}
        autoFocus
      />
      <Text>
        value={JSON.stringify(value)} sent={JSON.stringify(sent)}
      </Text>
    </Box>
  );
}

const OPTIONS = ['red', 'green', 'blue', 'cyan'].map((c) => ({ label: c, value: c }));

function Draft() {
  const [draft, setDraft] = useState('');
  const [items, setItems] = useState<string[]>([]);
  const submit = (text: string) => {
    setItems([...items, text]);
    setDraft('');
  };
  return (
    <Box flexDirection="column">
      <TextInput id="d" value={draft} onChange={setDraft} onSubmit={submit} autoFocus />
      <Text>items={items.join(',')}</Text>
    </Box>
  );
}

function Colour() {
  const [value, setValue] = useState('red');
  return (
    <Box flexDirection="column">
      <Select id="c" options={OPTIONS} value={value} onChange={setValue} autoFocus />
      <Text>value={value}</Text>
    </Box>
  );
}

function Colours() {
  const [value, setValue] = useState<string[]>([]);
  const [sent, setSent] = useState('');
  return (
    <Box flexDirection="column">
      <MultiSelect
        id="m"
        options={OPTIONS}
        value={value}
        onChange={setValue}
        onSubmit={(v) => setSent(v.join('+'))}
        autoFocus
      />
      <Text>
        value={value.join('+')} sent={sent}
      </Text>
    </Box>
  );
}

function Bar() {
  const [index, setIndex] = useState(0);
  return (
    <Tabs id="t" tabs={['A', 'B', 'C', 'D']} index={index} onChange={setIndex} autoFocus>
      <Text>tab={index}</Text>
    </Tabs>
  );
}

function People() {
  const [picked, setPicked] = useState('none');
  return (
    <Box flexDirection="column">
      <Table
        id="p"
        columns={[{ key: 'name' }]}
        rows={[{ name: 'Carol' }, { name: 'Alice' }, { name: 'Bob' }, { name: 'Dan' }]}
        onSelect={(row) => setPicked(String(row.name))}
        autoFocus
      />
      <Text>picked={picked}</Text>
    </Box>
  );
}

function Box1() {
  const [checked, setChecked] = useState(false);
  return (
    <Box flexDirection="column">
      <Checkbox id="c" label="C" checked={checked} onChange={setChecked} autoFocus />
      <Text>checked={String(checked)}</Text>
    </Box>
  );
}

function Ask() {
  const [answers, setAnswers] = useState<string[]>([]);
  const [open, setOpen] = useState(true);
  const answered = (what: string) => () => {
    setAnswers([...answers, what]);
    setOpen(false);
  };
  return (
    <Box flexDirection="column">
      <ConfirmDialog
        id="q"
        message="Delete?"
        open={open}
        destructive
        onConfirm={answered('yes')}
        onCancel={answered('no')}
      />
      <Button id="again" label="Ask again" onPress={() => setOpen(true)} />
      <Text>answers={answers.join(',')}</Text>
    </Box>
  );
}

function Counter() {
  const [presses, setPresses] = useState(0);
  return (
    <Box flexDirection="column">
      <Button id="b" label="B" onPress={() => setPresses((n) => n + 1)} autoFocus />
      <Text>presses={presses}</Text>
    </Box>
  );
}

const ROWS = Array.from({ length: 10 }, (_, i) => `row ${i}`);

describe('multi-key chunks: a chunk of several keys acts as the same keys one by one', () => {
  it('TextInput: two Backspaces delete two characters, "ab\\r" types and submits', async () => {
    const screen = await chunkedAndOneByOne(() => <Field />, ['abcd', TWO_BACKSPACES, TYPED_THEN_ENTER]);
    expect(screen).toContain('value="abab" sent=["abab"]');
  });

  it('TextInput: keys after Enter in the same chunk reach the field the app left after the submit', async () => {
    const screen = await chunkedAndOneByOne(() => <Draft />, ['one\rtwo\rthr']);
    expect(screen).toContain('thr');
    expect(screen).toContain('items=one,two');
  });

  it('PasswordInput: two Backspaces and "ab\\r" (the screen shows only the mask)', async () => {
    const screen = await chunkedAndOneByOne(
      () => <Field secret />,
      ['abcd', TWO_BACKSPACES, TYPED_THEN_ENTER],
    );
    expect(screen).toContain('F: ****');
    expect(screen).toContain('sent=["abab"]');
  });

  it('Select: two ↓ move two options; "ab\\r" chooses the highlighted one', async () => {
    const screen = await chunkedAndOneByOne(() => <Colour />, [TWO_DOWNS, TYPED_THEN_ENTER]);
    expect(screen).toContain('value=blue');
  });

  it('MultiSelect: two ↓, two Spaces in one chunk, then "ab\\r" submits', async () => {
    const screen = await chunkedAndOneByOne(
      () => <Colours />,
      [' ', TWO_DOWNS, `  ${KEY.down} `, TYPED_THEN_ENTER],
    );
    expect(screen).toContain('value=red+cyan sent=red+cyan');
  });

  it('Tabs: two → move two tabs', async () => {
    const screen = await chunkedAndOneByOne(() => <Bar />, [TWO_RIGHTS, TWO_RIGHTS]);
    expect(screen).toContain('tab=3');
  });

  it('Table: two ↓ move two rows; "11" sorts by the first column then reverses it', async () => {
    const screen = await chunkedAndOneByOne(
      () => <People />,
      [TWO_DOWNS, '11', `1${KEY.down}`, TYPED_THEN_ENTER],
    );
    // Rows 0 → 2 (Bob); sorted descending then ascending, one ↓ from Bob is Carol.
    expect(screen).toContain('picked=Carol');
  });

  it('ScrollView: two ↓ scroll two rows', async () => {
    const screen = await chunkedAndOneByOne(
      () => (
        <ScrollView id="s" height={2} autoFocus>
          {ROWS.map((row) => (
            <Text key={row}>{row}</Text>
          ))}
        </ScrollView>
      ),
      [TWO_DOWNS, TWO_DOWNS, `${KEY.up}${KEY.pageDown}`],
    );
    expect(screen).toContain('row 5');
    expect(screen).toContain('row 6');
  });

  it('Checkbox: two Spaces toggle twice; "ab\\r" toggles once', async () => {
    const screen = await chunkedAndOneByOne(() => <Box1 />, ['  ', TYPED_THEN_ENTER]);
    expect(screen).toContain('checked=true');
  });

  it('ConfirmDialog: two ← come back to the safe answer, "ab\\r" answers it, and "yy" answers once', async () => {
    const screen = await chunkedAndOneByOne(
      () => <Ask />,
      [
        `${KEY.left}${KEY.left}`,
        TYPED_THEN_ENTER,
        // Focus went back to nothing (no ink-mcp widget had it): Tab to the button, press it twice.
        '\t',
        '  ',
        'yy',
      ],
    );
    expect(screen).toContain('answers=no,yes');
  });

  it('Button: two Spaces press twice; "ab\\r" presses once', async () => {
    const screen = await chunkedAndOneByOne(() => <Counter />, ['  ', TYPED_THEN_ENTER]);
    expect(screen).toContain('presses=3');
  });
});
