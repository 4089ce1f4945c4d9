/**
 * The message log's live region reads out only what others send after the conversation is shown
 * (docs/conventions.md "Accessibility"): not the history on open, not older pages added above.
 */
import { describe, expect, it } from 'vitest';
import { newArrivals } from '../../../../src/app/features/chat/log-arrivals';
import { entry } from './entry-fixture';

const ME = 1;
const history = [entry('h1'), entry('h2', { senderId: ME }), entry('h3')];

describe('what the message log announces', () => {
  it('announces nothing when the history arrives on open', () => {
    expect(newArrivals(false, null, history, ME)).toEqual([]);
  });

  it('announces the messages of others that come in after the newest one shown', () => {
    const mine = entry('m1', { senderId: ME });
    const theirs = entry('t1');
    expect(newArrivals(true, 'h3', [...history, mine, theirs], ME)).toEqual([theirs]);
  });

  it('announces the first message of others in a conversation shown empty', () => {
    const theirs = entry('t1');
    expect(newArrivals(true, null, [entry('m1', { senderId: ME }), theirs], ME)).toEqual([theirs]);
  });

  it('announces nothing when older history is added above', () => {
    expect(newArrivals(true, 'h3', [entry('o1'), entry('o2'), ...history], ME)).toEqual([]);
  });

  it('announces nothing when the newest one shown is gone (another conversation)', () => {
    expect(newArrivals(true, 'h3', [entry('x1'), entry('x2')], ME)).toEqual([]);
  });
});
