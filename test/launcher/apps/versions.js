// chat.js, after saying on stderr which Ink and React sit beside it (copied with it into a folder
// with its own node_modules).
import { readFileSync } from 'node:fs';

const version = (name) =>
  JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
process.stderr.write(`versions: ink ${version('ink')} react ${version('react')}\n`);
await import('./chat.js');
