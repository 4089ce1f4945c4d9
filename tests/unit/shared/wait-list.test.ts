/** Callers waiting for one outcome (src/shared/wait-list.ts): the chat session's logins and sign-outs. */
import { describe, expect, it } from 'vitest';
import { createWaitList } from '../../../src/shared/wait-list';

describe('createWaitList', () => {
  it('settles everyone waiting with the outcome, then waits afresh for the next', async () => {
    const logins = createWaitList<string>();
    const first = logins.wait();
    const second = logins.wait();
    logins.resolve('online');
    await expect(Promise.all([first, second])).resolves.toEqual(['online', 'online']);

    const later = logins.wait();
    const error = new Error('Chat is not connected');
    logins.reject(error);
    await expect(later).rejects.toBe(error);
  });

  it('an outcome with nobody waiting settles nobody who comes after it', async () => {
    const signOuts = createWaitList<void>();
    signOuts.resolve();
    signOuts.reject(new Error('nobody hears this'));
    let settled = false;
    const waiting = signOuts.wait().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    signOuts.resolve();
    await waiting;
    expect(settled).toBe(true);
  });
});
