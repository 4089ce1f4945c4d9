/**
 * Pure helpers of the call screens: the timer text (spec §4 "mm:ss, or hh:mm:ss past an hour")
 * and the widget's click-or-drag rule (spec §9 "Drag click threshold 7 px").
 */
import { DRAG_CLICK_THRESHOLD_PX } from '../../../shared/constants';

const two = (n: number) => String(n).padStart(2, '0');

/** Whole seconds as mm:ss, or hh:mm:ss from one hour on; negative or fractional input is floored at 0. */
export function formatCallDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${two(hours)}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** Seconds since the connection (0 before it), from the clock's milliseconds. */
export function elapsedSeconds(connectedAt: number | null, now: number): number {
  return connectedAt === null ? 0 : Math.max(0, Math.floor((now - connectedAt) / 1000));
}

/** A press that moved less than the threshold (spec §9: 7 px) is a click, not a drag. */
export function isClick(dx: number, dy: number, threshold = DRAG_CLICK_THRESHOLD_PX): boolean {
  return Math.hypot(dx, dy) < threshold;
}

/** Keeps a dragged box of the given size inside the viewport. */
export function clampToViewport(
  position: { x: number; y: number },
  box: { width: number; height: number },
  viewport: { width: number; height: number },
): { x: number; y: number } {
  return {
    x: Math.min(Math.max(0, position.x), Math.max(0, viewport.width - box.width)),
    y: Math.min(Math.max(0, position.y), Math.max(0, viewport.height - box.height)),
  };
}
