import * as ui from '@inkjs/ui';
import { Indicator, default as SelectInput } from 'ink-select-input';
import TextInput from 'ink-text-input';
import { describe, expect, it } from 'vitest';
import '../../components/index.js';
import {
  inkSelectIndicatorProvider,
  inkSelectInputProvider,
} from '../../components/adapters/ink-select-input.js';
import { inkTextInputProvider } from '../../components/adapters/ink-text-input.js';
import * as uiAdapters from '../../components/adapters/inkjs-ui.js';
import { defaultTypeMap, registerDefaultProvider } from '../../src/registry/default-type-map.js';

describe('the default type map', () => {
  it('maps each adapted component (by the component itself) once ink-mcp/components is loaded', () => {
    const map = defaultTypeMap() as ReadonlyMap<unknown, unknown>;
    expect(map.get(TextInput)).toBe(inkTextInputProvider);
    expect(map.get(SelectInput)).toBe(inkSelectInputProvider);
    expect(map.get(Indicator)).toBe(inkSelectIndicatorProvider);
    expect(map.get(ui.TextInput)).toBe(uiAdapters.uiTextInputProvider);
    expect(map.get(ui.EmailInput)).toBe(uiAdapters.uiEmailInputProvider);
    expect(map.get(ui.PasswordInput)).toBe(uiAdapters.uiPasswordInputProvider);
    expect(map.get(ui.ConfirmInput)).toBe(uiAdapters.uiConfirmInputProvider);
    expect(map.get(ui.Select)).toBe(uiAdapters.uiSelectProvider);
    expect(map.get(ui.MultiSelect)).toBe(uiAdapters.uiMultiSelectProvider);
    expect(map.size).toBe(9);
    expect([...map.keys()].some((key) => typeof key === 'string')).toBe(false);
  });

  it('is built once per change: the same Map until a registration changes it', () => {
    const before = defaultTypeMap();
    expect(defaultTypeMap()).toBe(before);
    const provider = { mcpTools: () => [] };
    const remove = registerDefaultProvider('Gauge', provider);
    const during = defaultTypeMap() as ReadonlyMap<unknown, unknown>;
    expect(during).not.toBe(before);
    expect(during.get('Gauge')).toBe(provider);
    expect((before as ReadonlyMap<unknown, unknown>).has('Gauge')).toBe(false);
    remove();
    expect((defaultTypeMap() as ReadonlyMap<unknown, unknown>).has('Gauge')).toBe(false);
  });
});
