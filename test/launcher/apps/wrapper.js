// A Node bin that starts the real UI in a child with inherited stdio, as loaders do (issue #41,
// item 2): `node wrapper.js <program> [args…]` runs the program (a Node script is run with this
// Node) and exits with its code.
import { spawn } from 'node:child_process';

const [program, ...args] = process.argv.slice(2);
const child = program.endsWith('.js')
  ? spawn(process.execPath, [program, ...args], { stdio: 'inherit' })
  : spawn(program, args, { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 129 : 1)));
