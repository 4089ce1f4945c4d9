/**
 * Our typing notifications (spec §4 Messaging "typing (composing) and paused", XEP-0085): the
 * first keystroke sends composing, a pause in typing sends paused, and so does sending or leaving
 * the conversation. Timers are injected (docs/conventions.md 3), so the rules are tested without real time.
 */
export interface TypingSenderDeps {
  sendComposing(): void;
  sendPaused(): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** How long without a keystroke counts as a pause (XEP-0085 suggests a few seconds). */
  pauseMs?: number;
}

export interface TypingSender {
  /** A keystroke (the text changed). */
  typed(text: string): void;
  /** The message was sent or the conversation left: paused if we said composing. */
  stop(): void;
}

export const TYPING_PAUSE_MS = 3_000;

export function createTypingSender(deps: TypingSenderDeps): TypingSender {
  let composing = false;
  let timer: unknown = null;
  const clear = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };
  const stop = () => {
    clear();
    if (!composing) return;
    composing = false;
    deps.sendPaused();
  };
  return {
    typed(text) {
      if (!text.trim()) return stop();
      if (!composing) {
        composing = true;
        deps.sendComposing();
      }
      clear();
      timer = deps.setTimer(stop, deps.pauseMs ?? TYPING_PAUSE_MS);
    },
    stop,
  };
}
