/** The member simulator's call options (scripts/member/options.ts, issue 13 "A member who answers"). */
import { describe, expect, it } from 'vitest';
import { readOptions, UsageError } from '../../../scripts/member/options';
import { testPatternFrame, VIDEO_HEIGHT, VIDEO_WIDTH } from '../../../scripts/member/synthetic-media';

const base = ['--as', 'ava', '--base-url', 'http://127.0.0.1:9'];

describe('member simulator call options', () => {
  it('answers after 2 s by default and places no call', async () => {
    expect((await readOptions(base, {}))!.calls).toEqual({
      incoming: 'answer',
      answerAfterMs: 2000,
      call: null,
      audio: false,
      videoFps: 15,
    });
  });

  it('reads --reject, --busy, --no-answer, --answer-after-ms, --call and --audio', async () => {
    expect((await readOptions([...base, '--reject', '--answer-after-ms', '300'], {}))!.calls).toMatchObject({
      incoming: 'reject',
      answerAfterMs: 300,
    });
    expect((await readOptions([...base, '--busy'], {}))!.calls.incoming).toBe('busy');
    expect((await readOptions([...base, '--no-answer'], {}))!.calls.incoming).toBe('no-answer');
    expect(
      (await readOptions([...base, '--call', 'dana.novak@clinic.example', '--audio'], {}))!.calls,
    ).toMatchObject({ call: 'dana.novak@clinic.example', audio: true });
    expect((await readOptions([...base, '--video-fps', '100'], {}))!.calls.videoFps).toBe(100);
  });

  it('answers messages with an echo unless --no-echo', async () => {
    expect((await readOptions(base, {}))!.echo).toBe(true);
    expect((await readOptions([...base, '--no-echo'], {}))!.echo).toBe(false);
  });

  it('refuses contradictions and nonsense with a usage error', async () => {
    await expect(readOptions([...base, '--reject', '--busy'], {})).rejects.toThrow(UsageError);
    await expect(readOptions([...base, '--answer-after-ms', '-1'], {})).rejects.toThrow(/answer-after-ms/);
    await expect(readOptions([...base, '--call', 'dana'], {})).rejects.toThrow(/email/);
    await expect(readOptions([...base, '--audio'], {})).rejects.toThrow(/--call/);
    for (const fps of ['0', '121', '2.5', 'fast'])
      await expect(readOptions([...base, '--video-fps', fps], {})).rejects.toThrow(/--video-fps/);
  });
});

describe('the test pattern', () => {
  it('moves: consecutive frames differ, and the bar is where the tick puts it', () => {
    const a = new Uint8Array(VIDEO_WIDTH * VIDEO_HEIGHT * 1.5);
    const b = new Uint8Array(a.length);
    testPatternFrame(0, a);
    testPatternFrame(5, b);
    expect(Buffer.compare(a, b)).not.toBe(0);
    expect(a[0]).toBe(235);
    expect(b[0]).not.toBe(235);
  });
});
