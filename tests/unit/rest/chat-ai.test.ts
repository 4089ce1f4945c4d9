/** docs/wire/hosted-chat.md §10: AI history validation with the SDK's exact texts, client and server alike. */
import { describe, expect, it } from 'vitest';
import { validateAiHistory } from '../../../src/rest';
import { historyProblem } from '../../../src/server/qb/ai-forward';

const cases: Array<[unknown, string | null]> = [
  [undefined, null],
  [null, null],
  [[], null],
  [
    [
      { role: 'user', message: 'hi' },
      { role: 'assistant', message: 'hello' },
    ],
    null,
  ],
  ['not an array', 'History must be an array'],
  [{ role: 'user', message: 'x' }, 'History must be an array'],
  [[null], 'Each element of history must be an object'],
  [[['user', 'x']], 'Each element of history must be an object'],
  [['text'], 'Each element of history must be an object'],
  [[{ role: 'user' }], 'Each element of history must have an role and message fields'],
  [[{ message: 'x' }], 'Each element of history must have an role and message fields'],
  [[{ role: 'system', message: 'x' }], 'Invalid role in history item'],
  [[{ role: 'user', message: 42 }], 'Message of history item must be a string'],
];

describe('AI answer-assist history (§10)', () => {
  it.each(cases)('%j → %s', (history, expected) => {
    if (expected === null) expect(() => validateAiHistory(history)).not.toThrow();
    else expect(() => validateAiHistory(history)).toThrow(new Error(expected));
    expect(historyProblem(history)).toBe(expected);
  });
});
