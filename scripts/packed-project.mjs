// A new, empty folder with this repository's `npm pack` tarball in it, as a user meets the package:
// shared by the checks that install it there (check-quickstart.mjs, check-packed-apps.mjs). Installs
// prefer npm's cache, so a machine that ran `npm ci` here needs little or no network.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The version of a package installed under `root` (a project's folder). */
export function installedVersion(root, name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** Says what a check does next, on stdout (a check is read as a log). */
export function step(text) {
  process.stdout.write(`\n-- ${text}\n`);
}

/**
 * Packs the repository into a new folder under the system's temporary one (`<prefix>…`), with an
 * empty `project` folder beside the tarball and a private `.runtime` folder for connection files.
 * `shell(command)` runs a line there (bash, failing on the first error) or throws, naming it.
 */
export function packedProject(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const runtime = join(dir, '.runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const env = {
    ...process.env,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    // An attached app writes its connection file here (see "Try the example" in the README).
    XDG_RUNTIME_DIR: runtime,
  };
  step(`npm pack (into ${dir})`);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repo, encoding: 'utf8' }),
  );
  const tarball = join(dir, packed[0].filename);
  const project = join(dir, 'project');
  mkdirSync(project);
  return {
    dir,
    runtime,
    env,
    tarball,
    project,
    shell(command) {
      step(command);
      // Its output is shown only when it fails: npm's own (the package.json `npm init -y` wrote, the
      // install's summary) would fill CI's log and says nothing once the line has passed.
      const result = spawnSync('bash', ['-euo', 'pipefail', '-c', command], {
        cwd: project,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      if (result.status !== 0)
        throw new Error(`"${command}" exited with ${result.status}:\n${result.stdout}${result.stderr}`);
    },
    /** The version of a package installed in the project. */
    installed: (name) => installedVersion(project, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Resolves once `check()` holds (polled every 100 ms), or with false after `ms`: a bound, not a pace. */
async function until(check, ms) {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Runs `file args` attached, as a person does: in a real pseudo-terminal (80 × 24, CI unset: under
 * CI=true Ink draws only the last frame), in `cwd`, writing its connection file under `runtime` (a
 * folder of its own: headless sessions offer theirs to `ink-mcp watch` there too). Once that file is
 * there and the token it holds is on the terminal (the banner), an MCP client connects over HTTP
 * with it. `close()` closes the client and the terminal.
 */
export async function attachInPty({ file, args, cwd, env, runtime, clientName }) {
  const { CI: _ci, ...terminalEnv } = env;
  const term = pty.spawn(file, args, {
    cwd,
    env: { ...terminalEnv, XDG_RUNTIME_DIR: runtime },
    cols: 80,
    rows: 24,
    name: 'xterm',
  });
  let shown = '';
  term.onData((data) => {
    shown += data;
  });
  let client;
  try {
    const folder = join(runtime, 'ink-mcp');
    let name;
    const found = await until(() => {
      name = existsSync(folder) ? readdirSync(folder).find((f) => f.endsWith('.json')) : undefined;
      return name !== undefined;
    }, 60_000);
    if (!found) throw new Error(`attached: no connection file; the terminal showed:\n${shown}`);
    const { url, token } = JSON.parse(readFileSync(join(folder, name), 'utf8'));
    // The file is written just before the banner goes to stderr, and the pty hands the banner to this
    // process some time later (on a loaded machine, after the poll above has found the file).
    if (!(await until(() => shown.includes(token), 10_000))) {
      throw new Error(`attached: the token was not printed; the terminal showed:\n${shown}`);
    }
    client = new Client({ name: clientName, version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
  } catch (error) {
    term.kill();
    throw error;
  }
  return {
    client,
    shown: () => shown,
    close: async () => {
      await client.close();
      term.kill();
    },
  };
}
