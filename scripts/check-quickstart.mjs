#!/usr/bin/env node
// The README's front door, checked the way a newcomer meets it: in a new, empty folder, run the
// "Quick start" and "Testing with ink-mcp/testing" sections verbatim (their shell lines, and every
// file block whose first line names the file), with `ink-mcp` installed from this repository's
// `npm pack` tarball. The app commands are run the way a person and an agent would: the headless one
// under a real MCP client over stdio, the attached one in a real pseudo-terminal, connected over HTTP
// with the connection file it writes. Installs prefer npm's cache, so a machine that ran `npm ci`
// here needs little or no network. Usage: `node scripts/check-quickstart.mjs` (after `npm run build`).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { attachInPty, packedProject, repo, step } from './packed-project.mjs';

const readme = readFileSync(join(repo, 'README.md'), 'utf8');
const SECTIONS = ['## Quick start', '## Testing with `ink-mcp/testing`'];
const APP = /^npx tsx main\.tsx( --stdio)?$/;

/** The fenced blocks of one `## ` section, in order. */
function blocks(heading) {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`check-quickstart: the README has no section "${heading}"`);
  const end = readme.indexOf('\n## ', start + heading.length + 2);
  const text = readme.slice(start, end < 0 ? undefined : end);
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, lang, body]) => ({ lang, body }));
}

const { env, project, runtime, shell, installed, tarball, remove } = packedProject('ink-mcp-quickstart-');

const appCommands = [];
for (const section of SECTIONS) {
  for (const { lang, body } of blocks(section)) {
    const name = /^(?:\/\/|#) ([\w.-]+\.(?:tsx?|jsonc?))\b/.exec(body)?.[1];
    if (name) {
      step(`write ${name}`);
      writeFileSync(join(project, name), body);
      continue;
    }
    if (lang !== 'sh') continue;
    for (const raw of body.split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      if (line === '' || line.startsWith('#')) continue;
      if (APP.test(line)) {
        appCommands.push(line);
        continue;
      }
      // The one change: `ink-mcp` comes from this repository's tarball, not the registry.
      const command = line.startsWith('npm install') ? line.replace(/ ink-mcp\b/, ` ${tarball}`) : line;
      shell(command);
    }
  }
}
step(`installed on Node ${process.versions.node}: ink ${installed('ink')}, react ${installed('react')}`);
if (!appCommands.includes('npx tsx main.tsx --stdio') || !appCommands.includes('npx tsx main.tsx')) {
  throw new Error('check-quickstart: the Quick start no longer shows how to run main.tsx both ways');
}

/** Lists the nine tools the Quick start promises, calls counter_act (counter.add {n: 3}) and checks the answer. */
async function addThree(client, how) {
  const { tools } = await client.listTools();
  if (tools.length !== 9 || !tools.some((t) => t.name === 'counter_act')) {
    throw new Error(`check-quickstart: ${how}: listed ${tools.map((t) => t.name).join(', ')}`);
  }
  const args = { widget: 'counter', action: 'add', args: '{"n":3}' };
  const result = await client.callTool({ name: 'counter_act', arguments: args });
  const text = result.content.map((c) => c.text ?? '').join('\n');
  const value = JSON.parse(text.split('\n\nScreen after the call:', 1)[0]);
  if (
    result.isError ||
    value.count !== 3 ||
    !text.includes('Count: 3') ||
    !text.includes('counter.add {n: integer}')
  ) {
    throw new Error(`check-quickstart: ${how}: unexpected answer ${JSON.stringify(result)}`);
  }
  step(`${how}: 9 tools; counter_act counter.add {"n":3} answered {"count":3}, "Count: 3" and the actions`);
}

step('npx tsx main.tsx --stdio, under an MCP client');
const stdio = new Client({ name: 'check-quickstart', version: '1' });
await stdio.connect(
  new StdioClientTransport({ command: 'npx', args: ['tsx', 'main.tsx', '--stdio'], cwd: project, env }),
);
await addThree(stdio, 'headless');
await stdio.close();

step('npx tsx main.tsx, in a pseudo-terminal, over HTTP');
const attached = await attachInPty({
  file: 'npx',
  args: ['tsx', 'main.tsx'],
  cwd: project,
  env,
  runtime,
  clientName: 'check-quickstart',
}).catch((error) => {
  throw new Error(`check-quickstart: ${error.message}`);
});
try {
  await addThree(attached.client, 'attached');
} finally {
  await attached.close();
}

remove();
step('the Quick start and the testing example work verbatim');
