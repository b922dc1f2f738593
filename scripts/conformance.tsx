/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * `npm run conformance [-- --spec-version <revision>]`: serves scripts/conformance-app.tsx through
 * ink-mcp over Streamable HTTP with a chosen token, runs every server scenario of the official suite
 * (@modelcontextprotocol/conformance) against it, and prints one line per scenario and a final
 * `conformance: P passed, F failed, N not applicable (protocol …, suite …)`. Exits 1 when F > 0.
 *
 * The suite is the pinned devDependency (0.1.13, the 2025 era on Node 20) unless
 * `INK_MCP_CONFORMANCE_BIN` names another release's `dist/index.js`. `--spec-version` (releases
 * 0.2.x, which need Node 22) picks the protocol revision the scenarios speak: `2025-11-25` (the
 * initialize handshake, sessions) or `2026-07-28` (per-request `_meta`, no session); one ink-mcp
 * endpoint serves both, as it serves every client. Without it the suite runs at its own default.
 *
 * The suite cannot send a bearer token (its `server` command takes only a URL), so it talks to a
 * local proxy that adds the header, as a proxy in front of ink-mcp would. The proxy rewrites a
 * loopback Host naming its own port to the server's, and passes every other Host and Origin through,
 * so the DNS-rebinding checks still reach ink-mcp's own guard.
 * The suite has no command (stdio) mode for servers; stdio is covered by test/server/stdio.test.ts,
 * test/server/both-eras.test.tsx and test/server/listen.test.tsx.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from 'ink';
import { createMcpServer } from '../src/index.js';
import { createMemoryTerminal } from '../src/testing/index.js';
import { ConformanceApp, reconnectionTool } from './conformance-app.js';
import { type Check, verdict } from './conformance-verdicts.js';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The pinned suite; `INK_MCP_CONFORMANCE_BIN` names another release's `dist/index.js` (CI's Node 22 leg runs newer ones). */
const suiteBin =
  process.env.INK_MCP_CONFORMANCE_BIN ??
  join(here, '../node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** The `--spec-version` asked for, passed on to the suite; or an error message. */
function specVersion(argv: readonly string[]): { version?: string } | { error: string } {
  const at = argv.indexOf('--spec-version');
  if (at < 0) return {};
  const version = argv[at + 1];
  return version !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(version)
    ? { version }
    : { error: 'conformance: --spec-version takes a protocol revision, e.g. --spec-version 2026-07-28' };
}

/** The suite's release, from the package.json beside its `dist/`. */
function suiteVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(suiteBin), '../package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  const spec = specVersion(process.argv.slice(2));
  if ('error' in spec) {
    console.error(spec.error);
    return 2;
  }
  const token = `conformance-${randomBytes(24).toString('base64url')}`;
  const server = createMcpServer({
    logger: { warn: () => {}, info: () => {}, error: (m) => process.stderr.write(`${m}\n`) },
    tools: [reconnectionTool],
    // The suite calls its scenarios' tools by name (json_schema_2020_12_tool, …): each is a widget
    // action of the fixture app, listed as a tool of its own on the widgets surface.
    surface: 'widgets',
    // The fixture's sensitive actions ask the client (2026-07-28: input_required; 2025: elicitation).
    authorize: () => 'ask',
  });
  const terminal = createMemoryTerminal(80, 10);
  const ink = render(<ConformanceApp server={server} />, {
    stdout: terminal.stdout as unknown as NodeJS.WriteStream,
    stderr: terminal.stderr as unknown as NodeJS.WriteStream,
    stdin: terminal.stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const endpoint = await server.listen({ token });
  const target = new URL(endpoint.url);
  const proxy = createServer((req, res) => {
    const host = req.headers.host ?? '';
    const loopback = /^(127\.0\.0\.1|localhost|\[::1\]):(\d+)$/.exec(host);
    const headers = {
      ...req.headers,
      host: loopback?.[2] === String(proxyPort()) ? `${loopback[1]}:${target.port}` : host,
      authorization: `Bearer ${token}`,
    };
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = () => (proxy.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${proxyPort()}/mcp`;

  const out = mkdtempSync(join(tmpdir(), 'ink-mcp-conformance-'));
  try {
    const args = [suiteBin, 'server', '--url', url, '--suite', 'all', '-o', out];
    if (spec.version !== undefined) args.push('--spec-version', spec.version);
    const suiteErrors = await new Promise<string>((resolve) => {
      // Its exit code counts N/A scenarios as failures too: the checks decide, below.
      execFile(process.execPath, args, { timeout: 240_000 }, (_error, _stdout, stderr) => resolve(stderr));
    });
    const results = readResults(out);
    const counts = { pass: 0, fail: 0, 'n/a': 0 };
    for (const [scenario, checks] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
      const { outcome, line } = verdict(scenario, checks);
      counts[outcome]++;
      console.log(line);
    }
    if (results.size === 0) {
      counts.fail++;
      console.log(
        `  FAIL  the suite produced no results: ${suiteErrors.trim().split('\n').slice(-5).join(' / ')}`,
      );
    }
    console.log(
      `conformance: ${counts.pass} passed, ${counts.fail} failed, ${counts['n/a']} not applicable ` +
        `(protocol ${spec.version ?? "the suite's default"}, suite ${suiteVersion()})`,
    );
    return counts.fail > 0 ? 1 : 0;
  } finally {
    rmSync(out, { recursive: true, force: true });
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
    });
    await server.close();
    ink.unmount();
  }
}

/** Each scenario's checks, from the suite's output folder (one folder per scenario run). */
function readResults(dir: string): Map<string, Check[]> {
  const results = new Map<string, Check[]>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T.+$/.exec(entry.name);
    const scenario = match?.[1] ?? entry.name;
    try {
      results.set(
        scenario,
        JSON.parse(readFileSync(join(dir, entry.name, 'checks.json'), 'utf8')) as Check[],
      );
    } catch {
      results.set(scenario, [
        { id: 'checks.json', status: 'FAILURE', errorMessage: 'no readable checks.json' },
      ]);
    }
  }
  return results;
}

process.exitCode = await main();
