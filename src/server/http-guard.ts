import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Host names that only reach this machine. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return LOOPBACK.has(name) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** A refusal: the HTTP status and the message the client reads. */
export interface Refusal {
  status: 401 | 403 | 415;
  message: string;
}

export interface GuardOptions {
  token: string;
  port: number;
  /** Host names (besides the loopback ones) a Host header may name: the host the caller bound to. */
  extraHosts: readonly string[];
}

/**
 * The checks every request passes before any MCP code sees it. Host and Origin defeat DNS rebinding
 * (a web page that resolves its own name to 127.0.0.1); the bearer token keeps out every other local
 * process. The SDK transport's own allowedHosts/allowedOrigins are deprecated and need the exact
 * Host with port, so the checks are done here.
 */
export function guard(req: IncomingMessage, options: GuardOptions): Refusal | undefined {
  const host = parseHost(req.headers.host);
  const hostOk =
    host !== undefined &&
    host.port === String(options.port) &&
    (isLoopbackHost(host.name) || options.extraHosts.includes(host.name));
  if (!hostOk) {
    return {
      status: 403,
      message: `Forbidden: the Host header ${JSON.stringify(req.headers.host ?? '')} is not this server`,
    };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return {
      status: 403,
      message: `Forbidden: requests from the origin ${JSON.stringify(origin)} are not allowed`,
    };
  }
  if (!bearerMatches(req.headers.authorization, options.token)) {
    return {
      status: 401,
      message:
        'Unauthorized: send the header "Authorization: Bearer <token>" with the app\'s current token: the app prints it on stderr when it starts and writes it to its connection file, and it changes on every start',
    };
  }
  return undefined;
}

/** A POST body must be JSON. */
export function contentTypeRefusal(req: IncomingMessage): Refusal | undefined {
  const mediaType = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') return undefined;
  return { status: 415, message: 'Unsupported Media Type: the body of a POST must be application/json' };
}

/** `name:port` → its parts (names lower-cased; an IPv6 name keeps its brackets). */
function parseHost(header: string | undefined): { name: string; port: string } | undefined {
  if (header === undefined) return undefined;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(header.trim());
  return match ? { name: (match[1] as string).toLowerCase(), port: match[2] as string } : undefined;
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false; // "null" (a sandboxed page, a file) and garbage
  }
}

/** Compares digests, so neither the content nor the length of the token leaks through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1] as string), tokenDigest(token));
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The server's own token's digest, made once (a server keeps one token for its life). */
let known: { token: string; digest: Buffer } | undefined;
function tokenDigest(token: string): Buffer {
  if (known?.token !== token) known = { token, digest: digest(token) };
  return known.digest;
}
