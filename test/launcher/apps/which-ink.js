// counter.js, then says on stderr which copy of Ink rendered it: a test marks its copy's Text.js
// with `globalThis.inkCopyLoaded`. Copied beside counter.js into a folder with an Ink of its own.
import './counter.js';

setTimeout(() => process.stderr.write(`ink copy: ${globalThis.inkCopyLoaded}\n`), 50);
