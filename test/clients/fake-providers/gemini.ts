/**
 * A scripted fake of the Gemini API's generateContent (`POST /v1beta/models/<model>:generateContent`)
 * on 127.0.0.1.
 */
import { type FakeHttpServer, sendJson, startFakeHttpServer } from './http.js';
import { readableText, type Script, type ToolResult, type Turn } from './script.js';

export interface GeminiPart {
  text?: string;
  functionCall?: { id?: string; name: string; args: unknown };
  functionResponse?: { id?: string; name: string; response: unknown; parts?: unknown[] };
  [other: string]: unknown;
}

export interface GeminiContent {
  role: string;
  parts: GeminiPart[];
}

interface GenerateContentRequest {
  contents: GeminiContent[];
  tools?: { functionDeclarations?: { name: string }[] }[];
}

export interface FakeGemini extends FakeHttpServer {
  /** The base URL to give a client: `http://127.0.0.1:<port>/v1beta`. */
  baseURL: string;
  turns: Turn[];
  /** The `contents` of every request, as sent. */
  contents: GeminiContent[][];
}

/** Reads a generateContent request into a Turn. */
export function geminiTurn(body: GenerateContentRequest): Turn {
  const toolResults: ToolResult[] = [];
  for (const content of body.contents) {
    for (const part of content.parts) {
      if (part.functionResponse) {
        toolResults.push({
          name: part.functionResponse.name,
          // The AI SDK sends { name, content }: the content is what the model reads.
          text: readableText(
            (part.functionResponse.response as { content?: unknown }).content ??
              part.functionResponse.response,
          ),
          raw: part,
        });
      }
    }
  }
  const tools = (body.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
  return { tools, toolResults };
}

export async function startFakeGemini(script: Script): Promise<FakeGemini> {
  const turns: Turn[] = [];
  const contents: GeminiContent[][] = [];
  const server = await startFakeHttpServer((request, res) => {
    if (request.method !== 'POST' || !/\/models\/[^/:]+:generateContent$/.test(request.url)) {
      sendJson(res, 404, {
        error: { code: 404, message: `the fake serves :generateContent, not ${request.url}` },
      });
      return;
    }
    const body = request.body as GenerateContentRequest;
    contents.push(body.contents);
    const turn = geminiTurn(body);
    turns.push(turn);
    const reply = script(turn);
    const part: GeminiPart =
      reply.type === 'call' ? { functionCall: { name: reply.name, args: reply.args } } : { text: reply.text };
    sendJson(res, 200, {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'fake',
    });
  });
  return { ...server, baseURL: `${server.origin}/v1beta`, turns, contents };
}
