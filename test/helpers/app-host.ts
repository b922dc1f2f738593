import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallToolResult, Client, JSONRPCMessage, Tool, Transport } from '@modelcontextprotocol/client';
import { AppBridge, isToolVisibilityModelOnly } from '@modelcontextprotocol/ext-apps/app-bridge';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';

/** The spec's restrictive default for a view that declares no domains (SEP-1865, "Host Behavior"). */
export const DENY_BY_DEFAULT_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'none'; " +
  "object-src 'none'; base-uri 'self'; form-action 'none'";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** What the host page does: a sandboxed iframe for the view, messages relayed to Node and back. */
const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>test host</title>
<style>body{margin:0;background:#fff}iframe{border:0;width:900px;height:300px;display:block}</style></head>
<body><iframe id="view" sandbox="allow-scripts" src="/view"></iframe><script>
const frame = document.getElementById('view');
window.addEventListener('message', (event) => { if (event.source === frame.contentWindow) window.toHost(event.data); });
window.toView = (message) => frame.contentWindow.postMessage(message, '*');
</script></body></html>`;

/**
 * A minimal MCP Apps host, run locally: the ext-apps SDK's host side (`AppBridge`) in Node, over the
 * host's real MCP client, and the view in real headless Chromium, in an iframe sandboxed to
 * `allow-scripts` (an opaque origin) under the spec's deny-by-default CSP. Messages between the
 * view and the bridge are the view's own `postMessage`s, relayed by the host page. Like a host, it
 * lets the view call only tools whose visibility includes "app", and gives it the tool call's input
 * and result.
 */
export async function openAppHost(options: {
  browser: Browser;
  client: Client;
  /** The tool call the view is shown beside. */
  call: { tool: Tool; arguments: Record<string, unknown>; result: CallToolResult };
}) {
  const { browser, client, call } = options;
  const uri = (call.tool._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
  if (uri === undefined) throw new Error(`the tool ${call.tool.name} links no view`);
  const read = await client.readResource({ uri });
  const html = (read.contents[0] as { text: string }).text;

  const http: Server = createServer((req, res) => {
    if (req.url === '/host') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST_PAGE);
    } else if (req.url === '/view') {
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': DENY_BY_DEFAULT_CSP,
        })
        .end(html);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const page: Page = await browser.newPage({ viewport: { width: 920, height: 900 } });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));

  const listed = (await client.listTools()).tools;
  const bridge = new AppBridge(
    null,
    { name: 'ink-mcp test host', version: '1.0.0' },
    { serverTools: {}, logging: {} },
    {
      hostContext: { toolInfo: { tool: call.tool }, theme: 'dark', displayMode: 'inline', platform: 'web' },
    },
  );
  const viewCalls: string[] = [];
  bridge.oncalltool = async (params) => {
    viewCalls.push(params.name);
    // The spec: a host rejects a view's call of a tool whose visibility leaves out "app".
    const tool = listed.find((t) => t.name === params.name);
    if (tool === undefined || isToolVisibilityModelOnly(tool))
      throw new Error(`the view may not call ${params.name}`);
    return (await client.callTool(params)) as CallToolResult;
  };
  // The view sizes itself (flexible height): the host follows, as the spec asks of hosts.
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined)
      void page
        .evaluate((h) => {
          (document.getElementById('view') as HTMLIFrameElement).style.height = `${h}px`;
        }, height)
        .catch(() => {});
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  const transport = new PageTransport(page);
  await page.exposeBinding('toHost', (_source, message: JSONRPCMessage) => transport.received(message));
  await bridge.connect(transport);
  await page.goto(`${origin}/host`);
  await initialized;
  await bridge.sendToolInput({ arguments: call.arguments });
  await bridge.sendToolResult(call.result);

  const frame = (): Frame => {
    const found = page.frames().find((f) => f.url() === `${origin}/view`);
    if (!found) throw new Error('the view frame is gone');
    return found;
  };
  return {
    page,
    frame,
    origin,
    requests,
    problems,
    viewCalls,
    async close() {
      await bridge.teardownResource({ reason: 'test over' }, { timeout: 5_000 }).catch(() => {});
      await bridge.close();
      await page.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** The bridge's side of the relay: what it sends goes into the page; what the page sends comes back. */
class PageTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #chain: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(readonly page: Page) {}

  async start(): Promise<void> {}

  received(message: JSONRPCMessage): void {
    if (!this.#closed) this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    // One after another: the view sees messages in the order the bridge sent them.
    const sent = this.#chain.then(() =>
      this.#closed
        ? undefined
        : this.page.evaluate((m) => (window as unknown as { toView(m: unknown): void }).toView(m), message),
    );
    this.#chain = sent.catch(() => {});
    return sent.then(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.onclose?.();
  }
}
