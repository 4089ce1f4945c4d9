/**
 * What the share view shows (spec §5 'Charts, Calendar, Ovulation'), decided once for the share
 * window (share-screen-view.tsx) and the canvas the call sends (share-canvas.ts), so the client
 * sees the cycle the provider has chosen in the window.
 */
import type { CycleAnalysis } from '../../../shared/cycle';

/**
 * The cycle on show: the one chosen in the window, else the newest with an ovulation, else the
 * newest; undefined when there is none.
 */
export function shownCycle(
  cycles: readonly CycleAnalysis[],
  chosen: number | null,
): CycleAnalysis | undefined {
  const newestFirst = [...cycles].reverse();
  return (
    cycles.find((c) => c.number === chosen) ??
    newestFirst.find((c) => c.ovulation.day !== null) ??
    newestFirst[0]
  );
}

/** The share window's choice, told to the call page that draws the shared canvas. */
export interface ShareViewChoice {
  /** The client's chat id (the window's `otherUserId`). */
  otherUserId: number;
  /** The cycle number chosen in the window. */
  cycle: number;
}

/** The same-origin channel between the share window and the call page (BroadcastChannel). */
export const SHARE_VIEW_CHANNEL = 'portal-share-view';

/** A message from the channel, or null when it is not a share-view choice. */
export function readShareViewChoice(data: unknown): ShareViewChoice | null {
  if (typeof data !== 'object' || data === null) return null;
  const { otherUserId, cycle } = data as Record<string, unknown>;
  return Number.isInteger(otherUserId) && Number.isInteger(cycle)
    ? { otherUserId: otherUserId as number, cycle: cycle as number }
    : null;
}
