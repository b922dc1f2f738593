// A Node bin that starts the real UI in a child with inherited stdio, as loaders do (issue #41,
// item 2): `node wrapper.js [--sync] <program> [args…]` runs the program (a Node script is run with
// this Node; `--sync`: with spawnSync), says on stderr how it ended, and exits with its code.
import { spawn, spawnSync } from 'node:child_process';

const argv = process.argv.slice(2);
const sync = argv[0] === '--sync';
const [program, ...args] = sync ? argv.slice(1) : argv;
const [file, list] = program.endsWith('.js') ? [process.execPath, [program, ...args]] : [program, args];
const done = (code) => {
  process.stderr.write(`wrapper: the child exited with code ${code}\n`);
  process.exit(code ?? 1);
};
if (sync) done(spawnSync(file, list, { stdio: 'inherit' }).status);
else spawn(file, list, { stdio: 'inherit' }).on('exit', (code, signal) => done(code ?? (signal ? 129 : 1)));
