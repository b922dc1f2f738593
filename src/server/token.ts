import { randomBytes } from 'node:crypto';
import { ENV } from '../util/env-names.js';

/** The environment variable a chosen bearer token is read from (by `listen()`, so by `renderMcp` and the launcher). */
export const TOKEN_ENV = ENV.token;

const MIN_LENGTH = 32;
const MAX_LENGTH = 512;
/** RFC 6750 `b64token`: what a Bearer credential may hold. */
const B64TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

/** Why `token` cannot be a bearer token, or undefined when it can. */
export function tokenProblem(token: string): string | undefined {
  if (token.length < MIN_LENGTH || token.length > MAX_LENGTH)
    return `it is ${token.length} characters long; use ${MIN_LENGTH} to ${MAX_LENGTH}`;
  if (!B64TOKEN.test(token))
    return 'it holds characters a Bearer token cannot (allowed: A-Z a-z 0-9 . _ ~ + / - and trailing =)';
  return undefined;
}

/**
 * The token an HTTP server requires: the one given, else `INK_MCP_TOKEN` from the environment, else a
 * fresh random 256-bit one. A chosen token is for tests and proxies that must know it in advance; it
 * is checked here and refused with a clear error. Never logged.
 */
export function chooseToken(given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[TOKEN_ENV];
  const [token, source] =
    given !== undefined
      ? [given, 'the token passed to listen()']
      : fromEnv !== undefined && fromEnv !== ''
        ? [fromEnv, `the ${TOKEN_ENV} environment variable`]
        : [undefined, ''];
  if (token === undefined) return randomBytes(32).toString('base64url');
  const problem = typeof token === 'string' ? tokenProblem(token) : 'it is not a string';
  if (problem !== undefined)
    throw new Error(
      `ink-mcp: ${source} cannot be used as a bearer token: ${problem}. Choose another, or leave it unset for a random one.`,
    );
  return token;
}
