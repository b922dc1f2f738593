// The entry of an unchanged TSX app from source (run with `npx tsx`): a shop that asks for a
// quantity in an ink-text-input once an item is picked.
import './quantity.js';
