/**
 * AI answer-assist (JSON) and translate (form) of docs/wire/hosted-chat.md §10, at the SDK's paths
 * without `.json`. Input is validated first; without `AI_API_URL` the answer is a clear 503.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import {
  AiServiceError,
  answerAssist,
  historyProblem,
  translate,
  type AiEndpoint,
  type HistoryItem,
} from './ai-forward';
import { readParams, str } from './params';
import { USER } from './scope';
import { QbError } from './wire';

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

export function registerAiRoutes(scope: FastifyInstance, ctx: ServerContext) {
  function endpoint(): AiEndpoint {
    const { apiUrl, apiKey, model } = ctx.config.ai;
    if (!apiUrl) {
      throw QbError.unavailable(
        'AI extensions are not configured on this server (set AI_API_URL to an OpenAI-compatible endpoint)',
      );
    }
    return { apiUrl, apiKey, model };
  }

  const forward = async (work: () => Promise<string>) => {
    try {
      return { answer: await work() };
    } catch (error) {
      if (error instanceof AiServiceError) throw new QbError(502, [error.message]);
      throw error;
    }
  };

  scope.post('/ai/ai_extensions/ai_answer_assist', USER, async (request) => {
    const params = readParams(request);
    if (!str(params.smart_chat_assistant_id))
      throw QbError.invalid('smart_chat_assistant_id', "can't be blank");
    const message = str(params.message);
    if (!message?.trim()) throw QbError.invalid('message', "can't be blank");
    const problem = historyProblem(params.history);
    if (problem) throw new QbError(422, [problem]);
    const target = endpoint();
    return forward(() => answerAssist(target, message, (params.history as HistoryItem[] | undefined) ?? []));
  });

  scope.post('/ai/ai_extensions/ai_translate', USER, async (request) => {
    const params = readParams(request);
    if (!str(params.smart_chat_assistant_id))
      throw QbError.invalid('smart_chat_assistant_id', "can't be blank");
    const text = str(params.text);
    if (!text?.trim()) throw QbError.invalid('text', "can't be blank");
    const language = str(params.to_language) ?? 'en';
    if (!LANGUAGE.test(language))
      throw QbError.invalid('to_language', 'must be a language code such as en or pt-BR');
    const target = endpoint();
    return forward(() => translate(target, text, language));
  });
}
