// A Node bin that starts its UI through a shell (which the launcher does not follow), as some loaders
// do: the program behind it finds no terminal and exits 1, saying so (test/launcher/wrappers.test.ts).
import { spawnSync } from 'node:child_process';

const ui = new URL('./needs-tty.sh', import.meta.url).pathname;
process.exit(spawnSync('sh', ['-c', `'${ui}'`], { stdio: 'inherit' }).status ?? 1);
