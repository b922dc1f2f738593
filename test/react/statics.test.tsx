// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state (setters, flags).
import { Box, Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { Component, forwardRef, memo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { McpSession, type McpTypeMap, useMcpTools } from '../../src/react/index.js';
import { registerDefaultProvider } from '../../src/registry/default-type-map.js';
import type { ActionSpec, ToolProvider, ViewNode } from '../../src/walker/types.js';
import { actionsOf, fakeHost, find, mount, shape, turn } from './helpers.js';

afterEach(() => cleanup());

interface ButtonProps {
  id: string;
  label: string;
  disabled?: boolean;
  onPress?: () => void;
}

function Button(props: ButtonProps) {
  return <Text>[{props.label}]</Text>;
}
Button.mcpTools = (props: ButtonProps): ActionSpec[] =>
  props.disabled
    ? []
    : [{ name: 'press', description: `Press ${props.label}`, run: () => props.onPress?.() }];

const pressSpec = (label: string) => (attrs: Record<string, unknown>, _node: ViewNode) =>
  attrs.disabled ? [] : [{ name: 'press', description: `Press ${label}`, run: () => {} }];

describe('static mcpTools', () => {
  it('makes a function component a node with id = props.id and attrs = props without children', () => {
    const WithChildren = Button as (props: ButtonProps & { children?: React.ReactNode }) => React.ReactNode;
    const { source } = mount(
      <WithChildren id="ok" label="OK">
        <Text>child</Text>
      </WithChildren>,
    );
    const [node] = source.current();
    expect(node).toMatchObject({ type: 'Button', id: 'ok' });
    expect(Object.keys(node!.attrs)).toEqual(['id', 'label']);
    expect(node!.provider!.mcpTools(node!.attrs, node!)[0]).toMatchObject({ description: 'Press OK' });
  });

  it('is found on a class component', () => {
    class Toggle extends Component<{ id: string }> {
      static mcpTools = () => [{ name: 'flip', run: () => {} }];
      override render() {
        return <Text>toggle</Text>;
      }
    }
    const { source } = mount(<Toggle id="t1" />);
    expect(shape(source.current())).toBe('Toggle#t1');
    expect(actionsOf(source.current()[0])).toEqual(['flip']);
  });

  it('is found through memo, memo with compare, and forwardRef (on the wrapper or the inner function)', () => {
    const Plain = memo(Button);
    const Compared = memo(Button, (a, b) => a.label === b.label);
    const OnWrapper = Object.assign(
      memo(function Labelled(props: { id: string }) {
        return <Text>{props.id}</Text>;
      }),
      { mcpTools: pressSpec('wrapper') },
    );
    const OnWrapperCompared = Object.assign(
      memo(
        function Compared2(props: { id: string }) {
          return <Text>{props.id}</Text>;
        },
        () => false,
      ),
      { mcpTools: pressSpec('wrapper') },
    );
    function Inner(props: { id: string }) {
      return <Text>{props.id}</Text>;
    }
    Inner.mcpTools = pressSpec('inner');
    const Forwarded = forwardRef<unknown, { id: string }>((props, _ref) => Inner(props));
    Forwarded.displayName = 'Forwarded';
    const ForwardedStatic = Object.assign(
      forwardRef<unknown, { id: string }>(function FS(props, _ref) {
        return <Text>{props.id}</Text>;
      }),
      { mcpTools: pressSpec('fs') },
    );
    const MemoOfForward = memo(ForwardedStatic);
    const { source } = mount(
      <Box>
        <Plain id="plain" label="P" />
        <Compared id="compared" label="C" />
        <OnWrapper id="wrapper" />
        <OnWrapperCompared id="wrapper2" />
        <Forwarded id="no-static" />
        <ForwardedStatic id="fwd" />
        <MemoOfForward id="memo-fwd" />
      </Box>,
    );
    expect(shape(source.current())).toBe(
      'Button#plain, Button#compared, Labelled#wrapper, Compared2#wrapper2, FS#fwd, FS#memo-fwd',
    );
    for (const node of source.current()) expect(actionsOf(node)).toEqual(['press']);
  });

  it('takes `mcpType` as the node type when given', () => {
    function Fancy(_props: { id: string }) {
      return null;
    }
    Fancy.mcpType = 'button';
    Fancy.mcpTools = pressSpec('fancy');
    const { source } = mount(<Fancy id="f" />);
    expect(shape(source.current())).toBe('button#f');
  });

  it('keeps one provider per component across commits', async () => {
    let relabel: (label: string) => void = () => {};
    function Screen() {
      const [label, setLabel] = useState('A');
      relabel = setLabel;
      return <Button id="b" label={label} />;
    }
    const { source } = mount(<Screen />);
    const before = source.current()[0]!;
    relabel('B');
    await source.settled();
    const after = source.current()[0]!;
    expect(after).not.toBe(before);
    expect(after.attrs.label).toBe('B');
    expect(after.provider).toBe(before.provider);
  });

  it('is seen on demand by snapshot() when it renders nothing and only its props changed', async () => {
    function Hidden(_props: { id: string; armed: boolean }) {
      return null;
    }
    Hidden.mcpTools = (props: { armed: boolean }) => (props.armed ? [{ name: 'fire', run: () => {} }] : []);
    let arm: () => void = () => {};
    function Screen() {
      const [armed, setArmed] = useState(false);
      arm = () => setArmed(true);
      return (
        <Box>
          <Text>fixed</Text>
          <Hidden id="h" armed={armed} />
        </Box>
      );
    }
    const { source } = mount(<Screen />);
    arm();
    await source.settled();
    expect(actionsOf(find(source.snapshot(), 'h'))).toEqual(['fire']);
  });
});

describe('typeMap', () => {
  function ThirdParty(props: { id: string; label: string }) {
    return <Text>{props.label}</Text>;
  }
  const adapter: ToolProvider = {
    mcpTools: (attrs) => [{ name: 'click', description: String(attrs.label), run: () => {} }],
  };

  it('makes an unmodified component a provider, keyed by the component', () => {
    const { source, session } = mount(<ThirdParty id="x" label="hi" />, {
      typeMap: new Map([[ThirdParty, adapter]]),
    });
    expect(shape(source.current())).toBe('ThirdParty#x');
    expect(source.current()[0]!.provider).toBe(adapter);
    expect(session.id).toBe('t');
  });

  it('keyed by display name, with a component key winning and null switching a static off', () => {
    const other: ToolProvider = { mcpTools: () => [{ name: 'other', run: () => {} }] };
    const { source } = mount(
      <Box>
        <ThirdParty id="x" label="hi" />
        <Button id="b" label="B" />
      </Box>,
      {
        typeMap: new Map<object | string, ToolProvider | null>([
          ['ThirdParty', other],
          [ThirdParty, adapter],
          ['Button', null],
        ]),
      },
    );
    expect(shape(source.current())).toBe('ThirdParty#x');
    expect(actionsOf(source.current()[0])).toEqual(['click']);
  });

  it('accepts a plain object keyed by display name', () => {
    const { source } = mount(<ThirdParty id="x" label="hi" />, { typeMap: { ThirdParty: adapter } });
    expect(source.current()[0]!.provider).toBe(adapter);
  });

  it('follows a type map given later, in a commit that changes no host node', async () => {
    const host = fakeHost();
    const child = <ThirdParty id="x" label="hi" />; // the same element: React bails out below
    let setTypeMap: (map: McpTypeMap) => void = () => {};
    function Screen() {
      const [typeMap, set] = useState<McpTypeMap | undefined>(undefined);
      setTypeMap = set;
      return (
        <McpSession id="t" server={host} builtinTools={false} typeMap={typeMap}>
          {child}
        </McpSession>
      );
    }
    render(<Screen />);
    const { source } = host.sessions[0]!;
    expect(source.current()).toEqual([]);
    setTypeMap({ ThirdParty: adapter });
    await turn();
    await turn();
    expect(source.current()[0]?.provider).toBe(adapter);
  });

  it('merges the default type map under its own: a user entry (even by name, even null) wins', () => {
    const fallback: ToolProvider = { mcpTools: () => [{ name: 'fallback', run: () => {} }] };
    function Other(_props: { id: string }) {
      return null;
    }
    const removals = [
      registerDefaultProvider(ThirdParty, fallback),
      registerDefaultProvider(Other, fallback),
    ];
    try {
      const plain = mount(
        <Box>
          <ThirdParty id="x" label="hi" />
          <Other id="o" />
        </Box>,
      );
      expect(plain.source.current().map((node) => node.provider)).toEqual([fallback, fallback]);
      const over = mount(
        <Box>
          <ThirdParty id="x" label="hi" />
          <Other id="o" />
        </Box>,
        { typeMap: { ThirdParty: adapter, Other: null } },
      );
      expect(over.source.current().map((node) => node.provider)).toEqual([adapter]);
    } finally {
      for (const remove of removals) remove();
    }
  });

  it('does not switch off a component’s own useMcpTools', () => {
    function Hooked() {
      useMcpTools('h', { go: { run: () => {} } });
      return null;
    }
    const { source } = mount(<Hooked />, { typeMap: { Hooked: null } });
    expect(actionsOf(find(source.current(), 'h'))).toEqual(['go']);
  });
});
