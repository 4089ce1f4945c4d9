/**
 * AI answer-assist and translate (docs/wire/hosted-chat.md §10; spec §5 "AI assist history must be an
 * array of objects with role (user or assistant) and a string message"). The history is checked
 * before anything is sent, with the SDK's texts.
 */
import type { ChatServiceClient } from './client';

export interface AiHistoryItem {
  role: 'user' | 'assistant';
  message: string;
}

/** Throws the first problem of an answer-assist history (absent is fine). */
export function validateAiHistory(history: unknown): void {
  if (history === undefined || history === null) return;
  if (!Array.isArray(history)) throw new Error('History must be an array');
  for (const item of history) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new Error('Each element of history must be an object');
    }
    if (!('role' in item) || !('message' in item)) {
      throw new Error('Each element of history must have an role and message fields');
    }
    const { role, message } = item as { role: unknown; message: unknown };
    if (role !== 'user' && role !== 'assistant') throw new Error('Invalid role in history item');
    if (typeof message !== 'string') throw new Error('Message of history item must be a string');
  }
}

export const chatAi = (client: ChatServiceClient) => ({
  async answerAssist(
    assistantId: string,
    message: string,
    history?: AiHistoryItem[] | null,
  ): Promise<string> {
    validateAiHistory(history);
    const answer = await client.request<{ answer: string }>({
      method: 'POST',
      path: 'ai/ai_extensions/ai_answer_assist',
      json: { smart_chat_assistant_id: assistantId, message, ...(history == null ? {} : { history }) },
    });
    return answer.answer;
  },

  async translate(assistantId: string, text: string, toLanguage = 'en'): Promise<string> {
    const answer = await client.request<{ answer: string }>({
      method: 'POST',
      path: 'ai/ai_extensions/ai_translate',
      form: { smart_chat_assistant_id: assistantId, text, to_language: toLanguage },
    });
    return answer.answer;
  },
});
