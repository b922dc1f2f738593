// The entry of an unchanged two-file TSX app, laid out as Ink's own examples are (index.ts imports
// the component file, which renders), for `npx tsx`.
import './chat.js';
