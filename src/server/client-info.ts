import type { Server } from '@modelcontextprotocol/server';
import { cleanAppLine } from '../walker/clean-text.js';

/** The most characters of a client's name or version kept (a longer one is cut, marked `…`). */
export const MAX_CLIENT_INFO_LENGTH = 100;

/** A client's `clientInfo` as ink-mcp passes it on: `CallInfo.client`, the authorizer's `request.client`. */
export interface ClientInfo {
  name: string;
  version: string;
}

/**
 * A name or version as a client sent it, made safe to print and to read: terminal escape sequences
 * removed (an OSC in a name that an app prints would retitle the person's terminal), then control,
 * bidi, zero-width and other invisible characters (what a person sees is what is there), then cut to
 * `MAX_CLIENT_INFO_LENGTH` characters, never inside a character.
 */
export function cleanClientText(text: unknown): string {
  if (typeof text !== 'string') return '';
  const known = cleaned.get(text);
  if (known !== undefined) return known;
  const clean = cleanAppLine(text).trim();
  const chars = [...clean];
  const result =
    chars.length > MAX_CLIENT_INFO_LENGTH ? `${chars.slice(0, MAX_CLIENT_INFO_LENGTH - 1).join('')}…` : clean;
  if (text.length <= REMEMBERED_LENGTH) {
    if (cleaned.size >= REMEMBERED) cleaned.clear();
    cleaned.set(text, result);
  }
  return result;
}

/**
 * Names and versions cleaned lately: a 2026-07-28 client names itself in every request, the same
 * few strings each time. Bounded in count and in the length of what is kept.
 */
const cleaned = new Map<string, string>();
const REMEMBERED = 64;
const REMEMBERED_LENGTH = 256;

export function cleanClientInfo(raw: { name?: unknown; version?: unknown }): ClientInfo {
  return { name: cleanClientText(raw.name), version: cleanClientText(raw.version) };
}

/**
 * Makes the server hand out the client's `clientInfo` only cleaned, whoever asks (ink-mcp's call
 * path or anything reading `server.getClientVersion()`): the one place a client's self-description
 * enters ink-mcp, so it is cleaned once, before it can reach the app, a prompt or a log. The SDK
 * keeps what the client sent in `initialize`; it is cleaned the first time it is read.
 */
export function cleanClientInfoOf(server: Server): void {
  const sent = server.getClientVersion.bind(server);
  let from: object | undefined;
  let cleaned: ClientInfo | undefined;
  server.getClientVersion = () => {
    const raw = sent();
    if (raw === undefined) return undefined;
    if (raw !== from) {
      from = raw;
      cleaned = cleanClientInfo(raw);
    }
    return cleaned;
  };
}
