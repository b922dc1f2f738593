/**
 * A scripted fake of OpenAI's Responses API (`POST /v1/responses`), plain JSON or streamed
 * (`stream: true`), on 127.0.0.1.
 */
import { type FakeHttpServer, sendJson, startFakeHttpServer } from './http.js';
import { readableText, type Script, type ToolResult, type Turn } from './script.js';

interface InputItem {
  type?: string;
  role?: string;
  call_id?: string;
  name?: string;
  output?: unknown;
}

interface ResponsesTool {
  type: string;
  name?: string;
  tools?: ResponsesTool[];
}

interface ResponsesRequest {
  model: string;
  input: string | InputItem[];
  tools?: ResponsesTool[];
  stream?: boolean;
}

export interface FakeOpenAIResponses extends FakeHttpServer {
  /** The base URL to give a client: `http://127.0.0.1:<port>/v1`. */
  baseURL: string;
  turns: Turn[];
}

/**
 * Reads a Responses request into a Turn. A tool that is not a function is named by its type; the tools
 * of a namespace are named `<namespace>.<name>` (a call to one is sent with its namespace).
 */
export function responsesTurn(body: ResponsesRequest): Turn {
  const items = typeof body.input === 'string' ? [] : body.input;
  const names = new Map<string, string>();
  for (const item of items) if (item.type === 'function_call') names.set(item.call_id ?? '', item.name ?? '');
  const toolResults: ToolResult[] = items
    .filter((item) => item.type === 'function_call_output')
    .map((item) => ({
      name: names.get(item.call_id ?? ''),
      text: readableText(item.output),
      raw: item.output,
    }));
  const tools = (body.tools ?? []).flatMap((t) =>
    t.type === 'namespace' ? (t.tools ?? []).map((inner) => `${t.name}.${inner.name}`) : [t.name ?? t.type],
  );
  return { tools, toolResults };
}

export async function startFakeOpenAIResponses(script: Script): Promise<FakeOpenAIResponses> {
  const turns: Turn[] = [];
  let ids = 0;
  const server = await startFakeHttpServer((request, res) => {
    if (request.method !== 'POST' || !request.url.endsWith('/responses')) {
      sendJson(res, 404, { error: { message: `the fake serves POST /v1/responses, not ${request.url}` } });
      return;
    }
    const body = request.body as ResponsesRequest;
    const turn = responsesTurn(body);
    turns.push(turn);
    const reply = script(turn);
    const n = ++ids;
    const item =
      reply.type === 'call'
        ? {
            type: 'function_call',
            id: `fc_${n}`,
            call_id: `call_${n}`,
            ...(reply.name.includes('.')
              ? {
                  namespace: reply.name.slice(0, reply.name.indexOf('.')),
                  name: reply.name.slice(reply.name.indexOf('.') + 1),
                }
              : { name: reply.name }),
            arguments: JSON.stringify(reply.args),
            status: 'completed',
          }
        : {
            type: 'message',
            id: `msg_${n}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: reply.text, annotations: [] }],
          };
    const usage = {
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 15,
    };
    const response = {
      id: `resp_${n}`,
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      status: 'completed',
      model: body.model,
      output: [item],
      usage,
    };
    if (!body.stream) {
      sendJson(res, 200, response);
      return;
    }
    const events: Record<string, unknown>[] = [
      { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item },
    ];
    if (reply.type === 'text') {
      events.push({
        type: 'response.output_text.delta',
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        delta: reply.text,
      });
    }
    events.push({ type: 'response.output_item.done', output_index: 0, item });
    events.push({ type: 'response.completed', response });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    events.forEach((event, i) => {
      res.write(
        `event: ${String(event.type)}\ndata: ${JSON.stringify({ ...event, sequence_number: i })}\n\n`,
      );
    });
    res.end();
  });
  return { ...server, baseURL: `${server.origin}/v1`, turns };
}
