import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { MAX_LISTEN_URI_CHARS, MAX_LISTEN_URIS } from './limits.js';
import { INVALID_PARAMS } from './protocol-error.js';

/** The method of a 2026-07-28 change stream; its filter says which changes it hears. */
export const LISTEN_METHOD = 'subscriptions/listen';

/** Whether a parsed JSON-RPC message asks for a change stream. */
export function isListenRequest(message: unknown): message is { id: string | number; method: string } {
  const m = message as { id?: unknown; method?: unknown } | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.method === LISTEN_METHOD &&
    (typeof m.id === 'string' || typeof m.id === 'number')
  );
}

/**
 * Why a `subscriptions/listen` request's filter is refused (too many URIs, or one too long), or
 * undefined. Checked before the SDK's router, which keeps the filter for the stream's life: the
 * refusal costs the server nothing. The rest of the filter's shape is the SDK's to check.
 */
export function listenFilterRefusal(message: { params?: unknown }): string | undefined {
  const notifications = (message.params as { notifications?: unknown } | undefined)?.notifications;
  const uris = (notifications as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
  if (!Array.isArray(uris)) return undefined;
  if (uris.length > MAX_LISTEN_URIS)
    return `ink-mcp: this listen names ${uris.length} resource URIs; one listen may name at most ${MAX_LISTEN_URIS}. This server's resources are ink://<session>/screen and ink://<session>/tree (resources/list shows them): name those you need.`;
  const long = uris.findIndex((uri) => typeof uri === 'string' && uri.length > MAX_LISTEN_URI_CHARS);
  if (long !== -1)
    return `ink-mcp: resource URI ${long + 1} of this listen is ${(uris[long] as string).length} characters long; a URI may have at most ${MAX_LISTEN_URI_CHARS}. This server's resources are ink://<session>/screen and ink://<session>/tree (resources/list shows them).`;
  return undefined;
}

/**
 * `transport` as the SDK's connection-pinned entry (`serveStdio`) sees it: a listen whose filter is
 * refused is answered here and never reaches the entry's router, which would keep it. Everything
 * else is the transport itself (its methods run on it, so its private state is its own).
 */
export function guardListens<T extends Transport>(transport: T): T {
  // Each method bound once (per function it holds): `send` is read for every message.
  const bound = new Map<PropertyKey, { of: unknown; fn: unknown }>();
  return new Proxy(transport, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'onmessage') return value;
      const known = bound.get(key);
      if (known?.of === value) return known.fn;
      const fn: unknown = value.bind(target);
      bound.set(key, { of: value, fn });
      return fn;
    },
    set(target, key, value: unknown) {
      if (key !== 'onmessage' || typeof value !== 'function') return Reflect.set(target, key, value, target);
      const deliver = value as NonNullable<Transport['onmessage']>;
      const guarded: Transport['onmessage'] = (message: JSONRPCMessage, extra) => {
        const refusal = isListenRequest(message) ? listenFilterRefusal(message) : undefined;
        if (refusal === undefined) return deliver(message, extra);
        const { id } = message as { id: string | number };
        target
          .send({ jsonrpc: '2.0', id, error: { code: INVALID_PARAMS, message: refusal } })
          .catch(() => {});
      };
      return Reflect.set(target, key, guarded, target);
    },
  });
}
