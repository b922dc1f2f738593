import { screenHtml } from '../screen/screen-html.js';
import type { FeedMessage } from './watch-feed.js';

/**
 * The watcher's page: one self-contained HTML document (inline style and script, nothing fetched)
 * that shows a session's screen, its calls, its open question with approve and deny, and the
 * person's hold on the agent (pause, take over the keyboard). It draws what it is given and decides
 * nothing: the screen arrives as HTML made by `screenHtml` (escaped there), every other text is set
 * as text (`textContent`), never as markup.
 *
 * Messages in (`window.inkWatch.receive(message)`): the feed's (src/session/watch-feed.ts) with the
 * screen as `{ type: 'screen', html }`. Commands out: the feed's `WatcherCommand`s, through the
 * transport: `http` (EventSource at `events` and POST to `command`, both with the page's own query
 * string, as `ink-mcp watch --web` serves them), `none` (a recording: no commands), or a script of
 * the caller's that sets `window.inkWatch.send` and calls `receive`.
 */

/** A message the page draws: the feed's, with the screen as HTML; or the watch socket's refusal. */
export type PageMessage =
  | Exclude<FeedMessage, { type: 'screen' }>
  | { type: 'screen'; html: string }
  | { type: 'refused'; message: string };

/** One call of a recording, for the page's replay: what was called, its answer, the screen after. */
export interface PageStep
  extends Omit<Extract<FeedMessage, { type: 'call'; phase: 'answered' }>, 'type' | 'phase'> {
  args: string;
  /** `screenHtml` of the screen after the call. */
  screen: string;
}

export interface WatchPageOptions {
  title: string;
  /**
   * How commands leave and live messages arrive: `http` (ink-mcp watch --web), `none` (a recording,
   * `steps`), or `{ script }`: JavaScript of the caller's, run after the page's own, that sets
   * `window.inkWatch.send(command)` and calls `window.inkWatch.receive(message)`.
   */
  transport: 'http' | 'none' | { script: string };
  /** A recording's calls: the page shows them as a timeline to step through. */
  steps?: PageStep[];
}

/** A feed's message (or a refusal) as the page takes it: the screen as HTML, the rest as it is. */
export function pageMessage(message: FeedMessage | { type: 'refused'; message: string }): PageMessage {
  if (message.type !== 'screen') return message;
  return { type: 'screen', html: screenHtml(message) };
}

/** The page as one HTML document. */
export function watchPageHtml(options: WatchPageOptions): string {
  const steps = options.steps === undefined ? '' : scriptJson('ink-steps', options.steps);
  const transport =
    options.transport === 'http'
      ? HTTP_TRANSPORT
      : options.transport === 'none'
        ? ''
        : options.transport.script;
  const live = options.transport !== 'none';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(options.title)}</title>
<style>${CSS}</style></head>
<body class="${live ? 'live' : 'recording'}">
<header><h1 id="title">${escapeText(options.title)}</h1><span id="status"></span></header>
<main>
<section id="left">
<div id="screen" tabindex="0" aria-label="the app's screen"></div>
<div id="question" hidden><div id="question-head"></div><pre id="question-text"></pre>
<button id="approve" type="button">Approve</button> <button id="deny" type="button">Deny</button></div>
<div id="controls"><button id="pause" type="button">Pause the agent</button>
<button id="take" type="button">Take over the keyboard</button></div>
<div id="notice" role="status"></div>
</section>
<section id="right"><h2>Calls</h2><ol id="calls"></ol><div id="detail" hidden><h3 id="detail-tool"></h3>
<div class="label">Arguments</div><pre id="detail-args"></pre><div class="label">Answer</div><pre id="detail-result"></pre></div></section>
</main>
${steps}<script>${PAGE_SCRIPT}</script>
${transport === '' ? '' : `<script>${transport}</script>`}
</body></html>
`;
}

/** JSON inside a `<script type="application/json">`: `<` escaped so no text can close the element. */
function scriptJson(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>\n`;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const CSS = `
body{margin:0;font:14px system-ui,sans-serif;background:#f4f4f4;color:#222}
header{display:flex;gap:1em;align-items:baseline;padding:8px 14px;background:#222;color:#eee}
h1{font-size:16px;margin:0}#status{font-size:13px}
main{display:flex;gap:14px;padding:14px;align-items:flex-start}
#left{flex:0 0 auto}#right{flex:1 1 auto;min-width:260px}
#screen{display:inline-block;outline:none;border:2px solid transparent;border-radius:4px}
body.typing #screen{border-color:#e0a000}
#question{margin-top:10px;padding:10px;border:2px solid #c60;background:#fff7ee;max-width:720px}
#question-head{font-weight:bold}#question pre,#right pre{white-space:pre-wrap;word-break:break-all;margin:6px 0}
#question.unarmed button{opacity:.5}
#controls{margin-top:10px}body.recording #controls,body.recording #question{display:none}
button{font:inherit;padding:4px 12px}#approve{background:#2a7;color:#fff;border:1px solid #185}#deny{background:#c33;color:#fff;border:1px solid #922}
#notice{margin-top:8px;color:#06c;min-height:1.2em}
h2{font-size:15px;margin:0 0 6px}#calls{margin:0;padding-left:1.6em;font:13px ui-monospace,monospace}
#calls li{padding:2px 4px;cursor:default;word-break:break-all}#calls li.error{color:#b00}#calls li.selected{background:#dde8ff}
body.recording #calls li{cursor:pointer}.consent{color:#850}.label{font-size:12px;color:#666;margin-top:6px}
`;

/** The page's own script: draws messages, sends commands through `inkWatch.send`. */
const PAGE_SCRIPT = `
(function(){
  var $ = function(id){ return document.getElementById(id); };
  var me = '', state = { paused:false, typing:undefined, question:undefined }, calls = {};
  var send = function(command){ if (window.inkWatch.send) window.inkWatch.send(command); };
  function callText(c){
    var r = c.result === undefined ? ' … running' : (c.ok ? ' → ' : ' ✗ ') + c.result.replace(/\\s+/g,' ');
    return '#' + c.seq + ' ' + c.tool + ' ' + c.args + r;
  }
  function drawCall(c){
    var li = calls[c.seq] && calls[c.seq].li;
    if (!li){ li = document.createElement('li'); li.dataset.seq = c.seq; $('calls').appendChild(li); }
    li.textContent = callText(c);
    li.className = c.ok === false ? 'error' : '';
    if (c.consent){ var s = document.createElement('span'); s.className = 'consent'; s.textContent = ' [' + c.consent + ']'; li.appendChild(s); }
    c.li = li; calls[c.seq] = c;
  }
  function drawState(){
    var typingMe = state.typing !== undefined && state.typing === me;
    document.body.classList.toggle('typing', typingMe);
    $('status').textContent = (state.watchers || 0) + ' watching · ' + (state.paused ? 'AGENT PAUSED' : 'agent running') +
      (state.typing === undefined ? '' : (typingMe ? ' · you are typing (Ctrl+] or the button hands back)' : ' · ' + state.typing + ' is typing'));
    $('pause').textContent = state.paused ? 'Resume the agent' : 'Pause the agent';
    $('take').textContent = typingMe ? 'Hand the keyboard back' : 'Take over the keyboard';
    var q = state.question;
    $('question').hidden = !q;
    if (q){
      $('question').className = q.armed ? 'armed' : 'unarmed';
      $('question-head').textContent = 'Question ' + q.position + ' of ' + q.total + (q.armed ? '' : ' (read it first)');
      $('question-text').textContent = q.text;
    }
  }
  function receive(m){
    switch (m && m.type){
      case 'welcome': me = m.name; $('title').textContent = 'ink-mcp watch: ' + m.session; break;
      case 'screen': $('screen').innerHTML = m.html; break;
      case 'call': drawCall(Object.assign(calls[m.seq] || {}, m)); break;
      case 'state': state = m; drawState(); break;
      case 'notice': $('notice').textContent = m.text; break;
      case 'gone': $('notice').textContent = 'The app stopped.'; break;
      case 'refused': $('notice').textContent = m.message; break;
    }
  }
  window.inkWatch = { receive: receive, send: null };
  $('approve').onclick = function(){ if (state.question) send({ type:'answer', question: state.question.id, approve: true }); };
  $('deny').onclick = function(){ if (state.question) send({ type:'answer', question: state.question.id, approve: false }); };
  $('pause').onclick = function(){ send({ type: state.paused ? 'resume' : 'pause' }); };
  $('take').onclick = function(){ var mine = state.typing !== undefined && state.typing === me; send({ type: mine ? 'give' : 'take' }); if (!mine) $('screen').focus(); };
  var KEYS = { Enter:'\\r', Backspace:'\\u007f', Tab:'\\t', Escape:'\\u001b', ArrowUp:'\\u001b[A', ArrowDown:'\\u001b[B', ArrowRight:'\\u001b[C', ArrowLeft:'\\u001b[D', Delete:'\\u001b[3~', Home:'\\u001b[H', End:'\\u001b[F' };
  document.addEventListener('keydown', function(e){
    if (!(state.typing !== undefined && state.typing === me)) return;
    if (e.ctrlKey && e.key === ']'){ e.preventDefault(); send({ type:'give' }); return; }
    var data = KEYS[e.key];
    if (data === undefined && e.key.length === 1) data = e.ctrlKey && /^[a-z]$/i.test(e.key) ? String.fromCharCode(e.key.toUpperCase().charCodeAt(0) - 64) : e.key;
    if (data === undefined) return;
    e.preventDefault(); send({ type:'keys', data: data });
  });
  var stepsEl = $('ink-steps');
  if (stepsEl){
    var steps = JSON.parse(stepsEl.textContent);
    var show = function(i){
      var s = steps[i]; if (!s) return;
      $('screen').innerHTML = s.screen;
      Array.prototype.forEach.call($('calls').children, function(li, j){ li.classList.toggle('selected', j === i); });
      $('detail').hidden = false; $('detail-tool').textContent = '#' + s.seq + ' ' + s.tool + (s.consent ? ' [' + s.consent + ']' : '');
      $('detail-args').textContent = s.args; $('detail-result').textContent = s.result;
    };
    steps.forEach(function(s, i){ drawCall(s); calls[s.seq].li.onclick = function(){ show(i); }; });
    $('status').textContent = steps.length + ' calls recorded';
    show(0);
  }
})();
`;

/** `ink-mcp watch --web`: live messages by EventSource, commands by POST, with the page's own query (its token). */
const HTTP_TRANSPORT = `
(function(){
  var q = location.search;
  // One at a time, in order: keys typed quickly must reach the app in the order typed.
  var queue = Promise.resolve();
  window.inkWatch.send = function(command){
    var body = JSON.stringify(command);
    queue = queue.then(function(){
      return fetch('command' + q, { method:'POST', headers:{ 'content-type':'application/json' }, body: body });
    }).catch(function(){});
  };
  var events = new EventSource('events' + q);
  events.onmessage = function(e){ window.inkWatch.receive(JSON.parse(e.data)); };
})();
`;
