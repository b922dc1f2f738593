// A new, empty folder with this repository's `npm pack` tarball in it, as a user meets the package:
// shared by the checks that install it there (check-quickstart.mjs, check-packed-apps.mjs). Installs
// prefer npm's cache, so a machine that ran `npm ci` here needs little or no network.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
      const result = spawnSync('bash', ['-euo', 'pipefail', '-c', command], {
        cwd: project,
        env,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error(`"${command}" exited with ${result.status}`);
    },
    /** The version of a package installed in the project. */
    installed: (name) => installedVersion(project, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
