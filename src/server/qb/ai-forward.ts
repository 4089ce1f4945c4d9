/**
 * The AI extensions (docs/wire/hosted-chat.md §10) behind an OpenAI-compatible endpoint
 * (`POST {AI_API_URL}/chat/completions`). History is validated exactly as the SDK validates it,
 * with its texts, before anything is forwarded.
 */
export const HISTORY_ERRORS = {
  notArray: 'History must be an array',
  notObject: 'Each element of history must be an object',
  missingFields: 'Each element of history must have an role and message fields',
  badRole: 'Invalid role in history item',
  badMessage: 'Message of history item must be a string',
} as const;

export interface HistoryItem {
  role: 'user' | 'assistant';
  message: string;
}

/** The first problem of an answer-assist history, or null when it is valid (absent is valid). */
export function historyProblem(history: unknown): string | null {
  if (history === undefined || history === null) return null;
  if (!Array.isArray(history)) return HISTORY_ERRORS.notArray;
  for (const item of history) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return HISTORY_ERRORS.notObject;
    if (!('role' in item) || !('message' in item)) return HISTORY_ERRORS.missingFields;
    const { role, message } = item as { role: unknown; message: unknown };
    if (role !== 'user' && role !== 'assistant') return HISTORY_ERRORS.badRole;
    if (typeof message !== 'string') return HISTORY_ERRORS.badMessage;
  }
  return null;
}

export interface AiEndpoint {
  apiUrl: string;
  apiKey: string | null;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class AiServiceError extends Error {}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

async function complete(endpoint: AiEndpoint, messages: ChatMessage[]): Promise<string> {
  const send = endpoint.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(`${endpoint.apiUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(endpoint.apiKey ? { Authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: endpoint.model, messages }),
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new AiServiceError(`The AI service cannot be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new AiServiceError(`The AI service answered HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as {
    choices?: Array<{ message?: { content?: unknown } }>;
  } | null;
  const answer = body?.choices?.[0]?.message?.content;
  if (typeof answer !== 'string') throw new AiServiceError('The AI service gave no answer');
  return answer.trim();
}

export function answerAssist(
  endpoint: AiEndpoint,
  message: string,
  history: HistoryItem[] = [],
): Promise<string> {
  return complete(endpoint, [
    {
      role: 'system',
      content:
        'You help a fertility and pregnancy care provider answer a client in a chat. Write the reply the provider could send to the last message, in the language of that message. Do not diagnose; suggest seeing the provider when unsure.',
    },
    ...history.map((h) => ({ role: h.role, content: h.message })),
    { role: 'user', content: message },
  ]);
}

export function translate(endpoint: AiEndpoint, text: string, toLanguage: string): Promise<string> {
  return complete(endpoint, [
    {
      role: 'system',
      content: `Translate the user's text into the language with code "${toLanguage}". Answer with the translation only.`,
    },
    { role: 'user', content: text },
  ]);
}
