// Loaded before ink-mcp's preload (NODE_OPTIONS=--import=…): a React DevTools hook that cannot be
// watched, as a hostile or careless tool might leave it (test/launcher/refusals.test.ts).
const KEY = '__REACT_DEVTOOLS_GLOBAL_HOOK__';
if (process.env.HOSTILE_HOOK === 'getter')
  Object.defineProperty(globalThis, KEY, {
    configurable: false,
    get() {
      throw new Error('hands off the hook');
    },
  });
else globalThis[KEY] = Object.freeze({ supportsFiber: true, inject: () => 1, onCommitFiberRoot() {} });
