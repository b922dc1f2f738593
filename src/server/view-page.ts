import { watchPageHtml } from '../session/watch-page.js';
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
 * The session's MCP App view: the watcher's page (src/session/watch-page.ts: the screen as drawn,
 * the calls, the open question with approve and deny), with a transport that speaks the MCP Apps
 * postMessage protocol to the host. One self-contained file: nothing is fetched, so it works under
 * the host's deny-by-default CSP. It reads the page's messages through the app-only read tool (which
 * waits for a change, so the view follows the app) and sends the person's answer through the
 * app-only answer tool, with the question's one-time code. The view offers answers only: pausing
 * the agent and taking over its keyboard stay with `ink-mcp watch`.
 */
export function viewPage(options: ViewPageOptions): string {
  const config = jsonForScript({ ...options, version: VERSION, protocol: UI_PROTOCOL });
  return watchPageHtml({
    title: `ink-mcp · ${options.sessionId}`,
    transport: { script: `var INK_MCP_VIEW = ${config};\n${APPS_TRANSPORT}` },
  });
}

/** JSON as a script literal that cannot end its script element or open a comment inside it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The MCP Apps transport (plain ES2020, no imports), run after the page's own script. Requests carry
 * ids; answers are matched by id; the host's requests it does not serve are answered "method not
 * found"; its notifications are ignored (the read loop keeps the view current).
 */
const APPS_TRANSPORT = `
(function(){
  'use strict';
  var config = INK_MCP_VIEW, $ = function(id){ return document.getElementById(id); };
  var pending = new Map(), nextId = 1, stopped = false, question, lastSize = '';
  var post = function(message){ window.parent.postMessage(message, '*'); };
  var request = function(method, params){
    return new Promise(function(resolve, reject){
      var id = nextId++;
      pending.set(id, { resolve: resolve, reject: reject });
      post({ jsonrpc: '2.0', id: id, method: method, params: params });
    });
  };
  var sleep = function(ms){ return new Promise(function(resolve){ setTimeout(resolve, ms); }); };
  var textOf = function(result){
    return (result && Array.isArray(result.content) ? result.content : [])
      .map(function(c){ return c && c.type === 'text' ? String(c.text) : ''; }).join('\\n');
  };
  var notice = function(text){ window.inkWatch.receive({ type: 'notice', text: text }); };

  window.addEventListener('message', function(event){
    if (event.source !== window.parent) return;
    var m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.method === undefined && m.id !== undefined){
      var waiting = pending.get(m.id);
      if (!waiting) return;
      pending.delete(m.id);
      if (m.error) waiting.reject(new Error(String(m.error.message))); else waiting.resolve(m.result);
      return;
    }
    if (m.id === undefined) return;
    if (m.method === 'ping') post({ jsonrpc: '2.0', id: m.id, result: {} });
    else if (m.method === 'ui/resource-teardown'){ stopped = true; post({ jsonrpc: '2.0', id: m.id, result: {} }); }
    else post({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } });
  });

  // A chat view answers questions; pausing and taking over stay with ink-mcp watch. A chat is
  // narrow: the calls go under the screen rather than off its right edge.
  $('controls').hidden = true;
  document.querySelector('main').style.flexWrap = 'wrap';
  window.inkWatch.send = function(command){
    if (!command || command.type !== 'answer') return;
    if (!question || question.id !== command.question) return notice('That question is no longer open.');
    request('tools/call', { name: config.answerTool, arguments: { viewToken: config.key, questionToken: question.code, approve: command.approve } })
      .then(function(result){ notice(textOf(result)); }, function(error){ notice('The answer did not reach the server: ' + error.message); });
  };

  var reportSize = function(){
    var el = document.documentElement, size = el.scrollWidth + 'x' + el.scrollHeight;
    if (size === lastSize) return;
    lastSize = size;
    post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: el.scrollWidth, height: el.scrollHeight } });
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportSize).observe(document.body);

  (async function(){
    try {
      await request('ui/initialize', { appInfo: { name: 'ink-mcp view', version: config.version }, appCapabilities: {}, protocolVersion: config.protocol });
    } catch (error) {
      return notice('The host did not start the view: ' + error.message);
    }
    post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    var version;
    while (!stopped){
      try {
        var args = version === undefined ? { viewToken: config.key } : { viewToken: config.key, after: version };
        var result = await request('tools/call', { name: config.readTool, arguments: args });
        var view = result && result._meta && result._meta['ink-mcp/view'];
        if (!view || result.isError){ notice(textOf(result) || 'The server sent no view.'); await sleep(2000); continue; }
        question = view.question;
        if (view.version !== version){ version = view.version; view.messages.forEach(window.inkWatch.receive); }
        if (view.messages.some(function(m){ return m.type === 'gone'; })) return;
      } catch (error) {
        notice('Not connected: ' + error.message);
        await sleep(2000);
      }
    }
  })();
})();
`;
