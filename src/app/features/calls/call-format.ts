/**
 * Pure helpers of the call screens: the timer text (spec §4 "mm:ss, or hh:mm:ss past an hour")
 * and the widget's click-or-drag rule (spec §9 "Drag click threshold 7 px").
 */
import { callDurationText } from '../../../shared/call-record';
import { DRAG_CLICK_THRESHOLD_PX } from '../../../shared/constants';

/** Whole seconds as mm:ss, or hh:mm:ss from one hour on (src/shared/call-record.ts, also the call cards'). */
export const formatCallDuration = callDurationText;

/** Seconds since the connection (0 before it), from the clock's milliseconds. */
export function elapsedSeconds(connectedAt: number | null, now: number): number {
  return connectedAt === null ? 0 : Math.max(0, Math.floor((now - connectedAt) / 1000));
}

/** A press that moved less than the threshold (spec §9: 7 px) is a click, not a drag. */
export function isClick(dx: number, dy: number, threshold = DRAG_CLICK_THRESHOLD_PX): boolean {
  return Math.hypot(dx, dy) < threshold;
}

/**
 * Keeps a dragged box of the given size inside the viewport, and right of `keepOutRight` px (the
 * menu's right edge: the minimised call never covers the navigation, issue 26).
 */
export function clampToViewport(
  position: { x: number; y: number },
  box: { width: number; height: number },
  viewport: { width: number; height: number },
  keepOutRight = 0,
): { x: number; y: number } {
  const left = Math.min(Math.max(0, keepOutRight), Math.max(0, viewport.width - box.width));
  return {
    x: Math.min(Math.max(left, position.x), Math.max(left, viewport.width - box.width)),
    y: Math.min(Math.max(0, position.y), Math.max(0, viewport.height - box.height)),
  };
}
