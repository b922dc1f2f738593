import type { Refusal, SpecFault } from './types.js';

function describeFault(fault: SpecFault): string {
  if (fault === 'not_json') {
    return 'its description or inputSchema holds something JSON cannot encode (a function, symbol, bigint, NaN/Infinity, class instance, symbol key, sparse array, undefined in an array, or a cycle), or its description is not a string';
  }
  if (fault === 'too_large') {
    return 'its inputSchema nests deeper than 32 levels or holds more than 10,000 values';
  }
  return `two keys of one object in its inputSchema are both ${JSON.stringify(fault.duplicateKey)} once invisible characters are removed`;
}

/** The one place a refusal is worded for a person reading the log. */
export function describeRefusal(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'widget_id':
      return `ink-mcp: widget id ${safeText(refusal.widgetId)} derives no tools: an id must be 1-32 characters of [A-Za-z0-9_-]. Rename the widget.`;
    case 'action_name':
      return `ink-mcp: widget "${refusal.widgetId}": action name ${safeText(refusal.name)} derives no tool: it must be a lowercase letter followed by up to 31 of [a-z0-9_].`;
    case 'action_spec':
      return `ink-mcp: widget "${refusal.widgetId}": action "${refusal.name}" derives no tool: ${describeFault(refusal.fault)}.`;
    case 'provider_error':
      return `ink-mcp: widget "${refusal.widgetId}": its mcpTools failed (${refusal.message}); it derives no tools until that is fixed.`;
  }
}

export function describeRefusedSessionId(sessionId: unknown): string {
  return `ink-mcp: session id ${safeText(sessionId)} derives no tools: a session id must be 1-32 characters of [A-Za-z0-9_-].`;
}

/** A value shown in a log line, quoted and cut short, whatever it is. */
function safeText(x: unknown): string {
  let text: string;
  try {
    text = typeof x === 'string' ? JSON.stringify(x) : String(x);
  } catch {
    try {
      text = Object.prototype.toString.call(x);
    } catch {
      text = '(unprintable)'; // a proxy whose traps throw even for Symbol.toStringTag
    }
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
