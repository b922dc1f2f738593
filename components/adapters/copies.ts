import { registerDefaultProvider, type ToolProvider } from '../../src/index.js';
import { inkSelectIndicatorProvider, inkSelectInputProvider } from './ink-select-input.js';
import { inkTextInputProvider } from './ink-text-input.js';

/**
 * The components of one copy of a widget library, by the library's name: what index.ts registers
 * for the copy beside the app, for any other copy the app loaded (one nested under a form library,
 * of another version), as the preload finds them (src/register/hooks.ts). Their props are the same
 * across the versions adapted (ink-text-input 5–6, ink-select-input 5–6).
 */
const COMPONENTS: Record<string, (module: Record<string, unknown>) => Array<[unknown, ToolProvider]>> = {
  'ink-text-input': (module) => [[module.default, inkTextInputProvider]],
  'ink-select-input': (module) => [
    [module.default, inkSelectInputProvider],
    [module.Indicator, inkSelectIndicatorProvider],
  ],
};

/** Registers the adapters for a copy of `library`; false for a library no adapter knows. */
export function adaptCopy(library: string, module: object): boolean {
  const components = COMPONENTS[library];
  if (!components) return false;
  for (const [component, provider] of components(module as Record<string, unknown>)) {
    if ((typeof component === 'function' || typeof component === 'object') && component !== null)
      registerDefaultProvider(component, provider);
  }
  return true;
}
