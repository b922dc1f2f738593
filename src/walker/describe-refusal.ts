import { clip } from '../util/text.js';
import { cleanAppLine } from './clean-text.js';
import { ID_RULE } from './id-rule.js';
import {
  formatCount,
  MAX_DEPTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_SCHEMA_STRING_LENGTH,
  MAX_VALUES,
} from './limits.js';
import type { Refusal, SpecFault } from './types.js';

/** The most of a thrown message a log line repeats. */
const MAX_LOGGED_MESSAGE = 500;

/**
 * Why a spec was refused, as a clause ("its inputSchema nests deeper than 32 levels ..."): the one
 * wording of a spec fault, for widgets' actions and server tools alike, built from the limits.
 */
export function describeSpecFault(fault: SpecFault): string {
  if (fault === 'not_json') {
    return 'its description or inputSchema holds something JSON cannot encode (a function, symbol, bigint, NaN/Infinity, class instance, symbol key, sparse array, undefined in an array, or a cycle), or its description is not a string';
  }
  if (fault === 'too_large') {
    return `its inputSchema nests deeper than ${MAX_DEPTH} levels or holds more than ${formatCount(MAX_VALUES)} values`;
  }
  if (fault === 'zod3') {
    return 'its inputSchema is a zod 3 schema (from "zod/v3", or "zod" 3.x), and ink-mcp needs zod 4: import z from "zod" 4.x, or from "zod/v4" or "zod/mini" (zod 3.25 and later ship them)';
  }
  if ('tooLong' in fault) {
    const [what, max] =
      fault.tooLong === 'description'
        ? ['its description', MAX_DESCRIPTION_LENGTH]
        : ['a string or key in its inputSchema', MAX_SCHEMA_STRING_LENGTH];
    return `${what} (starting ${JSON.stringify(fault.start)}) is ${formatCount(fault.length)} characters long, more than the ${formatCount(max)} allowed: shorten it`;
  }
  return `two keys of one object in its inputSchema are both ${JSON.stringify(fault.duplicateKey)} once invisible characters are removed`;
}

/** The one place a refusal is worded for a person reading the log. */
export function describeRefusal(refusal: Refusal): string {
  switch (refusal.kind) {
    case 'widget_id':
      return `ink-mcp: widget id ${safeText(refusal.widgetId)} derives no tools: an id must be ${ID_RULE}. Rename the widget.`;
    case 'action_name':
      return `ink-mcp: widget "${refusal.widgetId}": action name ${safeText(refusal.name)} derives no tool: it must be a lowercase letter followed by up to 31 of [a-z0-9_].`;
    case 'action_spec':
      return `ink-mcp: widget "${refusal.widgetId}": action "${refusal.name}" derives no tool: ${describeSpecFault(refusal.fault)}.`;
    case 'provider_error':
      // The thrown message can carry anything (data an agent typed, say), and the log is a person's
      // terminal: no escape sequence or invisible character reaches it, and no screenful.
      return `ink-mcp: widget "${refusal.widgetId}": its mcpTools failed (${clip(cleanAppLine(refusal.message), MAX_LOGGED_MESSAGE)}); it derives no tools until that is fixed.`;
    case 'reserved_id':
      return `ink-mcp: widget id "${refusal.widgetId}" derives no tools: keyboard, screen and focus are the ids of every session's built-in tools. Rename the widget.`;
  }
}

/**
 * What makes two refusals the same, from their data (never from their wording, which cuts long ids
 * and names short): kind, widget id, action name, fault or message, each in full. Never throws.
 */
export function refusalKey(refusal: Refusal): string {
  const parts: unknown[] = [refusal.kind, refusal.widgetId];
  if (refusal.kind === 'action_name' || refusal.kind === 'action_spec') parts.push(refusal.name);
  if (refusal.kind === 'action_spec') parts.push(refusal.fault);
  if (refusal.kind === 'provider_error') parts.push(refusal.message);
  return parts.map(keyPart).join('\u0000');
}

/** A part of a refusal key: a string or a SpecFault object as JSON, anything else by type and text. */
function keyPart(x: unknown): string {
  try {
    if (typeof x === 'string') return JSON.stringify(x);
    if (typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype) {
      return JSON.stringify(x);
    }
    return `${typeof x}:${String(x)}`;
  } catch {
    return `${typeof x}:(unprintable)`;
  }
}

export function describeRefusedSessionId(sessionId: unknown): string {
  return `ink-mcp: session id ${safeText(sessionId)} derives no tools: a session id must be ${ID_RULE}.`;
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
