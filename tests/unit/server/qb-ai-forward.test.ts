/**
 * The AI extensions forward to an OpenAI-compatible endpoint (docs/wire/hosted-chat.md §10): played here
 * by a real local HTTP server that records what it was asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiServiceError, answerAssist, translate } from '../../../src/server/qb/ai-forward';

let server: http.Server;
let url = '';
const asked: Array<{
  auth: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}> = [];
let status = 200;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (c: Buffer) => (text += c.toString()));
    request.on('end', () => {
      if (request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      asked.push({ auth: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { content: ' An answer. ' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('AI forwarding', () => {
  it('sends the history and the message as chat messages, with the key and model', async () => {
    const answer = await answerAssist({ apiUrl: url, apiKey: 'k-1', model: 'm-1' }, 'Is this normal?', [
      { role: 'user', message: 'I have cramps' },
      { role: 'assistant', message: 'Since when?' },
    ]);
    expect(answer).toBe('An answer.');
    const last = asked.at(-1)!;
    expect(last.auth).toBe('Bearer k-1');
    expect(last.body.model).toBe('m-1');
    expect(last.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(last.body.messages.slice(1).map((m) => m.content)).toEqual([
      'I have cramps',
      'Since when?',
      'Is this normal?',
    ]);
  });

  it('asks for a translation into the given language', async () => {
    await translate({ apiUrl: url, apiKey: null, model: 'm' }, 'Hola', 'de');
    const last = asked.at(-1)!;
    expect(last.auth).toBeUndefined();
    expect(last.body.messages[0]!.content).toContain('"de"');
    expect(last.body.messages[1]).toEqual({ role: 'user', content: 'Hola' });
  });

  it('reports a failing or unreachable service', async () => {
    status = 500;
    await expect(translate({ apiUrl: url, apiKey: null, model: 'm' }, 'x', 'en')).rejects.toThrow(
      AiServiceError,
    );
    status = 200;
    await expect(
      translate({ apiUrl: 'http://127.0.0.1:1', apiKey: null, model: 'm' }, 'x', 'en'),
    ).rejects.toThrow(/cannot be reached/);
  });
});
