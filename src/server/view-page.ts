import { VERSION } from '../util/version.js';

/** What one copy of the view page is made for. */
export interface ViewPageOptions {
  sessionId: string;
  /** The view key of this copy (src/server/view-guard.ts). */
  key: string;
  /** The listed names of the session's app-only tools. */
  readTool: string;
  answerTool: string;
}

/** The MCP Apps protocol version the page speaks (SEP-1865, stable 2026-01-26). */
const UI_PROTOCOL = '2026-01-26';

/**
 * The session's MCP App view: one self-contained HTML file (no request leaves it, so it works under
 * the host's deny-by-default CSP) that speaks the MCP Apps postMessage protocol itself. It asks the
 * server, through the host, for the screen and the open question (the app-only read tool waits for a
 * change, so the view follows the app), and sends the person's approve or deny. The screen arrives as
 * the watcher's HTML (src/screen/screen-html.ts, which escapes every character of it); everything
 * else an app or an agent wrote (the question) is put into the page as text (`textContent`).
 */
export function viewPage(options: ViewPageOptions): string {
  const config = jsonForScript({ ...options, version: VERSION, protocol: UI_PROTOCOL });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ink-mcp: ${options.sessionId}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span id="title"></span><span id="status" role="status">connecting…</span></header>
<section id="question" hidden aria-live="assertive">
<p id="position"></p>
<pre id="question-text"></pre>
<div class="buttons"><button id="approve" type="button" disabled>Approve</button><button id="deny" type="button">Deny</button></div>
</section>
<p id="hold" hidden></p>
<div id="screen" aria-label="The app's screen"></div>
<script type="application/json" id="ink-mcp-view">${config}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** JSON that cannot end its script element or open a comment inside it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const STYLE = `
:root { color-scheme: dark; --fg: #d4d4d4; --bg: #1e1e1e; --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
body { margin: 0; padding: 8px; background: var(--bg); color: var(--fg); font: 13px/1.35 var(--mono); }
header { display: flex; justify-content: space-between; gap: 12px; color: #9d9d9d; margin-bottom: 6px; }
#screen { overflow-x: auto; }
#hold { margin: 0 0 6px; color: #d7ba7d; }
#question { border: 2px solid #d7ba7d; border-radius: 4px; padding: 8px; margin-bottom: 8px; background: #2d2a1e; }
#question p { margin: 0 0 4px; color: #d7ba7d; }
#question-text { margin: 0 0 8px; white-space: pre-wrap; word-break: break-word; font: inherit; }
.buttons { display: flex; gap: 8px; }
button { font: inherit; padding: 4px 14px; border-radius: 4px; border: 1px solid #666; background: #333; color: var(--fg); cursor: pointer; }
button:disabled { opacity: 0.45; cursor: default; }
#approve:not(:disabled) { background: #14532d; border-color: #22c55e; }
#deny { background: #5f1d1d; border-color: #ef4444; }
`;

/**
 * The page's script (plain ES2020, no imports). Requests carry ids; answers are matched by id; the
 * host's requests it does not serve are answered "method not found"; notifications are ignored (the
 * read loop keeps the view current).
 */
const SCRIPT = `
(() => {
  'use strict';
  const config = JSON.parse(document.getElementById('ink-mcp-view').textContent);
  const $ = (id) => document.getElementById(id);
  const pending = new Map();
  let nextId = 1;
  let stopped = false;
  let shownCode;
  let lastSize = '';
  const post = (message) => window.parent.postMessage(message, '*');
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    post({ jsonrpc: '2.0', id, method, params });
  });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const textOf = (result) => (result && Array.isArray(result.content) ? result.content : [])
    .map((c) => (c && c.type === 'text' ? String(c.text) : '')).join('\\n');
  const status = (text) => { $('status').textContent = text; };

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.method === undefined && m.id !== undefined) {
      const waiting = pending.get(m.id);
      if (!waiting) return;
      pending.delete(m.id);
      if (m.error) waiting.reject(new Error(String(m.error.message)));
      else waiting.resolve(m.result);
      return;
    }
    if (m.id === undefined) return;
    if (m.method === 'ping') post({ jsonrpc: '2.0', id: m.id, result: {} });
    else if (m.method === 'ui/resource-teardown') {
      stopped = true;
      post({ jsonrpc: '2.0', id: m.id, result: {} });
    } else post({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } });
  });

  const reportSize = () => {
    const el = document.documentElement;
    const size = el.scrollWidth + 'x' + el.scrollHeight;
    if (size === lastSize) return;
    lastSize = size;
    post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: el.scrollWidth, height: el.scrollHeight } });
  };

  const render = (state) => {
    // The server's screen HTML (src/screen/screen-html.ts): every character of it escaped there.
    $('screen').innerHTML = state.screen;
    const hold = state.paused ? 'The person paused the agent.' : state.typing ? 'The person is typing into the app (' + state.typing + ').' : '';
    $('hold').hidden = hold === '';
    $('hold').textContent = hold;
    const q = state.question;
    $('question').hidden = !q;
    if (q) {
      if (q.code !== shownCode) $('deny').disabled = false;
      shownCode = q.code;
      $('position').textContent = q.total > 1 ? 'Question ' + q.position + ' of ' + q.total : 'Question';
      $('question-text').textContent = q.text;
      $('approve').disabled = !q.armed;
    } else shownCode = undefined;
    reportSize();
  };

  const answer = async (approve) => {
    if (shownCode === undefined) return;
    $('approve').disabled = true;
    $('deny').disabled = true;
    try {
      const result = await request('tools/call', { name: config.answerTool, arguments: { key: config.key, question: shownCode, approve } });
      status(textOf(result));
      if (result && result.isError) $('deny').disabled = false;
    } catch (error) {
      status('The answer did not reach the server: ' + error.message);
      $('deny').disabled = false;
    }
  };
  $('approve').addEventListener('click', () => answer(true));
  $('deny').addEventListener('click', () => answer(false));
  $('title').textContent = 'ink-mcp · ' + config.sessionId;

  (async () => {
    try {
      await request('ui/initialize', {
        appInfo: { name: 'ink-mcp view', version: config.version },
        appCapabilities: {},
        protocolVersion: config.protocol,
      });
    } catch (error) {
      status('The host did not start the view: ' + error.message);
      return;
    }
    post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    let version;
    while (!stopped) {
      try {
        const args = version === undefined ? { key: config.key } : { key: config.key, after: version };
        const result = await request('tools/call', { name: config.readTool, arguments: args });
        const state = result && result._meta && result._meta['ink-mcp/view'];
        if (!state || result.isError) {
          status(textOf(result) || 'The server sent no view.');
          await sleep(2000);
          continue;
        }
        if (state.version !== version) {
          version = state.version;
          render(state);
        }
        status('live');
      } catch (error) {
        status('Not connected: ' + error.message);
        await sleep(2000);
      }
    }
  })();
})();
`;
