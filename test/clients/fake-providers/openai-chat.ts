/**
 * A scripted fake of OpenAI's Chat Completions API (`POST /v1/chat/completions`), plain JSON or
 * streamed (`stream: true`), on 127.0.0.1.
 */
import { type FakeHttpServer, sendEvents, sendJson, startFakeHttpServer } from './http.js';
import { readableText, type Script, type ToolResult, type Turn } from './script.js';

interface ChatMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}

interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { type: string; function: { name: string } }[];
  stream?: boolean;
}

export interface FakeOpenAIChat extends FakeHttpServer {
  /** The base URL to give a client: `http://127.0.0.1:<port>/v1`. */
  baseURL: string;
  /** One Turn per completion request, in order. */
  turns: Turn[];
}

/** Reads a Chat Completions request into a Turn. */
export function chatTurn(body: ChatRequest): Turn {
  const names = new Map<string, string>();
  for (const message of body.messages) {
    for (const toolCall of message.tool_calls ?? []) names.set(toolCall.id, toolCall.function.name);
  }
  const toolResults: ToolResult[] = body.messages
    .filter((m) => m.role === 'tool')
    .map((m) => ({ name: names.get(m.tool_call_id ?? ''), text: readableText(m.content), raw: m.content }));
  return { tools: (body.tools ?? []).map((t) => t.function.name), toolResults };
}

export async function startFakeOpenAIChat(script: Script): Promise<FakeOpenAIChat> {
  const turns: Turn[] = [];
  let ids = 0;
  const server = await startFakeHttpServer((request, res) => {
    if (request.method !== 'POST' || !request.url.endsWith('/chat/completions')) {
      sendJson(res, 404, {
        error: { message: `the fake serves POST /v1/chat/completions, not ${request.url}` },
      });
      return;
    }
    const body = request.body as ChatRequest;
    const turn = chatTurn(body);
    turns.push(turn);
    const reply = script(turn);
    const id = `chatcmpl-${++ids}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    const toolCall =
      reply.type === 'call'
        ? {
            id: `call_${ids}`,
            type: 'function',
            function: { name: reply.name, arguments: JSON.stringify(reply.args) },
          }
        : undefined;
    const finish = toolCall ? 'tool_calls' : 'stop';
    if (body.stream) {
      const chunk = (delta: unknown, finish_reason: string | null) => ({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [{ index: 0, delta, finish_reason }],
      });
      sendEvents(
        res,
        [
          chunk({ role: 'assistant', content: toolCall ? null : '' }, null),
          toolCall
            ? chunk({ tool_calls: [{ index: 0, ...toolCall }] }, null)
            : chunk({ content: reply.type === 'text' ? reply.text : '' }, null),
          chunk({}, finish),
          { id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage },
        ],
        { done: true },
      );
      return;
    }
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [
        {
          index: 0,
          message: toolCall
            ? { role: 'assistant', content: null, tool_calls: [toolCall] }
            : { role: 'assistant', content: reply.type === 'text' ? reply.text : '' },
          finish_reason: finish,
        },
      ],
      usage,
    });
  });
  return { ...server, baseURL: `${server.origin}/v1`, turns };
}
