import { registerDefaultProvider, type ToolProvider } from '../../src/index.js';

/*
 * The default type map's adapters: each third-party package that resolves gets its components
 * mapped (by the component itself, not its name) to a provider speaking the built-in widgets'
 * vocabulary. A package that is not installed is skipped without a word: they are optional peers.
 */

async function adapt(load: () => Promise<Array<[unknown, ToolProvider]>>): Promise<void> {
  let entries: Array<[unknown, ToolProvider]>;
  try {
    entries = await load();
  } catch {
    return;
  }
  for (const [component, provider] of entries) {
    if ((typeof component === 'function' || typeof component === 'object') && component !== null) {
      registerDefaultProvider(component, provider);
    }
  }
}

await Promise.all([
  adapt(async () => {
    const [{ default: TextInput }, { inkTextInputProvider }] = await Promise.all([
      import('ink-text-input'),
      import('./ink-text-input.js'),
    ]);
    return [[TextInput, inkTextInputProvider]];
  }),
  adapt(async () => {
    const [{ default: SelectInput, Indicator }, adapters] = await Promise.all([
      import('ink-select-input'),
      import('./ink-select-input.js'),
    ]);
    return [
      [SelectInput, adapters.inkSelectInputProvider],
      [Indicator, adapters.inkSelectIndicatorProvider],
    ];
  }),
  adapt(async () => {
    const [ui, adapters] = await Promise.all([import('@inkjs/ui'), import('./inkjs-ui.js')]);
    return [
      [ui.TextInput, adapters.uiTextInputProvider],
      [ui.EmailInput, adapters.uiEmailInputProvider],
      [ui.PasswordInput, adapters.uiPasswordInputProvider],
      [ui.ConfirmInput, adapters.uiConfirmInputProvider],
      [ui.Select, adapters.uiSelectProvider],
      [ui.MultiSelect, adapters.uiMultiSelectProvider],
    ];
  }),
]);
